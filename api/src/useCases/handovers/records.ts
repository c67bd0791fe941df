import {
  HANDOVER_KINDS,
  HANDOVER_MESSAGES,
  handoverEntity,
  type HandoverKind,
  type HandoverList,
  type HandoverPrefill,
  type HandoverSaveInput,
  type HandoverView,
} from '@nhatro/common';
import { lesseeScope } from '../../domain/shared/access.js';
import {
  checkIndexes,
  handoverDamages,
  handoverIDOf,
  indexFloors,
  isLocked,
  recordedDevices,
} from '../../domain/handovers.js';
import { AppError } from '../../domain/shared/errors.js';
import type { ContractDoc, DeviceDoc, HandoverDoc, RoomDoc } from '../../domain/shared/model.js';
import type { PatchOp } from '../../store/store.js';
import { audit, type Actor } from '../shared/actor.js';
import { contractForCaller } from '../shared/contractScope.js';
import type { Deps } from '../shared/deps.js';
import {
  docInNamedHouse,
  findForCaller,
  houseDocs,
  listInHouse,
  listInHouseTogether,
  namedHouse,
  requireID,
} from '../shared/houseScope.js';
import { deleteStoredFile } from '../shared/uploads.js';
import { imageLinks } from '../shared/views.js';
import { eq } from '../../domain/shared/query.js';

/** Who may touch a contract's handover records, what they show, and what a new one starts from. */

/** Landlords and staff write handover records; a tenant only reads and signs (through the link). */
export function refuseTenant(actor: Actor): void {
  if (lesseeScope(actor.user)) throw AppError.forbidden(HANDOVER_MESSAGES.tenantCannotEdit);
}

/** A record the caller may see (a tenant: of their own contract); anything else is a 404. */
export async function handoverForCaller(actor: Actor, handoverID: string): Promise<HandoverDoc> {
  return (await findForCaller<HandoverDoc>(actor, 'handover', handoverID, 'contractID')).doc;
}

/** The record may change: refuses a locked one (409). */
export function assertEditable(record: HandoverDoc): void {
  if (isLocked(record)) throw AppError.conflict(HANDOVER_MESSAGES.locked);
}

/**
 * What a change of content does to signatures already given: they signed what was there before, so
 * they are removed and both sides sign the changed record (the kept blobs are swept as unreferenced).
 */
export function unsignOps(record: HandoverDoc): PatchOp[] {
  const fields = [
    'lessorSignedOn',
    'lessorSignerName',
    'lessorSignedBy',
    'lessorSignature',
    'lesseeSignedOn',
    'lesseeSignerName',
    'lesseeSignature',
  ] as const;
  return fields
    .filter((field) => record[field] !== undefined)
    .map((field) => ({ op: 'remove', path: `/${field}` }));
}

async function readRecord(deps: Deps, houseID: string, handoverID: string): Promise<HandoverDoc | undefined> {
  const doc = await houseDocs<HandoverDoc>(deps).read(houseID, handoverID);
  return doc?.type === 'handover' ? doc : undefined;
}

/**
 * The record as the API shows it: its fields, photo links, whether it is locked, and (move-out) the
 * damages, against the move-in record (`records`: the contract's records already read, else read here).
 */
export async function handoverView(
  deps: Deps,
  record: HandoverDoc,
  records?: readonly HandoverDoc[],
): Promise<HandoverView> {
  const moveInID = handoverIDOf(record.contractID, 'moveIn');
  const moveIn =
    record.kind !== 'moveOut'
      ? undefined
      : records
        ? records.find((one) => one.id === moveInID)
        : await readRecord(deps, record.houseID, moveInID);
  return {
    ...handoverEntity.parse(record),
    imageURLs: await imageLinks(deps, 'room-images', record.images),
    locked: isLocked(record),
    damages: record.kind === 'moveOut' ? handoverDamages(moveIn?.devices, record.devices) : [],
  };
}

function roomDevices(deps: Deps, contract: ContractDoc): Promise<DeviceDoc[]> {
  return listInHouse<DeviceDoc>(deps, contract.houseID, 'device', {
    op: 'eq',
    field: 'roomID',
    value: contract.roomID,
  });
}

async function roomOf(deps: Deps, contract: ContractDoc): Promise<RoomDoc> {
  const room = await houseDocs<RoomDoc>(deps).read(contract.houseID, contract.roomID);
  if (room?.type !== 'room') throw AppError.notFound();
  return room;
}

/**
 * What a new record of each kind starts from: the contract's indexes of the day (or the room's last
 * reading), the lowest ones it takes, and the room's devices in good state (at move-out: as the
 * move-in record left them).
 */
function prefillOf(
  contract: ContractDoc,
  room: RoomDoc,
  devices: readonly DeviceDoc[],
  moveIn: HandoverDoc | undefined,
): Record<HandoverKind, HandoverPrefill> {
  const sorted = [...devices].sort((a, b) => a.deviceName.localeCompare(b.deviceName, 'vi'));
  const stateAtMoveIn = new Map((moveIn?.devices ?? []).map((device) => [device.deviceID, device.state]));
  const entry = (kind: HandoverKind): HandoverPrefill => {
    const floors = indexFloors(kind, contract, room);
    const typed =
      kind === 'moveIn'
        ? { electricity: contract.moveInElectricityIndex, water: contract.moveInWaterIndex }
        : { electricity: contract.moveOutElectricityIndex, water: contract.moveOutWaterIndex };
    return {
      electricityIndex: typed.electricity ?? room.currentElectricityIndex ?? floors.electricity,
      waterIndex: typed.water ?? room.currentWaterIndex ?? floors.water,
      minElectricityIndex: floors.electricity,
      minWaterIndex: floors.water,
      devices: sorted.map((device) => ({
        deviceID: device.deviceID,
        deviceName: device.deviceName,
        quantity: device.quantity,
        state: kind === 'moveOut' ? (stateAtMoveIn.get(device.deviceID) ?? 'good') : 'good',
      })),
    };
  };
  return { moveIn: entry('moveIn'), moveOut: entry('moveOut') };
}

/** Where the caller expects a contract and its room (the contract page knows both): hints, checked. */
export interface HandoverWhere {
  houseID?: string;
  roomID?: string;
}

/** A contract's records (by their ids), and a room with its devices: one query of the house. */
function handoverReads(deps: Deps, houseID: string, contractID: string, roomID: string | undefined) {
  const ids = HANDOVER_KINDS.map((kind) => handoverIDOf(contractID, kind));
  return Promise.all([
    listInHouseTogether<HandoverDoc>(deps, houseID, 'handover', { op: 'in', field: 'id', values: ids }),
    roomID === undefined ? [] : listInHouseTogether<RoomDoc>(deps, houseID, 'room', eq('id', roomID)),
    roomID === undefined ? [] : listInHouseTogether<DeviceDoc>(deps, houseID, 'device', eq('roomID', roomID)),
  ]);
}

/**
 * `GET /api/Handover?contractID=…`: the contract's records (move-in first) and what new ones start from.
 * With the house and room the caller names (`houseID`, `roomID`; a tenant's own from their account), the
 * contract, its records, its room and the room's devices are one query; a contract or room elsewhere is
 * read as without them (the contract looked up, then the rest in one query).
 */
export async function listHandovers(
  actor: Actor,
  contractID: string,
  where: HandoverWhere = {},
): Promise<HandoverList> {
  const { deps } = actor;
  const lessee = lesseeScope(actor.user);
  const named = namedHouse(actor.user, where.houseID);
  const givenRoom = where.roomID === undefined ? undefined : requireID(where.roomID, 'Mã phòng');
  const roomHint = lessee ? lessee.roomID : givenRoom;
  let contract: ContractDoc | undefined;
  let hinted: Awaited<ReturnType<typeof handoverReads>> | undefined;
  if (named !== undefined) {
    [contract, hinted] = await Promise.all([
      docInNamedHouse<ContractDoc>(actor, named, 'contract', contractID, 'contractID'),
      handoverReads(deps, named, contractID, roomHint),
    ]);
  }
  contract ??= await contractForCaller(actor, contractID);
  const reads =
    hinted !== undefined && contract.houseID === named && contract.roomID === roomHint
      ? hinted
      : await handoverReads(deps, contract.houseID, contract.contractID, contract.roomID);
  const [read, rooms, devices] = reads;
  const ids = HANDOVER_KINDS.map((kind) => handoverIDOf(contract.contractID, kind));
  const [room] = rooms;
  if (!room) throw AppError.notFound();
  const records = ids.map((id) => read.find((record) => record.id === id));
  const found = records.filter((record): record is HandoverDoc => record !== undefined);
  return {
    value: await Promise.all(found.map((record) => handoverView(deps, record, found))),
    prefill: prefillOf(contract, room, devices, records[0]),
  };
}

/** The kept photos: a subset of the record's (absent: all of them). */
function keptImages(existing: HandoverDoc | undefined, sent: string[] | undefined): string[] {
  const current = existing?.images ?? [];
  if (sent === undefined) return current;
  if (sent.some((name) => !current.includes(name))) {
    throw AppError.validation([{ field: 'keptPhotos', errorMessage: HANDOVER_MESSAGES.unknownImage }]);
  }
  return current.filter((name) => sent.includes(name));
}

/**
 * `POST /api/Handover`: creates the contract's record of a kind, or replaces its content while it is
 * not locked. Indexes below the room's last reading, devices of another room, photos it does not hold
 * are refused; a change after one side signed removes that signature (they sign the new content).
 */
export async function saveHandover(actor: Actor, input: HandoverSaveInput): Promise<HandoverView> {
  refuseTenant(actor);
  const { deps, user } = actor;
  const contract = await contractForCaller(actor, input.contractID);
  const handoverID = handoverIDOf(contract.contractID, input.kind);
  const [existing, room, devices] = await Promise.all([
    readRecord(deps, contract.houseID, handoverID),
    roomOf(deps, contract),
    roomDevices(deps, contract),
  ]);
  if (existing) assertEditable(existing);
  checkIndexes(
    { electricity: input.electricityIndex, water: input.waterIndex },
    indexFloors(input.kind, contract, room),
  );
  const now = deps.now().toISOString();
  const kept = keptImages(existing, input.keptPhotos);
  const content = {
    handoverDate: input.handoverDate,
    electricityIndex: input.electricityIndex,
    waterIndex: input.waterIndex,
    keyCount: input.keyCount,
    devices: recordedDevices(input.kind, input.devices, devices),
    images: kept,
  };
  let saved: HandoverDoc;
  if (!existing) {
    saved = await houseDocs<HandoverDoc>(deps).create({
      id: handoverID,
      pk: contract.houseID,
      type: 'handover',
      handoverID,
      houseID: contract.houseID,
      roomID: contract.roomID,
      contractID: contract.contractID,
      kind: input.kind,
      ...content,
      ...(input.keyNote ? { keyNote: input.keyNote } : {}),
      ...(input.note ? { note: input.note } : {}),
      createdOn: now,
      createdBy: user.userID,
    });
  } else {
    const optional = (path: 'keyNote' | 'note', value: string | undefined): PatchOp[] =>
      value
        ? [{ op: 'set', path: `/${path}`, value }]
        : existing[path] !== undefined
          ? [{ op: 'remove', path: `/${path}` }]
          : [];
    saved = await houseDocs<HandoverDoc>(deps).patch(
      contract.houseID,
      handoverID,
      [
        ...Object.entries(content).map(([field, value]) => ({
          op: 'set' as const,
          path: `/${field}`,
          value,
        })),
        ...optional('keyNote', input.keyNote),
        ...optional('note', input.note),
        { op: 'set', path: '/updatedOn', value: now },
        ...unsignOps(existing),
      ],
      existing._etag ? { ifMatch: existing._etag } : {},
    );
    for (const name of existing.images.filter((image) => !kept.includes(image))) {
      await deleteStoredFile(deps, 'room-images', name);
    }
  }
  await auditHandover(actor, saved, existing ? 'update' : 'create');
  return handoverView(deps, saved);
}

/** The audit entry of a change to a record. */
export function auditHandover(actor: Actor, record: HandoverDoc, action: string): Promise<void> {
  return audit(actor, {
    action,
    entity: 'handover',
    entityID: record.handoverID,
    houseID: record.houseID,
    details: { contractID: record.contractID, kind: record.kind },
  });
}
