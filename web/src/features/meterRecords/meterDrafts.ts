import {
  FIRST_READING_FACTOR,
  IMPLAUSIBLE_USE_FACTOR,
  METER_KINDS,
  meterReadingSchema,
  parseVietnameseNumber,
  type MeterKind,
  type MeterReadingInput,
} from '@nhatro/common';
import type { MeterRecordReply } from './meterRecordsApi';

/**
 * What a reader typed for one meter and has not saved yet. Values stay text until saved, so nothing
 * typed is rewritten; they live in localStorage (per house and month) until the server has them, so a
 * dropped connection or a reload loses nothing.
 */
export interface KindDraft {
  value: string;
  replaced: boolean;
  oldFinal: string;
  newStart: string;
  confirmed: boolean;
  /** A photo of the meter, uploaded already, sent with the reading. */
  imageBlobName?: string;
}
export type RoomDraft = Partial<Record<MeterKind, KindDraft>>;
export type DraftMap = Record<string, RoomDraft>;

/** The month's records of one room, by kind. */
export type RoomRecords = Partial<Record<MeterKind, MeterRecordReply>>;

const STORAGE_PREFIX = 'meterDrafts';

function storageKey(houseID: string, month: string): string {
  return `${STORAGE_PREFIX}:${houseID}:${month}`;
}

function isKindDraft(value: unknown): value is KindDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.value === 'string' &&
    typeof draft.replaced === 'boolean' &&
    typeof draft.oldFinal === 'string' &&
    typeof draft.newStart === 'string' &&
    typeof draft.confirmed === 'boolean' &&
    (draft.imageBlobName === undefined || typeof draft.imageBlobName === 'string')
  );
}

/** The unsaved values of a house's month; anything unreadable is dropped. */
export function loadDrafts(houseID: string, month: string): DraftMap {
  let parsed: unknown;
  try {
    parsed = JSON.parse(window.localStorage.getItem(storageKey(houseID, month)) ?? '{}');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const drafts: DraftMap = {};
  for (const [roomID, room] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof room !== 'object' || room === null) continue;
    const kinds: RoomDraft = {};
    for (const kind of METER_KINDS) {
      const draft = (room as Record<string, unknown>)[kind];
      if (isKindDraft(draft)) kinds[kind] = draft;
    }
    if (Object.keys(kinds).length > 0) drafts[roomID] = kinds;
  }
  return drafts;
}

export function storeDrafts(houseID: string, month: string, drafts: DraftMap): void {
  try {
    if (Object.keys(drafts).length === 0) window.localStorage.removeItem(storageKey(houseID, month));
    else window.localStorage.setItem(storageKey(houseID, month), JSON.stringify(drafts));
  } catch {
    // Storage full or disabled: the values stay in memory for this visit.
  }
}

/** A new draft of one meter, starting from what the server has. */
export function draftFromRecord(record: MeterRecordReply | undefined): KindDraft {
  return {
    value: record ? String(record.newIndex) : '',
    replaced: record?.replacement !== undefined,
    oldFinal: record?.replacement ? String(record.replacement.oldMeterFinalIndex) : '',
    newStart: record?.replacement ? String(record.replacement.newMeterStartIndex) : '',
    confirmed: false,
    ...(record?.imageBlobName ? { imageBlobName: record.imageBlobName } : {}),
  };
}

/** Index typed as text: "1.234" and "1234" are the same; empty is undefined, garbage NaN. */
export function parseIndex(text: string): number | undefined {
  return parseVietnameseNumber(text.trim());
}

/** The use the reading gives (across a replacement), or null while it cannot be worked out. */
export function liveUsage(previous: number, draft: KindDraft): number | null {
  const next = parseIndex(draft.value);
  if (next === undefined || !Number.isFinite(next)) return null;
  if (!draft.replaced) return round(next - previous);
  const oldFinal = parseIndex(draft.oldFinal);
  const newStart = parseIndex(draft.newStart);
  if (oldFinal === undefined || newStart === undefined || !Number.isFinite(oldFinal + newStart)) return null;
  return round(oldFinal - previous + (next - newStart));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** True when the draft says something the server does not have yet. */
export function draftDiffers(draft: KindDraft, record: MeterRecordReply | undefined): boolean {
  if (draft.value.trim() === '') return false;
  if (record === undefined) return true;
  const saved = draftFromRecord(record);
  return (
    draft.imageBlobName !== saved.imageBlobName ||
    parseIndex(draft.value) !== record.newIndex ||
    draft.replaced !== saved.replaced ||
    (draft.replaced &&
      (parseIndex(draft.oldFinal) !== parseIndex(saved.oldFinal) ||
        parseIndex(draft.newStart) !== parseIndex(saved.newStart))) ||
    draft.confirmed
  );
}

export type ReadingField = 'newIndex' | 'oldMeterFinalIndex' | 'newMeterStartIndex';
export interface KindProblem {
  field: ReadingField;
  message: string;
  /** The use is implausible: resending with `confirmed: true` is allowed. */
  needsConfirmation?: boolean;
}

/** The request body of one meter's draft, or the first problem found before asking the server. */
export function readingFromDraft(
  roomID: string,
  kind: MeterKind,
  month: string,
  draft: KindDraft,
  record: MeterRecordReply | undefined,
): { reading: MeterReadingInput } | { problem: KindProblem } {
  const input: Record<string, unknown> = {
    roomID,
    kind,
    month,
    newIndex: parseIndex(draft.value),
  };
  if (draft.replaced) {
    input.replacement = {
      oldMeterFinalIndex: parseIndex(draft.oldFinal),
      newMeterStartIndex: parseIndex(draft.newStart),
    };
  }
  if (draft.confirmed) input.confirmed = true;
  if (draft.imageBlobName !== undefined && draft.imageBlobName !== record?.imageBlobName) {
    input.imageBlobName = draft.imageBlobName;
  }
  if (record?.['@odata.etag']) input.etag = record['@odata.etag'];
  const result = meterReadingSchema.safeParse(input);
  if (result.success) return { reading: result.data };
  const issue = result.error.issues[0];
  const last = issue?.path[issue.path.length - 1];
  const field: ReadingField =
    last === 'oldMeterFinalIndex' || last === 'newMeterStartIndex' ? last : 'newIndex';
  return { problem: { field, message: issue?.message ?? 'Chỉ số không hợp lệ.' } };
}

// Far above the room's average, or (a first reading) above the median of the house's other rooms.
const IMPLAUSIBLE_PATTERN = new RegExp(`cao hơn (${IMPLAUSIBLE_USE_FACTOR}|${FIRST_READING_FACTOR}) lần`);

/** Reads a 400 item of the API (`{ field, errorMessage }`) as a problem of one meter's fields. */
export function problemFromItem(field: string, message: string): KindProblem {
  const last = field.split('.').pop() ?? '';
  const known: ReadingField =
    last === 'oldMeterFinalIndex' || last === 'newMeterStartIndex' ? last : 'newIndex';
  return {
    field: known,
    message,
    needsConfirmation: last === 'confirmed' || IMPLAUSIBLE_PATTERN.test(message),
  };
}

/** The `[{ field, errorMessage }]` items of a 400 reply (or a single `{ errorMessage }`). */
export function badRequestItems(body: unknown): Array<{ field: string; message: string }> {
  const list = Array.isArray(body) ? (body as unknown[]) : [body];
  const items: Array<{ field: string; message: string }> = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { field, errorMessage, value } = item as Record<string, unknown>;
    const message =
      typeof errorMessage === 'string' && errorMessage !== ''
        ? errorMessage
        : typeof value === 'string'
          ? value
          : '';
    if (message !== '') items.push({ field: typeof field === 'string' ? field : 'newIndex', message });
  }
  return items;
}

/** "2026-11" of today in Vietnam. */
export function currentVietnamMonth(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(now).slice(0, 7);
}

/** This month and the eleven before it, newest first. */
export function recentMonths(current: string, count = 12): string[] {
  const [year = 0, month = 1] = current.split('-').map(Number);
  return Array.from({ length: count }, (_, back) => {
    const total = year * 12 + (month - 1) - back;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}

/** "2026-11" → "Tháng 11/2026". */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-');
  return `Tháng ${Number(monthNumber)}/${year}`;
}
