import { z } from 'zod';
import { billLineEntity, BILL_LINE_KINDS } from './monthlyBills.js';
import { idField, isoDate, isoDateTime, monthField, text } from './fields.js';

/**
 * House tickets (bảng kê, `/odata/HouseTicket`): the month's draft of a house, one room ticket per
 * active contract; issuing turns every room ticket into a monthly bill.
 */

export const TICKET_STATUS = { draft: 'Draft', issued: 'Issued' } as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];

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
  /** Contracts past their end date that nobody extended or ended: they continue month to month. */
  pastEndContracts?: PastEndContract[];
}

/** A contract running month to month ('quá hạn, chưa gia hạn') on the dashboard. */
export interface PastEndContract {
  contractID: string;
  roomID: string;
  roomName: string;
  endDate: string;
}
