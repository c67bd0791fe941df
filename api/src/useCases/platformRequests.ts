import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_EXPIRY_MESSAGES,
  extensionFee,
  isValidID,
  LEVEL,
  PLATFORM_REQUEST_MESSAGES,
  ROLE,
  roomPurchaseFee,
  type AccountExtensionRequestInput,
  type AccountPlan,
  type AccountPlanPart,
  type PaymentUrlReply,
  type PlatformPricing,
  type PlatformRequest,
  type PlatformRequestKind,
  type PlatformRequestStatus,
  type RoomPurchaseRequestInput,
} from '@nhatro/common';
import { requireSuperAdmin } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import {
  SETTINGS_PARTITION,
  type PlatformRequestDoc,
  type PlatformSettingsDoc,
  type UserDoc,
} from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import {
  approvalDecision,
  approvalEffect,
  daysFromTo,
  isExpired,
  monthsLeftInTerm,
  requestApprovedText,
  requestCode,
  requestDescription,
  REQUESTS_PARTITION,
} from '../domain/platformRequests.js';
import { assertPaidInFull } from '../domain/payments.js';
import { vietnamDate } from '../domain/shared/time.js';
import { isStoreError, type StoredDoc } from '../store/store.js';
import { audit, type Actor } from './shared/actor.js';
import { governingLandlord } from './shared/governingLandlord.js';
import type { Deps } from './shared/deps.js';
import { listEntities, type EntityPage } from './shared/odataQuery.js';
import { outboxCreate } from './shared/outboxMessages.js';
import { requestPlatformPayment } from './shared/paymentRequests.js';
import { currentPricing, pricingIn } from './shared/platformSettings.js';
import { queryAll } from './shared/queryAll.js';
import { findUser } from './shared/users.js';
import { entityView } from './shared/views.js';
import { roomsUsedByOwner } from './shared/newRooms.js';
import { eq, ofType } from '../domain/shared/query.js';

/**
 * A landlord's room purchases and extensions: the request and its payment URL (`POST
 * /api/Payment/RequestForBuyingMoreRoom`, `…/RequestForExtendHMAccountExpiration`), the gateway's
 * notification marks it paid (`useCases/payments.ts`), and the super admin's lists and approval (`GET
 * /odata/House/UnresolvedRequests`, `…/PaidRequests`, `…/RequestPaid?requestID=…`), which applies it to the
 * landlord's account once and tells them.
 */

/** Requests still waiting for payment one landlord may open within a day. */
const OPEN_REQUESTS_PER_DAY = 10;
/** Tries of a write that met a concurrent change of the same document. */
const WRITE_ATTEMPTS = 5;

function requests(deps: Deps) {
  return deps.store.container<PlatformRequestDoc>('platform');
}

function requireLandlord(actor: Actor): void {
  if (actor.user.roleID !== ROLE.houseModerator) throw AppError.forbidden();
}

function view(doc: PlatformRequestDoc): Record<string, unknown> {
  return entityView(doc);
}

/** The landlord as stored now (not as the request's caller was authenticated). */
async function currentLandlord(actor: Actor): Promise<UserDoc> {
  const account = await findUser(actor.deps, actor.user.userID);
  if (!account) throw AppError.notFound();
  return account;
}

/** Too many requests left unpaid within a day: a landlord clicking on and on gets told to pay or wait. */
async function assertFewOpenRequests(deps: Deps, userID: string): Promise<void> {
  const since = new Date(deps.now().getTime() - 24 * 60 * 60 * 1000).toISOString();
  const open = await requests(deps).count({
    partitionKey: REQUESTS_PARTITION,
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'platformRequest' },
        { op: 'eq', field: 'requestedBy', value: userID },
        { op: 'eq', field: 'status', value: 'awaitingPayment' },
        { op: 'ge', field: 'createdOn', value: since },
      ],
    },
  });
  if (open >= OPEN_REQUESTS_PER_DAY) throw AppError.conflict(PLATFORM_REQUEST_MESSAGES.tooManyOpen);
}

/**
 * Records the request (awaiting payment) and asks the gateway for its URL. Without a URL (the gateway
 * is not configured or unreachable) the request is taken back and the reply says why; a request that
 * costs nothing (free prices) is paid at once.
 */
async function createRequest(
  actor: Actor,
  account: UserDoc,
  order: { kind: PlatformRequestKind; rooms?: number; years?: number; amount: number },
): Promise<PaymentUrlReply> {
  const { deps } = actor;
  await assertFewOpenRequests(deps, account.userID);
  const requestID = randomUUID();
  const free = order.amount <= 0;
  const doc: PlatformRequestDoc = {
    id: requestID,
    pk: REQUESTS_PARTITION,
    type: 'platformRequest',
    requestID,
    kind: order.kind,
    status: free ? 'paid' : 'awaitingPayment',
    requestedBy: account.userID,
    username: account.username,
    fullName: account.fullName,
    ...(account.email ? { email: account.email } : {}),
    ...(account.phoneNumber ? { phoneNumber: account.phoneNumber } : {}),
    ...(order.rooms !== undefined ? { rooms: order.rooms } : {}),
    ...(order.years !== undefined ? { years: order.years } : {}),
    amount: Math.max(0, order.amount),
    code: requestCode(order.kind, requestID),
    roomQuotaBefore: account.roomQuota ?? 0,
    ...(account.accountExpiresOn ? { accountExpiresOnBefore: account.accountExpiresOn } : {}),
    createdOn: deps.now().toISOString(),
  };
  await requests(deps).create(doc);
  let reply: PaymentUrlReply = { status: true, errorMessage: '', paymentURL: null };
  if (!free) {
    reply = await requestPlatformPayment(deps, actor.origin, account.userID, {
      target: order.kind,
      targetID: requestID,
      pk: REQUESTS_PARTITION,
      description: requestDescription(doc),
      code: doc.code,
      amount: doc.amount,
    });
    if (!reply.status) {
      await requests(deps).delete(REQUESTS_PARTITION, requestID);
      return reply;
    }
  }
  await audit(actor, {
    action: 'create',
    entity: 'platformRequest',
    entityID: requestID,
    details: {
      kind: order.kind,
      ...(order.rooms !== undefined ? { rooms: order.rooms } : {}),
      ...(order.years !== undefined ? { years: order.years } : {}),
      amount: doc.amount,
    },
  });
  return reply;
}

/** `POST /api/Payment/RequestForBuyingMoreRoom` `{ rooms }`: paid for the months left of the term. */
export async function requestRoomPurchase(
  actor: Actor,
  input: RoomPurchaseRequestInput,
): Promise<PaymentUrlReply> {
  requireLandlord(actor);
  const account = await currentLandlord(actor);
  const today = vietnamDate(actor.deps.now());
  if (isExpired(account.accountExpiresOn, today)) {
    throw AppError.forbidden(ACCOUNT_EXPIRY_MESSAGES.landlordReadOnly(account.accountExpiresOn as string));
  }
  const pricing = await currentPricing(actor.deps);
  const months = monthsLeftInTerm(today, account.accountExpiresOn, pricing.monthsPerTerm);
  return createRequest(actor, account, {
    kind: 'roomPurchase',
    rooms: input.rooms,
    amount: roomPurchaseFee(input.rooms, months, pricing),
  });
}

/**
 * `POST /api/Payment/RequestForExtendHMAccountExpiration` `{ years }`: each year at the yearly price of the
 * account's quota. Open to an expired account (that is how it becomes writable again); an account without
 * a limit has nothing to extend (403).
 */
export async function requestAccountExtension(
  actor: Actor,
  input: AccountExtensionRequestInput,
): Promise<PaymentUrlReply> {
  requireLandlord(actor);
  const account = await currentLandlord(actor);
  if (!account.accountExpiresOn) throw AppError.forbidden(PLATFORM_REQUEST_MESSAGES.noExpiry);
  const pricing = await currentPricing(actor.deps);
  return createRequest(actor, account, {
    kind: 'accountExtension',
    years: input.years,
    amount: extensionFee(account.roomQuota ?? 0, input.years, pricing),
  });
}

async function listByStatus(
  actor: Actor,
  statuses: PlatformRequestStatus[],
  query: ODataQuery,
): Promise<EntityPage> {
  requireSuperAdmin(actor.user, LEVEL.read);
  return listEntities(
    requests(actor.deps),
    {
      partitionKey: REQUESTS_PARTITION,
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'platformRequest' },
          { op: 'in', field: 'status', values: statuses },
        ],
      },
    },
    query,
    [{ field: 'createdOn', desc: true }],
    view,
  );
}

/** `GET /odata/House/UnresolvedRequests`: requests whose payment has not arrived, newest first. */
export async function listUnresolvedRequests(actor: Actor, query: ODataQuery): Promise<EntityPage> {
  return listByStatus(actor, ['awaitingPayment'], query);
}

/**
 * `GET /odata/House/PaidRequests`: paid requests, those waiting for approval (`status eq 'paid'`) and
 * those approved, newest first.
 */
export async function listPaidRequests(actor: Actor, query: ODataQuery): Promise<EntityPage> {
  return listByStatus(actor, ['paid', 'approved'], query);
}

async function readRequest(deps: Deps, requestID: string): Promise<PlatformRequestDoc | undefined> {
  const doc = await requests(deps).read(REQUESTS_PARTITION, requestID);
  return doc?.type === 'platformRequest' ? doc : undefined;
}

/**
 * Applies an approved request to the landlord's account once: the account remembers the requests it
 * took (`appliedRequestIDs`), so an approval retried after a failure never adds the rooms twice.
 */
async function applyToAccount(deps: Deps, request: PlatformRequestDoc, today: string): Promise<UserDoc> {
  const users = deps.store.container<UserDoc>('users');
  for (let attempt = 1; ; attempt += 1) {
    const account = await findUser(deps, request.requestedBy);
    if (!account || account.roleID !== ROLE.houseModerator) {
      throw AppError.conflict(PLATFORM_REQUEST_MESSAGES.landlordMissing);
    }
    if (account.appliedRequestIDs?.includes(request.requestID)) return account;
    const changed: UserDoc = {
      ...account,
      ...approvalEffect(account, request, today),
      appliedRequestIDs: [...(account.appliedRequestIDs ?? []), request.requestID],
    };
    try {
      return await users.replace(changed, account._etag ? { ifMatch: account._etag } : {});
    } catch (error) {
      const raced = isStoreError(error, 'precondition_failed');
      if (!raced || attempt >= WRITE_ATTEMPTS) throw error;
    }
  }
}

/**
 * `GET /odata/House/RequestPaid?requestID=…`: the super admin approves a paid request. The landlord's
 * account changes first (once), then the request is marked approved with the landlord's message in one
 * batch; approving an approved request answers it unchanged, one awaiting payment is refused (409).
 */
export async function approvePaidRequest(
  actor: Actor,
  requestID: string | undefined,
): Promise<Record<string, unknown>> {
  requireSuperAdmin(actor.user, LEVEL.update);
  if (!isValidID(requestID)) {
    throw AppError.validation([
      { field: 'requestID', errorMessage: PLATFORM_REQUEST_MESSAGES.requestIDInvalid },
    ]);
  }
  const { deps } = actor;
  for (let attempt = 1; ; attempt += 1) {
    const request = await readRequest(deps, requestID);
    if (!request) throw AppError.notFound(PLATFORM_REQUEST_MESSAGES.notFound);
    if (approvalDecision(request.status) === 'unchanged') return view(request);
    // A payment credits exactly what it was made for: the credited money must cover the request.
    assertPaidInFull(request, request.amount, PLATFORM_REQUEST_MESSAGES.underpaid);
    const now = deps.now();
    const account = await applyToAccount(deps, request, vietnamDate(now));
    const approved: PlatformRequestDoc = {
      ...request,
      status: 'approved',
      approvedOn: now.toISOString(),
      approvedBy: actor.user.userID,
      ...(request.kind === 'roomPurchase'
        ? { roomQuotaAfter: account.roomQuota ?? 0 }
        : account.accountExpiresOn
          ? { accountExpiresOnAfter: account.accountExpiresOn }
          : {}),
    };
    const recipient = {
      userID: account.userID,
      name: account.fullName,
      ...(account.email ? { email: account.email } : {}),
      ...(account.phoneNumber ? { phoneNumber: account.phoneNumber } : {}),
    };
    const text = requestApprovedText(
      request,
      {
        ...(account.roomQuota !== undefined ? { roomQuota: account.roomQuota } : {}),
        ...(account.accountExpiresOn ? { accountExpiresOn: account.accountExpiresOn } : {}),
      },
      recipient,
      deps.config.webOrigin,
    );
    try {
      await deps.store.container<StoredDoc>('platform').batch(REQUESTS_PARTITION, [
        { op: 'replace', doc: approved, ...(request._etag ? { ifMatch: request._etag } : {}) },
        outboxCreate(deps, REQUESTS_PARTITION, {
          event: 'platformRequestApproved',
          recipient,
          ...text,
          subjectID: request.requestID,
        }),
      ]);
    } catch (error) {
      const raced = isStoreError(error, 'precondition_failed');
      // Another approval (or a late payment) changed the request: decide again on what it is now.
      if (!raced || attempt >= WRITE_ATTEMPTS) throw error;
      continue;
    }
    await audit(actor, {
      action: 'approve',
      entity: 'platformRequest',
      entityID: request.requestID,
      details: {
        kind: request.kind,
        landlordID: account.userID,
        ...(approved.roomQuotaAfter !== undefined ? { roomQuota: approved.roomQuotaAfter } : {}),
        ...(approved.accountExpiresOnAfter ? { accountExpiresOn: approved.accountExpiresOnAfter } : {}),
      },
    });
    const stored = await readRequest(deps, requestID);
    return view(stored ?? approved);
  }
}

/** The latest requests of a landlord the account plan shows. */
const LATEST_REQUESTS = 10;

/**
 * The prices that apply now and a landlord's latest requests: one query of the `platform` container
 * across the settings' and the requests' partitions. Without ORDER BY it needs no query plan (one round
 * trip on Cosmos DB), so every request of the landlord is read (a few a year) and ordered in memory.
 */
async function pricingAndRequestsOf(
  deps: Deps,
  userID: string,
): Promise<{ pricing: PlatformPricing; latest: PlatformRequest[] }> {
  const docs = await queryAll(deps.store.container<PlatformRequestDoc | PlatformSettingsDoc>('platform'), {
    filter: {
      op: 'or',
      items: [
        ofType('settings', eq('id', SETTINGS_PARTITION)),
        ofType('platformRequest', eq('requestedBy', userID)),
      ],
    },
  });
  const settings = docs.find((doc): doc is PlatformSettingsDoc => doc.type === 'settings');
  const latest = docs
    .filter((doc): doc is PlatformRequestDoc => doc.type === 'platformRequest')
    .sort((a, b) => b.createdOn.localeCompare(a.createdOn) || a.id.localeCompare(b.id))
    .slice(0, LATEST_REQUESTS);
  return {
    pricing: pricingIn(settings),
    latest: latest.map((doc) => view(doc) as unknown as PlatformRequest),
  };
}

/**
 * `GET /api/User/AccountPlan`: the landlord's quota, rooms used, paid term, prices and latest requests
 * (for /accountPlan); staff get only their landlord's term. Other roles: 403. A `part` reads only what
 * it shows: `term` nothing beyond the account the request was authenticated with (the banner of every
 * page), `quota` the rooms used too (the dashboard's line), not the prices and requests.
 */
export async function accountPlan(actor: Actor, part?: AccountPlanPart): Promise<AccountPlan> {
  const { deps, user } = actor;
  if (user.roleID !== ROLE.houseModerator && user.roleID !== ROLE.staff) throw AppError.forbidden();
  const today = vietnamDate(deps.now());
  const landlord =
    // The landlord's own account was read to authenticate the request.
    user.roleID === ROLE.houseModerator ? user.account : await governingLandlord(deps, user);
  const lastDay = landlord?.accountExpiresOn;
  const term: AccountPlan = {
    expired: isExpired(lastDay, today),
    ...(lastDay ? { accountExpiresOn: lastDay, daysLeft: daysFromTo(today, lastDay) } : {}),
  };
  if (user.roleID !== ROLE.houseModerator || !landlord || part === 'term') return term;
  const [plan, roomsUsed] = await Promise.all([
    part === 'quota' ? undefined : pricingAndRequestsOf(deps, landlord.userID),
    roomsUsedByOwner(deps, landlord.userID, landlord.ownedHouseIDs),
  ]);
  const quota: AccountPlan = { ...term, roomQuota: landlord.roomQuota ?? 0, roomsUsed };
  if (!plan) return quota;
  return {
    ...quota,
    monthsLeft: monthsLeftInTerm(today, lastDay, plan.pricing.monthsPerTerm),
    pricing: plan.pricing,
    requests: plan.latest,
  };
}
