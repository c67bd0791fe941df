import { z } from 'zod';
import { isoDate, isoDateTime } from './fields.js';

/**
 * Contracts, lessees and vehicles as the API returns them today (through `$expand` of houses and
 * rooms). Their own endpoints and payloads come with the tenancy slice.
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

export const lesseeInfoEntity = z.object({
  lesseeInfoID: z.string(),
  houseID: z.string(),
  contractID: z.string(),
  occupantName: z.string(),
  /** 1 = nam, 0 = nữ. */
  gender: z.union([z.literal(0), z.literal(1)]),
  phoneNumber: z.string().optional(),
  citizenID: z.string().optional(),
  dateOfBirth: isoDate().optional(),
  isRepresentative: z.boolean(),
  status: z.number(),
});
export type LesseeInfo = z.infer<typeof lesseeInfoEntity>;

export const vehicleEntity = z.object({
  vehicleID: z.string(),
  houseID: z.string(),
  contractID: z.string(),
  licensePlate: z.string(),
  vehicleType: z.string(),
});
export type Vehicle = z.infer<typeof vehicleEntity>;

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
