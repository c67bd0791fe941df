import {
  ACCOUNT_EXPIRY_MESSAGES,
  DEFAULT_PLATFORM_PRICING,
  PLATFORM_REQUEST_MESSAGES,
  type PlatformRequest,
} from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  OutboxMessageDoc,
  PaymentDoc,
  PlatformRequestDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { PLATFORM_REQUEST_MODEL } from '../../api/src/domain/shared/odata/model.js';
import { REQUESTS_PARTITION } from '../../api/src/domain/platformRequests.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { setPlatformPricing } from '../../api/src/useCases/platformPricing.js';
import {
  accountPlan,
  approvePaidRequest,
  listPaidRequests,
  listUnresolvedRequests,
  requestAccountExtension,
  requestRoomPurchase,
} from '../../api/src/useCases/platformRequests.js';
import { aHouse, aLandlord, aRoom, aStaff, aSuperAdmin } from '../support/builders.js';
import { gatewayConfirms, reread, withTerm } from '../support/platformBuilders.js';
import {
  actorFor,
  auditEntries,
  createHarness,
  expectRefusal,
  odata,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

// The harness's clock: 2026-11-20, 10:00 in Vietnam.
let h: UseCaseHarness;
let deps: Deps;
let admin: UserDoc;
let landlord: UserDoc;

beforeEach(async () => {
  h = createHarness();
  deps = h.deps;
  admin = await aSuperAdmin(deps);
  landlord = await withTerm(
    deps,
    await aLandlord(deps, { roomQuota: 40, fullName: 'Nguyễn Văn Hùng' }),
    '2027-03-05',
  );
});
afterEach(() => h.close());

const platform = () => deps.store.container<PlatformRequestDoc | PaymentDoc | OutboxMessageDoc>('platform');

async function requestsOf(userID: string): Promise<PlatformRequestDoc[]> {
  const page = await platform().query({
    partitionKey: REQUESTS_PARTITION,
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'platformRequest' },
        { op: 'eq', field: 'requestedBy', value: userID },
      ],
    },
    orderBy: { field: 'createdOn' },
  });
  return page.items as PlatformRequestDoc[];
}

/** The amount the gateway's URL asks for, in đồng. */
function amountOf(paymentURL: string | null): number {
  return Number(new URL(paymentURL ?? '').searchParams.get('vnp_Amount')) / 100;
}

/** Asks for `rooms` rooms as `account`; returns the URL and the stored request. */
async function buy(account: UserDoc, rooms: number): Promise<{ url: string; request: PlatformRequestDoc }> {
  const reply = await requestRoomPurchase(actorFor(deps, account), { rooms });
  expect(reply).toMatchObject({ status: true, errorMessage: '' });
  const stored = await requestsOf(account.userID);
  return { url: reply.paymentURL ?? '', request: stored[stored.length - 1] as PlatformRequestDoc };
}

describe('prices', () => {
  it('rooms are paid for the whole or started months left of the term', async () => {
    // 20/11/2026 → 05/03/2027: three whole months and a started fourth.
    const { url, request } = await buy(landlord, 5);
    expect(amountOf(url)).toBe(5 * 10_000 * 4);
    expect(request).toMatchObject({
      kind: 'roomPurchase',
      status: 'awaitingPayment',
      rooms: 5,
      amount: 200_000,
      roomQuotaBefore: 40,
      accountExpiresOnBefore: '2027-03-05',
      fullName: 'Nguyễn Văn Hùng',
      code: expect.stringMatching(/^MP[A-Z0-9]{8}$/),
    });
    expect(new URL(url).searchParams.get('vnp_OrderInfo')).toContain(request.code);
  });

  it('an account without a limit pays rooms for one term; a term ending on the same day next month for one month', async () => {
    const unlimited = await withTerm(deps, await aLandlord(deps), undefined);
    expect(amountOf((await buy(unlimited, 2)).url)).toBe(2 * 10_000 * 12);
    const ending = await withTerm(deps, await aLandlord(deps), '2026-12-20');
    expect(amountOf((await buy(ending, 1)).url)).toBe(10_000);
    const lastDay = await withTerm(deps, await aLandlord(deps), '2026-11-20');
    expect(amountOf((await buy(lastDay, 1)).url)).toBe(10_000);
  });

  it('an extension costs each year at the yearly price of the quota, never under the minimum', async () => {
    const reply = await requestAccountExtension(actorFor(deps, landlord), { years: 2 });
    expect(amountOf(reply.paymentURL)).toBe(2 * 40 * 10_000 * 12);
    const small = await withTerm(deps, await aLandlord(deps, { roomQuota: 2 }), '2027-01-01');
    const smallReply = await requestAccountExtension(actorFor(deps, small), { years: 1 });
    expect(amountOf(smallReply.paymentURL)).toBe(DEFAULT_PLATFORM_PRICING.minimumYearFee);
    const [stored] = await requestsOf(small.userID);
    expect(stored).toMatchObject({ kind: 'accountExtension', years: 1, code: expect.stringMatching(/^GH/) });
  });

  it("the super admin's fee table applies to requests made afterwards", async () => {
    await setPlatformPricing(actorFor(deps, admin), {
      pricePerRoomMonth: 15_000,
      minimumYearFee: 500_000,
      monthsPerTerm: 6,
    });
    expect(amountOf((await buy(landlord, 2)).url)).toBe(2 * 15_000 * 4);
    const reply = await requestAccountExtension(actorFor(deps, landlord), { years: 1 });
    expect(amountOf(reply.paymentURL)).toBe(40 * 15_000 * 12);
  });
});

describe('asking', () => {
  it('only a landlord asks: staff and the super admin are refused', async () => {
    const house = await aHouse(deps, landlord);
    const staff = await aStaff(deps, { houses: [house] });
    await expectRefusal(requestRoomPurchase(actorFor(deps, staff), { rooms: 1 }), 'forbidden', /quyền/);
    await expectRefusal(requestAccountExtension(actorFor(deps, admin), { years: 1 }), 'forbidden', /quyền/);
  });

  it('an expired account extends but does not buy rooms; an account without a limit has nothing to extend', async () => {
    const expired = await withTerm(deps, landlord, '2026-11-19');
    await expectRefusal(
      requestRoomPurchase(actorFor(deps, expired), { rooms: 1 }),
      'forbidden',
      ACCOUNT_EXPIRY_MESSAGES.landlordReadOnly('2026-11-19'),
    );
    expect(await requestAccountExtension(actorFor(deps, expired), { years: 1 })).toMatchObject({
      status: true,
    });
    const unlimited = await withTerm(deps, await aLandlord(deps), undefined);
    await expectRefusal(
      requestAccountExtension(actorFor(deps, unlimited), { years: 1 }),
      'forbidden',
      PLATFORM_REQUEST_MESSAGES.noExpiry,
    );
  });

  it('without the gateway the reply says why and no request is kept', async () => {
    const reply = await requestRoomPurchase(actorFor({ ...deps, payments: undefined }, landlord), {
      rooms: 3,
    });
    expect(reply).toEqual({
      status: false,
      errorMessage: expect.stringMatching(/chưa được bật/),
      paymentURL: null,
    });
    expect(await requestsOf(landlord.userID)).toEqual([]);
  });

  it('ten unpaid requests in a day are enough: the eleventh is refused until they are paid or a day passes', async () => {
    for (let index = 0; index < 10; index += 1) await buy(landlord, 1);
    await expectRefusal(
      requestRoomPurchase(actorFor(deps, landlord), { rooms: 1 }),
      'conflict',
      PLATFORM_REQUEST_MESSAGES.tooManyOpen,
    );
    h.clock.advance(24 * 60 * 60 * 1000 + 1000);
    await buy(landlord, 1);
  });

  it('free prices make a request paid at once, without the gateway', async () => {
    await setPlatformPricing(actorFor(deps, admin), {
      pricePerRoomMonth: 0,
      minimumYearFee: 0,
      monthsPerTerm: 12,
    });
    const reply = await requestRoomPurchase(actorFor(deps, landlord), { rooms: 2 });
    expect(reply).toEqual({ status: true, errorMessage: '', paymentURL: null });
    expect(await requestsOf(landlord.userID)).toEqual([
      expect.objectContaining({ status: 'paid', amount: 0 }),
    ]);
  });
});

describe('payment and approval', () => {
  it('paid through the gateway, approved once: the quota rises, the landlord is told, the log has it', async () => {
    const { url, request } = await buy(landlord, 5);
    await expectRefusal(
      approvePaidRequest(actorFor(deps, admin), request.requestID),
      'conflict',
      PLATFORM_REQUEST_MESSAGES.notPaid,
    );
    expect(await gatewayConfirms(deps, url)).toBe('00');
    const [paid] = await requestsOf(landlord.userID);
    expect(paid).toMatchObject({ status: 'paid', payments: [expect.objectContaining({ amount: 200_000 })] });
    expect((await reread(deps, landlord)).roomQuota).toBe(40);

    h.clock.advance(60 * 60 * 1000);
    const approved = await approvePaidRequest(actorFor(deps, admin), request.requestID);
    expect(approved).toMatchObject({
      requestID: request.requestID,
      status: 'approved',
      approvedBy: admin.userID,
      approvedOn: '2026-11-20T04:00:00.000Z',
      roomQuotaAfter: 45,
    });
    expect(await reread(deps, landlord)).toMatchObject({
      roomQuota: 45,
      appliedRequestIDs: [request.requestID],
    });

    // Approving again changes nothing.
    expect(await approvePaidRequest(actorFor(deps, admin), request.requestID)).toMatchObject({
      status: 'approved',
    });
    expect((await reread(deps, landlord)).roomQuota).toBe(45);

    const messages = await platform().query({
      partitionKey: REQUESTS_PARTITION,
      filter: { op: 'eq', field: 'type', value: 'outboxMessage' },
      orderBy: { field: 'createdOn' },
    });
    const events = (messages.items as OutboxMessageDoc[]).map((message) => [message.event, message.body]);
    expect(events).toEqual([
      ['paymentReceived', expect.stringContaining('mua thêm phòng')],
      ['platformRequestApproved', expect.stringContaining('giờ được dùng 45 phòng')],
    ]);
    const approvals = (await auditEntries(deps)).filter((entry) => entry.action === 'approve');
    expect(approvals).toEqual([
      expect.objectContaining({
        entity: 'platformRequest',
        entityID: request.requestID,
        userID: admin.userID,
      }),
    ]);
  });

  it('a payment credits exactly what it was made for: a paid request whose credited money is short is not approved', async () => {
    const { url, request } = await buy(landlord, 5);
    // A request altered after its payment opened (older data, a hand edit): 50 rooms for the price of 5.
    await platform().replace({ ...request, rooms: 50, amount: 2_000_000 });
    expect(await gatewayConfirms(deps, url)).toBe('00');
    const [recorded] = await requestsOf(landlord.userID);
    expect(recorded).toMatchObject({
      status: 'awaitingPayment',
      payments: [expect.objectContaining({ amount: 200_000, credited: false })],
    });
    // Even marked paid, approval checks the money credited against what the request costs.
    await platform().replace({ ...(recorded as PlatformRequestDoc), status: 'paid' });
    await expectRefusal(
      approvePaidRequest(actorFor(deps, admin), request.requestID),
      'conflict',
      PLATFORM_REQUEST_MESSAGES.underpaid(0, 2_000_000),
    );
    expect((await reread(deps, landlord)).roomQuota).toBe(40);
  });

  it('an approval retried after the account was changed does not add the rooms twice', async () => {
    const { url, request } = await buy(landlord, 5);
    await gatewayConfirms(deps, url);
    // As if an earlier approval changed the account and then failed before marking the request.
    await deps.store.container<UserDoc>('users').patch(landlord.userID, landlord.userID, [
      { op: 'set', path: '/roomQuota', value: 45 },
      { op: 'set', path: '/appliedRequestIDs', value: [request.requestID] },
    ]);
    expect(await approvePaidRequest(actorFor(deps, admin), request.requestID)).toMatchObject({
      status: 'approved',
      roomQuotaAfter: 45,
    });
    expect((await reread(deps, landlord)).roomQuota).toBe(45);
  });

  it('two approvals at once apply the request once', async () => {
    const { url, request } = await buy(landlord, 3);
    await gatewayConfirms(deps, url);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => approvePaidRequest(actorFor(deps, admin), request.requestID)),
    );
    expect(results.every((result) => result.status === 'approved')).toBe(true);
    expect((await reread(deps, landlord)).roomQuota).toBe(43);
    const approvals = await platform().query({
      partitionKey: REQUESTS_PARTITION,
      filter: { op: 'eq', field: 'event', value: 'platformRequestApproved' },
    });
    expect(approvals.items).toHaveLength(1);
  });

  it('an extension moves a running term from its last day, an ended one from today, and lifts the read-only rule', async () => {
    const running = await requestAccountExtension(actorFor(deps, landlord), { years: 1 });
    await gatewayConfirms(deps, running.paymentURL ?? '');
    const [first] = await requestsOf(landlord.userID);
    expect(await approvePaidRequest(actorFor(deps, admin), first?.requestID)).toMatchObject({
      accountExpiresOnAfter: '2028-03-05',
    });

    const ended = await withTerm(deps, await aLandlord(deps), '2026-10-31');
    const plan = await accountPlan(actorFor(deps, ended));
    expect(plan).toMatchObject({
      expired: true,
      accountExpiresOn: '2026-10-31',
      daysLeft: -20,
      monthsLeft: 0,
    });
    const reply = await requestAccountExtension(actorFor(deps, ended), { years: 2 });
    await gatewayConfirms(deps, reply.paymentURL ?? '');
    const [request] = await requestsOf(ended.userID);
    await approvePaidRequest(actorFor(deps, admin), request?.requestID);
    const extended = await reread(deps, ended);
    expect(extended.accountExpiresOn).toBe('2028-11-20');
    expect(await accountPlan(actorFor(deps, extended))).toMatchObject({ expired: false, daysLeft: 731 });
  });

  it('a refused card leaves the request waiting for payment', async () => {
    const { url } = await buy(landlord, 1);
    expect(await gatewayConfirms(deps, url, '51')).toBe('00');
    expect(await requestsOf(landlord.userID)).toEqual([
      expect.objectContaining({ status: 'awaitingPayment' }),
    ]);
  });

  it('bad, unknown and other people’s ids, and other roles', async () => {
    await expectRefusal(
      approvePaidRequest(actorFor(deps, admin), undefined),
      'badRequest',
      PLATFORM_REQUEST_MESSAGES.requestIDInvalid,
    );
    await expectRefusal(
      approvePaidRequest(actorFor(deps, admin), 'x'),
      'badRequest',
      PLATFORM_REQUEST_MESSAGES.requestIDInvalid,
    );
    await expectRefusal(
      approvePaidRequest(actorFor(deps, admin), 'no-such-request-1'),
      'notFound',
      PLATFORM_REQUEST_MESSAGES.notFound,
    );
    const { request } = await buy(landlord, 1);
    await expectRefusal(
      approvePaidRequest(actorFor(deps, landlord), request.requestID),
      'forbidden',
      /quyền/,
    );
    await expectRefusal(
      listUnresolvedRequests(actorFor(deps, landlord), odata(PLATFORM_REQUEST_MODEL)),
      'forbidden',
      /quyền/,
    );
  });
});

describe("the super admin's lists", () => {
  it('unresolved: waiting for payment; paid: paid or approved, newest first, with OData options', async () => {
    const other = await withTerm(deps, await aLandlord(deps), '2027-06-01');
    const waiting = await buy(landlord, 1);
    h.clock.advance(60_000);
    const paid = await buy(other, 2);
    await gatewayConfirms(deps, paid.url);
    h.clock.advance(60_000);
    const approved = await buy(landlord, 3);
    await gatewayConfirms(deps, approved.url);
    await approvePaidRequest(actorFor(deps, admin), approved.request.requestID);

    const ids = (page: { value: Array<Record<string, unknown>> }) => page.value.map((row) => row.requestID);
    const actor = actorFor(deps, admin);
    expect(ids(await listUnresolvedRequests(actor, odata(PLATFORM_REQUEST_MODEL)))).toEqual([
      waiting.request.requestID,
    ]);
    expect(ids(await listPaidRequests(actor, odata(PLATFORM_REQUEST_MODEL)))).toEqual([
      approved.request.requestID,
      paid.request.requestID,
    ]);
    const toApprove = await listPaidRequests(
      actor,
      odata(PLATFORM_REQUEST_MODEL, "$filter=status eq 'paid'&$count=true"),
    );
    expect(toApprove).toMatchObject({ count: 1 });
    expect(toApprove.value[0] as PlatformRequest).toMatchObject({ fullName: other.fullName, rooms: 2 });
    const paged = await listPaidRequests(actor, odata(PLATFORM_REQUEST_MODEL, '$top=1'));
    expect(paged).toMatchObject({ nextSkip: 1 });
  });
});

describe("the landlord's plan", () => {
  it('quota, rooms used, term, months left, prices and latest requests; staff see only the term', async () => {
    const house = await aHouse(deps, landlord);
    await aRoom(deps, house);
    await aRoom(deps, house);
    await buy(landlord, 4);
    const plan = await accountPlan(actorFor(deps, landlord));
    expect(plan).toMatchObject({
      roomQuota: 40,
      roomsUsed: 2,
      accountExpiresOn: '2027-03-05',
      daysLeft: 105,
      expired: false,
      monthsLeft: 4,
      pricing: DEFAULT_PLATFORM_PRICING,
      requests: [expect.objectContaining({ rooms: 4, status: 'awaitingPayment' })],
    });
    const staff = await aStaff(deps, { houses: [house] });
    expect(await accountPlan(actorFor(deps, staff))).toEqual({
      accountExpiresOn: '2027-03-05',
      daysLeft: 105,
      expired: false,
    });
    await expectRefusal(accountPlan(actorFor(deps, admin)), 'forbidden', /quyền/);
    // The parts a page asks for: the banner the term, the dashboard's line the quota too.
    const term = { accountExpiresOn: '2027-03-05', daysLeft: 105, expired: false };
    expect(await accountPlan(actorFor(deps, landlord), 'term')).toEqual(term);
    expect(await accountPlan(actorFor(deps, landlord), 'quota')).toEqual({
      ...term,
      roomQuota: 40,
      roomsUsed: 2,
    });
    expect(await accountPlan(actorFor(deps, staff), 'quota')).toEqual(term);
    await expectRefusal(accountPlan(actorFor(deps, admin), 'term'), 'forbidden', /quyền/);
  });

  it('lists the 10 newest requests of the landlord alone, newest first, at the prices the super admin set', async () => {
    const pricing = { pricePerRoomMonth: 15_000, minimumYearFee: 500_000, monthsPerTerm: 6 };
    await setPlatformPricing(actorFor(deps, admin), pricing);
    const other = await withTerm(deps, await aLandlord(deps, { roomQuota: 10 }), '2027-03-05');
    await buy(other, 1);
    const rooms: number[] = [];
    for (let i = 1; i <= 12; i += 1) {
      // Five a day: the open requests a landlord may make within 24 hours stay under their limit.
      if (i % 5 === 0) h.clock.advance(25 * 60 * 60 * 1000);
      h.clock.advance(60 * 1000);
      await buy(landlord, i);
      rooms.push(i);
    }
    const plan = await accountPlan(actorFor(deps, landlord));
    expect(plan.pricing).toEqual(pricing);
    expect(plan.requests?.map((request) => request.rooms)).toEqual(rooms.reverse().slice(0, 10));
  });
});
