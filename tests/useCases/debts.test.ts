import { CONTRACT_STATUS } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContractDoc, HouseDoc, OutboxMessageDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { setDebtPause } from '../../api/src/useCases/debts/pausing.js';
import { getContractDebt, getHouseDebts } from '../../api/src/useCases/debts/reading.js';
import { writeDebtReminders } from '../../api/src/useCases/debts/reminders.js';
import { updateHouse } from '../../api/src/useCases/houses.js';
import { createOneTimeCharge, payOneTimeCharge } from '../../api/src/useCases/oneTimeCharges.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aTenancy } from '../support/billingBuilders.js';
import { aRoom } from '../support/builders.js';
import { actorFor, auditEntries, landlordWithHouse, type UseCaseHarness } from '../support/useCaseHarness.js';

/**
 * Debt reminders and the pause (issue 26 §3): a contract whose oldest debt is more than the house's days
 * late gets one outbox message, again only after the house's interval; a paused or ended contract none.
 */

const DAY = 86_400_000;
let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let contract: ContractDoc;

beforeEach(async () => {
  // 03:00 UTC is 10:00 in Vietnam: today is 2026-11-20 there.
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-11-20T03:00:00.000Z') }));
  const room = await aRoom(deps, house, { roomName: 'P101' });
  contract = await aTenancy(deps, room, { startDate: '2026-01-01', endDate: '2027-12-31' });
  await createOneTimeCharge(actorFor(deps, landlord), {
    contractID: contract.contractID,
    description: 'Thay ổ khóa',
    amount: 250_000,
    dueDate: '2026-11-25',
  });
});
afterEach(() => h.close());

async function debtMessages(): Promise<OutboxMessageDoc[]> {
  const messages = await listInHouse<OutboxMessageDoc>(deps, house.houseID, 'outboxMessage');
  return messages.filter((message) => message.event === 'debtReminder');
}

/** Moves the clock to 10:00 in Vietnam on `date`. */
function on(date: string) {
  h.clock.set(new Date(`${date}T03:00:00.000Z`));
}

describe('debt reminders', () => {
  it('go the day the oldest debt passes the house’s days, once a run, then every few days', async () => {
    on('2026-12-05'); // 10 days late: not more than 10
    expect((await writeDebtReminders(deps)).written).toBe(0);
    on('2026-12-06');
    expect(await writeDebtReminders(deps)).toMatchObject({ written: 1, failed: [] });
    expect(await writeDebtReminders(deps)).toMatchObject({ written: 0 });
    const [message] = await debtMessages();
    expect(message?.body).toBe(
      'Chào Người ở 1, phòng P101 còn nợ 250.000 ₫; khoản nợ cũ nhất (Thay ổ khóa) đã quá hạn 11 ngày. ' +
        'Vui lòng thanh toán hoặc liên hệ chủ trọ.',
    );
    on('2026-12-08');
    expect((await writeDebtReminders(deps)).written).toBe(0);
    on('2026-12-09');
    expect((await writeDebtReminders(deps)).written).toBe(1);
    expect(await debtMessages()).toHaveLength(2);
  });

  it('follow the house’s settings', async () => {
    await updateHouse(actorFor(deps, landlord), house.houseID, {
      debtReminderAfterDays: 2,
      debtReminderEveryDays: 7,
    });
    on('2026-11-28');
    expect((await writeDebtReminders(deps)).written).toBe(1);
    h.clock.advance(6 * DAY);
    expect((await writeDebtReminders(deps)).written).toBe(0);
    h.clock.advance(DAY);
    expect((await writeDebtReminders(deps)).written).toBe(1);
  });

  it('skip a paused contract until resumed, and a paid or ended one', async () => {
    const actor = actorFor(deps, landlord);
    await setDebtPause(actor, { contractID: contract.contractID, paused: true });
    on('2026-12-10');
    expect(await writeDebtReminders(deps)).toMatchObject({ written: 0, paused: 1 });
    await setDebtPause(actor, { contractID: contract.contractID, paused: false });
    expect((await writeDebtReminders(deps)).written).toBe(1);
    expect((await auditEntries(deps)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['pauseDebtReminders', 'resumeDebtReminders']),
    );

    on('2026-12-20');
    await houseDocs(deps).upsert({ ...contract, status: CONTRACT_STATUS.terminated });
    expect((await writeDebtReminders(deps)).written).toBe(0);
    await houseDocs(deps).upsert({ ...contract, status: CONTRACT_STATUS.active });
    const debt = await getContractDebt(actor, { contractID: contract.contractID });
    const charge = debt.openDebts[0];
    await payOneTimeCharge(actor, charge?.sourceID as string, { payment: { amount: 250_000 } }, undefined);
    expect((await writeDebtReminders(deps)).written).toBe(0);
  });
});

describe('the house’s debts', () => {
  it('flag the contract past the days, with its room, tenant, amount and age', async () => {
    on('2026-12-06');
    const debts = await getHouseDebts(actorFor(deps, landlord), {
      houseID: house.houseID,
      flaggedOnly: true,
    });
    expect(debts.rows).toEqual([
      expect.objectContaining({
        contractID: contract.contractID,
        roomName: 'P101',
        tenantName: 'Người ở 1',
        owed: 250_000,
        balance: 250_000,
        oldestDaysOverdue: 11,
        flagged: true,
      }),
    ]);
  });
});
