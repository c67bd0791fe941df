import { z } from 'zod';
import { idField, isoDateTime } from './fields.js';

/**
 * Bank-transfer matching (beyond the spec): the landlord's bank (or an aggregator watching the account)
 * reports incoming transfers to a signed webhook. A transfer whose note carries a bill's or charge's code
 * (`NT` + 8 letters, the one on the bill and in its QR code) and whose amount is at most what is owed is
 * credited to it; any other transfer waits for the landlord to assign it or set it aside.
 */

/** The aggregators a landlord connects their bank account through (below). */
export const BANK_FEED_PROVIDERS = ['sepay', 'casso'] as const;
export type BankFeedProvider = (typeof BANK_FEED_PROVIDERS)[number];
export const BANK_FEED_PROVIDER_LABELS: Record<BankFeedProvider, string> = { sepay: 'SePay', casso: 'Casso' };

/** One incoming transfer as the bank feed reports it (docs/bank-feed.md). */
export const bankFeedTransactionSchema = z.strictObject({
  /** The bank's own id of the transaction: a transfer reported twice is counted once. */
  transactionID: z.string().trim().min(1).max(100),
  /** The receiving account (the landlord's, as in their lessor info). */
  accountNumber: z.string().trim().min(4).max(40),
  amount: z.number().int().positive().max(10_000_000_000),
  /** The transfer's note as the bank shows it. */
  description: z.string().max(500).default(''),
  transactedOn: z.iso.datetime({ offset: true }),
  senderName: z.string().trim().max(200).optional(),
  senderAccount: z.string().trim().max(40).optional(),
});
export type BankFeedTransaction = z.infer<typeof bankFeedTransactionSchema>;

/** `POST /api/BankFeed/Transactions`: up to 500 transfers per call. */
export const bankFeedSchema = z.strictObject({
  transactions: z.array(bankFeedTransactionSchema).min(1).max(500),
});

/** `matched`: credited by its code; `assigned`: credited by the landlord; `unmatched`: waiting; `dismissed`: not rent. */
export const BANK_TRANSFER_STATUSES = ['received', 'matched', 'assigned', 'unmatched', 'dismissed'] as const;
export type BankTransferStatus = (typeof BANK_TRANSFER_STATUSES)[number];
export const BANK_TRANSFER_STATUS_LABELS: Record<BankTransferStatus, string> = {
  received: 'Đang xử lý',
  matched: 'Đã tự khớp',
  assigned: 'Đã gán thủ công',
  unmatched: 'Chưa khớp',
  dismissed: 'Đã bỏ qua',
};

export const bankTransferEntity = z.object({
  bankTransferID: z.string(),
  transactionID: z.string(),
  accountNumber: z.string(),
  amount: z.number(),
  description: z.string(),
  transactedOn: isoDateTime(),
  receivedOn: isoDateTime(),
  senderName: z.string().optional(),
  senderAccount: z.string().optional(),
  /** Who reported it: SePay, Casso, or (absent) the signed feed of `POST /api/BankFeed/Transactions`. */
  provider: z.enum(BANK_FEED_PROVIDERS).optional(),
  /** The provider's id of the transaction (a retried call carries the same one). */
  providerTransactionID: z.string().optional(),
  status: z.enum(BANK_TRANSFER_STATUSES),
  /** Why it was not matched by itself (shown to the landlord). */
  unmatchedReason: z.string().optional(),
  /** What it was credited to. */
  target: z.enum(['monthlyBill', 'oneTimeCharge']).optional(),
  targetID: z.string().optional(),
  targetName: z.string().optional(),
  houseID: z.string().optional(),
  resolvedOn: isoDateTime().optional(),
  resolvedBy: z.string().optional(),
});
export type BankTransfer = z.infer<typeof bankTransferEntity>;

/** `POST /api/BankFeed/Assign`: the landlord credits a waiting transfer to a bill or charge (by its code). */
export const bankTransferAssignSchema = z.strictObject({
  bankTransferID: idField('Mã giao dịch không hợp lệ.'),
  billCode: z
    .string({ error: 'Nhập mã hóa đơn (NT…).' })
    .trim()
    .toUpperCase()
    .regex(/^NT[A-Z2-7]{8}$/, { error: 'Mã hóa đơn gồm NT và 8 ký tự, ví dụ NTABCD2345.' }),
});
export type BankTransferAssignInput = z.infer<typeof bankTransferAssignSchema>;

/** `POST /api/BankFeed/Dismiss`: a transfer that is not rent (set aside, can be assigned later). */
export const bankTransferDismissSchema = z.strictObject({
  bankTransferID: idField('Mã giao dịch không hợp lệ.'),
});

export const BANK_TRANSFER_MESSAGES = {
  noCode: 'Nội dung chuyển khoản không có mã hóa đơn.',
  unknownCode: 'Không có hóa đơn nào mang mã này.',
  alreadyPaid: 'Hóa đơn đã được thanh toán đầy đủ.',
  moreThanOwed: 'Số tiền lớn hơn số còn nợ của hóa đơn.',
  severalCodes: 'Nội dung chuyển khoản có nhiều mã hóa đơn.',
  assigned: 'Đã gán giao dịch vào hóa đơn.',
  dismissed: 'Đã bỏ qua giao dịch.',
  notWaiting: 'Giao dịch này đã được xử lý.',
  badSignature: 'Chữ ký của nguồn dữ liệu ngân hàng không hợp lệ.',
} as const;

// ---------------------------------------------------------------------------------------------------
// The aggregators landlords connect their own bank account through (docs/bank-feed.md): SePay and Casso
// call the webhook with their own documented bodies. Extra fields they add later are ignored.

const nullableText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => value ?? '');

/** `POST /api/BankFeed/SePay`: one transaction (SePay's webhook body). */
export const sepayWebhookSchema = z.object({
  id: z.union([z.number().int().nonnegative(), z.string().trim().min(1).max(100)]),
  gateway: nullableText(100),
  /** `2023-03-25 14:02:37`, Vietnam time. */
  transactionDate: z.string().regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/),
  accountNumber: z.string().trim().min(1).max(40),
  code: nullableText(100),
  content: nullableText(500),
  transferType: z.enum(['in', 'out']),
  transferAmount: z.number().int().nonnegative().max(10_000_000_000),
  accumulated: z.number().nullish(),
  subAccount: nullableText(40),
  referenceCode: nullableText(100),
  description: nullableText(1000),
});
export type SepayWebhook = z.infer<typeof sepayWebhookSchema>;

/** `POST /api/BankFeed/Casso`: Casso's webhook v2 body (one transaction; a negative amount went out). */
export const cassoWebhookSchema = z.object({
  error: z.number(),
  data: z.object({
    id: z.union([z.number().int().nonnegative(), z.string().trim().min(1).max(100)]),
    reference: nullableText(100),
    description: nullableText(500),
    amount: z.number().int().min(-10_000_000_000).max(10_000_000_000),
    runningBalance: z.number().nullish(),
    /** `2024-10-03 15:06:37`, Vietnam time. */
    transactionDateTime: z.string().regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/),
    accountNumber: z.string().trim().min(1).max(40),
    bankName: nullableText(100),
    bankAbbreviation: nullableText(40),
    virtualAccountNumber: nullableText(40),
    virtualAccountName: nullableText(200),
    counterAccountName: nullableText(200),
    counterAccountNumber: nullableText(40),
    counterAccountBankId: nullableText(40),
    counterAccountBankName: nullableText(200),
  }),
});
export type CassoWebhook = z.infer<typeof cassoWebhookSchema>;

/** `POST /api/BankFeed/Connections/SePay`: nothing to send (the key is made by the server). */
export const sepayConnectSchema = z.strictObject({});

/** `POST /api/BankFeed/Connections/Casso`: the checksum key Casso shows on its webhook settings. */
export const cassoConnectSchema = z.strictObject({
  checksumKey: z
    .string({ error: 'Nhập khóa checksum (checksum key) của Casso.' })
    .trim()
    .min(16, { error: 'Khóa checksum của Casso có ít nhất 16 ký tự.' })
    .max(200, { error: 'Khóa checksum của Casso tối đa 200 ký tự.' })
    .regex(/^[\x21-\x7e]+$/, { error: 'Khóa checksum không được có dấu cách hay ký tự có dấu.' }),
});
export type CassoConnectInput = z.infer<typeof cassoConnectSchema>;

/** One of the landlord's connections, as their account page shows it (the secret itself never). */
export const bankFeedConnectionEntity = z.object({
  provider: z.enum(BANK_FEED_PROVIDERS),
  connected: z.boolean(),
  /** The URL to give the provider (Casso's carries the connection's id). */
  webhookUrl: z.string().optional(),
  /** The secret's last characters, to tell which one is in use. */
  hint: z.string().optional(),
  connectedOn: isoDateTime().optional(),
  /** When the provider last called (a transfer received through it). */
  lastCallOn: isoDateTime().optional(),
});
export type BankFeedConnection = z.infer<typeof bankFeedConnectionEntity>;

/** The reply of connecting SePay: the API key, shown this once. */
export interface SepayConnectReply extends BankFeedConnection {
  apiKey: string;
}

export const BANK_FEED_PROVIDER_MESSAGES = {
  badApiKey: 'Khóa API của SePay không hợp lệ.',
  badCassoSignature: 'Chữ ký của Casso không hợp lệ.',
  staleCassoSignature: 'Chữ ký của Casso đã quá 5 phút.',
  unknownConnection: 'Kết nối Casso không tồn tại.',
  notLandlordAccount: 'Tài khoản nhận không phải tài khoản ngân hàng trong thông tin chủ trọ.',
  outgoing: 'Giao dịch tiền ra, không phải tiền thu.',
  outgoingAssign: 'Giao dịch tiền ra không gán được vào hóa đơn.',
  cancelledBill: 'Hóa đơn mang mã này đã bị hủy.',
  sepayConnected: 'Đã tạo khóa API SePay. Hãy sao chép ngay: khóa chỉ hiện một lần.',
  cassoConnected: 'Đã lưu khóa checksum của Casso.',
  disconnected: 'Đã ngắt kết nối.',
  noSecretsKey: 'Máy chủ chưa có khóa mã hóa bí mật (SECRETS_KEY_URL): chưa kết nối Casso được.',
} as const;
