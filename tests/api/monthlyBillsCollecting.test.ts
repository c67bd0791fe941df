import type { BillReminderResult, HouseMonthBills } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthlyBillDoc } from '../../api/src/domain/shared/model.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { outboxMessages } from '../support/notificationBuilders.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type TestProduct,
} from '../support/product.js';
import { expectError, expectFieldError, MSG } from './helpers.js';

/**
 * The month's bills of a house (`GET /api/MonthlyBill/HouseMonth`) and the reminders sent from them
 * (`POST /api/MonthlyBill/Remind`) through the real handlers: who may, the filters, the throttle.
 */

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
let bill: MonthlyBillDoc;
const MONTH = '2025-03';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  bill = await aMonthlyBill(product.services, tenancy, {
    month: MONTH,
    billName: 'Hóa đơn tháng 03/2025 – P101',
    dueDate: '2025-03-25',
  });
});
afterAll(() => product?.stop());

const housePath = (params = '') =>
  `/api/MonthlyBill/HouseMonth?houseID=${tenancy.houseID}&month=${MONTH}${params}`;

function get<T>(path: string, user?: string) {
  return api.request<T>('GET', path, user ? { token: token[user] as string } : {});
}
function remind(body: unknown, user?: string) {
  return api.request<BillReminderResult>('POST', '/api/MonthlyBill/Remind', {
    body,
    ...(user ? { token: token[user] as string } : {}),
  });
}

describe('GET /api/MonthlyBill/HouseMonth', () => {
  it('gives the landlord and the house’s staff the month’s rows and totals', async () => {
    for (const user of ['chunha', 'nhanvien']) {
      const reply = await get<HouseMonthBills>(housePath('&status=overdue'), user);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body).toMatchObject({ houseID: tenancy.houseID, month: MONTH, count: 1 });
      expect(reply.body.value[0]).toMatchObject({
        monthlyBillID: bill.monthlyBillID,
        roomID: tenancy.roomID,
        owed: bill.total,
        overdue: true,
        status: 1,
      });
      expect(reply.body.value[0]?.tenantName).toBeTruthy();
      expect(reply.body.totals).toMatchObject({ billed: bill.total, collected: 0, owed: bill.total });
    }
    const paid = await get<HouseMonthBills>(housePath('&status=paid'), 'chunha');
    expect(paid.body).toMatchObject({ count: 0, value: [] });
  });

  it('refuses another landlord (404), a tenant (403), anonymous (401) and bad options (400)', async () => {
    expectError(await get(housePath(), 'chunha2'), 404, MSG.notFound);
    expectError(await get(housePath(), 'nguoithue'), 403, MSG.forbidden);
    expectError(await get(housePath()), 401, MSG.unauthenticated);
    expectFieldError(await get(housePath('&status=la'), 'chunha'), 'status', 'Trạng thái lọc không hợp lệ.');
    expectFieldError(
      await get(`/api/MonthlyBill/HouseMonth?houseID=${tenancy.houseID}&month=2025-13`, 'chunha'),
      'month',
      'Tháng không hợp lệ (định dạng yyyy-mm).',
    );
    expectFieldError(await get(housePath('&top=5000'), 'chunha'), 'top', 'Số dòng mỗi trang tối đa 200.');
  });
});

describe('POST /api/MonthlyBill/Remind', () => {
  it('refuses others and writes nothing; the landlord’s reminder is queued once', async () => {
    const body = { houseID: tenancy.houseID, monthlyBillIDs: [bill.monthlyBillID] };
    expectError(await remind(body, 'chunha2'), 404, MSG.notFound);
    expectError(await remind(body, 'nguoithue'), 403, MSG.forbidden);
    expectError(await remind(body), 401, MSG.unauthenticated);
    expectFieldError(
      await remind({ houseID: tenancy.houseID }, 'chunha'),
      'monthlyBillIDs',
      'Hãy chọn hóa đơn hoặc tháng cần nhắc.',
    );
    expect(await outboxMessages(product.services, 'billReminder')).toHaveLength(0);

    const first = await remind(body, 'chunha');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.queued + first.body.withoutContact).toBe(1);
    const again = await remind({ houseID: tenancy.houseID, month: MONTH }, 'nhanvien');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ queued: 0, recentlyReminded: first.body.queued });
    expect(await outboxMessages(product.services, 'billReminder')).toHaveLength(first.body.queued);
  });
});
