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

/** What Zalo's OAuth tokens are made of. */
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]+$/;

/**
 * `POST /api/MetaData/SetZaloAccessToken`: the access token, the refresh token that renews it (Zalo OA
 * API v4; the app renews the access token before it expires), and the ZNS template messages are sent with.
 */
export const zaloTokenSchema = z.strictObject({
  accessToken: z
    .string({ error: 'Zalo token không được để trống!' })
    .trim()
    .min(1, { error: 'Zalo token không được để trống!' })
    .max(2000, { error: 'Zalo token tối đa 2000 ký tự.' })
    .regex(TOKEN_PATTERN, { error: 'Zalo token không hợp lệ (chỉ gồm chữ, số và . _ - ~ + / =).' }),
  /** Without it the access token cannot be renewed and Zalo messages stop when it expires (about 25 h). */
  refreshToken: z
    .string({ error: 'Refresh token không hợp lệ.' })
    .trim()
    .max(2000, { error: 'Refresh token tối đa 2000 ký tự.' })
    .regex(TOKEN_PATTERN, { error: 'Refresh token không hợp lệ (chỉ gồm chữ, số và . _ - ~ + / =).' })
    .optional(),
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
  /** When the access token stops working (about 25 h after it was issued or renewed). */
  expiresOn: isoDateTime().optional(),
  /** A refresh token is kept and the platform's Zalo app is configured: renewed before it expires. */
  autoRenew: z.boolean().optional(),
  /** Why it is not renewed automatically, when it is not. */
  autoRenewBlocked: z.string().optional(),
  refreshTokenExpiresOn: isoDateTime().optional(),
  lastRenewal: z.object({ at: isoDateTime(), ok: z.boolean(), error: z.string().optional() }).optional(),
});
export type ZaloTokenView = z.infer<typeof zaloTokenEntity>;
