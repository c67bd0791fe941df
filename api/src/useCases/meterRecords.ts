import { randomUUID } from 'node:crypto';
import {
  METER_KINDS,
  METER_MESSAGES,
  MONTH_PATTERN,
  TICKET_STATUS,
  type FieldError,
  type MeterKind,
  type MeterReadingBatchInput,
  type MeterReadingInput,
} from '@nhatro/common';
import { lesseeScope } from '../domain/shared/access.js';
import { parseBlobName } from '../domain/shared/blobNames.js';
import { AppError } from '../domain/shared/errors.js';
import {
  activeMeter,
  averageUse,
  checkReading,
  CURRENT_INDEX_FIELD,
  currentIndexAfter,
  firstMeter,
  indexLabel,
  METER_RULE_MESSAGES,
  meterRecordID,
  newMeterDoc,
  previousIndexFor,
  readingAfter,
  type Replacement,
} from '../domain/meterRecords.js';
import type {
  HouseDoc,
  HouseScopedDoc,
  HouseTicketDoc,
  MeterDoc,
  MeterRecordDoc,
  RoomDoc,
} from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { vietnamDate, vietnamMonth } from '../domain/shared/time.js';
import { isStoreError, type Filter, type OrderBy } from '../store/store.js';
import { audit, type Actor } from './shared/actor.js';
import { acceptUpload } from './shared/uploads.js';
import type { Deps } from './shared/deps.js';
import {
  authorizeHouse,
  findInCallersHouse,
  houseDocs,
  listInHouse,
  requireID,
} from './shared/houseScope.js';
import { listEntities, type EntityPage } from './shared/odataQuery.js';
import { roomForCaller } from './shared/houseScope.js';
import { entityView } from './shared/views.js';
import { groupBy } from '../domain/shared/groupBy.js';
import type { PlannedWrite } from './shared/allOrNothing.js';
import { writeAllOrNothing } from './shared/allOrNothing.js';

/**
 * Meter readings (`/odata/MeterRecord`): one record per room, meter kind and month. A reading is
 * checked against the previous one (or the meter's start), a replaced meter keeps its final index,
 * an implausible use needs the reader's confirmation, and the room's current indexes follow the
 * newest month. A batch (a floor, a house) is checked whole before anything is written.
 */

const MONTH_MESSAGE = 'Tháng ghi chỉ số không hợp lệ (định dạng yyyy-mm).';

function requireMonth(value: string): string {
  if (!MONTH_PATTERN.test(value))
    throw AppError.validation([{ field: 'month', errorMessage: MONTH_MESSAGE }]);
  return value;
}

/**
 * A house's readings of a month (`houseID`, `month` defaulting to this month in Vietnam), in floor
 * and room order; or one room's history (`roomID`, newest month first, `month` optional).
 * A lessee reads only their own room's.
 */
export async function listMeterRecords(
  actor: Actor,
  scope: { houseID?: string; roomID?: string; month?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  const { deps, user } = actor;
  const lessee = lesseeScope(user);
  const month = scope.month === undefined ? undefined : requireMonth(scope.month);
  const conditions: Filter[] = [{ op: 'eq', field: 'type', value: 'meterRecord' }];
  const roomID = scope.roomID ?? (scope.houseID === undefined ? lessee?.roomID : undefined);
  let houseID: string;
  let order: OrderBy[];
  if (roomID !== undefined) {
    const room = await roomForCaller(actor, requireID(roomID, 'Mã phòng'));
    houseID = room.houseID;
    conditions.push({ op: 'eq', field: 'roomID', value: room.roomID });
    if (month) conditions.push({ op: 'eq', field: 'month', value: month });
    order = [{ field: 'month', desc: true }, { field: 'kind' }];
  } else {
    if (scope.houseID === undefined) throw AppError.badRequest(METER_RULE_MESSAGES.houseRequired);
    const house = await authorizeHouse(deps, user, requireID(scope.houseID, 'Mã nhà trọ'));
    houseID = house.houseID;
    conditions.push({ op: 'eq', field: 'month', value: month ?? vietnamMonth(deps.now()) });
    if (lessee) conditions.push({ op: 'eq', field: 'roomID', value: lessee.roomID ?? '' });
    order = [{ field: 'floor' }, { field: 'roomName' }, { field: 'kind' }];
  }
  return listEntities(
    houseDocs<MeterRecordDoc>(deps),
    { partitionKey: houseID, filter: { op: 'and', items: conditions } },
    query,
    order,
    entityView,
  );
}

/** One reading of the request, with where its errors point (`records.3.`) and its month settled. */
interface Reading {
  input: MeterReadingInput;
  field: string;
  month: string;
  room: RoomDoc;
  id: string;
}

function stripStorage<T extends HouseScopedDoc>(doc: T): T {
  const { _etag: _e, _ts: _t, ...rest } = doc as T & { _etag?: string; _ts?: number };
  return rest as T;
}

const keyOf = (roomID: string, kind: MeterKind) => `${roomID}|${kind}`;

const byRoomAndKind = (doc: { roomID: string; kind: MeterKind }) => keyOf(doc.roomID, doc.kind);

/** The house of the first reading and every room the readings name, all in that house (else 404). */
async function resolveRooms(
  actor: Actor,
  inputs: readonly MeterReadingInput[],
): Promise<{ house: HouseDoc; rooms: Map<string, RoomDoc> }> {
  const { deps, user } = actor;
  const lessee = lesseeScope(user);
  const first = inputs[0];
  if (!first) throw AppError.badRequest();
  const { doc, house } = await findInCallersHouse<RoomDoc>(deps, user, 'room', first.roomID);
  const rooms =
    inputs.length === 1
      ? new Map([[doc.roomID, doc]])
      : new Map((await listInHouse<RoomDoc>(deps, house.houseID, 'room')).map((room) => [room.roomID, room]));
  for (const input of inputs) {
    // Another house's room (even the caller's own other house) does not exist for this request.
    if (!rooms.has(input.roomID)) throw AppError.notFound();
    if (lessee && lessee.roomID !== input.roomID) throw AppError.notFound();
  }
  return { house, rooms };
}

async function assertMonthsOpen(deps: Deps, houseID: string, months: Iterable<string>): Promise<void> {
  for (const month of new Set(months)) {
    const ticket = await houseDocs<HouseTicketDoc>(deps).read(houseID, `${houseID}_${month}`);
    if (ticket?.type === 'houseTicket' && ticket.status === TICKET_STATUS.issued) {
      throw AppError.conflict(METER_MESSAGES.monthIssued);
    }
  }
}

/** Photos of meters are uploaded as room images of the house (`<houseID>/room-….png`). */
async function checkImage(
  deps: Deps,
  houseID: string,
  reading: Reading,
  blobName: string,
): Promise<FieldError | undefined> {
  const field = `${reading.field}imageBlobName`;
  const name = parseBlobName('room-images', blobName);
  if (!name || name.scope !== houseID || !blobName.includes('/room-')) {
    return { field, errorMessage: METER_RULE_MESSAGES.badImage };
  }
  const holders = await houseDocs(deps).count({
    partitionKey: houseID,
    filter: {
      op: 'or',
      items: [
        { op: 'arrayContains', field: 'images', value: blobName },
        {
          op: 'and',
          items: [
            { op: 'eq', field: 'type', value: 'meterRecord' },
            { op: 'eq', field: 'imageBlobName', value: blobName },
            { op: 'ne', field: 'id', value: reading.id },
          ],
        },
      ],
    },
  });
  if (holders > 0) return { field, errorMessage: METER_RULE_MESSAGES.imageTaken };
  return undefined;
}

/**
 * Writes every planned document or none (useCases/shared/allOrNothing.ts); a record created or a document
 * changed by someone else since it was read refuses the request as stale.
 */
async function writeReadings(
  deps: Deps,
  pk: string,
  writes: Array<PlannedWrite<HouseScopedDoc>>,
): Promise<void> {
  try {
    await writeAllOrNothing(
      deps,
      houseDocs(deps),
      pk,
      writes.map((write) => [write]),
    );
  } catch (error) {
    if (isStoreError(error, 'conflict', 'precondition_failed')) throw AppError.stale();
    throw error;
  }
}

interface SaveOutcome {
  house: HouseDoc;
  records: MeterRecordDoc[];
  created: Set<string>;
}

/**
 * The rules of every reading, all of them checked before the first write: rooms in one house the
 * caller may touch, months open (no issued bills) and not in the future, one reading per room, kind
 * and month, ETags current, indexes not below the previous one unless the meter was replaced,
 * implausible uses confirmed. Then the records, meters and rooms are written all or nothing.
 */
async function saveReadings(
  actor: Actor,
  inputs: readonly MeterReadingInput[],
  fieldOf: (index: number) => string,
): Promise<SaveOutcome> {
  const { deps, user } = actor;
  const now = deps.now();
  const today = vietnamDate(now);
  const thisMonth = vietnamMonth(now);
  const { house, rooms } = await resolveRooms(actor, inputs);
  const houseID = house.houseID;

  const errors: FieldError[] = [];
  const readings: Reading[] = [];
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    const field = fieldOf(index);
    const month = input.month ?? thisMonth;
    const room = rooms.get(input.roomID) as RoomDoc;
    const id = meterRecordID(room.roomID, input.kind, month);
    if (month > thisMonth)
      errors.push({ field: `${field}month`, errorMessage: METER_RULE_MESSAGES.futureMonth });
    if (seen.has(id)) errors.push({ field: `${field}roomID`, errorMessage: METER_MESSAGES.duplicateInBatch });
    seen.add(id);
    readings.push({ input, field, month, room, id });
  });
  if (errors.length > 0) throw AppError.validation(errors);
  await assertMonthsOpen(
    deps,
    houseID,
    readings.map((reading) => reading.month),
  );

  const roomIDs = [...new Set(readings.map((reading) => reading.room.roomID))];
  const inRooms: Filter = { op: 'in', field: 'roomID', values: roomIDs };
  const meterDocs = await listInHouse<MeterDoc>(deps, houseID, 'meter', inRooms);
  const recordDocs = await listInHouse<MeterRecordDoc>(deps, houseID, 'meterRecord', inRooms);
  const stored = new Map<string, HouseScopedDoc>([...meterDocs, ...recordDocs].map((doc) => [doc.id, doc]));

  // Any stale ETag refuses the whole request before any other rule.
  for (const { input, id } of readings) {
    const existing = stored.get(id);
    if (input.etag !== undefined && existing !== undefined && existing._etag !== input.etag) {
      throw AppError.stale();
    }
  }

  const meters = groupBy(
    meterDocs.map((doc) => ({ ...doc })),
    byRoomAndKind,
  );
  const records = groupBy(
    recordDocs.map((doc) => ({ ...doc })),
    byRoomAndKind,
  );
  const changed = new Map<string, HouseScopedDoc>();
  const roomsChanged = new Map<string, RoomDoc>();
  const inBatch = new Set(readings.map((reading) => reading.id));
  const laterMonths: string[] = [];

  /** The room's meters of a kind; a room from before meters existed gets both, at its current indexes. */
  const metersOf = (room: RoomDoc, kind: MeterKind): MeterDoc[] => {
    for (const each of METER_KINDS) {
      const key = keyOf(room.roomID, each);
      if ((meters.get(key) ?? []).length > 0) continue;
      const meter = newMeterDoc(room, each, {
        meterID: randomUUID(),
        startIndex: room[CURRENT_INDEX_FIELD[each]],
        installedOn: today,
      });
      meters.set(key, [meter]);
      changed.set(meter.id, meter);
    }
    return meters.get(keyOf(room.roomID, kind)) ?? [];
  };

  // Earlier months first: a later month of the same batch starts from the earlier one's new index.
  const ordered = [...readings].sort((a, b) => a.month.localeCompare(b.month));
  for (const reading of ordered) {
    const { input, field, month, room, id } = reading;
    const { kind } = input;
    const key = keyOf(room.roomID, kind);
    const roomMeters = metersOf(room, kind);
    const history = records.get(key) ?? [];
    const existing = history.find((record) => record.month === month);
    const others = history.filter((record) => record.month !== month);
    const later = readingAfter(others, month);
    const base = firstMeter(roomMeters) as MeterDoc;
    const previousIndex = previousIndexFor(others, month, base.startIndex);

    let meterID = existing?.meterID ?? later?.replacement?.oldMeterID ?? later?.meterID;
    let replacement: MeterRecordDoc['replacement'] = existing?.replacement;
    if (input.replacement) {
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
            changed.set(meter.id, meter);
        }
        replacement = { oldMeterID, oldMeterFinalIndex, newMeterStartIndex };
      } else if (later) {
        errors.push({ field: `${field}replacement`, errorMessage: METER_RULE_MESSAGES.replacementNotLatest });
        continue;
      } else {
        const old = activeMeter(roomMeters) as MeterDoc;
        Object.assign(old, { replacedOn: today, finalIndex: oldMeterFinalIndex });
        changed.set(old.id, old);
        const fresh = newMeterDoc(room, kind, {
          meterID: randomUUID(),
          startIndex: newMeterStartIndex,
          installedOn: today,
          ...(newMeterSerial ? { serial: newMeterSerial } : {}),
        });
        roomMeters.push(fresh);
        changed.set(fresh.id, fresh);
        meterID = fresh.meterID;
        replacement = { oldMeterID: old.meterID, oldMeterFinalIndex, newMeterStartIndex };
      }
    }
    meterID ??= (activeMeter(roomMeters) as MeterDoc).meterID;

    const check = checkReading(
      {
        kind,
        newIndex: input.newIndex,
        ...(replacement ? { replacement } : {}),
        ...(input.confirmed !== undefined ? { confirmed: input.confirmed } : {}),
        previousIndex,
        average: averageUse(others, month),
      },
      field,
    );
    if (!check.ok) {
      errors.push(...check.errors);
      continue;
    }

    const imageBlobName = input.imageBlobName ?? existing?.imageBlobName;
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
      recordedBy: user.userID,
      recordedByName: user.account.fullName,
      recordedOn: now.toISOString(),
    };
    records.set(key, [...others, record]);
    changed.set(id, record);

    // The next month read before this one now starts from this reading.
    if (later && !inBatch.has(later.id) && later.previousIndex !== input.newIndex) {
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
        errors.push({
          field: `${field}newIndex`,
          errorMessage: METER_RULE_MESSAGES.aboveNextMonth(indexLabel(kind), limit),
        });
        continue;
      }
      const moved = { ...later, previousIndex: input.newIndex, usage: next.usage };
      records.set(key, [...others.filter((other) => other.id !== later.id), record, moved]);
      changed.set(later.id, moved);
      laterMonths.push(later.month);
    }

    const currentIndex = currentIndexAfter(others, month, input.newIndex);
    if (currentIndex !== undefined) {
      const current = roomsChanged.get(room.roomID) ?? room;
      const fieldName = CURRENT_INDEX_FIELD[kind];
      if (current[fieldName] !== currentIndex) {
        roomsChanged.set(room.roomID, { ...current, [fieldName]: currentIndex });
      }
    }
  }
  if (errors.length > 0) throw AppError.validation(errors);
  await assertMonthsOpen(deps, houseID, laterMonths);

  const imageErrors: FieldError[] = [];
  const toAccept: string[] = [];
  for (const reading of readings) {
    const { imageBlobName } = reading.input;
    const before = stored.get(reading.id) as MeterRecordDoc | undefined;
    if (imageBlobName === undefined || imageBlobName === before?.imageBlobName) continue;
    const problem = await checkImage(deps, houseID, reading, imageBlobName);
    if (problem) imageErrors.push(problem);
    else toAccept.push(imageBlobName);
  }
  if (imageErrors.length > 0) throw AppError.validation(imageErrors);
  for (const blobName of toAccept) await acceptUpload(deps, 'room-images', blobName);

  const writes: Array<PlannedWrite<HouseScopedDoc>> = [];
  for (const doc of [...changed.values(), ...roomsChanged.values()]) {
    const original = doc.type === 'room' ? rooms.get((doc as RoomDoc).roomID) : stored.get(doc.id);
    const next = stripStorage(doc);
    if (!original) {
      writes.push({ op: { op: 'create', doc: next }, undo: { op: 'delete', id: next.id } });
      continue;
    }
    writes.push({
      op: { op: 'replace', doc: next, ...(original._etag ? { ifMatch: original._etag } : {}) },
      undo: { op: 'upsert', doc: stripStorage(original) },
    });
  }
  await writeReadings(deps, houseID, writes);

  const saved = await houseDocs<MeterRecordDoc>(deps).query({
    partitionKey: houseID,
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'meterRecord' },
        { op: 'in', field: 'id', values: readings.map((reading) => reading.id) },
      ],
    },
    top: 1000,
  });
  const byID = new Map(saved.items.map((doc) => [doc.id, doc]));
  return {
    house,
    records: readings.map((reading) => byID.get(reading.id) as MeterRecordDoc),
    created: new Set(readings.filter((reading) => !stored.has(reading.id)).map((reading) => reading.id)),
  };
}

/** `POST /odata/MeterRecord`: one reading; `created` tells a new month's record from an update. */
export async function saveMeterReading(
  actor: Actor,
  input: MeterReadingInput,
): Promise<{ created: boolean; record: Record<string, unknown> }> {
  const { house, records, created } = await saveReadings(actor, [input], () => '');
  const record = records[0] as MeterRecordDoc;
  const isNew = created.has(record.id);
  await audit(actor, {
    action: isNew ? 'create' : 'update',
    entity: 'meterRecord',
    entityID: record.meterRecordID,
    houseID: house.houseID,
    details: {
      kind: record.kind,
      month: record.month,
      newIndex: record.newIndex,
      ...(record.replacement ? { replacement: true } : {}),
      ...(record.flagged ? { flagged: true } : {}),
    },
  });
  return { created: isNew, record: entityView(record) };
}

/** `PATCH /odata/MeterRecord` `{ records }`: a floor or a house, all or nothing. */
export async function saveMeterReadings(
  actor: Actor,
  input: MeterReadingBatchInput,
): Promise<{ value: Array<Record<string, unknown>> }> {
  const { house, records, created } = await saveReadings(
    actor,
    input.records,
    (index) => `records.${index}.`,
  );
  await audit(actor, {
    action: 'saveBatch',
    entity: 'meterRecord',
    houseID: house.houseID,
    details: {
      records: records.length,
      created: created.size,
      months: [...new Set(records.map((record) => record.month))].sort(),
      flagged: records.filter((record) => record.flagged).length,
    },
  });
  return { value: records.map((record) => entityView(record)) };
}
