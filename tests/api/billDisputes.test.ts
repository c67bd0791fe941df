import { BILL_DISPUTE_MESSAGES, type BillDispute, type MonthlyBill } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMonthlyBill } from '../support/billBuilders.js';
import {
  apiClient,
  startTestProduct,
  type TestProduct,
  accessTokens,
  tenancyOf,
} from '../support/product.js';
import { expectError, expectFieldError, MSG } from './helpers.js';

/**
 * 'Khiếu nại hóa đơn' through the real handlers (issue 27): the demo tenant questions the water line of an
 * issued bill, the landlord corrects it and the bill shows the question, the new amount and its history.
 */

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let monthlyBillID = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  const bill = await aMonthlyBill(product.services, tenancyOf(sessions.nguoithue), { month: '2026-10' });
  monthlyBillID = bill.monthlyBillID;
});
afterAll(() => product?.stop());

function call<T>(method: string, path: string, body?: unknown, user = 'chunha') {
  return api.request<T>(method, path, {
    token: token[user] as string,
    ...(body === undefined ? {} : { body }),
  });
}

describe('a question about a bill line', () => {
  it('is refused without a reason or on a line the bill does not have', async () => {
    expectFieldError(
      await call('POST', '/api/BillDispute', { monthlyBillID, lineIndex: 1, reason: '  ' }, 'nguoithue'),
      'reason',
      'Vui lòng nhập lý do khiếu nại.',
    );
    expectFieldError(
      await call('POST', '/api/BillDispute', { monthlyBillID, lineIndex: 5, reason: 'Sai' }, 'nguoithue'),
      'lineIndex',
      BILL_DISPUTE_MESSAGES.noSuchLine,
    );
    expectError(
      await call('POST', '/api/BillDispute', { monthlyBillID, lineIndex: 1, reason: 'Sai' }, 'chunha'),
      403,
      MSG.forbidden,
    );
  });

  it('is sent by the tenant, corrected by the landlord, and the bill shows the outcome and its history', async () => {
    const asked = await call<{ data: BillDispute; message: string }>(
      'POST',
      '/api/BillDispute',
      { monthlyBillID, lineIndex: 1, reason: 'Tôi đi vắng nửa tháng.' },
      'nguoithue',
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.message).toBe(BILL_DISPUTE_MESSAGES.sent);
    const id = asked.body.data.billDisputeID;
    const outsider = await call(
      'POST',
      `/api/BillDispute/${id}/Answer`,
      { outcome: 'rejected', answer: 'Không' },
      'chunha2',
    );
    expectError(outsider, 404, MSG.notFound);
    expectError(
      await call('GET', `/api/BillDispute?monthlyBillID=${monthlyBillID}`, undefined, 'chunha2'),
      404,
      MSG.notFound,
    );
    expectFieldError(
      await call('POST', `/api/BillDispute/${id}/Answer`, { outcome: 'rejected', answer: '' }),
      'answer',
      'Vui lòng nhập lý do không chấp nhận.',
    );
    const corrected = await call<{ data: BillDispute; message: string }>(
      'POST',
      `/api/BillDispute/${id}/Answer`,
      {
        outcome: 'corrected',
        newAmount: 60_000,
        answer: 'Đã trừ nửa tháng.',
      },
    );
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body).toMatchObject({
      message: BILL_DISPUTE_MESSAGES.corrected,
      data: {
        status: 'corrected',
        correction: { from: 120_000, to: 60_000, totalFrom: 2_620_000, totalTo: 2_560_000 },
      },
    });
    const seen = await call<{ value: BillDispute[] }>(
      'GET',
      `/api/BillDispute?monthlyBillID=${monthlyBillID}`,
      undefined,
      'nguoithue',
    );
    expect(seen.body.value.map((dispute) => [dispute.status, dispute.answer])).toEqual([
      ['corrected', 'Đã trừ nửa tháng.'],
    ]);
    const bill = await call<MonthlyBill>(
      'GET',
      `/odata/MonthlyBill/${monthlyBillID}`,
      undefined,
      'nguoithue',
    );
    expect(bill.body.total).toBe(2_560_000);
    expect(bill.body.corrections).toEqual([expect.objectContaining({ from: 120_000, to: 60_000 })]);
    expectError(
      await call('POST', `/api/BillDispute/${id}/Answer`, { outcome: 'rejected', answer: 'Muộn' }),
      409,
      BILL_DISPUTE_MESSAGES.notOpen,
    );
  });
});
