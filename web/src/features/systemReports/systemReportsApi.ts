import type { IncomeMonth, SystemPayment } from '@nhatro/common';
import type { SWRResponse } from 'swr';
import { fetchAllPages, type ODataCollection } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

const enc = encodeURIComponent;
const REPORT = '/odata/SystemPaymentReport';

/** A range of months, `yyyy-mm`, both included. */
export interface MonthRange {
  from: string;
  to: string;
}

export function useIncomeHistory(range: MonthRange): SWRResponse<ODataCollection<IncomeMonth>, Error> {
  return useApiResource<ODataCollection<IncomeMonth>>(
    `${REPORT}/IncomeHistory?from=${enc(range.from)}&to=${enc(range.to)}`,
  );
}

/** The first instant of a month in Vietnam, as the API stores instants. */
function monthStart(month: string): string {
  return new Date(`${month}-01T00:00:00+07:00`).toISOString();
}

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

function rangeFilter(range: MonthRange): string {
  return enc(
    `confirmedOn ge ${monthStart(range.from)} and confirmedOn lt ${monthStart(nextMonth(range.to))}`,
  );
}

/** One page of the confirmed payments of the range, newest first (server-paged). */
export function usePlatformPayments(
  range: MonthRange,
  page: number,
  pageSize: number,
): SWRResponse<ODataCollection<SystemPayment>, Error> {
  return useApiResource<ODataCollection<SystemPayment>>(
    `${REPORT}?$filter=${rangeFilter(range)}&$top=${pageSize}&$skip=${page * pageSize}&$count=true`,
    { keepPreviousData: true },
  );
}

/** Every confirmed payment of the range, for the spreadsheet. */
export function allPlatformPayments(range: MonthRange): Promise<SystemPayment[]> {
  return fetchAllPages<SystemPayment>(`${REPORT}?$filter=${rangeFilter(range)}`);
}
