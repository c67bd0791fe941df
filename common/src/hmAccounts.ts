import { z } from 'zod';
import { idField, isoDate, isoDateTime } from './fields.js';

/**
 * The super admin's list of landlord (house moderator) accounts (`GET /api/User/GetAllHMAccounts`,
 * /hmAccountsManage): quota, rooms used, paid term and whether the account is disabled; disabling one ends
 * its sessions at once, enabling lets it log in again.
 */

export const hmAccountEntity = z.object({
  userID: z.string(),
  username: z.string(),
  fullName: z.string(),
  phoneNumber: z.string().optional(),
  email: z.string().optional(),
  roomQuota: z.number(),
  roomsUsed: z.number(),
  houses: z.number(),
  /** The paid term's last day; absent: no limit. */
  accountExpiresOn: isoDate().optional(),
  expired: z.boolean(),
  disabled: z.boolean(),
  /** Lessor information: 1 complete, 2 incomplete. */
  lessorStatus: z.number(),
  createdOn: isoDateTime(),
});
export type HMAccount = z.infer<typeof hmAccountEntity>;

/** `POST /api/User/DisableHMAccount` and `POST /api/User/EnableHMAccount`. */
export const hmAccountStatusSchema = z.strictObject({
  userID: idField('Mã tài khoản (userID) không hợp lệ.'),
});

export const HM_ACCOUNT_MESSAGES = {
  disabled: 'Đã khóa tài khoản chủ trọ.',
  enabled: 'Đã mở khóa tài khoản chủ trọ.',
  disableFailed: 'Khóa tài khoản thất bại!',
  enableFailed: 'Mở khóa tài khoản thất bại!',
  notFound: 'Không tìm thấy tài khoản chủ trọ.',
} as const;
