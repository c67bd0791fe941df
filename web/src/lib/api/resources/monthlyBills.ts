// Shared API resource (see `houses.ts` for the rule): monthly bills and one-time charges. The bills slice
// shows and collects them; the room page lists a room's latest bills; the tenant's room page shows their
// own. A new charge is written here too (the bills slice and the issue reports both add them); cash
// payments and guest links stay in the bills slice.
import {
  BILL_STATUS,
  BILL_STATUS_LABELS,
  type BillStatus,
  type MonthlyBill,
  type OneTimeCharge,
  type OneTimeChargeCreateInput,
} from '@nhatro/common';
import { mutate, type SWRResponse } from 'swr';
import { apiRequest } from '../client';
import { useApiResource } from '../swr';
import type { ODataCollection } from '../types';

/** A bill as `/odata/MonthlyBill/{id}` returns it (lines, payments, the QR text for what is owed). */
export type MonthlyBillReply = MonthlyBill & { '@odata.etag'?: string };
/** A bill as `/odata/Bill` lists it: no lines, no payments, no QR. */
export type BillRow = Omit<MonthlyBill, 'billDetails' | 'payments' | 'transferQR'> & {
  billDetails?: MonthlyBill['billDetails'];
};
/** A one-time charge as `/odata/OneTimeCharge` returns it. */
export type OneTimeChargeReply = OneTimeCharge & { '@odata.etag'?: string };

/** Which bills a list shows: every bill, the ones still owed (unpaid or partly paid), or one status. */
export type BillStatusFilter = 'all' | 'owed' | `${number}`;

export interface BillListQuery {
  roomID: string;
  /** The room's house, when the page knows it: the API reads the room with its bills in one query. */
  houseID?: string;
  /** `yyyy-mm`, or '' for every month. */
  month: string;
  status: BillStatusFilter;
  page: number;
  pageSize: number;
}

const enc = encodeURIComponent;

function statusCondition(status: BillStatusFilter): string | null {
  if (status === 'all') return null;
  if (status === 'owed') return `status lt ${BILL_STATUS.paid}`;
  return `status eq ${Number(status)}`;
}

function billListPath(query: BillListQuery): string {
  const filters = [
    ...(query.month === '' ? [] : [`month eq '${query.month}'`]),
    ...[statusCondition(query.status)].filter((part): part is string => part !== null),
  ];
  const params = [
    `roomID=${enc(query.roomID)}`,
    ...(query.houseID === undefined ? [] : [`houseID=${enc(query.houseID)}`]),
    ...(filters.length === 0 ? [] : [`$filter=${enc(filters.join(' and '))}`]),
    `$orderby=${enc('month desc,createdOn desc')}`,
    '$count=true',
    `$top=${query.pageSize}`,
    `$skip=${query.page * query.pageSize}`,
  ];
  return `/odata/Bill?${params.join('&')}`;
}

/** SWR keys (and request paths) of bills and charges. */
export const billKeys = {
  bill: (monthlyBillID: string) => `/odata/MonthlyBill/${enc(monthlyBillID)}`,
  list: billListPath,
  charge: (oneTimeChargeID: string) => `/odata/OneTimeCharge/${enc(oneTimeChargeID)}`,
  roomCharges: (roomID: string) =>
    `/odata/OneTimeCharge?roomID=${enc(roomID)}&$orderby=${enc('createdOn desc')}&$top=100`,
} as const;

/**
 * How often an open bill or charge that still owes is read again, so a transfer that SePay or Casso
 * reports shows while the page is open (not while the tab is hidden: SWR's `refreshWhenHidden` is off).
 */
export const OWED_REFRESH_MS = 8_000;

/**
 * Refresh while something is owed; stop once paid or carried over. Before the first reply it must say
 * yes: SWR asks this once when the page opens, and a 0 there would never start the refresh.
 */
export function refreshWhileOwed(latest: { status: number } | undefined): number {
  return latest === undefined || latest.status < BILL_STATUS.paid ? OWED_REFRESH_MS : 0;
}

/** One bill with its lines, payments and transfer QR (the landlord's, or the tenant's own). */
export function useMonthlyBill(monthlyBillID: string | null): SWRResponse<MonthlyBillReply, Error> {
  return useApiResource<MonthlyBillReply>(monthlyBillID === null ? null : billKeys.bill(monthlyBillID), {
    refreshInterval: refreshWhileOwed,
  });
}

/** A page of a room's bills, newest month first (a tenant gets their own contract's only). */
export function useBillList(query: BillListQuery | null): SWRResponse<ODataCollection<BillRow>, Error> {
  return useApiResource<ODataCollection<BillRow>>(query === null ? null : billKeys.list(query), {
    keepPreviousData: true,
  });
}

/** One one-time charge with its payments and transfer QR. */
export function useOneTimeCharge(oneTimeChargeID: string): SWRResponse<OneTimeChargeReply, Error> {
  return useApiResource<OneTimeChargeReply>(billKeys.charge(oneTimeChargeID), {
    refreshInterval: refreshWhileOwed,
  });
}

/** The one-time charges of a room's contracts, newest first (a tenant gets their own contract's). */
export function useRoomCharges(
  roomID: string | null,
): SWRResponse<ODataCollection<OneTimeChargeReply>, Error> {
  return useApiResource<ODataCollection<OneTimeChargeReply>>(
    roomID === null ? null : billKeys.roomCharges(roomID),
  );
}

/** After a payment or a new charge: every cached bill or charge (lists, the room page) is fetched again. */
export function revalidateBills(): Promise<unknown> {
  return mutate(
    (key) =>
      typeof key === 'string' &&
      (key.startsWith('/odata/Bill?') ||
        key.startsWith('/api/MonthlyBill/HouseMonth') ||
        key.startsWith('/odata/MonthlyBill') ||
        key.startsWith('/odata/OneTimeCharge')),
  );
}

/** What is still owed on a bill or a charge (never below zero; nothing once carried over). */
export function owedAmount(item: {
  total?: number;
  amount?: number;
  paidAmount: number;
  status: number;
}): number {
  if (item.status === BILL_STATUS.carriedOver) return 0;
  const due = item.total ?? item.amount ?? 0;
  return Math.max(0, due - item.paidAmount);
}

function isBillStatus(status: number): status is BillStatus {
  return status in BILL_STATUS_LABELS;
}

/** 'Chưa thanh toán', 'Thanh toán một phần', 'Đã thanh toán', 'Đã chuyển sang kỳ sau'. */
export function billStatusLabel(status: number): string {
  return isBillStatus(status) ? BILL_STATUS_LABELS[status] : 'Không rõ trạng thái';
}

/** The colour of a bill's status chip: owed amounts stand out, paid is green, carried over is grey. */
export function billStatusColor(status: number): 'warning' | 'info' | 'success' | 'default' {
  if (status === BILL_STATUS.unpaid) return 'warning';
  if (status === BILL_STATUS.partlyPaid) return 'info';
  if (status === BILL_STATUS.paid) return 'success';
  return 'default';
}

/** `POST /odata/OneTimeCharge` (a repair, a replaced key…; `issueID` when it bills an issue report). */
export async function createOneTimeCharge(input: OneTimeChargeCreateInput): Promise<OneTimeChargeReply> {
  const charge = await apiRequest<OneTimeChargeReply>('/odata/OneTimeCharge', {
    method: 'POST',
    body: input,
    toastBadRequest: false,
    handledStatuses: [400, 404, 409],
  });
  void revalidateBills();
  return charge;
}
