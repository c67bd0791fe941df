import {
  CONTRACT_STATUS,
  type BillReminderInput,
  type BillReminderResult,
  type CashPaymentInput,
  type Contract,
  type HouseBillFilter,
  type HouseMonthBillRow,
  type HouseMonthBills,
} from '@nhatro/common';
import type { SWRResponse } from 'swr';
import { apiRequest, fetchPdf, type ODataCollection } from '../../lib/api';
import {
  billKeys,
  type MonthlyBillReply,
  type OneTimeChargeReply,
} from '../../lib/api/resources/monthlyBills';
import { useApiResource } from '../../lib/api/swr';
import { paths } from '../../lib/paths';

// Reads of one bill or charge and the room lists are shared (lib/api/resources/bills.ts); the writes
// and what only these pages need live here.

const enc = encodeURIComponent;

/** Statuses the pages explain themselves (the server's errorMessage in a toast or under a field). */
const WRITE_REQUEST = { toastBadRequest: false, handledStatuses: [400, 404, 409, 412] } as const;

/** `PATCH /odata/MonthlyBill/{id}`: money received in cash (the whole rest or a part). */
export function recordBillPayment(
  bill: MonthlyBillReply,
  payment: CashPaymentInput,
): Promise<MonthlyBillReply> {
  return apiRequest<MonthlyBillReply>(billKeys.bill(bill.monthlyBillID), {
    method: 'PATCH',
    body: { payment },
    ifMatch: bill['@odata.etag'],
    ...WRITE_REQUEST,
  });
}

/** `PATCH /odata/OneTimeCharge/{id}`: money received in cash for a charge. */
export function recordChargePayment(
  charge: OneTimeChargeReply,
  payment: CashPaymentInput,
): Promise<OneTimeChargeReply> {
  return apiRequest<OneTimeChargeReply>(billKeys.charge(charge.oneTimeChargeID), {
    method: 'PATCH',
    body: { payment },
    ifMatch: charge['@odata.etag'],
    ...WRITE_REQUEST,
  });
}

export function deleteOneTimeCharge(charge: OneTimeChargeReply): Promise<unknown> {
  return apiRequest(billKeys.charge(charge.oneTimeChargeID), {
    method: 'DELETE',
    ifMatch: charge['@odata.etag'],
    ...WRITE_REQUEST,
  });
}

export interface BillShareLink {
  /** The whole address to send (this site's origin + /guestMonthlyBill/{id}?t=…). */
  url: string;
  expiresOn: string;
}

/** `POST /odata/MonthlyBill/{id}/GuestLink`: a signed 7-day link that shows the bill without an account. */
export async function createBillShareLink(monthlyBillID: string): Promise<BillShareLink> {
  const reply = await apiRequest<{ url: string; expiresOn: string }>(
    `${billKeys.bill(monthlyBillID)}/GuestLink`,
    { method: 'POST', ...WRITE_REQUEST },
  );
  const served = new URL(reply.url, window.location.origin);
  const token = served.searchParams.get('t');
  const path =
    token === null ? `${served.pathname}${served.search}` : paths.guestMonthlyBill(monthlyBillID, token);
  return { url: new URL(path, window.location.origin).href, expiresOn: reply.expiresOn };
}

/** `DELETE /odata/MonthlyBill/{id}/GuestLink`: the link sent stops opening the bill. */
export async function revokeBillShareLink(monthlyBillID: string): Promise<void> {
  await apiRequest(`${billKeys.bill(monthlyBillID)}/GuestLink`, { method: 'DELETE', ...WRITE_REQUEST });
}

/**
 * `GET /api/MonthlyBill/Pdf`: the bill as an A5 PDF. The API client reads JSON only, so the file is
 * fetched here with the session's bearer; an expired token is renewed by one authenticated call through
 * the client (which refreshes it, or ends the session) before the one retry.
 */
export async function fetchBillPdf(monthlyBillID: string): Promise<Blob> {
  const path = `/api/MonthlyBill/Pdf?monthlyBillID=${enc(monthlyBillID)}`;
  return fetchPdf(path, billKeys.bill(monthlyBillID));
}

/** The room's active contract, the one a new charge belongs to (null when the room has none). */
export function useActiveRoomContract(
  houseID: string | null,
  roomID: string,
): SWRResponse<ODataCollection<Contract>, Error> {
  const filter = enc(`status eq ${CONTRACT_STATUS.active}`);
  return useApiResource<ODataCollection<Contract>>(
    houseID === null
      ? null
      : `/odata/Contract?HouseID=${enc(houseID)}&roomID=${enc(roomID)}&$filter=${filter}&$top=1`,
  );
}

export interface HouseMonthQuery {
  houseID: string;
  /** `yyyy-mm`, or '' for the latest month issued. */
  month: string;
  status: HouseBillFilter;
  page: number;
  pageSize: number;
}

/** `GET /api/MonthlyBill/HouseMonth`: the key of a page of the month's bills of a house. */
export function houseMonthKey(query: HouseMonthQuery): string {
  const params = new URLSearchParams({ houseID: query.houseID });
  if (query.month !== '') params.set('month', query.month);
  params.set('status', query.status);
  params.set('top', String(query.pageSize));
  params.set('skip', String(query.page * query.pageSize));
  return `/api/MonthlyBill/HouseMonth?${params.toString()}`;
}

/** The month's bills of a house with its totals (null: no house chosen yet). */
export function useHouseMonthBills(query: HouseMonthQuery | null): SWRResponse<HouseMonthBills, Error> {
  return useApiResource<HouseMonthBills>(query === null ? null : houseMonthKey(query), {
    keepPreviousData: true,
  });
}

/** `POST /api/MonthlyBill/Remind`: these bills' tenants, or every bill of the month still owed. */
export function remindTenants(input: BillReminderInput): Promise<BillReminderResult> {
  return apiRequest<BillReminderResult>('/api/MonthlyBill/Remind', {
    method: 'POST',
    body: input,
    ...WRITE_REQUEST,
  });
}

/** `PATCH /odata/MonthlyBill/{id}` from a row of the month's bills (its ETag as read). */
export function recordRowPayment(row: HouseMonthBillRow, payment: CashPaymentInput): Promise<unknown> {
  return apiRequest(billKeys.bill(row.monthlyBillID), {
    method: 'PATCH',
    body: { payment },
    ...(row['@odata.etag'] ? { ifMatch: row['@odata.etag'] } : {}),
    ...WRITE_REQUEST,
  });
}

/** The bill's month's meter readings of its room (their photos, if the reader took one). */
export function useBillReadings(
  roomID: string,
  month: string,
): SWRResponse<ODataCollection<{ kind: string; imageBlobName?: string }>, Error> {
  return useApiResource(`/odata/MeterRecord?roomID=${enc(roomID)}&month=${enc(month)}`);
}

/** A short-lived read URL of a meter photo (the API checks it is of the caller's room or house). */
export async function meterPhotoUrl(blobName: string): Promise<string> {
  const reply = await apiRequest<{ url: string }>(
    `/api/BlobAccess/GetReadURL?container=room-images&blobName=${enc(blobName)}`,
  );
  return reply.url;
}
