import {
  DEFAULT_TENANT_READING_DEADLINE_DAY,
  FIRST_READING_FACTOR,
  IMPLAUSIBLE_USE_FACTOR,
  METER_KIND_LABELS,
  METER_KINDS,
  METER_MESSAGES,
  TENANT_READING_MESSAGES,
  type FieldError,
  type MeterKind,
} from '@nhatro/common';
import type { MeterDoc, MeterRecordDoc, RoomDoc } from './shared/model.js';
import { nextMonth } from './shared/time.js';

/**
 * Meter rules without I/O: the id of a month's reading, the previous index a reading starts from,
 * the use across a replacement, the implausible-jump check and which reading moves the room's
 * current index.
 */

/** Earlier months the room's average use is taken over (the most recent ones). */
export const AVERAGE_MONTHS = 12;

export const CURRENT_INDEX_FIELD: Record<MeterKind, 'currentElectricityIndex' | 'currentWaterIndex'> = {
  electricity: 'currentElectricityIndex',
  water: 'currentWaterIndex',
};

export const METER_RULE_MESSAGES = {
  futureMonth: 'Không thể ghi chỉ số cho tháng sau tháng hiện tại.',
  replacementNotLatest:
    'Chỉ có thể thay đồng hồ ở tháng ghi chỉ số mới nhất của phòng. Hãy sửa các tháng sau trước.',
  aboveNextMonth: (label: string, next: number) =>
    `${label} mới không được lớn hơn chỉ số của tháng sau (${next}).`,
  badImage: 'Tên tệp ảnh không hợp lệ.',
  imageTaken: 'Ảnh này đã được gắn cho phòng, thiết bị hoặc chỉ số khác.',
  mixedHouses: 'Mọi chỉ số trong một lần lưu phải thuộc cùng một nhà trọ.',
  houseRequired: 'Thiếu mã nhà trọ (houseID).',
} as const;

/** `<roomID>_e_<month>` / `<roomID>_w_<month>`: a month read twice is the same document. */
export function meterRecordID(roomID: string, kind: MeterKind, month: string): string {
  return `${roomID}_${kind === 'electricity' ? 'e' : 'w'}_${month}`;
}

/** 'Chỉ số điện' / 'Chỉ số nước', as messages name the reading. */
export function indexLabel(kind: MeterKind): string {
  return `Chỉ số ${METER_KIND_LABELS[kind].toLowerCase()}`;
}

/** Indexes may carry decimals (water in m³): differences are kept to three places. */
function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The meter a room reads now (of one kind): the one not replaced, the newest if several. */
export function activeMeter<T extends Pick<MeterDoc, 'replacedOn' | 'installedOn'>>(
  meters: readonly T[],
): T | undefined {
  return [...meters]
    .filter((meter) => meter.replacedOn === undefined)
    .sort((a, b) => b.installedOn.localeCompare(a.installedOn))[0];
}

/** The room's first meter of a kind: the one its readings started from before any replacement. */
export function firstMeter<T extends Pick<MeterDoc, 'replacedOn' | 'installedOn'>>(
  meters: readonly T[],
): T | undefined {
  return [...meters].sort(
    (a, b) =>
      a.installedOn.localeCompare(b.installedOn) ||
      // Installed and replaced the same day: the replaced one came first.
      Number(a.replacedOn === undefined) - Number(b.replacedOn === undefined),
  )[0];
}

/** Meters newest first, the one in use before a replaced one installed the same day. */
export function newestMetersFirst<T extends Pick<MeterDoc, 'replacedOn' | 'installedOn'>>(
  meters: readonly T[],
): T[] {
  return [...meters].sort(
    (a, b) =>
      b.installedOn.localeCompare(a.installedOn) ||
      Number(a.replacedOn !== undefined) - Number(b.replacedOn !== undefined),
  );
}

type Reading = Pick<MeterRecordDoc, 'month' | 'newIndex' | 'usage'>;

/** The last reading of a month before `month`, if any (readings of one room and kind). */
export function readingBefore<T extends Reading>(history: readonly T[], month: string): T | undefined {
  return history
    .filter((record) => record.month < month)
    .reduce<T | undefined>(
      (latest, record) => (!latest || record.month > latest.month ? record : latest),
      undefined,
    );
}

/** The first reading of a month after `month`, if any. */
export function readingAfter<T extends Reading>(history: readonly T[], month: string): T | undefined {
  return history
    .filter((record) => record.month > month)
    .reduce<T | undefined>(
      (earliest, record) => (!earliest || record.month < earliest.month ? record : earliest),
      undefined,
    );
}

/** Where a month's reading starts: the last earlier reading's new index, or the meter's start index. */
export function previousIndexFor(history: readonly Reading[], month: string, startIndex: number): number {
  return readingBefore(history, month)?.newIndex ?? startIndex;
}

export interface Replacement {
  oldMeterFinalIndex: number;
  newMeterStartIndex: number;
}

/** Units used: new − previous, or across a replacement (old final − previous) + (new − new start). */
export function usageOf(previousIndex: number, newIndex: number, replacement?: Replacement): number {
  if (!replacement) return round3(newIndex - previousIndex);
  return round3(replacement.oldMeterFinalIndex - previousIndex + (newIndex - replacement.newMeterStartIndex));
}

/**
 * The room's average use over its earlier months (at most `AVERAGE_MONTHS`, the most recent), or
 * `undefined` without history: a first reading is never judged.
 */
export function averageUse(history: readonly Reading[], month: string): number | undefined {
  const earlier = history
    .filter((record) => record.month < month)
    .sort((a, b) => b.month.localeCompare(a.month))
    .slice(0, AVERAGE_MONTHS);
  if (earlier.length === 0) return undefined;
  return round3(earlier.reduce((sum, record) => sum + record.usage, 0) / earlier.length);
}

/** Use above `IMPLAUSIBLE_USE_FACTOR` times a positive average (an average of 0 judges nothing). */
export function isImplausible(use: number, average: number | undefined): boolean {
  return average !== undefined && average > 0 && use > IMPLAUSIBLE_USE_FACTOR * average;
}

/**
 * The median, over the house's other rooms with readings of this kind, of each room's average use
 * (its up to `AVERAGE_MONTHS` latest months up to `month`); `undefined` with fewer than two such rooms
 * or a median of 0: nothing to compare a first reading with.
 */
export function houseMedianUse(
  records: readonly Pick<MeterRecordDoc, 'roomID' | 'kind' | 'month' | 'usage' | 'newIndex'>[],
  kind: MeterKind,
  roomID: string,
  month: string,
): number | undefined {
  const byRoom = new Map<string, Array<(typeof records)[number]>>();
  for (const record of records) {
    if (record.kind !== kind || record.roomID === roomID || record.month > month) continue;
    byRoom.set(record.roomID, [...(byRoom.get(record.roomID) ?? []), record]);
  }
  // Up to and including `month`: a room read this month is a fair comparison.
  const averages = [...byRoom.values()]
    .map((history) => averageUse(history, nextMonth(month)))
    .filter((average): average is number => average !== undefined)
    .sort((a, b) => a - b);
  if (averages.length < 2) return undefined;
  const middle = Math.floor(averages.length / 2);
  const median =
    averages.length % 2 === 1
      ? (averages[middle] as number)
      : ((averages[middle - 1] as number) + (averages[middle] as number)) / 2;
  return median > 0 ? round3(median) : undefined;
}

export interface ReadingFacts {
  kind: MeterKind;
  newIndex: number;
  replacement?: Replacement;
  confirmed?: boolean;
  previousIndex: number;
  average: number | undefined;
  /** With no history: the median use of the house's other rooms ({@link houseMedianUse}). */
  houseMedian?: number | undefined;
}

export type ReadingCheck =
  { ok: true; usage: number; flagged: boolean } | { ok: false; errors: FieldError[] };

/**
 * Checks one reading: not below the previous index unless the meter was replaced (then the old
 * meter's final index not below the previous one, the new index not below the new meter's start),
 * and an implausible use only with the reader's confirmation, then marked for the landlord.
 * `field` prefixes the field names (`records.3.`) in a batch.
 */
export function checkReading(facts: ReadingFacts, field = ''): ReadingCheck {
  const { kind, newIndex, replacement, previousIndex } = facts;
  const label = indexLabel(kind);
  const errors: FieldError[] = [];
  if (replacement) {
    if (replacement.oldMeterFinalIndex < previousIndex) {
      errors.push({
        field: `${field}replacement.oldMeterFinalIndex`,
        errorMessage: METER_MESSAGES.finalBelowPrevious(previousIndex),
      });
    }
    if (newIndex < replacement.newMeterStartIndex) {
      errors.push({ field: `${field}newIndex`, errorMessage: METER_MESSAGES.newBelowStart });
    }
  } else if (newIndex < previousIndex) {
    errors.push({
      field: `${field}newIndex`,
      errorMessage: METER_MESSAGES.belowPrevious(label, previousIndex),
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  const usage = usageOf(previousIndex, newIndex, replacement);
  const implausible = isImplausible(usage, facts.average);
  // A first reading (no history) is compared with the house's other rooms instead.
  const firstImplausible =
    facts.average === undefined &&
    facts.houseMedian !== undefined &&
    usage > FIRST_READING_FACTOR * facts.houseMedian;
  if ((implausible || firstImplausible) && facts.confirmed !== true) {
    const label = METER_KIND_LABELS[kind];
    return {
      ok: false,
      errors: [
        {
          field: `${field}newIndex`,
          errorMessage: implausible
            ? METER_MESSAGES.implausible(label, usage, facts.average ?? 0)
            : METER_MESSAGES.firstReadingImplausible(label, usage, facts.houseMedian ?? 0),
        },
      ],
    };
  }
  return { ok: true, usage, flagged: implausible || firstImplausible };
}

/**
 * The room's current index after a reading of `month`: the reading's new index when no later month
 * was read, otherwise unchanged (`undefined`): editing an older month never moves it back.
 */
export function currentIndexAfter(
  history: readonly Pick<MeterRecordDoc, 'month'>[],
  month: string,
  newIndex: number,
): number | undefined {
  return history.some((record) => record.month > month) ? undefined : newIndex;
}

/** A new meter of a room; `startIndex` is what it shows on `installedOn`. */
export function newMeterDoc(
  room: Pick<RoomDoc, 'houseID' | 'roomID'>,
  kind: MeterKind,
  fields: { meterID: string; startIndex: number; installedOn: string; serial?: string },
): MeterDoc {
  return {
    id: fields.meterID,
    pk: room.houseID,
    type: 'meter',
    meterID: fields.meterID,
    houseID: room.houseID,
    roomID: room.roomID,
    kind,
    ...(fields.serial ? { serial: fields.serial } : {}),
    startIndex: fields.startIndex,
    installedOn: fields.installedOn,
  };
}

/** `<roomID>_sub_<month>`: a tenant's second sending of a month is the same document. */
export function meterSubmissionID(roomID: string, month: string): string {
  return `${roomID}_sub_${month}`;
}

/** The last day of the month a tenant of the house may send readings (the house's, else the default). */
export function tenantReadingDeadlineDayOf(house: { tenantReadingDeadlineDay?: number }): number {
  return house.tenantReadingDeadlineDay ?? DEFAULT_TENANT_READING_DEADLINE_DAY;
}

/**
 * Why a tenant may not send readings today (`today` a Vietnamese date): the house does not let tenants
 * read (403: not theirs to do), or the month's deadline has passed (409: the staff round reads the room).
 */
export function tenantReadingClosed(
  house: { tenantMeterReading?: boolean; tenantReadingDeadlineDay?: number },
  today: string,
): { status: 403 | 409; message: string } | undefined {
  if (house.tenantMeterReading !== true) return { status: 403, message: TENANT_READING_MESSAGES.notEnabled };
  const deadline = tenantReadingDeadlineDayOf(house);
  if (Number(today.slice(8, 10)) > deadline) {
    return { status: 409, message: TENANT_READING_MESSAGES.pastDeadline(deadline) };
  }
  return undefined;
}

/**
 * A staff reading supersedes a tenant's pending one: once both meters of the room carry a reading of
 * the month recorded after the tenant sent theirs, the sending is no longer the landlord's to decide.
 */
export function isSuperseded(
  submission: { roomID: string; month: string; submittedOn: string },
  records: ReadonlyArray<Pick<MeterRecordDoc, 'roomID' | 'month' | 'kind' | 'recordedOn'>>,
): boolean {
  return METER_KINDS.every((kind) =>
    records.some(
      (record) =>
        record.roomID === submission.roomID &&
        record.month === submission.month &&
        record.kind === kind &&
        record.recordedOn > submission.submittedOn,
    ),
  );
}

/**
 * Whether today (a Vietnamese date) is a day tenants of the house are reminded to read their meters:
 * from the billing day (or the deadline day, when it comes first) through the deadline day. The reminder
 * is written once per contract and month, so the later days only catch up a missed run.
 */
export function tenantReadingReminderDue(
  house: { tenantMeterReading?: boolean; tenantReadingDeadlineDay?: number },
  billingDay: number,
  today: string,
): boolean {
  if (house.tenantMeterReading !== true) return false;
  const deadline = tenantReadingDeadlineDayOf(house);
  const day = Number(today.slice(8, 10));
  return day >= Math.min(billingDay, deadline) && day <= deadline;
}
