import {
  CONTRACT_MESSAGES,
  CONTRACT_STATUS,
  LESSEE_IMPORT_MESSAGES,
  type LesseeImportAccount,
  type LesseeImportResult,
} from '@nhatro/common';
import { randomUUID } from 'node:crypto';
import {
  type ImportRoomState,
  planLesseeImport,
  checkRepeatedPhones,
  roomsNotImported,
  type PlannedTenancy,
} from '../../domain/lesseeSheets.js';
import { roomNameKey } from '../../domain/rooms.js';
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
import { oneTimePassword } from '../shared/passwords.js';
import {
  tenancyHouse,
  tenantAccountBlocker,
  type OpenedTenantAccount,
  openTenantAccount,
  closeTenantAccounts,
} from '../shared/tenantAccounts.js';
import { errorReport } from './errorReport.js';
import { readLesseeSheet } from './sheetReading.js';
import { tenantAccountText } from '../../domain/shared/outboxTexts.js';
import { isStoreError } from '../../store/store.js';
import { type PlannedWrite, writeAllOrNothing } from '../shared/allOrNothing.js';
import type { Deps } from '../shared/deps.js';
import { outboxCreate } from '../shared/outboxMessages.js';

/**
 * Importing a house's current tenants from a sheet: one contract per room, an account per representative,
 * all or nothing; a sheet with problems comes back as an error report (errorReport.ts).
 */

export type LesseeImportOutcome =
  ({ ok: true } & LesseeImportResult) | { ok: false; errorRows: number; report: Buffer; fileName: string };
/**
 * Imports the current tenants of a house from a sheet with one row per occupant, all or nothing.
 * Each room's rows become one active contract (its representative, the others as occupants), the
 * room becomes occupied, and each representative gets a tenant account (username: their phone)
 * with a one-time password returned once. Any problem: nothing is written and the sheet comes
 * back with a "Lỗi" column.
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

  // Usernames: each representative's phone, free in the file and among the accounts (read only).
  const candidates = checkRepeatedPhones(plan.tenancies, plan.problems);
  const holders = await inPool(candidates, 8, async (planned) => ({
    planned,
    ...(await tenantAccountBlocker(deps, planned.phoneNumber)),
  }));
  for (const { planned, blocked } of holders) {
    if (blocked)
      plan.problems.add(planned.representativeRow, `Số điện thoại: ${CONTRACT_MESSAGES.phoneTaken}`);
  }

  if (plan.problems.size > 0) {
    return {
      ok: false,
      errorRows: plan.problems.size,
      report: await errorReport(parsed, plan.problems, roomsNotImported(plan.groups, plan.problems)),
      fileName: LESSEE_IMPORT_MESSAGES.errorFileName,
    };
  }

  const roomByID = new Map(rooms.map((room) => [room.roomID, room]));
  const opened: OpenedTenantAccount[] = [];
  let accounts: LesseeImportAccount[];
  try {
    accounts = await inPool(holders, 4, async ({ planned, existing }) => {
      const password = oneTimePassword();
      const representative = planned.tenancy.lessees[0] as LesseeInfoDoc;
      const account = await openTenantAccount(deps, existing, {
        username: planned.phoneNumber,
        password,
        fullName: planned.representativeName,
        email: undefined,
        houseID: house.houseID,
        contractID: planned.tenancy.contract.contractID,
        roomID: planned.roomID,
        lesseeID: representative.lesseeInfoID,
      });
      opened.push({ account, previous: existing });
      planned.tenancy.contract.lesseeAccountID = account.userID;
      return {
        roomName: planned.roomName,
        occupantName: planned.representativeName,
        username: planned.phoneNumber,
        oneTimePassword: password,
      };
    });
    await writeTenancies(deps, house, plan.tenancies, roomByID);
  } catch (error) {
    await closeTenantAccounts(deps, opened);
    if (error instanceof AppError && error.kind === 'conflict') {
      throw AppError.conflict(CONTRACT_MESSAGES.phoneTaken);
    }
    throw error;
  }

  const lessees = plan.tenancies.reduce((sum, planned) => sum + planned.tenancy.lessees.length, 0);
  await audit(actor, {
    action: 'import',
    entity: 'contract',
    houseID: house.houseID,
    details: { contracts: plan.tenancies.length, lessees, accounts: accounts.length },
  });
  return { ok: true, contracts: plan.tenancies.length, lessees, accounts };
}

/** Runs `run` on every item, at most `size` at a time; after a failure, starts no more and rethrows. */
async function inPool<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let failure: { error: unknown } | undefined;
  async function worker(): Promise<void> {
    while (!failure && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await run(items[index] as T);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}

/**
 * Writes every tenancy (contract, occupants, the message telling the representative their username)
 * and marks its room occupied (If-Match: the room as it was checked), all or nothing. SQLite: one
 * transaction. Cosmos: transactional batches of at most 100 operations, a room never split across
 * two; when a later batch fails, the earlier ones are undone (documents deleted, rooms set back).
 */
async function writeTenancies(
  deps: Deps,
  house: HouseDoc,
  tenancies: PlannedTenancy[],
  roomByID: Map<string, RoomDoc>,
): Promise<void> {
  const { houseID } = house;
  const perRoom = tenancies.map((planned): Array<PlannedWrite<HouseScopedDoc>> => {
    const room = roomByID.get(planned.roomID) as RoomDoc;
    const { contract, lessees, vehicles, services } = planned.tenancy;
    const recipient = {
      ...(contract.lesseeAccountID ? { userID: contract.lesseeAccountID } : {}),
      name: planned.representativeName,
      phoneNumber: planned.phoneNumber,
    };
    const message = outboxCreate(deps, houseID, {
      event: 'tenantAccountOpened',
      houseID,
      recipient,
      ...tenantAccountText(
        { username: planned.phoneNumber },
        { houseName: house.houseName, roomName: planned.roomName },
        recipient,
        deps.config.webOrigin,
      ),
      subjectID: contract.contractID,
    }).doc;
    const created: HouseScopedDoc[] = [contract, ...lessees, ...vehicles, ...services, message];
    return [
      ...created.map((doc): PlannedWrite<HouseScopedDoc> => ({
        op: { op: 'create', doc },
        undo: { op: 'delete', id: doc.id },
      })),
      {
        op: {
          op: 'replace',
          doc: { ...room, status: 'occupied' } satisfies RoomDoc,
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
