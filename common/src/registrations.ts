import { z } from 'zod';
import { isoDateTime } from './fields.js';

/** Registrations (đăng ký dịch vụ) of future landlords; the spec's `HMRegistration`. */

export const REGISTRATION_STATUS = ['pending', 'paid', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUS)[number];

export const registrationEntity = z.object({
  registrationID: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  houseName: z.string(),
  houseAddress: z.string(),
  roomQuota: z.number(),
  status: z.enum(REGISTRATION_STATUS),
  createdOn: isoDateTime(),
});
export type Registration = z.infer<typeof registrationEntity>;
