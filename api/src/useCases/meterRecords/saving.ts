import {
  METER_MESSAGES,
  TICKET_STATUS,
  type FieldError,
  type MeterReadingBatchInput,
  type MeterReadingInput,
} from '@nhatro/common';
import { lesseeScope } from '../../domain/shared/access.js';
import { parseBlobName } from '../../domain/shared/blobNames.js';
import { AppError } from '../../domain/shared/errors.js';
import { METER_RULE_MESSAGES, meterRecordID } from '../../domain/meterRecords.js';
import type {
  AuditOutboxDoc,
  HouseScopedDoc,
  HouseTicketDoc,
  MeterDoc,
  MeterRecordDoc,
  RoomDoc,
} from '../../domain/shared/model.js';
import { previousMonth, vietnamDate, vietnamMonth } from '../../domain/shared/time.js';
import { ofType } from '../../domain/shared/query.js';
import { isStoreError, type BatchResult, type Filter } from '../../store/store.js';
import type { Actor } from '../shared/actor.js';
import { auditOutboxDoc, type AuditEntry } from '../shared/audit.js';
import { writeAllOrNothing, type PlannedWrite } from '../shared/allOrNothing.js';
import type { Deps } from '../shared/deps.js';
import { findDocInCallersHouse, houseDocs, listInHouse, namedHouse } from '../shared/houseScope.js';
import { queryAll } from '../shared/queryAll.js';
import { acceptUpload } from '../shared/uploads.js';
import { entityView } from '../shared/views.js';
import { ReadingPlan, type Reading } from './readingPlan.js';

/**
 * Saving meter readings (`POST` one, `PATCH` a floor or a house): a batch is checked whole before
 * anything is written (readingPlan.ts applies the rules), then written all or nothing.
 */

function stripStorage<T extends HouseScopedDoc>(doc: T): T {
  const { _etag: _e, _ts: _t, ...rest } = doc as T & { _etag?: string; _ts?: number };
  return rest as T;
}

/**
 * The house of the readings: the first reading's room, found across houses, in a house the caller may
 * touch (else 404). No read of the house when the caller's account grants it.
 */
async function houseOfReadings(actor: Actor, inputs: readonly MeterReadingInput[]): Promise<string> {
  const first = inputs[0];
  if (!first) throw AppError.badRequest();
  const { doc } = await findDocInCallersHouse<RoomDoc>(actor.deps, actor.user, 'room', first.roomID);
  return doc.pk;
}

/** What the readings need of their house, read in one query of it. */
interface HouseState {
  /** The readings' rooms (those of this house). */
  rooms: Map<string, RoomDoc>;
  meterDocs: MeterDoc[];
  recordDocs: MeterRecordDoc[];
  /** The house's bill tickets by id, from the earliest month read on. */
  tickets: Map<string, HouseTicketDoc>;
}

/**
 * In one query of the house: the readings' rooms, their meters and records, and the house's bill
 * tickets from the earliest month read on (a month whose bills are issued is closed, and so is a
 * reading that would move a later month's record).
 */
async function houseState(
  actor: Actor,
  houseID: string,
  inputs: readonly MeterReadingInput[],
  thisMonth: string,
): Promise<HouseState> {
  const roomIDs = [...new Set(inputs.map((input) => input.roomID))];
  const earliest = inputs.map((input) => input.month ?? thisMonth).sort()[0] ?? thisMonth;
  const inRooms: Filter = { op: 'in', field: 'roomID', values: roomIDs };
  const docs = await queryAll(houseDocs(actor.deps), {
    partitionKey: houseID,
    filter: {
      op: 'or',
      items: [
        ofType('room', { op: 'in', field: 'id', values: roomIDs }),
        ofType('meter', inRooms),
        ofType('meterRecord', inRooms),
        ofType('houseTicket', { op: 'ge', field: 'month', value: earliest }),
      ],
    },
  });
  const state: HouseState = { rooms: new Map(), meterDocs: [], recordDocs: [], tickets: new Map() };
  for (const doc of docs) {
    if (doc.type === 'room') state.rooms.set(doc.roomID, doc);
    else if (doc.type === 'meter') state.meterDocs.push(doc);
    else if (doc.type === 'meterRecord') state.recordDocs.push(doc);
    else if (doc.type === 'houseTicket') state.tickets.set(doc.id, doc);
  }
  return state;
}

/** Every reading's room is in the state's house (and is a tenant's own). */
function roomsFound(actor: Actor, state: HouseState, inputs: readonly MeterReadingInput[]): boolean {
  const lessee = lesseeScope(actor.user);
  return inputs.every(
    (input) => state.rooms.has(input.roomID) && (!lessee || lessee.roomID === input.roomID),
  );
}

/**
 * The readings' house and what they need of it. The house the SPA names (`?houseID=`, one its account
 * grants: `namedHouse`) is read at once; else, or when a room is not there, the first room is looked up
 * across houses first. A room of another house (even the caller's own other house) does not exist
 * here: 404.
 */
async function readingsHouse(
  actor: Actor,
  inputs: readonly MeterReadingInput[],
  named: string | undefined,
  thisMonth: string,
): Promise<{ houseID: string; state: HouseState }> {
  const hinted = named === undefined ? undefined : await houseState(actor, named, inputs, thisMonth);
  if (named !== undefined && hinted && roomsFound(actor, hinted, inputs))
    return { houseID: named, state: hinted };
  const houseID = await houseOfReadings(actor, inputs);
  const state = houseID === named && hinted ? hinted : await houseState(actor, houseID, inputs, thisMonth);
  if (!roomsFound(actor, state, inputs)) throw AppError.notFound();
  return { houseID, state };
}

/** A month whose bills are issued takes no reading (nor a change that moves its record). */
function assertMonthsOpen(
  tickets: ReadonlyMap<string, HouseTicketDoc>,
  houseID: string,
  months: Iterable<string>,
): void {
  for (const month of new Set(months)) {
    if (tickets.get(`${houseID}_${month}`)?.status === TICKET_STATUS.issued) {
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
  writes: Array<PlannedWrite<HouseScopedDoc | AuditOutboxDoc>>,
): Promise<BatchResult<HouseScopedDoc | AuditOutboxDoc>> {
  try {
    return await writeAllOrNothing(
      deps,
      deps.store.container<HouseScopedDoc | AuditOutboxDoc>('houses'),
      pk,
      writes.map((write) => [write]),
    );
  } catch (error) {
    if (isStoreError(error, 'conflict', 'precondition_failed')) throw AppError.stale();
    throw error;
  }
}

/**
 * Each input as a reading: its month settled (this month in Vietnam unless given), its record's id;
 * refused when a month is in the future or a room, kind and month comes twice.
 */
function settleReadings(
  inputs: readonly MeterReadingInput[],
  rooms: ReadonlyMap<string, RoomDoc>,
  thisMonth: string,
  fieldOf: (index: number) => string,
): Reading[] {
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
  return readings;
}

/** The rooms' meters and records by id; any stale ETag refuses the whole request. */
function storedOfRooms(state: HouseState, readings: readonly Reading[]): Map<string, HouseScopedDoc> {
  const stored = new Map<string, HouseScopedDoc>(
    [...state.meterDocs, ...state.recordDocs].map((doc) => [doc.id, doc]),
  );
  for (const { input, id } of readings) {
    const existing = stored.get(id);
    if (input.etag !== undefined && existing !== undefined && existing._etag !== input.etag) {
      throw AppError.stale();
    }
  }
  return stored;
}

/**
 * The house's readings of the last year, read only when some reading is its room's first of its kind
 * (one query): a first reading is compared with the other rooms.
 */
async function houseRecordsForFirstReadings(
  deps: Deps,
  houseID: string,
  readings: readonly Reading[],
  recordDocs: readonly MeterRecordDoc[],
): Promise<MeterRecordDoc[]> {
  const first = readings.some(
    (reading) =>
      !recordDocs.some(
        (record) =>
          record.roomID === reading.room.roomID &&
          record.kind === reading.input.kind &&
          record.month < reading.month,
      ),
  );
  if (!first) return [];
  let since = vietnamMonth(deps.now());
  for (let month = 0; month < 12; month += 1) since = previousMonth(since);
  return listInHouse<MeterRecordDoc>(deps, houseID, 'meterRecord', {
    op: 'ge',
    field: 'month',
    value: since,
  });
}

/** The new meter photos: each checked (the house's, not another's), then accepted as uploads. */
async function acceptImages(
  deps: Deps,
  houseID: string,
  readings: readonly Reading[],
  stored: ReadonlyMap<string, HouseScopedDoc>,
): Promise<void> {
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
}

/** The plan's documents as writes, each with its undo: created ones deleted, replaced ones restored. */
function plannedWrites(
  plan: ReadingPlan,
  rooms: ReadonlyMap<string, RoomDoc>,
  stored: ReadonlyMap<string, HouseScopedDoc>,
): Array<PlannedWrite<HouseScopedDoc>> {
  const writes: Array<PlannedWrite<HouseScopedDoc>> = [];
  for (const doc of [...plan.changed.values(), ...plan.roomsChanged.values()]) {
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
  return writes;
}

interface SaveOutcome {
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
  houseHint: string | undefined,
  fieldOf: (index: number) => string,
  describe: (records: readonly MeterRecordDoc[], created: ReadonlySet<string>) => Omit<AuditEntry, 'houseID'>,
): Promise<SaveOutcome> {
  const { deps, user } = actor;
  const now = deps.now();
  const thisMonth = vietnamMonth(now);
  const { houseID, state } = await readingsHouse(actor, inputs, namedHouse(user, houseHint), thisMonth);
  const { rooms, meterDocs, recordDocs, tickets } = state;
  const readings = settleReadings(inputs, rooms, thisMonth, fieldOf);
  assertMonthsOpen(
    tickets,
    houseID,
    readings.map((reading) => reading.month),
  );
  const stored = storedOfRooms(state, readings);
  const plan = new ReadingPlan(meterDocs, recordDocs, readings, {
    houseID,
    now,
    today: vietnamDate(now),
    reader: { userID: user.userID, fullName: user.account.fullName },
    houseRecords: await houseRecordsForFirstReadings(deps, houseID, readings, recordDocs),
  }).applyAll();
  if (plan.errors.length > 0) throw AppError.validation(plan.errors);
  assertMonthsOpen(tickets, houseID, plan.laterMonths);
  await acceptImages(deps, houseID, readings, stored);
  const writes = plannedWrites(plan, rooms, stored);
  const created = new Set(readings.filter((reading) => !stored.has(reading.id)).map((reading) => reading.id));
  // The readings' records as they will be stored, in the request's order (one the plan left as it was
  // stays as read).
  const planned = new Map(writes.flatMap(({ op }) => (op.op === 'delete' ? [] : [[op.doc.id, op.doc]])));
  const recordOf = (id: string) => (planned.get(id) ?? stored.get(id)) as MeterRecordDoc;
  const outbox = auditOutboxDoc(
    deps,
    user,
    actor.origin,
    houseID,
    describe(
      readings.map((reading) => recordOf(reading.id)),
      created,
    ),
  );
  // The audit entry goes with the readings: all or nothing, as the rest.
  const written = await writeReadings(deps, houseID, [
    ...writes,
    { op: { op: 'create', doc: outbox }, undo: { op: 'delete', id: outbox.id } },
  ]);
  // The records as written (with their new ETags): no read after the write.
  const byID = new Map(written.flatMap((doc) => (doc ? [[doc.id, doc]] : [])));
  return {
    records: readings.map(
      (reading) => (byID.get(reading.id) as MeterRecordDoc | undefined) ?? recordOf(reading.id),
    ),
    created,
  };
}

/** `POST /odata/MeterRecord`: one reading; `created` tells a new month's record from an update. */
export async function saveMeterReading(
  actor: Actor,
  input: MeterReadingInput,
  houseID?: string,
): Promise<{ created: boolean; record: Record<string, unknown> }> {
  const { records, created } = await saveReadings(
    actor,
    [input],
    houseID,
    () => '',
    ([record], created) => ({
      action: record && created.has(record.id) ? 'create' : 'update',
      entity: 'meterRecord',
      entityID: record?.meterRecordID ?? null,
      details: {
        kind: record?.kind,
        month: record?.month,
        newIndex: record?.newIndex,
        ...(record?.replacement ? { replacement: true } : {}),
        ...(record?.flagged ? { flagged: true } : {}),
      },
    }),
  );
  const record = records[0] as MeterRecordDoc;
  return { created: created.has(record.id), record: entityView(record) };
}

/** `PATCH /odata/MeterRecord` `{ records }`: a floor or a house, all or nothing. */
export async function saveMeterReadings(
  actor: Actor,
  input: MeterReadingBatchInput,
  houseID?: string,
): Promise<{ value: Array<Record<string, unknown>> }> {
  const { records } = await saveReadings(
    actor,
    input.records,
    houseID,
    (index) => `records.${index}.`,
    (planned, created) => ({
      action: 'saveBatch',
      entity: 'meterRecord',
      details: {
        records: planned.length,
        created: created.size,
        months: [...new Set(planned.map((record) => record.month))].sort(),
        flagged: planned.filter((record) => record.flagged).length,
      },
    }),
  );
  return { value: records.map((record) => entityView(record)) };
}
