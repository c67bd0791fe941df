import { z } from 'zod';
import { idField, money } from './fields.js';

/**
 * The profit report (`GET /odata/ProfitReport?houseID=…&year=…`, or every house of the caller without
 * `houseID`): per month of a year, the money received from tenants against the house's expenses, the
 * electricity and water the landlord paid EVN and the water company beside what tenants were billed
 * for them, and the year's rent income against the tax threshold of a household renting out rooms.
 */

export const PROFIT_REPORT_MIN_YEAR = 2000;
export const PROFIT_REPORT_MAX_YEAR = 2100;

export const profitReportQuerySchema = z.object({
  houseID: idField('Mã nhà trọ không hợp lệ.').optional(),
  year: z.coerce
    .number({ error: 'Năm không hợp lệ.' })
    .int({ error: 'Năm không hợp lệ.' })
    .min(PROFIT_REPORT_MIN_YEAR, { error: `Năm phải từ ${PROFIT_REPORT_MIN_YEAR} trở đi.` })
    .max(PROFIT_REPORT_MAX_YEAR, { error: `Năm không được sau ${PROFIT_REPORT_MAX_YEAR}.` }),
});
export type ProfitReportQuery = z.infer<typeof profitReportQuerySchema>;

/** How money came in, by the payment's method. */
export const RECEIVED_METHODS = ['cash', 'transfer', 'online', 'deposit'] as const;
export type ReceivedMethod = (typeof RECEIVED_METHODS)[number];
export const RECEIVED_METHOD_LABELS: Record<ReceivedMethod, string> = {
  cash: 'Tiền mặt',
  transfer: 'Chuyển khoản',
  online: 'Thanh toán trực tuyến',
  deposit: 'Trừ vào tiền cọc',
};

/** One month of the report; money in whole đồng. */
export interface ProfitMonth {
  /** `yyyy-mm`. */
  month: string;
  /** Received in this month (by the payment's day in Vietnam), bills and charges together. */
  received: number;
  receivedFromBills: number;
  receivedFromCharges: number;
  receivedByMethod: Record<ReceivedMethod, number>;
  expenses: number;
  /** By category key (built-in or the landlord's own). */
  expensesByCategory: Record<string, number>;
  /** `received − expenses`. */
  profit: number;
  /** Billed to tenants for electricity and water on this month's bills. */
  electricityBilled: number;
  waterBilled: number;
  /** Paid to EVN and the water company (expenses of those categories dated in this month). */
  electricityPaid: number;
  waterPaid: number;
}

export interface ProfitHouseTotal {
  houseID: string;
  houseName: string;
  received: number;
  expenses: number;
  profit: number;
}

/** The tax threshold as the super admin keeps it. */
export interface RentTaxThreshold {
  /** Đồng per year of rent income above which the household pays tax. */
  amount: number;
  /** Share of the threshold (percent) at which the page warns. */
  warnPercent: number;
  /** The rule's citation shown on the page. */
  legalBasis: string;
  /** The first year the threshold applies to. */
  fromYear: number;
}

export const DEFAULT_RENT_TAX_THRESHOLD: RentTaxThreshold = {
  amount: 500_000_000,
  warnPercent: 80,
  legalBasis:
    'Luật Thuế thu nhập cá nhân số 109/2025/QH15 (Quốc hội thông qua ngày 10/12/2025): hộ, cá nhân kinh doanh, kể cả cho thuê nhà, có doanh thu từ 500 triệu đồng/năm trở xuống không phải nộp thuế; áp dụng từ kỳ tính thuế năm 2026.',
  fromYear: 2026,
};

export const rentTaxThresholdSchema = z.strictObject({
  amount: money('Ngưỡng doanh thu').refine((value) => value > 0, {
    error: 'Ngưỡng doanh thu phải lớn hơn 0.',
  }),
  warnPercent: z
    .number({ error: 'Mức cảnh báo phải là số.' })
    .int({ error: 'Mức cảnh báo phải là số nguyên.' })
    .min(1, { error: 'Mức cảnh báo phải từ 1 đến 100 %.' })
    .max(100, { error: 'Mức cảnh báo phải từ 1 đến 100 %.' }),
  legalBasis: z
    .string({ error: 'Căn cứ pháp lý không được để trống!' })
    .trim()
    .min(1, { error: 'Căn cứ pháp lý không được để trống!' })
    .max(1000, { error: 'Căn cứ pháp lý tối đa 1000 ký tự.' }),
  fromYear: z
    .number({ error: 'Năm áp dụng phải là số.' })
    .int({ error: 'Năm áp dụng phải là số nguyên.' })
    .min(PROFIT_REPORT_MIN_YEAR, { error: 'Năm áp dụng không hợp lệ.' })
    .max(PROFIT_REPORT_MAX_YEAR, { error: 'Năm áp dụng không hợp lệ.' }),
});
export type RentTaxThresholdInput = z.infer<typeof rentTaxThresholdSchema>;

/** `none` below the warning share, `near` from it, `over` above the threshold. */
export type RentTaxLevel = 'none' | 'near' | 'over';

export interface RentTaxStatus {
  threshold: RentTaxThreshold;
  /** Whether the threshold applies to the report's year (from `fromYear`). */
  applies: boolean;
  /** Rent income of the year so far: every house the caller keeps (the household's total). */
  rentIncome: number;
  /** Of the report's house (absent for every house). */
  houseRentIncome?: number;
  /** Whole percent of the threshold. */
  percent: number;
  level: RentTaxLevel;
}

export interface ProfitReport {
  year: number;
  /** The house reported on; absent: every house of the caller. */
  houseID?: string;
  houses: ProfitHouseTotal[];
  months: ProfitMonth[];
  totals: Omit<ProfitMonth, 'month'>;
  tax: RentTaxStatus;
}

export const PROFIT_REPORT_TEXTS = {
  title: 'Lợi nhuận',
  received: 'Tiền thu',
  expenses: 'Chi phí',
  profit: 'Lợi nhuận',
  taxNear: (percent: number) =>
    `Doanh thu cho thuê năm nay đã đạt ${percent} % ngưỡng chịu thuế: hãy chuẩn bị kê khai thuế.`,
  taxOver: 'Doanh thu cho thuê năm nay đã vượt ngưỡng chịu thuế: hộ cho thuê phải kê khai và nộp thuế.',
} as const;
