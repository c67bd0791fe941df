import { z } from 'zod';
import { idField, isoDateTime } from './fields.js';

/**
 * Bank-transfer matching (beyond the spec): the landlord's bank (or an aggregator watching the account)
 * reports incoming transfers to a signed webhook. A transfer whose note carries a bill's or charge's code
 * (`NT` + 8 letters, the one on the bill and in its QR code) and whose amount is at most what is owed is
 * credited to it; any other transfer waits for the landlord to assign it or set it aside.
 */

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
