import { z } from 'zod';
import { idField, isoDate, isoDateTime, money, text } from './fields.js';
import { monthField } from './meters.js';

/**
 * Billing: the house's billing day, the monthly draft (house ticket with one room ticket per active
 * contract), the monthly bills it issues and one-time charges. Money is whole đồng everywhere.
 */

/** 1 unpaid, 2 partly paid (the rest is owed), 3 paid, 4 carried over into a later bill. */
export const BILL_STATUS = { unpaid: 1, partlyPaid: 2, paid: 3, carriedOver: 4 } as const;
export type BillStatus = (typeof BILL_STATUS)[keyof typeof BILL_STATUS];
export const BILL_STATUS_LABELS: Record<BillStatus, string> = {
  1: 'Chưa thanh toán',
  2: 'Thanh toán một phần',
  3: 'Đã thanh toán',
  4: 'Đã chuyển sang kỳ sau',
};

export const TICKET_STATUS = { draft: 'Draft', issued: 'Issued' } as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];

export const DEFAULT_BILLING_DAY = 5;
/** Days after issue until a bill is due. */
export const BILL_DUE_DAYS = 10;

/**
 * The national residential electricity tiers (EVN, kWh per month per household quota, đồng per kWh
 * before VAT, Decision 1279/QĐ-BCT of 9 May 2025). A boarding house billing by tiers widens every
 * tier by the room's quota: one quota per four registered occupants.
 */
export const ELECTRICITY_TIERS: ReadonlyArray<{ upTo: number | null; price: number }> = [
  { upTo: 50, price: 1_984 },
  { upTo: 100, price: 2_050 },
  { upTo: 200, price: 2_380 },
  { upTo: 300, price: 2_998 },
  { upTo: 400, price: 3_350 },
  { upTo: null, price: 3_460 },
];
export const PEOPLE_PER_ELECTRICITY_QUOTA = 4;

export const BILL_LINE_KINDS = ['rent', 'electricity', 'water', 'service', 'debt', 'other'] as const;
export type BillLineKind = (typeof BILL_LINE_KINDS)[number];

/** One line of a bill (`billDetails`). */
export const billLineEntity = z.object({
  kind: z.enum(BILL_LINE_KINDS),
  description: z.string(),
  /** Units charged (kWh, m³, people, vehicles, 1 for a room fee or rent). */
  quantity: z.number(),
  unit: z.string().optional(),
  unitPrice: z.number(),
  /** Whole đồng, rounded once. May be negative for a discount the landlord adds. */
  amount: z.number(),
  /** How the line was worked out, shown under it ("Tính theo ngày: 16/30 ngày", meter indexes). */
  note: z.string().optional(),
  /** Tiered electricity: the kWh and price of each tier used. */
  tiers: z.array(z.object({ kWh: z.number(), price: z.number(), amount: z.number() })).optional(),
  serviceID: z.string().optional(),
  vehicleID: z.string().optional(),
  /** Debt lines: the earlier bill carried over. */
  fromBillID: z.string().optional(),
});
export type BillLine = z.infer<typeof billLineEntity>;

export const paymentEntryEntity = z.object({
  amount: z.number(),
  method: z.enum(['cash', 'online', 'transfer']),
  paidOn: isoDateTime(),
  recordedBy: z.string().optional(),
  note: z.string().optional(),
  /** Online and transfer payments: the payment record or bank transfer it came from (credited once). */
  reference: z.string().optional(),
});
export type PaymentEntry = z.infer<typeof paymentEntryEntity>;

export const monthlyBillEntity = z.object({
  monthlyBillID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  contractID: z.string(),
  houseTicketID: z.string(),
  /** The month billed, `yyyy-mm`. */
  month: z.string(),
  billName: z.string(),
  /** Short code a tenant writes in a bank transfer's note (also in the QR code). */
  billCode: z.string(),
  createdOn: isoDateTime(),
  dueDate: isoDate(),
  total: z.number(),
  paidAmount: z.number(),
  status: z.number(),
  billDetails: z.array(billLineEntity),
  payments: z.array(paymentEntryEntity),
  paidOn: isoDateTime().optional(),
  carriedToBillID: z.string().optional(),
  /** The VietQR (NAPAS EMVCo) text for the amount still owed; absent when the landlord has no bank account. */
  transferQR: z.string().optional(),
});
export type MonthlyBill = z.infer<typeof monthlyBillEntity>;

export const houseTicketEntity = z.object({
  houseTicketID: z.string(),
  houseID: z.string(),
  month: z.string(),
  status: z.enum([TICKET_STATUS.draft, TICKET_STATUS.issued]),
  createdOn: isoDateTime(),
  issuedOn: isoDateTime().optional(),
  issuedBy: z.string().optional(),
  dueDate: isoDate(),
});
export type HouseTicket = z.infer<typeof houseTicketEntity>;

/** A room's draft bill inside a house ticket; issuing turns it into a monthly bill. */
export const roomTicketEntity = z.object({
  roomTicketID: z.string(),
  houseTicketID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  contractID: z.string(),
  roomName: z.string(),
  floor: z.number(),
  month: z.string(),
  excluded: z.boolean(),
  lines: z.array(billLineEntity),
  total: z.number(),
  /** Readings missing when the draft was computed (the landlord may wait for them). */
  missingReadings: z.array(z.string()),
  /** A reading above five times the room's average, confirmed by the reader. */
  flagged: z.boolean(),
  monthlyBillID: z.string().optional(),
});
export type RoomTicket = z.infer<typeof roomTicketEntity>;

const lineAmount = z
  .number({ error: 'Số tiền phải là số.' })
  .int({ error: 'Số tiền phải là số nguyên (đồng).' })
  .min(-1_000_000_000, { error: 'Số tiền quá nhỏ.' })
  .max(1_000_000_000, { error: 'Số tiền quá lớn.' });

/** A line the landlord edits or adds on a draft: the amount is theirs, nothing is recomputed. */
export const billLineInputSchema = z.strictObject({
  kind: z.enum(BILL_LINE_KINDS, { error: 'Loại khoản thu không hợp lệ.' }),
  description: text('Tên khoản thu không được để trống!', 200, 'Tên khoản thu tối đa 200 ký tự.'),
  quantity: z
    .number({ error: 'Số lượng phải là số.' })
    .min(0, { error: 'Số lượng không được âm.' })
    .max(1_000_000, { error: 'Số lượng quá lớn.' })
    .default(1),
  unit: z.string().trim().max(20).optional(),
  unitPrice: lineAmount.optional(),
  amount: lineAmount,
  note: z.string().trim().max(300, { error: 'Ghi chú tối đa 300 ký tự.' }).optional(),
  tiers: billLineEntity.shape.tiers,
  serviceID: idField('Mã dịch vụ không hợp lệ.').optional(),
  vehicleID: idField('Mã xe không hợp lệ.').optional(),
  fromBillID: idField('Mã hóa đơn không hợp lệ.').optional(),
});
export type BillLineInput = z.infer<typeof billLineInputSchema>;

/** `PATCH /odata/HouseTicket`: save a draft's edits, and issue it with `issue: true`. */
export const houseTicketPatchSchema = z.strictObject({
  houseTicketID: idField('Mã bảng kê không hợp lệ.').optional(),
  dueDate: z.iso.date({ error: 'Hạn thanh toán không hợp lệ (yyyy-mm-dd).' }).optional(),
  roomTickets: z
    .array(
      z.strictObject({
        roomTicketID: idField('Mã phiếu phòng không hợp lệ.'),
        excluded: z.boolean().optional(),
        lines: z.array(billLineInputSchema).max(50, { error: 'Tối đa 50 khoản thu mỗi phòng.' }).optional(),
      }),
    )
    .max(2000)
    .default([]),
  /** Recompute the rooms not edited by hand from the latest readings (after late readings). */
  recompute: z.boolean().optional(),
  issue: z.boolean().optional(),
});
export type HouseTicketPatchInput = z.infer<typeof houseTicketPatchSchema>;

/** `POST /api/HouseTicket/Draft`: the month defaults to this month (Vietnam time). */
export const houseTicketDraftSchema = z.strictObject({
  houseID: idField('Mã nhà trọ không hợp lệ.'),
  month: monthField('Tháng lập bảng kê').optional(),
});
export type HouseTicketDraftInput = z.infer<typeof houseTicketDraftSchema>;

/** `GET /api/Dashboard/Billing?houseID=…&month=…`. */
export const billingSummaryQuerySchema = z.object({
  houseID: idField('Mã nhà trọ không hợp lệ.'),
  month: monthField('Tháng').optional(),
});

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

/** Money received in cash for a bill or a charge; a part leaves the rest owed. */
export const cashPaymentSchema = z.strictObject({
  amount: money('Số tiền thanh toán').refine((value) => value > 0, {
    error: 'Số tiền thanh toán phải lớn hơn 0.',
  }),
  note: z.string().trim().max(300, { error: 'Ghi chú tối đa 300 ký tự.' }).optional(),
});
export type CashPaymentInput = z.infer<typeof cashPaymentSchema>;

/** `PATCH /odata/MonthlyBill`: record a cash payment. */
export const monthlyBillPatchSchema = z.strictObject({
  monthlyBillID: idField('Mã hóa đơn không hợp lệ.').optional(),
  payment: cashPaymentSchema,
});
export type MonthlyBillPatchInput = z.infer<typeof monthlyBillPatchSchema>;

export const oneTimeChargeCreateSchema = z.strictObject({
  contractID: idField('Mã hợp đồng không hợp lệ.'),
  description: text('Nội dung khoản phí không được để trống!', 300, 'Nội dung khoản phí tối đa 300 ký tự.'),
  amount: money('Số tiền').refine((value) => value > 0, { error: 'Số tiền phải lớn hơn 0.' }),
  issueID: idField('Mã sự cố không hợp lệ.').optional(),
  dueDate: z.iso.date({ error: 'Hạn thanh toán không hợp lệ (yyyy-mm-dd).' }).optional(),
});
export type OneTimeChargeCreateInput = z.infer<typeof oneTimeChargeCreateSchema>;

/** `PATCH /odata/OneTimeCharge`: record a cash payment. */
export const oneTimeChargePatchSchema = z.strictObject({
  oneTimeChargeID: idField('Mã khoản phí không hợp lệ.').optional(),
  payment: cashPaymentSchema,
});
export type OneTimeChargePatchInput = z.infer<typeof oneTimeChargePatchSchema>;

export const oneTimeChargeEntity = z.object({
  oneTimeChargeID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  contractID: z.string(),
  description: z.string(),
  amount: z.number(),
  billCode: z.string(),
  issueID: z.string().optional(),
  createdOn: isoDateTime(),
  createdBy: z.string(),
  dueDate: isoDate(),
  paidAmount: z.number(),
  status: z.number(),
  payments: z.array(paymentEntryEntity),
  paidOn: isoDateTime().optional(),
  transferQR: z.string().optional(),
});
export type OneTimeCharge = z.infer<typeof oneTimeChargeEntity>;

/** `GET /api/Dashboard/Billing?houseID=…`: this month at a glance. */
export interface BillingSummary {
  month: string;
  rooms: number;
  readingsDone: number;
  draftTicketID?: string;
  billsIssued: number;
  billsPaid: number;
  billsUnpaid: number;
  amountIssued: number;
  amountPaid: number;
  amountOwed: number;
}

/** `GET /api/GuestMonthlyBill`: what a shared bill link shows — the bill and the landlord's bank, nothing about the tenant. */
export interface GuestMonthlyBillView {
  monthlyBillID: string;
  billName: string;
  billCode: string;
  month: string;
  createdOn: string;
  dueDate: string;
  total: number;
  paidAmount: number;
  /** What is still owed (0 once paid or carried over). */
  owed: number;
  status: number;
  paidOn?: string;
  billDetails: BillLine[];
  transferQR?: string;
  houseName: string;
  houseAddress: string;
  roomName: string;
  lessor: { fullName?: string; phoneNumber?: string; bankName?: string; bankAccountNumber?: string };
}

export const BILL_MESSAGES = {
  billingDaySet: (value: number) => `Set up thời gian: ${value} thành công`,
  billPaid: 'Đã cập nhật hóa đơn thành công',
  billPayFailed: 'Cập nhật hóa đơn thất bại',
  chargeAdded: 'Thêm phí thành công',
  chargeFailed: 'Thêm phí thất bại! Vui lòng thử lại',
  draftSaved: 'Đã lưu bảng kê nháp',
  draftIssued: 'Đã phát hành hóa đơn tháng',
  alreadyIssued: 'Bảng kê này đã được phát hành.',
  alreadyPaid: 'Hóa đơn đã được thanh toán đủ.',
  overpaid: (owed: number) => `Số tiền vượt quá số còn nợ (${owed.toLocaleString('vi-VN')} ₫).`,
  carriedOver: 'Hóa đơn đã được chuyển nợ sang kỳ sau: hãy thu ở hóa đơn mới.',
  unknownRoomTicket: 'Phiếu phòng không thuộc bảng kê này.',
  nothingToIssue: 'Không có phòng nào để phát hành hóa đơn.',
  contractNotActive: 'Hợp đồng không còn hiệu lực.',
  issueNotOfContract: 'Sự cố không thuộc hợp đồng này.',
  chargePaid: 'Khoản phí đã được thanh toán (một phần hoặc toàn bộ) nên không thể xóa.',
  guestLinkInvalid: 'Liên kết hóa đơn không hợp lệ hoặc đã hết hạn. Hãy xin chủ trọ liên kết mới.',
} as const;
