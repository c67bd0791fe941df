import {
  CONTRACT_STATUS,
  LESSEE_IMPORT_MESSAGES,
  type LesseeImportAccount,
  type LesseeImportResult,
  type RepresentativeAccount,
} from '@nhatro/common';
import { randomUUID } from 'node:crypto';
import {
  type ImportRoomState,
  planLesseeImport,
  checkRepeatedPhones,
  roomsNotImported,
  type PlannedTenancy,
} from '../../domain/lesseeSheets.js';
import { occupiedUnder, roomNameKey } from '../../domain/rooms.js';
import { lesseeScope } from '../../domain/shared/access.js';
import { AppError } from '../../domain/shared/errors.js';
import type {
  RoomDoc,
  ContractDoc,
  ReservationDoc,
  LesseeInfoDoc,
  HouseDoc,
  HouseScopedDoc,
} from '../../domain/shared/model.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { type Actor, audit } from '../shared/actor.js';
import { authorizeHouse, houseDocs, listInHouse } from '../shared/houseScope.js';
import { tenancyHouse, tenancyInvitation } from '../shared/tenantAccounts.js';
import { errorReport } from './errorReport.js';
import { readLesseeSheet } from './sheetReading.js';
import { isStoreError } from '../../store/store.js';
import { type PlannedWrite, writeAllOrNothing } from '../shared/allOrNothing.js';
import type { Deps } from '../shared/deps.js';

/**
 * Importing a house's current tenants from a sheet: one contract per room, a code to each representative,
 * all or nothing; a sheet with problems comes back as an error report (errorReport.ts).
 */

export type LesseeImportOutcome =
  ({ ok: true } & LesseeImportResult) | { ok: false; errorRows: number; report: Buffer; fileName: string };
/**
 * Imports the current tenants of a house from a sheet with one row per occupant, all or nothing.
 * Each room's rows become one active contract (its representative, the others as occupants), the
 * room becomes occupied, and each representative is sent a code to confirm it with their account
 * (username: their phone; the one it has, or a new one, opened by them with a password of their own).
 * Any problem: nothing is written and the sheet comes back with a "Lỗi" column.
 */
export async function importLessees(
  actor: Actor,
  houseID: string,
  data: Uint8Array | undefined,
): Promise<LesseeImportOutcome> {
  const { deps } = actor;
  const house = await authorizeHouse(deps, actor.user, houseID);
  if (lesseeScope(actor.user)) throw AppError.forbidden();
  if (!data) throw AppError.badRequest(LESSEE_IMPORT_MESSAGES.noFile);
  const parsed = await readLesseeSheet(data);

  const [rooms, activeContracts, reservations, tenancy] = await Promise.all([
    listInHouse<RoomDoc>(deps, house.houseID, 'room'),
    listInHouse<ContractDoc>(deps, house.houseID, 'contract', {
      op: 'eq',
      field: 'status',
      value: CONTRACT_STATUS.active,
    }),
    listInHouse<ReservationDoc>(deps, house.houseID, 'reservation', {
      op: 'eq',
      field: 'status',
      value: 'active',
    }),
    tenancyHouse(deps, house.houseID),
  ]);
  const contracted = new Set(activeContracts.map((contract) => contract.roomID));
  const reservationOf = new Map(reservations.map((reservation) => [reservation.roomID, reservation]));
  const states = new Map<string, ImportRoomState>(
    rooms.map((room) => [
      roomNameKey(room.roomName),
      { room, hasActiveContract: contracted.has(room.roomID), reservation: reservationOf.get(room.roomID) },
    ]),
  );
  const now = deps.now();
  const plan = planLesseeImport(parsed.rows, {
    rooms: states,
    house: tenancy,
    today: vietnamDate(now),
    createdOn: now.toISOString(),
    newID: randomUUID,
  });

  // Usernames: each representative's phone, once in the file. No account is read: whether a number
  // already has a login is neither refused nor told (issue 21); its owner confirms with the code sent.
  const candidates = checkRepeatedPhones(plan.tenancies, plan.problems);
  if (plan.problems.size > 0) {
    return {
      ok: false,
      errorRows: plan.problems.size,
      report: await errorReport(parsed, plan.problems, roomsNotImported(plan.groups, plan.problems)),
      fileName: LESSEE_IMPORT_MESSAGES.errorFileName,
    };
  }

  const roomByID = new Map(rooms.map((room) => [room.roomID, room]));
  const sentWith = new Map<string, HouseScopedDoc[]>();
  const accounts: LesseeImportAccount[] = candidates.map((planned) => {
    const { representativeAccount, docs } = representativeWrites(deps, house, planned);
    sentWith.set(planned.tenancy.contract.contractID, docs);
    return {
      roomName: planned.roomName,
      occupantName: planned.representativeName,
      ...representativeAccount,
    };
  });
  await writeTenancies(deps, house.houseID, plan.tenancies, roomByID, sentWith);

  const lessees = plan.tenancies.reduce((sum, planned) => sum + planned.tenancy.lessees.length, 0);
  await audit(actor, {
    action: 'import',
    entity: 'contract',
    houseID: house.houseID,
    details: { contracts: plan.tenancies.length, lessees, accounts: accounts.length },
  });
  return { ok: true, contracts: plan.tenancies.length, lessees, accounts };
}

/**
 * What a representative is sent with their tenancy, written with it: the link and the code that let them
 * open it with their account (the one the number has, or a new one); the contract waits for them. The
 * same for every number: no account is read.
 */
function representativeWrites(
  deps: Deps,
  house: HouseDoc,
  planned: PlannedTenancy,
): { representativeAccount: RepresentativeAccount; docs: HouseScopedDoc[] } {
  const { contract } = planned.tenancy;
  const username = planned.phoneNumber;
  const invitation = tenancyInvitation(
    deps,
    {
      houseID: house.houseID,
      contractID: contract.contractID,
      roomID: planned.roomID,
      lesseeID: (planned.tenancy.lessees[0] as LesseeInfoDoc).lesseeInfoID,
      phoneNumber: username,
    },
    { houseName: house.houseName, roomName: planned.roomName, name: planned.representativeName },
  );
  contract.accountLinkPending = true;
  return {
    representativeAccount: { username, linkPending: true, ...invitation.sent },
    docs: [invitation.link, invitation.message.doc],
  };
}

/**
 * Writes every tenancy (contract, occupants, what its representative is sent) and marks its room
 * occupied (If-Match: the room as it was checked), all or nothing. SQLite: one transaction. Cosmos:
 * transactional batches of at most 100 operations, a room never split across two; when a later batch
 * fails, the earlier ones are undone (documents deleted, rooms set back).
 */
async function writeTenancies(
  deps: Deps,
  houseID: string,
  tenancies: PlannedTenancy[],
  roomByID: Map<string, RoomDoc>,
  sentWith: Map<string, HouseScopedDoc[]>,
): Promise<void> {
  const perRoom = tenancies.map((planned): Array<PlannedWrite<HouseScopedDoc>> => {
    const room = roomByID.get(planned.roomID) as RoomDoc;
    const { contract, lessees, vehicles, services } = planned.tenancy;
    const created: HouseScopedDoc[] = [
      contract,
      ...lessees,
      ...vehicles,
      ...services,
      ...(sentWith.get(contract.contractID) ?? []),
    ];
    return [
      ...created.map((doc): PlannedWrite<HouseScopedDoc> => ({
        op: { op: 'create', doc },
        undo: { op: 'delete', id: doc.id },
      })),
      {
        op: {
          op: 'replace',
          doc: occupiedUnder(room, contract.contractID) satisfies RoomDoc,
          ...(room._etag ? { ifMatch: room._etag } : {}),
        },
        undo: { op: 'replace', doc: room },
      },
    ];
  });
  try {
    await writeAllOrNothing(deps, houseDocs<HouseScopedDoc>(deps), houseID, perRoom);
  } catch (error) {
    // A room changed since it was checked (filled, reserved, renamed): the caller reloads and retries.
    throw isStoreError(error, 'precondition_failed') ? AppError.stale() : error;
  }
}
