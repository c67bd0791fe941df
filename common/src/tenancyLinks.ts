import { z } from 'zod';
import { idField } from './fields.js';
import { changePasswordSchema } from './passwords.js';

/**
 * A tenancy links to the tenant's account only when they confirm (issue 21): a person's account belongs
 * to the person. A contract (or a tenant sheet) never opens, moves or resets an account, and its reply is
 * the same whether the representative's number is already a Nhà trọ username or not: a six-digit code
 * goes to that number through the outbox, and the person confirms on `/tenancyLink/{linkID}` with the
 * code and a password they choose. Their account (the one the number has, or a new one) then opens the
 * tenancy. Until then the contract has no tenant account (`accountLinkPending`), and the landlord never
 * holds a password of the tenant.
 */

export const TENANCY_LINK_RULES = {
  codeLength: 6,
  /** A tenant may read the message after the move: three days, then the landlord sends a new code. */
  validHours: 72,
  maxTries: 5,
  resendSeconds: 60,
  codesPerHour: 5,
} as const;

export const TENANCY_LINK_MESSAGES = {
  /** What the landlord reads after creating a contract or importing tenants. */
  pendingNotice:
    'Đã gửi mã xác nhận tới số điện thoại của người đại diện. Người thuê mở liên kết trong tin nhắn, nhập mã và tự đặt mật khẩu để đăng nhập Nhà trọ bằng số điện thoại đó; chủ trọ không giữ mật khẩu của người thuê.',
  pendingOnContract:
    'Đang chờ người thuê xác nhận tài khoản Nhà trọ (mã đã gửi tới số điện thoại của người đại diện).',
  codeInvalid: 'Mã xác nhận không đúng. Vui lòng kiểm tra lại tin nhắn.',
  linkInvalid:
    'Liên kết xác nhận không hợp lệ, đã được dùng hoặc đã hết hạn. Hãy đề nghị chủ trọ gửi lại mã xác nhận.',
  expired: 'Mã xác nhận đã hết hạn. Hãy đề nghị chủ trọ gửi lại mã mới.',
  tooManyTries: 'Bạn đã nhập sai mã quá 5 lần. Hãy đề nghị chủ trọ gửi lại mã mới.',
  codeFormat: `Mã xác nhận gồm ${TENANCY_LINK_RULES.codeLength} chữ số.`,
  linkIDInvalid: 'Liên kết xác nhận không hợp lệ.',
  notTenantAccount:
    'Số điện thoại này là tên đăng nhập của một tài khoản chủ trọ, nhân viên hoặc quản trị nên không thể nhận hợp đồng thuê. Hãy đề nghị chủ trọ dùng số điện thoại khác cho hợp đồng.',
  accountDisabled: 'Tài khoản của số điện thoại này đã bị khóa. Vui lòng liên hệ quản trị viên.',
  notPending: 'Hợp đồng này không còn chờ liên kết tài khoản (đã kết thúc hoặc đã được liên kết).',
  linked: 'Đã xác nhận hợp đồng thuê. Vui lòng đăng nhập bằng số điện thoại và mật khẩu mới.',
  confirmFailed: 'Xác nhận thất bại!',
  noPendingLink: 'Hợp đồng này không có lời mời liên kết tài khoản đang chờ.',
  resent: 'Đã gửi lại mã xác nhận tới số điện thoại của người thuê.',
  resendFailed: 'Gửi lại mã thất bại!',
  resendWait: (seconds: number) => `Vui lòng đợi ${seconds} giây rồi gửi lại mã.`,
  tooManyCodes: 'Đã gửi 5 mã trong một giờ. Vui lòng thử lại sau.',
} as const;

/** `POST /api/TenancyLink/Confirm` (public: the code proves the phone): the link, its code, a new password. */
export const tenancyLinkConfirmSchema = z.strictObject({
  linkID: z
    .string({ error: TENANCY_LINK_MESSAGES.linkIDInvalid })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: TENANCY_LINK_MESSAGES.linkIDInvalid }),
  code: z
    .string({ error: TENANCY_LINK_MESSAGES.codeFormat })
    .trim()
    .regex(/^\d{6}$/, { error: TENANCY_LINK_MESSAGES.codeFormat }),
  newPassword: changePasswordSchema.shape.newPassword,
});
export type TenancyLinkConfirmInput = z.infer<typeof tenancyLinkConfirmSchema>;

/** `POST /api/TenancyLink/Resend` (landlord, staff): a new code for a contract whose link waits. */
export const tenancyLinkResendSchema = z.strictObject({
  contractID: idField('Mã hợp đồng không hợp lệ.'),
});
export type TenancyLinkResendInput = z.infer<typeof tenancyLinkResendSchema>;

/** Where a code went (masked) and until when it works. */
export interface TenancyLinkSent {
  sentTo: string;
  expiresOn: string;
}

/**
 * The representative's account after a contract: the username it will have and where the code went.
 * The same for every number, so the landlord learns nothing of an account the number may already have
 * (whose it is, its role, its landlord, its tenancies, or that it exists).
 */
export type RepresentativeAccount = { username: string; linkPending: true } & TenancyLinkSent;

/** What the confirmation answers: where the person now lives (their new tenancy). */
export interface TenancyLinked {
  username: string;
  houseName: string;
  roomName: string;
}
