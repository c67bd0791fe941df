import { z } from 'zod';
import { billCorrectionEntity } from './billDisputes.js';
import { idField, isoDate, isoDateTime, money, monthField } from './fields.js';
import { refundDueEntry } from './payments.js';
import { LEVEL } from './roles.js';

/**
 * Monthly bills (`/odata/MonthlyBill`): what a house ticket issues for each rented room, their lines
 * (`billDetails`) and the payments received. Money is whole đồng everywhere.
 */

/**
 * The billing level (spec §6: 1 read, 2 update, 3 create, 4 full) each action on bills and charges
 * needs, read by the API's permissions and the screens alike. Staff with billing rights (level 3, in the
 * houses they are assigned to) draft and issue the month's bills, add charges, collect cash and share a
 * bill's link; deleting a charge (level 4 deletes) and matching transfers to the landlord's own bank
 * account stay the landlord's. Recording cash is an update of a bill (level 2); a tenant (level 1) reads
 * their own contract's.
 */
export const BILLING_LEVELS = {
  read: LEVEL.read,
  collectCash: LEVEL.update,
  addCharge: LEVEL.create,
  shareLink: LEVEL.create,
  /** Reminding tenants who owe (/monthlyBills), through the outbox. */
  remind: LEVEL.create,
  draftAndIssue: LEVEL.create,
  deleteCharge: LEVEL.full,
  matchTransfers: LEVEL.full,
} as const;

/** 1 unpaid, 2 partly paid (the rest is owed), 3 paid, 4 carried over into a later bill. */
export const BILL_STATUS = { unpaid: 1, partlyPaid: 2, paid: 3, carriedOver: 4 } as const;
export type BillStatus = (typeof BILL_STATUS)[keyof typeof BILL_STATUS];
export const BILL_STATUS_LABELS: Record<BillStatus, string> = {
  1: 'Chưa thanh toán',
  2: 'Thanh toán một phần',
  3: 'Đã thanh toán',
  4: 'Đã chuyển sang kỳ sau',
};

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

/** `rounding`: the difference that rounds the total to the house's step ('Làm tròn'), last line. */
export const BILL_LINE_KINDS = [
  'rent',
  'electricity',
  'water',
  'service',
  'debt',
  /** Money paid beyond an earlier bill's total (a transfer of more than was owed), taken off this one. */
  'credit',
  'other',
  'rounding',
] as const;
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
  /** `deposit`: taken from the deposit when the contract ended (the settlement says how much). */
  method: z.enum(['cash', 'online', 'transfer', 'deposit']),
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
  /** Paid beyond its total and not yet taken off a later bill (a transfer of more than was owed). */
  surplusOpen: z.boolean().optional(),
  /** The latest later bill its surplus was taken off (a 'credit' line there). */
  surplusCarriedToBillID: z.string().optional(),
  /**
   * How much of its surplus later bills' 'credit' lines took so far (absent: none). A next bill smaller
   * than the surplus takes part of it; the rest stays open for the bill after (never lost).
   */
  surplusTaken: z.number().optional(),
  /** The part of its surplus given back in the contract's settlement when it ended (absent: none). */
  surplusRefunded: z.number().optional(),
  /** Until when the bill's guest link works (absent: no link, or revoked). */
  guestLinkExpiresOn: isoDateTime().optional(),
  /** The VietQR (NAPAS EMVCo) text for the amount still owed; absent when the landlord has no bank account. */
  transferQR: z.string().optional(),
  /** One bill read by its id: money VNPay took for it that pays nothing, to be returned (absent: none). */
  refundsDue: z.array(refundDueEntry).optional(),
  /** Lines corrected after a tenant's question ('Khiếu nại hóa đơn'), oldest first (absent: none). */
  corrections: z.array(billCorrectionEntity).optional(),
});
export type MonthlyBill = z.infer<typeof monthlyBillEntity>;

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

/**
 * The month's bills of a house (`GET /api/MonthlyBill/HouseMonth`), as the landlord collects them:
 * `owed` is unpaid or partly paid, `overdue` owed past its due date (Vietnam's today).
 */
export const HOUSE_BILL_FILTERS = [
  'all',
  'owed',
  'unpaid',
  'partlyPaid',
  'overdue',
  'paid',
  'carriedOver',
] as const;
export type HouseBillFilter = (typeof HOUSE_BILL_FILTERS)[number];
export const HOUSE_BILL_FILTER_LABELS: Record<HouseBillFilter, string> = {
  all: 'Tất cả',
  owed: 'Còn nợ',
  unpaid: 'Chưa thanh toán',
  partlyPaid: 'Thanh toán một phần',
  overdue: 'Quá hạn',
  paid: 'Đã thanh toán',
  carriedOver: 'Đã chuyển sang kỳ sau',
};
export const HOUSE_BILLS_MAX_TOP = 200;

const pageNumber = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} phải là số nguyên.` })
    .int({ error: `${label} phải là số nguyên.` })
    .min(0, { error: `${label} không được âm.` })
    .max(max, { error: `${label} tối đa ${max}.` });

export const houseMonthBillsQuerySchema = z.object({
  houseID: idField('Mã nhà trọ không hợp lệ.'),
  month: monthField('Tháng').optional(),
  status: z.enum(HOUSE_BILL_FILTERS, { error: 'Trạng thái lọc không hợp lệ.' }).optional().default('all'),
  top: pageNumber('Số dòng mỗi trang', HOUSE_BILLS_MAX_TOP).optional().default(50),
  skip: pageNumber('Vị trí bắt đầu', 100_000).optional().default(0),
});
export type HouseMonthBillsQuery = z.infer<typeof houseMonthBillsQuerySchema>;

/** One room's bill of the month, with who rents it and what is still owed. */
export interface HouseMonthBillRow {
  monthlyBillID: string;
  billName: string;
  billCode: string;
  roomID: string;
  roomName: string;
  contractID: string;
  /** The contract's representative; absent when their record is gone. */
  tenantName?: string;
  /** Whether a reminder can reach them (a phone number or an e-mail is known). */
  canRemind: boolean;
  total: number;
  paidAmount: number;
  /** Nothing once paid or carried over into a later bill. */
  owed: number;
  dueDate: string;
  status: number;
  overdue: boolean;
  /** Older debts this bill carries (its debt lines), part of its total. */
  carriedIn: number;
  /** The later bill this one was carried into (status 4): its owed amount is collected there. */
  carriedToBillID?: string;
  /** When the tenant was last reminded of this bill by hand. */
  lastRemindedOn?: string;
  '@odata.etag'?: string;
}

export interface HouseMonthBills {
  houseID: string;
  month: string;
  /** Vietnam's today, the day `overdue` is measured against. */
  today: string;
  /** Months that have bills, newest first (for the month picker). */
  months: string[];
  totals: {
    /** Sum of the month's bills (older debts they carry included). */
    billed: number;
    collected: number;
    /** Still owed on the month's bills (carried-over bills count in the later bill, not here). */
    owed: number;
    /** Older debts carried into this month's bills. */
    carriedIn: number;
    /** What this month's bills moved into later bills, unpaid. */
    carriedOut: number;
    counts: Record<HouseBillFilter, number>;
  };
  /** Rows matching the filter. */
  count: number;
  value: HouseMonthBillRow[];
}

/** `POST /api/MonthlyBill/Remind`: remind the tenants of these bills, or of every bill of the month still owed. */
export const billReminderSchema = z
  .strictObject({
    houseID: idField('Mã nhà trọ không hợp lệ.'),
    month: monthField('Tháng').optional(),
    monthlyBillIDs: z
      .array(idField('Mã hóa đơn không hợp lệ.'), { error: 'Danh sách hóa đơn không hợp lệ.' })
      .min(1, { error: 'Hãy chọn ít nhất một hóa đơn.' })
      .max(HOUSE_BILLS_MAX_TOP, { error: `Tối đa ${HOUSE_BILLS_MAX_TOP} hóa đơn mỗi lần.` })
      .optional(),
  })
  .refine((input) => input.month !== undefined || input.monthlyBillIDs !== undefined, {
    error: 'Hãy chọn hóa đơn hoặc tháng cần nhắc.',
    path: ['monthlyBillIDs'],
  });
export type BillReminderInput = z.infer<typeof billReminderSchema>;

/** Minutes during which a bill's tenant is not reminded again (a double click, 'Nhắc tất cả' twice). */
export const BILL_REMINDER_PAUSE_MINUTES = 10;

export interface BillReminderResult {
  /** Reminders written to the outbox. */
  queued: number;
  /** Bills whose tenant was reminded less than the pause ago. */
  recentlyReminded: number;
  /** Bills whose tenant has no phone number or e-mail. */
  withoutContact: number;
  /** Bills with nothing owed (paid, carried over). */
  notOwed: number;
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
  chargeOfLiquidation: 'Khoản này là số tiền còn thiếu khi thanh lý hợp đồng nên không thể xóa.',
  chargePaid: 'Khoản phí đã được thanh toán (một phần hoặc toàn bộ) nên không thể xóa.',
  chargePaymentOpen:
    'Người thuê đang thanh toán khoản phí này qua VNPay: hãy đợi liên kết thanh toán hết hạn (15 phút) rồi xóa.',
  reminderNothingSent: 'Không gửi nhắc nhở nào.',
  guestLinkInvalid: 'Liên kết hóa đơn không hợp lệ hoặc đã hết hạn. Hãy xin chủ trọ liên kết mới.',
} as const;
