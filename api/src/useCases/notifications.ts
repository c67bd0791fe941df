import { randomUUID } from 'node:crypto';
import {
  CONTRACT_STATUS,
  MAX_DAY_RANGE,
  MESSAGES,
  NOTIFICATION_MESSAGES,
  ROLE,
  type NotificationCreateInput,
} from '@nhatro/common';
import { lesseeScope, type Caller } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import { addDays } from '../domain/houseTickets.js';
import type {
  ContractDoc,
  HouseScopedDoc,
  NotificationDoc,
  NotificationReadDoc,
  RoomDoc,
} from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { notificationText } from '../domain/shared/outboxTexts.js';
import { ofType, type Filter } from '../domain/shared/query.js';
import { vietnamDate } from '../domain/shared/time.js';
import { isStoreError } from '../store/store.js';
import { audit, type Actor } from './shared/actor.js';
import type { Deps } from './shared/deps.js';
import { loadChildren } from './shared/expandBatch.js';
import {
  authorizeHouse,
  findInCallersHouse,
  houseDocs,
  listInHouse,
  listInHouseTogether,
  requireID,
  resolveContractScope,
} from './shared/houseScope.js';
import { listEntities, listLoadedEntities, selectFields, type EntityPage } from './shared/odataQuery.js';
import { createAllOrNothing } from './shared/allOrNothing.js';
import { tenantRecipients, outboxCreate } from './shared/outboxMessages.js';
import { NOTIFICATION_HOUSE_FIELDS, notificationFields } from './shared/notificationViews.js';

/**
 * Notices (thông báo): a landlord or staff member posts one to a house or to chosen rooms; it reaches
 * the tenants of those rooms' active contracts, in the app and through the outbox (one message per
 * tenant, written with the notice). A tenant reads only the notices sent to their own contract.
 */

const NEWEST_FIRST = [{ field: 'createdOn', desc: true }];
const roomOrder = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

function readID(notificationID: string, userID: string): string {
  return `read_${notificationID}_${userID}`;
}

/**
 * `POST /odata/Notification`: a notice to every room of the house (no `roomIDs`) or to the chosen
 * rooms, sent to the tenant of each of their active contracts. A room of another house does not exist
 * (404); rooms where nobody lives reach no one (409 when none of the chosen rooms has a tenant).
 */
export async function createNotification(
  actor: Actor,
  input: NotificationCreateInput,
): Promise<Record<string, unknown>> {
  const { deps, user } = actor;
  // The endpoint admits landlords and staff only; checked again so the rule holds without it.
  if (user.roleID === ROLE.lessee) throw AppError.forbidden();
  const house = await authorizeHouse(deps, user, input.houseID);
  const [rooms, contracts] = await Promise.all([
    listInHouse<RoomDoc>(deps, house.houseID, 'room'),
    listInHouse<ContractDoc>(deps, house.houseID, 'contract', {
      op: 'eq',
      field: 'status',
      value: CONTRACT_STATUS.active,
    }),
  ]);
  const roomsByID = new Map(rooms.map((room) => [room.roomID, room]));
  const chosen = input.roomIDs?.length ? [...new Set(input.roomIDs)] : undefined;
  const targets = chosen
    ? chosen.map((roomID) => {
        const room = roomsByID.get(roomID);
        if (!room) throw AppError.notFound();
        return room;
      })
    : rooms;
  targets.sort((a, b) => roomOrder.compare(a.roomName, b.roomName));
  const targetIDs = new Set(targets.map((room) => room.roomID));
  const reached = contracts.filter((contract) => targetIDs.has(contract.roomID));
  if (reached.length === 0) throw AppError.conflict(NOTIFICATION_MESSAGES.noRecipients);

  const recipients = await tenantRecipients(deps, house.houseID, reached);
  const notificationID = randomUUID();
  const notice: NotificationDoc = {
    id: notificationID,
    pk: house.houseID,
    type: 'notification',
    notificationID,
    houseID: house.houseID,
    title: input.title,
    body: input.body,
    audience: chosen ? 'rooms' : 'house',
    roomIDs: targets.map((room) => room.roomID),
    roomNames: chosen ? targets.map((room) => room.roomName) : [],
    recipients: reached.length,
    contractIDs: reached.map((contract) => contract.contractID),
    createdBy: user.userID,
    createdByName: user.account.fullName,
    createdOn: deps.now().toISOString(),
  };
  const text = notificationText({ ...input, houseName: house.houseName }, deps.config.webOrigin);
  const messages = reached.map(
    (contract) =>
      outboxCreate(deps, house.houseID, {
        event: 'notification',
        houseID: house.houseID,
        recipient: recipients.get(contract.contractID) ?? {},
        ...text,
        subjectID: notificationID,
      }).doc,
  );
  await createAllOrNothing(deps, houseDocs<HouseScopedDoc>(deps), house.houseID, [notice, ...messages]);
  await audit(actor, {
    action: 'create',
    entity: 'notification',
    entityID: notificationID,
    houseID: house.houseID,
    details: { audience: notice.audience, rooms: targets.length, recipients: reached.length },
  });
  const saved = await houseDocs<NotificationDoc>(deps).read(house.houseID, notificationID);
  return { ...notificationFields(saved ?? notice, user), readCount: 0 };
}

/** Non-OData parameters of the list: the house (or a room of it) and how many days back. */
export interface NotificationScope {
  houseID?: string;
  roomID?: string;
  dayRange?: string;
}

/** `DayRange=N`: notices since the start of the day N days ago in Vietnam (0: today's). */
function sinceDayRange(deps: Deps, dayRange: string): string {
  const days = /^\d{1,4}$/.test(dayRange.trim()) ? Number(dayRange.trim()) : Number.NaN;
  if (!(days <= MAX_DAY_RANGE)) {
    throw AppError.validation([{ field: 'DayRange', errorMessage: NOTIFICATION_MESSAGES.dayRangeInvalid }]);
  }
  const first = addDays(vietnamDate(deps.now()), -days);
  return new Date(`${first}T00:00:00.000+07:00`).toISOString();
}

/** The notices a tenant has read in their house, by notice. */
async function readsOf(
  deps: Deps,
  houseID: string,
  userID: string,
): Promise<Map<string, NotificationReadDoc>> {
  const reads = await listInHouseTogether<NotificationReadDoc>(deps, houseID, 'notificationRead', {
    op: 'eq',
    field: 'userID',
    value: userID,
  });
  return new Map(reads.map((read) => [read.notificationID, read]));
}

/** How many tenants read a notice (the notices of one page are counted with one query). */
async function readCount(deps: Deps, notice: NotificationDoc): Promise<number> {
  const reads = await loadChildren(
    deps,
    {
      partitionKey: notice.houseID,
      filter: { op: 'eq', field: 'type', value: 'notificationRead' },
      groupBy: 'notificationID',
    },
    notice.notificationID,
  );
  return reads.length;
}

function tenantView(
  doc: NotificationDoc,
  tenant: Caller,
  read: NotificationReadDoc | undefined,
): Record<string, unknown> {
  return {
    ...notificationFields(doc, tenant),
    read: read !== undefined,
    ...(read ? { readOn: read.readOn } : {}),
  };
}

/** Every field a filter names. */
function filterFields(filter: Filter): string[] {
  if ('items' in filter) return filter.items.flatMap(filterFields);
  if ('item' in filter) return filterFields(filter.item);
  return [filter.field];
}

/**
 * A tenant's notices show neither the other rooms they reached nor how many tenants: those fields are
 * not theirs to filter or order by either (the store would answer on the stored notice).
 */
function refuseHouseFields(query: ODataQuery): void {
  const named = [
    ...(query.filter ? filterFields(query.filter) : []),
    ...query.orderBy.map((order) => order.field),
  ];
  const hidden = named.find((field) => (NOTIFICATION_HOUSE_FIELDS as readonly string[]).includes(field));
  if (hidden !== undefined) throw AppError.badRequest(MESSAGES.unknownField(hidden));
}

/**
 * `GET /odata/Notification?HouseID=…&DayRange=…` (or `roomID`), newest first. Landlords and staff read a
 * house's notices with how many tenants read each; a tenant reads those sent to them (no parameter
 * needed), each marked read or not.
 */
export async function listNotifications(
  actor: Actor,
  scope: NotificationScope,
  query: ODataQuery,
): Promise<EntityPage> {
  const { deps, user } = actor;
  const lessee = lesseeScope(user);
  // Beside the type: the room, a tenant's contract, the days.
  const conditions: Filter[] = [];
  // The house from the room, the house named or the tenant's own, as a list by room or house is.
  const { houseID } = await resolveContractScope(deps, user, 'notification', {
    ...(scope.roomID !== undefined ? { roomID: scope.roomID } : {}),
    ...(scope.houseID !== undefined ? { houseID: scope.houseID } : {}),
  });
  if (scope.roomID !== undefined) {
    conditions.push({ op: 'arrayContains', field: 'roomIDs', value: requireID(scope.roomID, 'Mã phòng') });
  }
  if (lessee) {
    refuseHouseFields(query);
    conditions.push({ op: 'arrayContains', field: 'contractIDs', value: lessee.contractID ?? '' });
  }
  if (scope.dayRange !== undefined) {
    conditions.push({ op: 'ge', field: 'createdOn', value: sinceDayRange(deps, scope.dayRange) });
  }
  if (lessee) {
    // A tenant's notices (those of their contract, a few a month) and their reads of them are one query
    // of the house; the page is ordered, cut and counted in memory.
    const [notices, reads] = await Promise.all([
      listInHouseTogether<NotificationDoc>(deps, houseID, 'notification', {
        op: 'and',
        items: [...conditions, ...(query.filter ? [query.filter] : [])],
      }),
      readsOf(deps, houseID, user.userID),
    ]);
    return listLoadedEntities(notices, query, NEWEST_FIRST, (doc) =>
      tenantView(doc, user, reads.get(doc.notificationID)),
    );
  }
  return listEntities(
    houseDocs<NotificationDoc>(deps),
    { partitionKey: houseID, filter: ofType('notification', ...conditions) },
    query,
    NEWEST_FIRST,
    async (doc) => ({ ...notificationFields(doc, user), readCount: await readCount(deps, doc) }),
  );
}

/** A notice the caller may read: in their house, and for a tenant only one sent to their contract. */
async function noticeForCaller(actor: Actor, notificationID: string): Promise<NotificationDoc> {
  const { doc } = await findInCallersHouse<NotificationDoc>(
    actor.deps,
    actor.user,
    'notification',
    notificationID,
  );
  const lessee = lesseeScope(actor.user);
  if (lessee && !doc.contractIDs.includes(lessee.contractID ?? '')) throw AppError.notFound();
  return doc;
}

/** `GET /odata/Notification/{id}`. */
export async function getNotification(actor: Actor, notificationID: string, query: ODataQuery) {
  const { deps, user } = actor;
  const doc = await noticeForCaller(actor, notificationID);
  if (lesseeScope(user)) {
    const read = await houseDocs<NotificationReadDoc>(deps).read(
      doc.houseID,
      readID(doc.notificationID, user.userID),
    );
    return selectFields(tenantView(doc, user, read?.type === 'notificationRead' ? read : undefined), query);
  }
  return selectFields({ ...notificationFields(doc, user), readCount: await readCount(deps, doc) }, query);
}

/**
 * `POST /odata/Notification/{id}/Read`: the tenant has read the notice. Marking it again changes
 * nothing (the first time is kept).
 */
export async function markNotificationRead(actor: Actor, notificationID: string) {
  const { deps, user } = actor;
  if (user.roleID !== ROLE.lessee) throw AppError.forbidden();
  const doc = await noticeForCaller(actor, notificationID);
  const id = readID(doc.notificationID, user.userID);
  const container = houseDocs<NotificationReadDoc>(deps);
  let read: NotificationReadDoc | undefined;
  try {
    read = await container.create({
      id,
      pk: doc.houseID,
      type: 'notificationRead',
      notificationID: doc.notificationID,
      userID: user.userID,
      readOn: deps.now().toISOString(),
    });
  } catch (error) {
    if (!isStoreError(error, 'conflict')) throw error;
    read = await container.read(doc.houseID, id);
  }
  return tenantView(doc, user, read);
}
