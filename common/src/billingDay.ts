import { z } from 'zod';
import { idField } from './fields.js';

/** The day of the month a house's drafts are made: the platform default or the house's own. */

export const DEFAULT_BILLING_DAY = 5;

/** `POST /api/MetaData/SetBillingDay`: the platform default (super admin) or one house's day (landlord). */
export const billingDaySchema = z.strictObject({
  billingDay: z
    .number({ error: 'Ngày chốt hóa đơn phải là số.' })
    .int({ error: 'Ngày chốt hóa đơn phải là số nguyên.' })
    .min(1, { error: 'Ngày chốt hóa đơn phải từ 1 đến 28.' })
    .max(28, { error: 'Ngày chốt hóa đơn phải từ 1 đến 28.' }),
  houseID: idField('Mã nhà trọ không hợp lệ.').optional(),
});
export type BillingDayInput = z.infer<typeof billingDaySchema>;
