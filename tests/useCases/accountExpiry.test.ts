import { ACCOUNT_EXPIRY_MESSAGES } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dueExpiryReminder } from '../../api/src/domain/accountExpiry.js';
import type { HouseDoc, OutboxMessageDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { assertAccountWritable, writeExpiryReminders } from '../../api/src/useCases/accountExpiry.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { aContract, aHouse, aLandlord, aLessee, aRoom, aStaff, aSuperAdmin } from '../support/builders.js';
import { withTerm } from '../support/platformBuilders.js';
import { actorFor, createHarness, expectRefusal, type UseCaseHarness } from '../support/useCaseHarness.js';

// The harness's clock: 2026-11-20, 10:00 in Vietnam.
let h: UseCaseHarness;
let deps: Deps;

beforeEach(() => {
  h = createHarness();
  deps = h.deps;
});
afterEach(() => h.close());

const DAY = 24 * 60 * 60 * 1000;

async function reminders(): Promise<OutboxMessageDoc[]> {
  const page = await deps.store.container<OutboxMessageDoc>('platform').query({
    partitionKey: 'accountExpiry',
    filter: { op: 'eq', field: 'type', value: 'outboxMessage' },
    orderBy: { field: 'createdOn' },
  });
  return page.items;
}

describe('which reminder is due', () => {
  it('30 days before the last day, 7, 1, and the day after it ended; missed days are caught up', () => {
    const due = [45, 31, 30, 29, 8, 7, 6, 2, 1, 0, -1, -3, -4].map((days) => [days, dueExpiryReminder(days)]);
    expect(due).toEqual([
      [45, undefined],
      [31, undefined],
      [30, 30],
      [29, 30],
      [8, 30],
      [7, 7],
      [6, 7],
      [2, 7],
      [1, 1],
      [0, undefined],
      [-1, 'expired'],
      [-3, 'expired'],
      [-4, undefined],
    ]);
  });
});

describe('the daily reminders', () => {
  it('each reminder once, however often the timer runs, through to the notice that the term ended', async () => {
    const landlord = await withTerm(
      deps,
      await aLandlord(deps, { fullName: 'Nguyễn Văn Hùng' }),
      '2026-12-20',
    );
    const summaries = [];
    // From 30 days before the last day to two days after it, twice a day.
    for (let day = 0; day <= 32; day += 1) {
      summaries.push(await writeExpiryReminders(deps));
      summaries.push(await writeExpiryReminders(deps));
      h.clock.advance(DAY);
    }
    const written = await reminders();
    expect(written.map((message) => [message.event, message.subject])).toEqual([
      ['accountExpiring', 'Tài khoản Nhà trọ hết hạn sau 30 ngày'],
      ['accountExpiring', 'Tài khoản Nhà trọ hết hạn sau 7 ngày'],
      ['accountExpiring', 'Tài khoản Nhà trọ hết hạn ngày mai'],
      ['accountExpired', 'Tài khoản Nhà trọ đã hết hạn'],
    ]);
    expect(written[0]).toMatchObject({
      recipient: { userID: landlord.userID, name: 'Nguyễn Văn Hùng' },
      body: expect.stringContaining('dùng được đến hết ngày 20/12/2026'),
      link: 'http://localhost:4280/accountPlan',
      state: 'pending',
    });
    expect(summaries.reduce((sum, summary) => sum + summary.written, 0)).toBe(4);
    expect(summaries[1]).toMatchObject({ today: '2026-11-20', accounts: 1, written: 0, alreadyWritten: 1 });
  });

  it('a term extended meanwhile is reminded again for its new last day', async () => {
    const landlord = await withTerm(deps, await aLandlord(deps), '2026-11-27');
    await writeExpiryReminders(deps);
    h.clock.advance(60_000);
    await withTerm(deps, landlord, '2026-12-15');
    await writeExpiryReminders(deps);
    expect((await reminders()).map((message) => message.subject)).toEqual([
      'Tài khoản Nhà trọ hết hạn sau 7 ngày',
      'Tài khoản Nhà trọ hết hạn sau 25 ngày',
    ]);
  });

  it('nobody else: accounts without a limit, far from the end, long ended or disabled', async () => {
    await aLandlord(deps);
    await withTerm(deps, await aLandlord(deps), '2027-06-01');
    await withTerm(deps, await aLandlord(deps), '2026-10-01');
    const disabled = await withTerm(deps, await aLandlord(deps), '2026-11-25');
    await deps.store
      .container<UserDoc>('users')
      .patch(disabled.userID, disabled.userID, [{ op: 'set', path: '/disabled', value: true }]);
    expect(await writeExpiryReminders(deps)).toMatchObject({ written: 0, alreadyWritten: 0 });
    expect(await reminders()).toEqual([]);
  });
});

describe('after the term: read, never write', () => {
  let landlord: UserDoc;
  let house: HouseDoc;
  let staff: UserDoc;

  beforeEach(async () => {
    landlord = await withTerm(deps, await aLandlord(deps), '2026-11-20');
    house = await aHouse(deps, landlord);
    staff = await aStaff(deps, { houses: [house] });
  });

  it('the last day still writes; the day after, the landlord and their staff are refused with the reason', async () => {
    const writable = (user: UserDoc) => assertAccountWritable(deps, actorFor(deps, user).user);
    await writable(landlord);
    await writable(staff);
    h.clock.advance(DAY);
    await expectRefusal(
      writable(landlord),
      'forbidden',
      ACCOUNT_EXPIRY_MESSAGES.landlordReadOnly('2026-11-20'),
    );
    await expectRefusal(writable(staff), 'forbidden', ACCOUNT_EXPIRY_MESSAGES.staffReadOnly('2026-11-20'));
    expect(ACCOUNT_EXPIRY_MESSAGES.landlordReadOnly('2026-11-20')).toContain('20/11/2026');
  });

  it('tenants and the super admin are not affected; extending lifts it at once', async () => {
    h.clock.advance(DAY);
    const room = await aRoom(deps, house);
    const contract = await aContract(deps, room);
    const tenant = await aLessee(deps, { house, room, contract });
    await assertAccountWritable(deps, actorFor(deps, tenant).user);
    await assertAccountWritable(deps, actorFor(deps, await aSuperAdmin(deps)).user);
    const extended = await withTerm(deps, landlord, '2027-11-21');
    await assertAccountWritable(deps, actorFor(deps, extended).user);
    await assertAccountWritable(deps, actorFor(deps, staff).user);
  });

  it("staff of a disabled landlord are refused too; staff no longer in the house answer to no one's term", async () => {
    const running = await withTerm(deps, landlord, '2027-01-01');
    await deps.store
      .container<UserDoc>('users')
      .patch(running.userID, running.userID, [{ op: 'set', path: '/disabled', value: true }]);
    await expectRefusal(
      assertAccountWritable(deps, actorFor(deps, staff).user),
      'forbidden',
      ACCOUNT_EXPIRY_MESSAGES.ownerDisabled,
    );
    const elsewhere = await aStaff(deps, { houses: [] });
    await assertAccountWritable(deps, actorFor(deps, elsewhere).user);
  });
});
