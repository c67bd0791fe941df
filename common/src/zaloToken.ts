import { z } from 'zod';
import { isoDateTime } from './fields.js';

/**
 * The Zalo Official Account access token the super admin enters on /settingZaloToken: messages to
 * tenants go out as Zalo notifications (ZNS) with it. The API never returns it in full.
 */

export const ZALO_TOKEN_MESSAGES = {
  /** Spec: the toast after saving. */
  saved: 'Thêm Zalo Token thành công!',
  saveFailed: 'Thêm Zalo Token thất bại!',
} as const;

/** `POST /api/MetaData/SetZaloAccessToken`: the token, and the ZNS template messages are sent with. */
export const zaloTokenSchema = z.strictObject({
  accessToken: z
    .string({ error: 'Zalo token không được để trống!' })
    .trim()
    .min(1, { error: 'Zalo token không được để trống!' })
    .max(2000, { error: 'Zalo token tối đa 2000 ký tự.' })
    .regex(/^[A-Za-z0-9._~+/=-]+$/, { error: 'Zalo token không hợp lệ (chỉ gồm chữ, số và . _ - ~ + / =).' }),
  /** The approved ZNS template (a number given by Zalo); kept from before when absent. */
  templateID: z
    .string({ error: 'Mã mẫu ZNS không hợp lệ.' })
    .trim()
    .regex(/^\d{1,20}$/, { error: 'Mã mẫu ZNS chỉ gồm chữ số (tối đa 20).' })
    .optional(),
});
export type ZaloTokenInput = z.infer<typeof zaloTokenSchema>;

/** What the super admin sees of the stored token. */
export const zaloTokenEntity = z.object({
  configured: z.boolean(),
  /** The last four characters, the rest hidden: `••••abcd`. */
  maskedToken: z.string().optional(),
  templateID: z.string().optional(),
  updatedOn: isoDateTime().optional(),
});
export type ZaloTokenView = z.infer<typeof zaloTokenEntity>;
