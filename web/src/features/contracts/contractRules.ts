import {
  CONTRACT_STATUS,
  CONTRACT_STATUS_LABELS,
  METERED_UNITS,
  type ContractStatus,
  type Fee,
} from '@nhatro/common';
import { formatDate, formatMoney } from '../../lib/format';

export function isContractStatus(value: unknown): value is ContractStatus {
  return (
    value === CONTRACT_STATUS.active ||
    value === CONTRACT_STATUS.expired ||
    value === CONTRACT_STATUS.terminated
  );
}

export function contractStatusLabel(status: number): string {
  return isContractStatus(status) ? CONTRACT_STATUS_LABELS[status] : `Trạng thái ${status}`;
}

export const CONTRACT_STATUS_COLORS: Record<ContractStatus, 'success' | 'warning' | 'default'> = {
  1: 'success',
  2: 'warning',
  3: 'default',
};

/** yyyy-mm-dd + n months, clamped to the month's last day (31/01 + 1 month → 28 or 29/02). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A term of n months from `start`: it ends the day before the same date n months later. */
export function termEnd(start: string, months: number): string {
  return addDays(addMonths(start, months), -1);
}

/** 'yyyy-mm-dd' → 'dd/mm/yyyy' without time zones (a calendar date is the same day everywhere). */
export function formatDay(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : formatDate(isoDate);
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The month after the one of `isoDate`, as yyyy-mm (when a new rent starts by default). */
export function nextMonth(isoDate: string): string {
  return addMonths(`${isoDate.slice(0, 7)}-01`, 1).slice(0, 7);
}

/** Vietnamese names of the fields a contract's history records. */
const CHANGE_FIELD_LABELS: Record<string, string> = {
  endDate: 'Ngày kết thúc',
  startDate: 'Ngày bắt đầu',
  rentFee: 'Tiền thuê',
  deposit: 'Tiền cọc',
  deposited: 'Đã nhận cọc',
  representativeLesseeEmail: 'Email người đại diện',
  status: 'Trạng thái',
  refundedOn: 'Ngày hoàn tiền cho người thuê',
};

const MONEY_FIELDS = new Set(['rentFee', 'deposit']);
const DATE_FIELDS = new Set(['endDate', 'startDate', 'refundedOn']);

/** The base field of a history entry: 'rentFee (từ tháng 01/2027)' is the rent from that month. */
function baseField(field: string): { base: string; suffix: string } {
  const match = /^(\w+)\s*(.*)$/.exec(field);
  return { base: match?.[1] ?? field, suffix: match?.[2] ?? '' };
}

export function changeFieldLabel(field: string): string {
  const { base, suffix } = baseField(field);
  const label = CHANGE_FIELD_LABELS[base] ?? base;
  return suffix === '' ? label : `${label} ${suffix}`;
}

export function changeValueText(field: string, value: string | number | boolean | null): string {
  if (value === null || value === '') return '—';
  const { base } = baseField(field);
  if (base === 'status' && typeof value === 'number') return contractStatusLabel(value);
  if (MONEY_FIELDS.has(base) && typeof value === 'number') return formatMoney(value);
  if (DATE_FIELDS.has(base) && typeof value === 'string') return formatDay(value) || value;
  if (typeof value === 'boolean') return value ? 'Có' : 'Không';
  return String(value);
}

const nameCollator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

/** Điện and Nước first, then the other fees by name (as the fee page lists them). */
export function sortFees(fees: readonly Fee[]): Fee[] {
  const metered = (fee: Fee) => Number(METERED_UNITS.includes(fee.unit));
  return [...fees].sort(
    (a, b) => metered(b) - metered(a) || nameCollator.compare(a.serviceName, b.serviceName),
  );
}
