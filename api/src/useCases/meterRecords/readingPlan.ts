import { randomUUID } from 'node:crypto';
import { METER_KINDS, type FieldError, type MeterKind, type MeterReadingInput } from '@nhatro/common';
import {
  activeMeter,
  averageUse,
  checkReading,
  CURRENT_INDEX_FIELD,
  currentIndexAfter,
  firstMeter,
  houseMedianUse,
  indexLabel,
  METER_RULE_MESSAGES,
  newMeterDoc,
  previousIndexFor,
  readingAfter,
  type Replacement,
} from '../../domain/meterRecords.js';
import { groupBy } from '../../domain/shared/groupBy.js';
import type { HouseScopedDoc, MeterDoc, MeterRecordDoc, RoomDoc } from '../../domain/shared/model.js';

/**
 * The rules of a request's readings applied to what the house has stored: the record of each reading,
 * the meters a replacement retires and installs, the next month moved when a reading changes its start,
 * and the rooms' current indexes. Nothing is written here: the plan says what to write, or why not.
 */

/** One reading of the request, with where its errors point (`records.3.`) and its month settled. */
export interface Reading {
  input: MeterReadingInput;
  field: string;
  month: string;
  room: RoomDoc;
  id: string;
}

/** Who reads, and when. */
export interface ReadingContext {
  houseID: string;
  now: Date;
  today: string;
  reader: { userID: string; fullName: string };
  /** The house's recent readings, to judge a room's first reading by the other rooms. */
  houseRecords?: readonly MeterRecordDoc[];
}

const keyOf = (roomID: string, kind: MeterKind) => `${roomID}|${kind}`;
const byRoomAndKind = (doc: { roomID: string; kind: MeterKind }) => keyOf(doc.roomID, doc.kind);

/** The meter a reading is taken on, and the replacement it records; `undefined` when refused. */
interface MeterOfReading {
  meterID: string | undefined;
  replacement: MeterRecordDoc['replacement'];
}

export class ReadingPlan {
  /** Meters and records to write, by id. */
  readonly changed = new Map<string, HouseScopedDoc>();
  /** Rooms whose current indexes move, by room id. */
  readonly roomsChanged = new Map<string, RoomDoc>();
  /** Months after a reading whose start this request moved: their bills must not be issued yet. */
  readonly laterMonths: string[] = [];
  readonly errors: FieldError[] = [];
  private readonly meters: Map<string, MeterDoc[]>;
  private readonly records: Map<string, MeterRecordDoc[]>;
  private readonly inBatch: Set<string>;

  constructor(
    meterDocs: readonly MeterDoc[],
    recordDocs: readonly MeterRecordDoc[],
    private readonly readings: readonly Reading[],
    private readonly context: ReadingContext,
  ) {
    this.meters = groupBy(
      meterDocs.map((doc) => ({ ...doc })),
      byRoomAndKind,
    );
    this.records = groupBy(
      recordDocs.map((doc) => ({ ...doc })),
      byRoomAndKind,
    );
    this.inBatch = new Set(readings.map((reading) => reading.id));
  }

  /** Every reading, earlier months first: a later month of the batch starts from the earlier one's new index. */
  applyAll(): this {
    const ordered = [...this.readings].sort((a, b) => a.month.localeCompare(b.month));
    for (const reading of ordered) this.apply(reading);
    return this;
  }

  /** The room's meters of a kind; a room from before meters existed gets both, at its current indexes. */
  private metersOf(room: RoomDoc, kind: MeterKind): MeterDoc[] {
    for (const each of METER_KINDS) {
      const key = keyOf(room.roomID, each);
      if ((this.meters.get(key) ?? []).length > 0) continue;
      const meter = newMeterDoc(room, each, {
        meterID: randomUUID(),
        startIndex: room[CURRENT_INDEX_FIELD[each]],
        installedOn: this.context.today,
      });
      this.meters.set(key, [meter]);
      this.changed.set(meter.id, meter);
    }
    return this.meters.get(keyOf(room.roomID, kind)) ?? [];
  }

  private apply(reading: Reading): void {
    const { input, field, month, room, id } = reading;
    const { kind } = input;
    const key = keyOf(room.roomID, kind);
    const roomMeters = this.metersOf(room, kind);
    const history = this.records.get(key) ?? [];
    const existing = history.find((record) => record.month === month);
    const others = history.filter((record) => record.month !== month);
    const later = readingAfter(others, month);
    const base = firstMeter(roomMeters) as MeterDoc;
    const previousIndex = previousIndexFor(others, month, base.startIndex);

    const meter = this.meterOfReading(reading, roomMeters, existing, later);
    if (!meter) return;
    const { replacement } = meter;
    const meterID = meter.meterID ?? (activeMeter(roomMeters) as MeterDoc).meterID;

    const check = checkReading(
      {
        kind,
        newIndex: input.newIndex,
        ...(replacement ? { replacement } : {}),
        ...(input.confirmed !== undefined ? { confirmed: input.confirmed } : {}),
        previousIndex,
        average: averageUse(others, month),
        houseMedian: houseMedianUse(this.context.houseRecords ?? [], kind, room.roomID, month),
      },
      field,
    );
    if (!check.ok) {
      this.errors.push(...check.errors);
      return;
    }

    const imageBlobName = input.imageBlobName ?? existing?.imageBlobName;
    const { houseID, reader, now } = this.context;
    const record: MeterRecordDoc = {
      id,
      pk: houseID,
      type: 'meterRecord',
      meterRecordID: id,
      houseID,
      roomID: room.roomID,
      roomName: room.roomName,
      floor: room.floor,
      kind,
      month,
      meterID,
      previousIndex,
      newIndex: input.newIndex,
      usage: check.usage,
      ...(replacement ? { replacement } : {}),
      ...(check.flagged ? { flagged: true } : {}),
      ...(imageBlobName ? { imageBlobName } : {}),
      recordedBy: reader.userID,
      recordedByName: reader.fullName,
      recordedOn: now.toISOString(),
    };
    this.records.set(key, [...others, record]);
    this.changed.set(id, record);

    if (later && !this.moveLaterMonth(reading, record, later, others)) return;
    this.moveRoomIndexes(reading, others);
  }

  /**
   * The meter of a reading. A replacement recorded with the reading retires the active meter at its
   * final index and installs the new one; sent again for the same month it corrects the two meters'
   * indexes; for a month before the newest reading it is refused.
   */
  private meterOfReading(
    reading: Reading,
    roomMeters: MeterDoc[],
    existing: MeterRecordDoc | undefined,
    later: MeterRecordDoc | undefined,
  ): MeterOfReading | undefined {
    const { input, field, room } = reading;
    const meterID = existing?.meterID ?? later?.replacement?.oldMeterID ?? later?.meterID;
    if (!input.replacement) return { meterID, replacement: existing?.replacement };
    const { oldMeterFinalIndex, newMeterStartIndex, newMeterSerial } = input.replacement;
    if (existing?.replacement) {
      // Correcting a replacement recorded with this month: the same two meters, new indexes.
      const oldMeterID = existing.replacement.oldMeterID;
      for (const meter of roomMeters) {
        if (meter.meterID === oldMeterID) Object.assign(meter, { finalIndex: oldMeterFinalIndex });
        if (meter.meterID === existing.meterID) {
          Object.assign(meter, {
            startIndex: newMeterStartIndex,
            ...(newMeterSerial ? { serial: newMeterSerial } : {}),
          });
        }
        if (meter.meterID === oldMeterID || meter.meterID === existing.meterID)
          this.changed.set(meter.id, meter);
      }
      return { meterID, replacement: { oldMeterID, oldMeterFinalIndex, newMeterStartIndex } };
    }
    if (later) {
      this.errors.push({
        field: `${field}replacement`,
        errorMessage: METER_RULE_MESSAGES.replacementNotLatest,
      });
      return undefined;
    }
    const old = activeMeter(roomMeters) as MeterDoc;
    Object.assign(old, { replacedOn: this.context.today, finalIndex: oldMeterFinalIndex });
    this.changed.set(old.id, old);
    const fresh = newMeterDoc(room, input.kind, {
      meterID: randomUUID(),
      startIndex: newMeterStartIndex,
      installedOn: this.context.today,
      ...(newMeterSerial ? { serial: newMeterSerial } : {}),
    });
    roomMeters.push(fresh);
    this.changed.set(fresh.id, fresh);
    return {
      meterID: fresh.meterID,
      replacement: { oldMeterID: old.meterID, oldMeterFinalIndex, newMeterStartIndex },
    };
  }

  /**
   * The next month read before this one now starts from this reading (unless the request saves it
   * too); refused when that month's own reading would fall below it. False when refused.
   */
  private moveLaterMonth(
    reading: Reading,
    record: MeterRecordDoc,
    later: MeterRecordDoc,
    others: MeterRecordDoc[],
  ): boolean {
    const { input, field, room } = reading;
    const { kind } = input;
    if (this.inBatch.has(later.id) || later.previousIndex === input.newIndex) return true;
    const next = checkReading(
      {
        kind,
        newIndex: later.newIndex,
        ...(later.replacement ? { replacement: later.replacement as Replacement } : {}),
        confirmed: true,
        previousIndex: input.newIndex,
        average: undefined,
      },
      field,
    );
    if (!next.ok) {
      const limit = later.replacement?.oldMeterFinalIndex ?? later.newIndex;
      this.errors.push({
        field: `${field}newIndex`,
        errorMessage: METER_RULE_MESSAGES.aboveNextMonth(indexLabel(kind), limit),
      });
      return false;
    }
    const moved = { ...later, previousIndex: input.newIndex, usage: next.usage };
    this.records.set(keyOf(room.roomID, kind), [
      ...others.filter((other) => other.id !== later.id),
      record,
      moved,
    ]);
    this.changed.set(later.id, moved);
    this.laterMonths.push(later.month);
    return true;
  }

  /** The room's current index of the kind follows its newest month. */
  private moveRoomIndexes(reading: Reading, others: MeterRecordDoc[]): void {
    const { input, month, room } = reading;
    const currentIndex = currentIndexAfter(others, month, input.newIndex);
    if (currentIndex === undefined) return;
    const current = this.roomsChanged.get(room.roomID) ?? room;
    const fieldName = CURRENT_INDEX_FIELD[input.kind];
    if (current[fieldName] !== currentIndex) {
      this.roomsChanged.set(room.roomID, { ...current, [fieldName]: currentIndex });
    }
  }
}
