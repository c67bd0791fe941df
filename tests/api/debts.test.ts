import type { ContractDebt, HouseDebts } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  startTestProduct,
  type TestProduct,
  accessTokens,
  tenancyOf,
} from '../support/product.js';
import { expectError, expectFieldError, MSG } from './helpers.js';

/**
 * Debts through the real handlers (issue 26 §3): the demo landlord's houses have last month's bills, one
 * unpaid and one half paid; the house's list and each contract's timeline agree; the tenant reads only
 * their own; other landlords reach nothing; the pause and the house's reminder days are validated.
 */

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
let houseIDs: string[] = [];
/** chunha2's Gò Vấp Xanh: last month's bills, one unpaid and one half paid. */
let goVapIDs: string[] = [];

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  const houses = await call<{ value: Array<{ houseID: string }> }>('GET', '/odata/House');
  houseIDs = houses.body.value.map((house) => house.houseID);
  const others = await call<{ value: Array<{ houseID: string }> }>(
    'GET',
    '/odata/House',
    undefined,
    'chunha2',
  );
  goVapIDs = others.body.value.map((house) => house.houseID);
});
afterAll(() => product?.stop());

function call<T>(method: string, path: string, body?: unknown, user = 'chunha') {
  return api.request<T>(method, path, {
    token: token[user] as string,
    ...(body === undefined ? {} : { body }),
  });
}

async function houseDebts(houseID: string, user = 'chunha', extra = '') {
  const reply = await call<HouseDebts>('GET', `/api/Debt/House?houseID=${houseID}${extra}`, undefined, user);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

describe('a house’s debts and each contract’s timeline', () => {
  it('agree: the row’s figures are the contract’s, and the timeline ends at the balance', async () => {
    let owing = 0;
    for (const [houseID, user] of [
      ...houseIDs.map((id) => [id, 'chunha'] as const),
      ...goVapIDs.map((id) => [id, 'chunha2'] as const),
    ]) {
      const debts = await houseDebts(houseID, user);
      expect(debts.reminderAfterDays).toBe(10);
      expect(debts.reminderEveryDays).toBe(3);
      for (const row of debts.rows) {
        const contract = await call<ContractDebt>(
          'GET',
          `/api/Debt/Contract?contractID=${row.contractID}`,
          undefined,
          user,
        );
        expect(contract.status).toBe(200);
        expect(contract.body).toMatchObject({
          owed: row.owed,
          openCredit: row.openCredit,
          balance: row.balance,
        });
        expect(contract.body.balance).toBe(contract.body.owed - contract.body.openCredit);
        expect(contract.body.timeline.at(-1)?.balance ?? 0).toBe(contract.body.balance);
        expect(contract.body.openDebts.reduce((sum, debt) => sum + debt.owed, 0)).toBe(row.owed);
        expect(contract.body.openDebts[0]?.dueDate).toBe(row.oldestDueDate);
        if (row.owed > 0) owing += 1;
      }
    }
    // The demo's unpaid and half-paid bills.
    expect(owing).toBeGreaterThanOrEqual(2);
  });

  it('pages the timeline and the list', async () => {
    const houseID = houseIDs[0] as string;
    const all = await houseDebts(houseID);
    const page = await houseDebts(houseID, 'chunha', '&top=1&skip=1');
    expect(page.total).toBe(all.total);
    expect(page.rows).toEqual(all.rows.slice(1, 2));
    const tooMany = await call('GET', `/api/Debt/House?houseID=${houseID}&top=1000`);
    expectFieldError(tooMany, 'top', 'Số dòng mỗi trang tối đa 200.');
    const contract = await call<ContractDebt>(
      'GET',
      `/api/Debt/Contract?contractID=${tenancy.contractID}&top=1`,
      undefined,
      'nguoithue',
    );
    expect(contract.status).toBe(200);
    expect(contract.body.timeline.length).toBeLessThanOrEqual(1);
  });

  it('flags only what is past the house’s days, and the month filter keeps that month’s contracts', async () => {
    for (const houseID of houseIDs) {
      const all = await houseDebts(houseID);
      const flagged = await houseDebts(houseID, 'chunha', '&flaggedOnly=true');
      expect(flagged.rows).toEqual(
        all.rows.filter((row) => (row.oldestDaysOverdue ?? 0) > all.reminderAfterDays),
      );
    }
    const bad = await call('GET', `/api/Debt/House?houseID=${houseIDs[0]}&month=2026-13`);
    expectFieldError(bad, 'month', 'Tháng không hợp lệ (định dạng yyyy-mm).');
  });
});

describe('who may read and change debts', () => {
  it('the tenant reads their own contract, not another’s, and not the house’s list', async () => {
    const own = await call<ContractDebt>(
      'GET',
      `/api/Debt/Contract?contractID=${tenancy.contractID}`,
      undefined,
      'nguoithue',
    );
    expect(own.status).toBe(200);
    expect(own.body.contractID).toBe(tenancy.contractID);
    const rows = (await houseDebts(goVapIDs[0] as string, 'chunha2')).rows;
    const other = rows.find((row) => row.owed > 0);
    expect(other).toBeDefined();
    expectError(
      await call('GET', `/api/Debt/Contract?contractID=${other?.contractID}`, undefined, 'nguoithue'),
      404,
      MSG.notFound,
    );
    expectError(
      await call('GET', `/api/Debt/House?houseID=${tenancy.houseID}`, undefined, 'nguoithue'),
      403,
      MSG.forbidden,
    );
    expectError(
      await call('POST', '/api/Debt/Pause', { contractID: tenancy.contractID, paused: true }, 'nguoithue'),
      403,
      MSG.forbidden,
    );
  });

  it('another landlord reaches neither the house nor its contracts; staff read their house', async () => {
    expectError(
      await call('GET', `/api/Debt/House?houseID=${tenancy.houseID}`, undefined, 'chunha2'),
      404,
      MSG.notFound,
    );
    expectError(
      await call('GET', `/api/Debt/Contract?contractID=${tenancy.contractID}`, undefined, 'chunha2'),
      404,
      MSG.notFound,
    );
    expectError(
      await call('POST', '/api/Debt/Pause', { contractID: tenancy.contractID, paused: true }, 'chunha2'),
      404,
      MSG.notFound,
    );
    const staff = await call<HouseDebts>(
      'GET',
      `/api/Debt/House?houseID=${tenancy.houseID}`,
      undefined,
      'nhanvien',
    );
    expect(staff.status).toBe(200);
  });

  it('refuses malformed input with a Vietnamese message', async () => {
    expectFieldError(
      await call('GET', '/api/Debt/Contract?contractID=x'),
      'contractID',
      'Mã hợp đồng không hợp lệ.',
    );
    expectFieldError(await call('GET', '/api/Debt/Contract'), 'contractID', 'Mã hợp đồng không hợp lệ.');
    expectFieldError(
      await call('POST', '/api/Debt/Pause', { contractID: tenancy.contractID, paused: 'yes' }),
      'paused',
      'Tạm dừng nhắc nợ phải là có hoặc không.',
    );
  });
});

describe('pausing a contract’s reminders', () => {
  it('is recorded with who and when, shown on the contract and in the house’s list, and undone', async () => {
    const paused = await call<{ data: { paused: boolean; changedBy: string }; message: string }>(
      'POST',
      '/api/Debt/Pause',
      { contractID: tenancy.contractID, paused: true },
      'nhanvien',
    );
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.message).toBe('Đã tạm dừng nhắc nợ tự động.');
    const contract = await call<ContractDebt>('GET', `/api/Debt/Contract?contractID=${tenancy.contractID}`);
    expect(contract.body.reminderPause).toMatchObject({
      paused: true,
      changedBy: paused.body.data.changedBy,
    });
    const row = (await houseDebts(tenancy.houseID)).rows.find((r) => r.contractID === tenancy.contractID);
    expect(row?.remindersPaused).toBe(true);
    const resumed = await call('POST', '/api/Debt/Pause', { contractID: tenancy.contractID, paused: false });
    expect(resumed.status).toBe(200);
    const again = (await houseDebts(tenancy.houseID)).rows.find((r) => r.contractID === tenancy.contractID);
    expect(again?.remindersPaused).toBe(false);
  });
});

describe('the house’s reminder days', () => {
  it('are saved between 1 and 90 and refused outside, changing nothing', async () => {
    const houseID = tenancy.houseID;
    const saved = await call('PATCH', `/odata/House/${houseID}`, {
      debtReminderAfterDays: 15,
      debtReminderEveryDays: 5,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
    for (const [field, value, message] of [
      ['debtReminderAfterDays', 0, 'Số ngày quá hạn trước khi nhắc nợ ít nhất 1 ngày.'],
      ['debtReminderEveryDays', 91, 'Khoảng cách giữa hai lần nhắc nợ tối đa 90 ngày.'],
      ['debtReminderEveryDays', 2.5, 'Khoảng cách giữa hai lần nhắc nợ phải là số ngày nguyên.'],
    ] as const) {
      expectFieldError(await call('PATCH', `/odata/House/${houseID}`, { [field]: value }), field, message);
    }
    const debts = await houseDebts(houseID);
    expect([debts.reminderAfterDays, debts.reminderEveryDays]).toEqual([15, 5]);
    await call('PATCH', `/odata/House/${houseID}`, { debtReminderAfterDays: 10, debtReminderEveryDays: 3 });
  });
});
