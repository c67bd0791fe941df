import {
  DEFAULT_RENT_TAX_THRESHOLD,
  EXPENSE_MESSAGES,
  type ExpenseView,
  type ProfitReport,
} from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpenseDoc } from '../../api/src/domain/shared/model.js';
import { listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { loadExcel } from '../../api/src/useCases/shared/spreadsheets.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type TestProduct,
} from '../support/product.js';
import { expectError, expectFieldError, MSG, type ODataCollection } from './helpers.js';

/**
 * Expenses and the profit report through the real handlers: the landlord and their staff (Hoa Sen)
 * keep a house's expenses; the tenant, another landlord and staff in a house they are not assigned to
 * get 403/404 and change nothing; bad input is a Vietnamese 400; the tax threshold is the super admin's.
 */

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let hoaSen = '';
let binhAn = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue', 'admin']);
  Object.assign(token, accessTokens(sessions));
  hoaSen = tenancyOf(sessions.nguoithue).houseID;
  binhAn = sessions.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
});
afterAll(() => product?.stop());

function call<T>(user: string, method: string, path: string, body?: unknown) {
  return api.request<T>(method, path, {
    token: token[user] as string,
    ...(body === undefined ? {} : { body }),
  });
}

const stored = async (houseID: string) =>
  JSON.stringify(await listInHouse<ExpenseDoc>(product.services, houseID, 'expense'));

describe('/odata/Expense', () => {
  it('the landlord adds, lists, changes and deletes an expense; staff of the house add one too', async () => {
    const created = await call<ExpenseView>('chunha', 'POST', '/odata/Expense', {
      houseID: hoaSen,
      date: '2026-01-15',
      category: 'Tiền điện (EVN)',
      amount: 1_250_000,
      note: 'Hóa đơn EVN tháng 12',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ category: 'electricity', amount: 1_250_000, houseID: hoaSen });
    const byStaff = await call<ExpenseView>('nhanvien', 'POST', '/odata/Expense', {
      houseID: hoaSen,
      date: '2026-01-16',
      category: 'Vệ sinh bể nước',
      amount: 300_000,
    });
    expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(201);

    const listed = await call<ODataCollection<ExpenseView>>(
      'nhanvien',
      'GET',
      `/odata/Expense?houseID=${hoaSen}&$filter=date ge 2026-01-15 and date le 2026-01-16&$count=true`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.value.map((item) => item.category)).toEqual(['Vệ sinh bể nước', 'electricity']);

    const changed = await api.request<ExpenseView>('PATCH', `/odata/Expense/${created.body.expenseID}`, {
      token: token.chunha as string,
      body: { amount: 1_300_000 },
      headers: { 'If-Match': created.body['@odata.etag'] as string },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.amount).toBe(1_300_000);
    const stale = await api.request('PATCH', `/odata/Expense/${created.body.expenseID}`, {
      token: token.chunha as string,
      body: { amount: 1 },
      headers: { 'If-Match': created.body['@odata.etag'] as string },
    });
    expectError(stale, 412, MSG.stale);

    const removed = await call('nhanvien', 'DELETE', `/odata/Expense/${byStaff.body.expenseID}`);
    expect(removed.status).toBe(204);
    expect((await call('chunha', 'GET', `/odata/Expense/${byStaff.body.expenseID}`)).status).toBe(404);
  });

  it('bad input is a Vietnamese 400 naming the field, and nothing is written', async () => {
    const before = await stored(hoaSen);
    const zero = await call('chunha', 'POST', '/odata/Expense', {
      houseID: hoaSen,
      date: '2026-01-15',
      category: 'repairs',
      amount: 0,
    });
    expectFieldError(zero, 'amount', EXPENSE_MESSAGES.amountPositive);
    const future = await call('chunha', 'POST', '/odata/Expense', {
      houseID: hoaSen,
      date: '2099-01-01',
      category: 'repairs',
      amount: 10_000,
    });
    expectFieldError(future, 'date', EXPENSE_MESSAGES.dateInFuture);
    const badDay = await call('chunha', 'POST', '/odata/Expense', {
      houseID: hoaSen,
      date: '15/01/2026',
      category: 'repairs',
      amount: 10_000,
    });
    expectFieldError(badDay, 'date', 'Ngày chi không hợp lệ (định dạng yyyy-mm-dd).');
    const receipt = await call('chunha', 'POST', '/odata/Expense', {
      houseID: hoaSen,
      date: '2026-01-15',
      category: 'repairs',
      amount: 10_000,
      receiptBlobName: `${binhAn}/room-1767225600000-abc123.png`,
    });
    expectFieldError(receipt, 'receiptBlobName', EXPENSE_MESSAGES.badReceipt);
    const unknownField = await call('chunha', 'POST', '/odata/Expense', {
      houseID: hoaSen,
      date: '2026-01-15',
      category: 'repairs',
      amount: 10_000,
      extra: 1,
    });
    expect(unknownField.status).toBe(400);
    expect(await stored(hoaSen)).toBe(before);
  });

  it('a tenant, another landlord and staff of another house are refused and change nothing', async () => {
    const created = await call<ExpenseView>('chunha', 'POST', '/odata/Expense', {
      houseID: binhAn,
      date: '2026-01-10',
      category: 'internet',
      amount: 220_000,
    });
    const id = created.body.expenseID;
    const ownHouse = await call<ExpenseView>('chunha', 'POST', '/odata/Expense', {
      houseID: hoaSen,
      date: '2026-01-10',
      category: 'internet',
      amount: 220_000,
    });
    const before = [await stored(binhAn), await stored(hoaSen)];
    // The tenant's billing level reads their own bills, not the house's books.
    for (const [method, path, body] of [
      ['GET', `/odata/Expense?houseID=${hoaSen}`],
      ['GET', `/odata/Expense/${ownHouse.body.expenseID}`],
      ['POST', '/odata/Expense', { houseID: hoaSen, date: '2026-01-10', category: 'repairs', amount: 1 }],
      ['PATCH', `/odata/Expense/${ownHouse.body.expenseID}`, { amount: 1 }],
      ['DELETE', `/odata/Expense/${ownHouse.body.expenseID}`],
    ] as const) {
      expectError(await call('nguoithue', method, path, body), 403, MSG.forbidden);
    }
    for (const user of ['chunha2', 'nhanvien']) {
      expectError(await call(user, 'GET', `/odata/Expense?houseID=${binhAn}`), 404, MSG.notFound);
      expectError(await call(user, 'GET', `/odata/Expense/${id}`), 404, MSG.notFound);
      expectError(await call(user, 'PATCH', `/odata/Expense/${id}`, { amount: 1 }), 404, MSG.notFound);
      expectError(await call(user, 'DELETE', `/odata/Expense/${id}`), 404, MSG.notFound);
      expectError(
        await call(user, 'POST', '/odata/Expense', {
          houseID: binhAn,
          date: '2026-01-10',
          category: 'x',
          amount: 1,
        }),
        404,
        MSG.notFound,
      );
    }
    expect([await stored(binhAn), await stored(hoaSen)]).toEqual(before);
  });
});

describe('/odata/ProfitReport', () => {
  it('answers the landlord per month, for one house and for all, with the tax threshold', async () => {
    const one = await call<ProfitReport>('chunha', 'GET', `/odata/ProfitReport?houseID=${hoaSen}&year=2026`);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.months).toHaveLength(12);
    expect(one.body.houseID).toBe(hoaSen);
    expect(one.body.months[0]?.electricityPaid).toBeGreaterThanOrEqual(1_300_000);
    const all = await call<ProfitReport>('chunha', 'GET', '/odata/ProfitReport?year=2026');
    expect(all.status).toBe(200);
    expect(all.body.houses.map((house) => house.houseID).sort()).toEqual([binhAn, hoaSen].sort());
    expect(all.body.totals.expenses).toBeGreaterThan(one.body.totals.expenses);
    expect(all.body.tax.threshold.amount).toBe(DEFAULT_RENT_TAX_THRESHOLD.amount);
    expect(all.body.tax.rentIncome).toBe(all.body.totals.received);
  });

  it('refuses a bad year, a tenant, another landlord and staff of another house', async () => {
    expectFieldError(
      await call('chunha', 'GET', `/odata/ProfitReport?houseID=${hoaSen}&year=abc`),
      'year',
      'Năm không hợp lệ.',
    );
    expectFieldError(
      await call('chunha', 'GET', `/odata/ProfitReport?houseID=${hoaSen}`),
      'year',
      'Năm không hợp lệ.',
    );
    expectFieldError(
      await call('chunha', 'GET', '/odata/ProfitReport?year=1999'),
      'year',
      'Năm phải từ 2000 trở đi.',
    );
    expectError(
      await call('nguoithue', 'GET', `/odata/ProfitReport?houseID=${hoaSen}&year=2026`),
      403,
      MSG.forbidden,
    );
    expectError(
      await call('chunha2', 'GET', `/odata/ProfitReport?houseID=${hoaSen}&year=2026`),
      404,
      MSG.notFound,
    );
    expectError(
      await call('nhanvien', 'GET', `/odata/ProfitReport?houseID=${binhAn}&year=2026`),
      404,
      MSG.notFound,
    );
    expectError(
      await call('nhanvien', 'GET', `/api/ProfitReport/Export?houseID=${binhAn}&year=2026`),
      404,
      MSG.notFound,
    );
  });

  it('exports an .xlsx', async () => {
    const reply = await fetch(`${product.url}/api/ProfitReport/Export?houseID=${hoaSen}&year=2026`, {
      headers: { Authorization: `Bearer ${token.chunha}` },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(reply.headers.get('content-disposition')).toContain('loi-nhuan-nha-2026.xlsx');
    const bytes = new Uint8Array(await reply.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 2)).toString('latin1')).toBe('PK');
  });
});

describe('the tax threshold', () => {
  it('the super admin reads and changes it; a landlord may not', async () => {
    const read = await call<{ data: typeof DEFAULT_RENT_TAX_THRESHOLD }>(
      'admin',
      'GET',
      '/api/MetaData/RentTaxThreshold',
    );
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(DEFAULT_RENT_TAX_THRESHOLD);
    const bad = await call('admin', 'POST', '/api/MetaData/SetRentTaxThreshold', {
      ...DEFAULT_RENT_TAX_THRESHOLD,
      warnPercent: 120,
    });
    expectFieldError(bad, 'warnPercent', 'Mức cảnh báo phải từ 1 đến 100 %.');
    expect(
      (await call('chunha', 'POST', '/api/MetaData/SetRentTaxThreshold', DEFAULT_RENT_TAX_THRESHOLD)).status,
    ).toBe(403);
    const set = await call('admin', 'POST', '/api/MetaData/SetRentTaxThreshold', {
      ...DEFAULT_RENT_TAX_THRESHOLD,
      amount: 600_000_000,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const report = await call<ProfitReport>('chunha', 'GET', '/odata/ProfitReport?year=2026');
    expect(report.body.tax.threshold.amount).toBe(600_000_000);
  });
});

describe('/ExcelImport/ImportExpenses', () => {
  async function sheetForm(houseID: string, rows: Array<Array<string | number>>): Promise<FormData> {
    const Excel = await loadExcel();
    const workbook = new Excel.Workbook();
    const sheet = workbook.addWorksheet('Chi phí');
    sheet.addRow(['Ngày chi', 'Hạng mục', 'Số tiền', 'Ghi chú']);
    for (const row of rows) sheet.addRow(row);
    const form = new FormData();
    form.append('houseID', houseID);
    form.append('file', new Blob([await workbook.xlsx.writeBuffer()]), 'chi-phi.xlsx');
    return form;
  }

  async function send(user: string, form: FormData) {
    return fetch(`${product.url}/ExcelImport/ImportExpenses`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token[user]}` },
      body: form,
    });
  }

  it('imports all rows, or none with the sheet back; a tenant and another landlord are refused', async () => {
    const before = await stored(hoaSen);
    const wrong = await send(
      'chunha',
      await sheetForm(hoaSen, [
        ['05/01/2026', 'Internet', 1],
        ['06/01/2026', '', 0],
      ]),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('x-import-error-rows')).toBe('1');
    expect(wrong.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(await stored(hoaSen)).toBe(before);
    for (const [user, status] of [
      ['nguoithue', 403],
      ['chunha2', 404],
    ] as const) {
      const refused = await send(user, await sheetForm(hoaSen, [['05/01/2026', 'Internet', 1]]));
      expect(refused.status).toBe(status);
    }
    expect(await stored(hoaSen)).toBe(before);
    const right = await send(
      'nhanvien',
      await sheetForm(hoaSen, [
        ['05/01/2026', 'Internet', '220.000'],
        ['06/01/2026', 'Sửa chữa', 90_000],
      ]),
    );
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ status: true, data: { created: 2 } });
  });
});
