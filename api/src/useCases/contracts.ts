import { randomUUID } from 'node:crypto';
import {
  CONTRACT_MESSAGES,
  CONTRACT_STATUS,
  settlement,
  type ContractCreateInput,
  type ContractTerminateInput,
  type ContractUpdateInput,
} from '@nhatro/common';
import { lesseeScope } from '../domain/shared/access.js';
import { buildTenancy, changedFields, contractCreationBlocker } from '../domain/contracts.js';
import { AppError } from '../domain/shared/errors.js';
import type {
  ContractChangeDoc,
  ContractDoc,
  HouseScopedDoc,
  IssueDoc,
  LesseeInfoDoc,
  OneTimeChargeDoc,
  ReservationDoc,
  RoomDoc,
  UserDoc,
} from '../domain/shared/model.js';
import type { ExpandOption, ODataQuery } from '../domain/shared/odata/parse.js';
import { tenantAccountText } from '../domain/shared/outboxTexts.js';
import type { Filter, OrderBy } from '../domain/shared/query.js';
import { nextMonth, vietnamDate, vietnamMonth } from '../domain/shared/time.js';
import { audit, type Actor } from './shared/actor.js';
import { oneTimePassword } from './shared/passwords.js';
import {
  assertCurrent,
  authorizeHouse,
  houseDocs,
  listInHouse,
  readHouse,
  requireID,
} from './shared/houseScope.js';
import { issueEntity } from './shared/issueViews.js';
import { applyInMemory, listEntities, selectFields, type EntityPage } from './shared/odataQuery.js';
import { outboxCreate } from './shared/outboxMessages.js';
import { roomForCaller } from './shared/houseScope.js';
import type { Deps } from './shared/deps.js';
import { lessorInfoOf } from './shared/users.js';
import { entityView, toView } from './shared/views.js';
import { groupBy } from '../domain/shared/groupBy.js';
import {
  ACTIVE_CONTRACT,
  activeContractOfRoom,
  contractForCaller,
  listOfContract,
} from './shared/contractScope.js';
import {
  closeTenantAccounts,
  openTenantAccount,
  tenancyHouse,
  tenantAccountBlocker,
} from './shared/tenantAccounts.js';

/** Each collection a contract expands to (spec §3's names), linked by `contractID`; its default order. */
const CONTRACT_NAVIGATIONS: Record<
  string,
  {
    type: HouseScopedDoc['type'];
    order: OrderBy;
    /**
     * A tenant sees these only for the contract they live under now, as on their own endpoints (an
     * account kept for a phone number that moved to a new tenancy must not show the old one's bills).
     */
    currentContractOnly?: boolean;
    /** The item as its own endpoint shows it, when that differs from the stored fields (photo URLs). */
    view?: (deps: Deps, doc: HouseScopedDoc, option: ExpandOption) => Promise<Record<string, unknown>>;
  }
> = {
  lesseeInfors: { type: 'lesseeInfo', order: { field: 'occupantName' } },
  vehicles: { type: 'vehicle', order: { field: 'licensePlate' } },
  contractServices: { type: 'contractService', order: { field: 'createdOn' } },
  monthlyBills: { type: 'monthlyBill', order: { field: 'month', desc: true }, currentContractOnly: true },
  issues: {
    type: 'issue',
    order: { field: 'createdOn', desc: true },
    currentContractOnly: true,
    view: (deps, doc, option) => issueEntity(deps, doc as IssueDoc, option.query.expand),
  },
};

/** Loads the expands of a page of contracts: one query per navigation, whatever the page size. */
async function expandContracts(actor: Actor, houseID: string, contracts: ContractDoc[], query: ODataQuery) {
  const expanded = new Map<string, Record<string, unknown>>(
    contracts.map((contract) => [contract.contractID, {}]),
  );
  const ids = contracts.map((contract) => contract.contractID);
  const lessee = lesseeScope(actor.user);
  for (const option of query.expand) {
    const navigation = CONTRACT_NAVIGATIONS[option.property];
    if (navigation) {
      const visible =
        lessee && navigation.currentContractOnly ? ids.filter((id) => id === lessee.contractID) : ids;
      const docs = visible.length
        ? await listInHouse<HouseScopedDoc & { contractID: string }>(actor.deps, houseID, navigation.type, {
            op: 'in',
            field: 'contractID',
            values: visible,
          })
        : [];
      const ordered = option.query.orderBy.length
        ? option.query
        : { ...option.query, orderBy: [navigation.order] };
      const byContract = groupBy(docs, (doc) => doc.contractID);
      const { view } = navigation;
      for (const contract of contracts) {
        const docsOfContract = byContract.get(contract.contractID) ?? [];
        const own = view
          ? await Promise.all(docsOfContract.map((doc) => view(actor.deps, doc, option)))
          : docsOfContract.map(toView);
        (expanded.get(contract.contractID) as Record<string, unknown>)[option.property] = applyInMemory(
          own,
          ordered,
        );
      }
    } else if (option.property === 'room') {
      const rooms = await listInHouse<RoomDoc>(actor.deps, houseID, 'room', {
        op: 'in',
        field: 'roomID',
        values: [...new Set(contracts.map((contract) => contract.roomID))],
      });
      for (const contract of contracts) {
        const room = rooms.find((candidate) => candidate.roomID === contract.roomID);
        (expanded.get(contract.contractID) as Record<string, unknown>).room = room
          ? (applyInMemory([toView(room)], option.query)[0] ?? null)
          : null;
      }
    } else if (option.property === 'renterRepresentative') {
      const people = await listInHouse<LesseeInfoDoc>(actor.deps, houseID, 'lesseeInfo', {
        op: 'in',
        // The occupant's id is the document id: looked up by key, not by reading the house.
        field: 'id',
        values: contracts.map((contract) => contract.representativeLesseeID),
      });
      for (const contract of contracts) {
        const person = people.find((candidate) => candidate.lesseeInfoID === contract.representativeLesseeID);
        (expanded.get(contract.contractID) as Record<string, unknown>).renterRepresentative = person
          ? (applyInMemory([toView(person)], option.query)[0] ?? null)
          : null;
      }
    } else if (option.property === 'lessorInfo') {
      const house = await authorizeHouse(actor.deps, actor.user, houseID);
      const { citizenID, ...shared } = await lessorInfoOf(actor.deps, house.ownerID);
      const info =
        actor.user.userID === house.ownerID && citizenID !== undefined ? { ...shared, citizenID } : shared;
      for (const contract of contracts) {
        (expanded.get(contract.contractID) as Record<string, unknown>).lessorInfo =
          applyInMemory([info], option.query)[0] ?? null;
      }
    }
  }
  return expanded;
}

/**
 * A house's contracts (`HouseID`), optionally of one room or status; a lessee gets their own.
 * Expands: room, renterRepresentative, lesseeInfors, vehicles, contractServices, lessorInfo, monthlyBills, issues.
 */
export async function listContracts(
  actor: Actor,
  scope: { houseID?: string; roomID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  const { deps, user } = actor;
  const lessee = lesseeScope(user);
  const houseID = scope.houseID ?? user.account.houseID;
  const house = await authorizeHouse(deps, user, requireID(houseID, 'Mã nhà trọ'));
  const conditions: Filter[] = [{ op: 'eq', field: 'type', value: 'contract' }];
  if (lessee) conditions.push({ op: 'eq', field: 'lesseeAccountID', value: user.userID });
  if (scope.roomID)
    conditions.push({ op: 'eq', field: 'roomID', value: requireID(scope.roomID, 'Mã phòng') });
  const pageDocs: ContractDoc[] = [];
  const page = await listEntities(
    houseDocs<ContractDoc>(deps),
    { partitionKey: house.houseID, filter: { op: 'and', items: conditions } },
    { ...query, expand: [] },
    [{ field: 'startDate', desc: true }],
    (contract) => {
      pageDocs.push(contract);
      return { ...entityView(contract), contractID: contract.contractID };
    },
  );
  if (query.expand.length === 0) return page;
  const docs = pageDocs;
  const expanded = await expandContracts(actor, house.houseID, docs, query);
  return {
    ...page,
    value: page.value.map((entity) =>
      selectFields({ ...entity, ...expanded.get(entity.contractID as string) }, query),
    ),
  };
}

export async function getContract(actor: Actor, contractID: string, query: ODataQuery) {
  const contract = await contractForCaller(actor, contractID);
  const expanded = await expandContracts(actor, contract.houseID, [contract], query);
  return selectFields({ ...entityView(contract), ...expanded.get(contract.contractID) }, query);
}

/**
 * Signs a room over to its tenants: the contract, its occupants, vehicles and services, the room's
 * status and the reservation it comes from are written in one transaction; then the representative
 * gets a lessee account (username: their phone number) with a one-time password shown once. The
 * message telling them their username (never the password) is written with the contract.
 */
export async function createContract(
  actor: Actor,
  input: ContractCreateInput,
): Promise<
  Record<string, unknown> & { representativeAccount: { username: string; oneTimePassword: string } }
> {
  const { deps } = actor;
  const room = await roomForCaller(actor, input.roomID);
  const houseID = room.houseID;
  const [reservations, activeContract, house, houseDoc] = await Promise.all([
    listInHouse<ReservationDoc>(deps, houseID, 'reservation', {
      op: 'and',
      items: [
        { op: 'eq', field: 'roomID', value: room.roomID },
        { op: 'eq', field: 'status', value: 'active' },
      ],
    }),
    activeContractOfRoom(actor, houseID, room.roomID),
    tenancyHouse(
      deps,
      houseID,
      input.vehicles.map((vehicle) => vehicle.licensePlate ?? ''),
    ),
    readHouse(deps, houseID),
  ]);
  const reservation = reservations[0];
  const blocker = contractCreationBlocker(room, Boolean(activeContract), reservation, input.reservationID);
  if (blocker) throw AppError.conflict(blocker);

  const createdOn = deps.now().toISOString();
  const { roomID: _roomID, reservationID: _reservationID, ...terms } = input;
  const tenancy = buildTenancy({
    house,
    room,
    reservation,
    input: terms,
    today: vietnamDate(deps.now()),
    createdOn,
    newID: randomUUID,
  });
  const { contract, lessees, vehicles, services } = tenancy;
  const representative = lessees[0] as LesseeInfoDoc;

  const username = input.representative.phoneNumber;
  const { existing, blocked } = await tenantAccountBlocker(deps, username);
  if (blocked) throw AppError.conflict(CONTRACT_MESSAGES.phoneTaken);

  // The account first, so the contract is written with it in one transaction; if that transaction
  // fails, the account is closed again (a returning tenant's moves back to where it was).
  const password = oneTimePassword();
  let account: UserDoc;
  try {
    account = await openTenantAccount(deps, existing, {
      username,
      password,
      fullName: representative.occupantName,
      email: input.representative.email,
      houseID,
      contractID: contract.contractID,
      roomID: room.roomID,
      lesseeID: representative.lesseeInfoID,
    });
  } catch (error) {
    if (error instanceof AppError && error.kind === 'conflict')
      throw AppError.conflict(CONTRACT_MESSAGES.phoneTaken);
    throw error;
  }
  const saved: ContractDoc = { ...contract, lesseeAccountID: account.userID };
  const recipient = {
    userID: account.userID,
    name: representative.occupantName,
    phoneNumber: username,
    ...(account.email ? { email: account.email } : {}),
  };
  try {
    await houseDocs<HouseScopedDoc>(deps).batch(houseID, [
      { op: 'create', doc: saved },
      outboxCreate(deps, houseID, {
        event: 'tenantAccountOpened',
        houseID,
        recipient,
        ...tenantAccountText(
          { username },
          { houseName: houseDoc?.houseName ?? '', roomName: room.roomName },
          recipient,
          deps.config.webOrigin,
        ),
        subjectID: contract.contractID,
      }),
      ...[...lessees, ...vehicles, ...services].map((doc) => ({ op: 'create' as const, doc })),
      {
        op: 'replace',
        doc: { ...room, status: 'occupied' } satisfies RoomDoc,
        ...(room._etag ? { ifMatch: room._etag } : {}),
      },
      ...(reservation
        ? [
            {
              op: 'replace' as const,
              doc: {
                ...reservation,
                status: 'contracted' as const,
                contractID: contract.contractID,
              } satisfies ReservationDoc,
              ...(reservation._etag ? { ifMatch: reservation._etag } : {}),
            },
          ]
        : []),
    ]);
  } catch (error) {
    await closeTenantAccounts(deps, [{ account, previous: existing }]);
    throw error;
  }
  await audit(actor, {
    action: 'create',
    entity: 'contract',
    entityID: contract.contractID,
    houseID,
    details: { occupants: lessees.length, vehicles: vehicles.length },
  });
  const written = (await houseDocs<ContractDoc>(deps).read(houseID, contract.contractID)) ?? saved;
  return { ...entityView(written), representativeAccount: { username, oneTimePassword: password } };
}

async function recordChanges(
  actor: Actor,
  contract: ContractDoc,
  changes: Array<{
    field: string;
    oldValue: string | number | boolean | null;
    newValue: string | number | boolean | null;
  }>,
  reason: string | undefined,
): Promise<ContractChangeDoc[]> {
  const changedOn = actor.deps.now().toISOString();
  return changes.map((change) => {
    const contractChangeID = randomUUID();
    return {
      id: contractChangeID,
      pk: contract.houseID,
      type: 'contractChange',
      contractChangeID,
      houseID: contract.houseID,
      contractID: contract.contractID,
      ...change,
      changedBy: actor.user.userID,
      changedByName: actor.user.account.fullName,
      changedOn,
      ...(reason ? { reason } : {}),
    };
  });
}

const CHANGEABLE = ['endDate', 'rentFee', 'deposit', 'deposited', 'representativeLesseeEmail'] as const;

/** Extends the term, changes the rent (from a month), the deposit or the email; each change is kept. */
export async function updateContract(
  actor: Actor,
  contractID: string,
  input: Omit<ContractUpdateInput, 'contractID'>,
  ifMatch?: string,
) {
  const contract = await contractForCaller(actor, contractID);
  if (contract.status === CONTRACT_STATUS.terminated) throw AppError.conflict(CONTRACT_MESSAGES.notActive);
  assertCurrent(contract, ifMatch);
  const { reason, rentFromMonth, ...fields } = input;
  const next: ContractDoc = { ...contract };
  for (const field of CHANGEABLE) {
    const value = fields[field];
    if (value !== undefined) Object.assign(next, { [field]: value });
  }
  if (next.endDate <= next.startDate) {
    throw AppError.validation([{ field: 'endDate', errorMessage: CONTRACT_MESSAGES.endBeforeStart }]);
  }
  // Extending an expired contract past today makes it active again.
  if (contract.status === CONTRACT_STATUS.expired && next.endDate >= vietnamDate(actor.deps.now())) {
    next.status = ACTIVE_CONTRACT;
  }
  const changes = changedFields(contract, next, [...CHANGEABLE, 'status']);
  if (changes.length === 0) return entityView(contract);
  if (next.rentFee !== contract.rentFee) {
    // Bills of earlier months keep the old rent (domain/shared/bills.ts reads these two fields).
    const fromMonth = rentFromMonth ?? nextMonth(vietnamMonth(actor.deps.now()));
    next.rentFromMonth = fromMonth;
    next.previousRentFee = contract.rentFee;
    const rentChange = changes.find((change) => change.field === 'rentFee');
    if (rentChange) rentChange.field = `rentFee (từ tháng ${fromMonth.slice(5)}/${fromMonth.slice(0, 4)})`;
  }
  const history = await recordChanges(actor, contract, changes, reason);
  await houseDocs<HouseScopedDoc>(actor.deps).batch(contract.houseID, [
    { op: 'replace', doc: next, ifMatch: ifMatch ?? (contract._etag as string) },
    ...history.map((doc) => ({ op: 'create' as const, doc })),
  ]);
  await audit(actor, {
    action: 'update',
    entity: 'contract',
    entityID: contractID,
    houseID: contract.houseID,
    details: { fields: changes.map((change) => change.field) },
  });
  return entityView(
    (await houseDocs<ContractDoc>(actor.deps).read(contract.houseID, contractID)) as ContractDoc,
  );
}

/**
 * Ends a contract early: the settlement (deposit less the prorated last month, damages and unpaid
 * one-time charges) is recorded, the room is empty again and the tenant's account no longer opens
 * the contract.
 */
export async function terminateContract(actor: Actor, input: ContractTerminateInput) {
  const { deps } = actor;
  const contract = await contractForCaller(actor, input.contractID);
  if (contract.status === CONTRACT_STATUS.terminated) throw AppError.conflict(CONTRACT_MESSAGES.notActive);
  if (input.terminationDate < contract.startDate || input.terminationDate > contract.endDate) {
    throw AppError.validation([
      { field: 'terminationDate', errorMessage: CONTRACT_MESSAGES.terminationOutsideTerm },
    ]);
  }
  // What the tenant still owes on one-time charges is taken from the deposit too (one query).
  const charges = await listInHouse<OneTimeChargeDoc>(deps, contract.houseID, 'oneTimeCharge', {
    op: 'eq',
    field: 'contractID',
    value: contract.contractID,
  });
  const unpaidCharges = charges.reduce(
    (sum, charge) => sum + Math.max(0, charge.amount - charge.paidAmount),
    0,
  );
  const result = settlement(contract, input.terminationDate, input.damageCharges, unpaidCharges);
  const ended: ContractDoc = {
    ...contract,
    status: CONTRACT_STATUS.terminated,
    terminatedOn: input.terminationDate,
    terminationReason: input.reason,
    settlement: result,
  };
  const room = await houseDocs<RoomDoc>(deps).read(contract.houseID, contract.roomID);
  const history = await recordChanges(
    actor,
    contract,
    [{ field: 'status', oldValue: contract.status, newValue: CONTRACT_STATUS.terminated }],
    input.reason,
  );
  await houseDocs<HouseScopedDoc>(deps).batch(contract.houseID, [
    { op: 'replace', doc: ended, ...(contract._etag ? { ifMatch: contract._etag } : {}) },
    ...(room?.type === 'room'
      ? [
          {
            op: 'replace' as const,
            doc: { ...room, status: 'empty' as const },
            ...(room._etag ? { ifMatch: room._etag } : {}),
          },
        ]
      : []),
    ...history.map((doc) => ({ op: 'create' as const, doc })),
  ]);
  await audit(actor, {
    action: 'terminate',
    entity: 'contract',
    entityID: contract.contractID,
    houseID: contract.houseID,
    details: { ...result },
  });
  return entityView(ended);
}

/** The history of a contract, newest first (landlord and staff only: the endpoint limits roles). */
export function listContractChanges(
  actor: Actor,
  scope: { contractID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  return listOfContract(actor, scope.contractID, 'contractChange', query, [
    { field: 'changedOn', desc: true },
  ]);
}

/**
 * The nightly job: active contracts whose end date has passed (in Vietnam) become expired (status 2),
 * with a history entry. The room stays occupied and the tenant keeps their account until the
 * landlord extends the contract (which makes it active again) or ends it.
 */
export async function expireContracts(deps: Deps): Promise<number> {
  const today = vietnamDate(deps.now());
  const due = await deps.store.container<ContractDoc>('houses').query({
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'contract' },
        { op: 'eq', field: 'status', value: ACTIVE_CONTRACT },
        { op: 'lt', field: 'endDate', value: today },
      ],
    },
    top: 1000,
  });
  for (const contract of due.items) {
    const contractChangeID = randomUUID();
    const change: ContractChangeDoc = {
      id: contractChangeID,
      pk: contract.houseID,
      type: 'contractChange',
      contractChangeID,
      houseID: contract.houseID,
      contractID: contract.contractID,
      field: 'status',
      oldValue: ACTIVE_CONTRACT,
      newValue: CONTRACT_STATUS.expired,
      changedBy: 'system',
      changedByName: 'Hệ thống',
      changedOn: deps.now().toISOString(),
      reason: `Hết hạn ngày ${contract.endDate}`,
    };
    await houseDocs<HouseScopedDoc>(deps).batch(contract.houseID, [
      {
        op: 'replace',
        doc: { ...contract, status: CONTRACT_STATUS.expired },
        ...(contract._etag ? { ifMatch: contract._etag } : {}),
      },
      { op: 'create', doc: change },
    ]);
  }
  return due.items.length;
}
