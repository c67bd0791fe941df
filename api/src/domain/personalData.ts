import type { LesseeInfo } from '@nhatro/common';
import { CONTRACT_STATUS } from '@nhatro/common';

/**
 * Personal data kept lawfully (Law 91/2025/QH15 on personal data protection, from 1 January 2026;
 * issue 27 §4). Pure rules: when an occupant's identity data is erased, and what erasing leaves.
 * What is stored and why is in `docs/personal-data.md`.
 */

/** Months identity data is kept after a stay ends, unless the house says otherwise. */
export const DEFAULT_IDENTITY_RETENTION_MONTHS = 12;

/** What the consent recorded with identity data says it is for. */
export const IDENTITY_CONSENT_PURPOSE =
  'Khai báo tạm trú, lưu trú với công an và lập hợp đồng thuê phòng (Luật Cư trú 2020, Luật Bảo vệ dữ liệu cá nhân 2025).';

/** The identity fields erased when their time is up: the number, where and when it was issued, the photos. */
export const IDENTITY_FIELDS = [
  'citizenID',
  'placeOfIssue',
  'dateOfIssue',
  'citizenIDFrontImage',
  'citizenIDBackImage',
  'portraitImage',
  'residenceReceiptImage',
] as const;
export const IDENTITY_PHOTO_FIELDS = [
  'citizenIDFrontImage',
  'citizenIDBackImage',
  'portraitImage',
  'residenceReceiptImage',
] as const;

type Occupant = Pick<
  LesseeInfo,
  (typeof IDENTITY_FIELDS)[number] | 'status' | 'residentialEndDate' | 'identityErasedAt'
>;
interface Tenancy {
  status: number;
  endDate: string;
  terminatedOn?: string | undefined;
}

/** Whether the occupant still has an identity number or photo stored. */
export function holdsIdentityData(occupant: Occupant): boolean {
  return IDENTITY_FIELDS.some((field) => Boolean(occupant[field]));
}

/**
 * The last day of the person's stay, once it has ended: the contract's early end or end when the
 * contract is over, else their own residence end (or the contract's end) when they moved out before it.
 * `undefined` while they still live there.
 */
export function stayEnded(occupant: Occupant, contract: Tenancy): string | undefined {
  if (contract.status !== CONTRACT_STATUS.active) return contract.terminatedOn ?? contract.endDate;
  if (occupant.status === 2) return occupant.residentialEndDate ?? contract.endDate;
  return undefined;
}

/** `date` plus `months` calendar months; the 31st of a shorter month becomes its last day. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** The day the occupant's identity data is erased; `undefined` while they live there or when nothing is left. */
export function identityErasureDate(
  occupant: Occupant,
  contract: Tenancy,
  retentionMonths: number | undefined,
): string | undefined {
  if (!holdsIdentityData(occupant)) return undefined;
  const ended = stayEnded(occupant, contract);
  return ended ? addMonths(ended, retentionMonths ?? DEFAULT_IDENTITY_RETENTION_MONTHS) : undefined;
}

/** The occupant without identity data: name, gender, contacts and the stay's dates stay. */
export function withoutIdentity<T extends Occupant>(occupant: T, erasedAt: string): T {
  const kept = { ...occupant, identityErasedAt: erasedAt };
  for (const field of IDENTITY_FIELDS) delete kept[field];
  return kept;
}
