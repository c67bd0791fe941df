import { z } from 'zod';
import { isoDate, isoDateTime } from './fields.js';

/**
 * Contracts as the API returns them today (through `$expand` of houses and rooms). Their own
 * endpoints and payloads come with the contracts slice.
 */

export const contractEntity = z.object({
  contractID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  /** 1 = active. */
  status: z.number(),
  createdOn: isoDateTime(),
  startDate: isoDate(),
  endDate: isoDate(),
  rentFee: z.number(),
  deposit: z.number(),
  lesseeAccountID: z.string().optional(),
  representativeLesseeID: z.string(),
});
export type Contract = z.infer<typeof contractEntity>;

/** Filled by the billing, issues and notifications slices; declared so room expands answer now. */
export const monthlyBillEntity = z.object({
  monthlyBillID: z.string(),
  billName: z.string(),
  createdOn: isoDateTime(),
  total: z.number(),
  status: z.number(),
});
export type MonthlyBill = z.infer<typeof monthlyBillEntity>;

export const issueEntity = z.object({
  issueID: z.string(),
  status: z.number(),
  createdOn: isoDateTime(),
  createdBy: z.string(),
});
export type Issue = z.infer<typeof issueEntity>;

export const notificationEntity = z.object({
  notificationID: z.string(),
  title: z.string(),
  createdOn: isoDateTime(),
});
export type Notification = z.infer<typeof notificationEntity>;
