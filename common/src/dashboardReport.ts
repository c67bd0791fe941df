import { z } from 'zod';
import { idField, isoDate } from './fields.js';

/**
 * `GET /odata/DashboardReport?houseID=…`: a house at a glance for its landlord and staff. Money is whole
 * đồng; months are `yyyy-mm` and days `yyyy-mm-dd` in Vietnam. How each figure is kept:
 * docs/dashboard-report.md.
 */

export const dashboardReportQuerySchema = z.object({
  houseID: idField('Mã nhà trọ không hợp lệ.'),
});

/** Months of the revenue series, the current one included. */
export const REPORT_MONTHS = 12;
/** Contracts ending within this many days are listed. */
export const ENDING_WITHIN_DAYS = 30;
/** At most this many of them are listed (all are counted). */
export const ENDING_LISTED = 20;

export const dashboardReportEntity = z.object({
  houseID: z.string(),
  /** The month the report is for (the current month in Vietnam) and today's date. */
  month: z.string(),
  today: isoDate(),
  rooms: z.object({
    total: z.number(),
    empty: z.number(),
    reserved: z.number(),
    occupied: z.number(),
    /** Occupied rooms out of all rooms, 0–1 (0 without rooms). */
    occupancy: z.number(),
  }),
  /** This month's monthly bills. */
  thisMonth: z.object({
    bills: z.number(),
    billsPaid: z.number(),
    /** Their totals, debts carried in from earlier months included. */
    billed: z.number(),
    paid: z.number(),
    /** Still owed on them (what was carried into a later bill is owed there, not here). */
    unpaid: z.number(),
  }),
  /** Oldest month first, the current month last. */
  revenue: z.array(
    z.object({
      month: z.string(),
      /** New charges of the month: its bills without the debts they carry in, plus one-time charges. */
      billed: z.number(),
      /** Money received in the month (cash, VNPay, bank transfer), whatever month it paid for. */
      collected: z.number(),
    }),
  ),
  contractsEnding: z.object({
    /** Active contracts whose end date is today or within the next 30 days. */
    count: z.number(),
    /** The first ones by end date. */
    items: z.array(
      z.object({
        contractID: z.string(),
        roomID: z.string(),
        roomName: z.string(),
        representativeName: z.string().optional(),
        endDate: isoDate(),
        daysLeft: z.number(),
      }),
    ),
  }),
  openIssues: z.object({
    total: z.number(),
    received: z.number(),
    inProgress: z.number(),
  }),
});
export type DashboardReport = z.infer<typeof dashboardReportEntity>;
