import { DEFAULT_ROLES, EXPENSE_MESSAGES, expenseCreateSchema, expenseUpdateSchema } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExpenseDoc, HouseDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { EXPENSE_MODEL } from '../../api/src/domain/shared/odata/model.js';
import { thumbnailName } from '../../api/src/domain/shared/blobNames.js';
import {
  createExpense,
  deleteExpense,
  getExpense,
  listExpenses,
  updateExpense,
} from '../../api/src/useCases/expenses/crud.js';
import { expenseImportTemplate, importExpenses } from '../../api/src/useCases/expenses/sheet.js';
import type { Actor } from '../../api/src/useCases/shared/actor.js';
import { loadExcel } from '../../api/src/useCases/shared/spreadsheets.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import {
  aContract,
  aHouse,
  aLandlord,
  aLessee,
  aRoom,
  aRoomImageName,
  aStaff,
  PNG_BYTES,
} from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  landlordWithHouse,
  odata,
  refusal,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/** Expenses: kept by the landlord and staff with billing rights, a receipt photo, never a tenant's to read. */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-11-20T18:00:00Z') }));
});
afterEach(() => h.close());

const input = (change: Record<string, unknown> = {}) =>
  expenseCreateSchema.parse({
    houseID: house.houseID,
    date: '2026-11-05',
    category: 'electricity',
    amount: 2_450_000,
    note: 'Hóa đơn EVN tháng 10',
    ...change,
  });

async function storedExpenses(): Promise<ExpenseDoc[]> {
  const page = await houseDocs<ExpenseDoc>(deps).query({
    partitionKey: house.houseID,
    filter: { op: 'eq', field: 'type', value: 'expense' },
  });
  return page.items;
}

describe('the schema', () => {
  it('stores a built-in category typed by its Vietnamese label by its key, and keeps a landlord’s own', () => {
    expect(input({ category: 'Sửa chữa' }).category).toBe('repairs');
    expect(input({ category: '  tiền điện (evn) ' }).category).toBe('electricity');
    expect(input({ category: 'Bảo trì thang máy' }).category).toBe('Bảo trì thang máy');
  });

  it('refuses a zero amount, a bad day and an empty category with Vietnamese messages', () => {
    const parsed = expenseCreateSchema.safeParse({
      houseID: house.houseID,
      date: '2026-13-01',
      category: ' ',
      amount: 0,
    });
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        EXPENSE_MESSAGES.amountPositive,
        'Ngày chi không hợp lệ (định dạng yyyy-mm-dd).',
        'Hạng mục chi không được để trống!',
      ]),
    );
  });
});

describe('keeping expenses', () => {
  it('creates, reads, lists newest day first, updates and deletes, each audited', async () => {
    const actor = actorFor(deps, landlord);
    const first = await createExpense(actor, input());
    const second = await createExpense(
      actor,
      input({ date: '2026-11-18', category: 'internet', amount: 250_000 }),
    );
    expect(first).toMatchObject({ houseID: house.houseID, category: 'electricity', amount: 2_450_000 });
    expect(first.createdBy).toBe(landlord.userID);

    const listed = await listExpenses(actor, { houseID: house.houseID }, odata(EXPENSE_MODEL));
    expect(listed.value.map((item) => item.expenseID)).toEqual([second.expenseID, first.expenseID]);
    const filtered = await listExpenses(
      actor,
      { houseID: house.houseID },
      odata(EXPENSE_MODEL, "$filter=category eq 'internet'"),
    );
    expect(filtered.value.map((item) => item.amount)).toEqual([250_000]);

    const updated = await updateExpense(
      actor,
      first.expenseID,
      expenseUpdateSchema.parse({ amount: 2_500_000, note: null }),
    );
    expect(updated.amount).toBe(2_500_000);
    expect(updated.note).toBeUndefined();
    expect((await getExpense(actor, first.expenseID)).amount).toBe(2_500_000);

    await deleteExpense(actor, second.expenseID);
    expect((await storedExpenses()).map((doc) => doc.expenseID)).toEqual([first.expenseID]);
    const actions = (await auditEntries(deps))
      .filter((entry) => entry.entity === 'expense')
      .map((entry) => entry.action);
    expect(actions.sort()).toEqual(['create', 'create', 'delete', 'update']);
  });

  it('refuses a day after Vietnam’s today and writes nothing', async () => {
    // 18:00 UTC on 20 November is 21 November in Vietnam: the 21st is today, the 22nd is not yet.
    await createExpense(actorFor(deps, landlord), input({ date: '2026-11-21' }));
    const error = await expectRefusal(
      createExpense(actorFor(deps, landlord), input({ date: '2026-11-22' })),
      'badRequest',
      EXPENSE_MESSAGES.dateInFuture,
    );
    expect(error.details.fieldErrors).toEqual([
      { field: 'date', errorMessage: EXPENSE_MESSAGES.dateInFuture },
    ]);
    expect(await storedExpenses()).toHaveLength(1);
  });

  it('is an If-Match update: a stale version is refused', async () => {
    const actor = actorFor(deps, landlord);
    const created = await createExpense(actor, input());
    await expectRefusal(updateExpense(actor, created.expenseID, { amount: 1 }, '"stale"'), 'stale', /.+/);
    expect((await storedExpenses())[0]?.amount).toBe(2_450_000);
  });
});

describe('who keeps them', () => {
  it('staff of the house with billing rights add and change them', async () => {
    const staff = await aStaff(deps, { houses: [house] });
    const created = await createExpense(actorFor(deps, staff), input());
    expect(created.createdBy).toBe(staff.userID);
    await updateExpense(actorFor(deps, staff), created.expenseID, { amount: 10_000 });
    expect((await storedExpenses())[0]?.amount).toBe(10_000);
  });

  it('staff without billing rights are refused', async () => {
    const staff = await aStaff(deps, { houses: [house] });
    const actor = actorFor(deps, staff);
    const narrowed: Actor = {
      ...actor,
      user: { ...actor.user, role: { ...DEFAULT_ROLES[3], billingPermission: 1 } },
    };
    expect((await refusal(createExpense(narrowed, input()))).kind).toBe('forbidden');
    expect(
      (await refusal(listExpenses(narrowed, { houseID: house.houseID }, odata(EXPENSE_MODEL)))).kind,
    ).toBe('forbidden');
    expect(await storedExpenses()).toHaveLength(0);
  });

  it('a tenant of the house neither reads nor writes them', async () => {
    const created = await createExpense(actorFor(deps, landlord), input());
    const room = await aRoom(deps, house);
    const contract = await aContract(deps, room);
    const tenant = actorFor(deps, await aLessee(deps, { house, room, contract }));
    await expectRefusal(
      listExpenses(tenant, { houseID: house.houseID }, odata(EXPENSE_MODEL)),
      'forbidden',
      EXPENSE_MESSAGES.tenantForbidden,
    );
    await expectRefusal(getExpense(tenant, created.expenseID), 'forbidden', EXPENSE_MESSAGES.tenantForbidden);
    await expectRefusal(
      deleteExpense(tenant, created.expenseID),
      'forbidden',
      EXPENSE_MESSAGES.tenantForbidden,
    );
    expect(await storedExpenses()).toHaveLength(1);
  });

  it('another landlord’s expense does not exist for a landlord, nor their house', async () => {
    const created = await createExpense(actorFor(deps, landlord), input());
    const other = await aLandlord(deps);
    await aHouse(deps, other);
    const stranger = actorFor(deps, other);
    expect((await refusal(getExpense(stranger, created.expenseID))).kind).toBe('notFound');
    expect((await refusal(updateExpense(stranger, created.expenseID, { amount: 1 }))).kind).toBe('notFound');
    expect((await refusal(deleteExpense(stranger, created.expenseID))).kind).toBe('notFound');
    expect((await refusal(createExpense(stranger, input()))).kind).toBe('notFound');
    expect(await storedExpenses()).toHaveLength(1);
  });
});

describe('the receipt photo', () => {
  it('is a room image of the house: kept with a thumbnail, read by link, deleted with the expense', async () => {
    const name = aRoomImageName(deps, house);
    h.blobs.put('room-images', name, PNG_BYTES);
    const actor = actorFor(deps, landlord);
    const created = await createExpense(actor, input({ receiptBlobName: name }));
    expect(created.receiptBlobName).toBe(name);
    expect(created.receiptURL).toContain(encodeURI(name).split('/').pop());
    expect(await h.blobs.blobExists('room-images', thumbnailName(name))).toBe(true);
    await deleteExpense(actor, created.expenseID);
    expect(await h.blobs.blobExists('room-images', name)).toBe(false);
  });

  it('of another house, or a file that is not there, is refused and nothing is written', async () => {
    const otherHouse = await aHouse(deps, landlord);
    const foreign = aRoomImageName(deps, otherHouse);
    h.blobs.put('room-images', foreign, PNG_BYTES);
    const error = await expectRefusal(
      createExpense(actorFor(deps, landlord), input({ receiptBlobName: foreign })),
      'badRequest',
      EXPENSE_MESSAGES.badReceipt,
    );
    expect(error.details.fieldErrors).toEqual([
      { field: 'receiptBlobName', errorMessage: EXPENSE_MESSAGES.badReceipt },
    ]);
    await expectRefusal(
      createExpense(actorFor(deps, landlord), input({ receiptBlobName: aRoomImageName(deps, house) })),
      'badRequest',
      'Không tìm thấy ảnh đã tải lên. Vui lòng tải lại ảnh.',
    );
    expect(await storedExpenses()).toHaveLength(0);
  });
});

describe('the Excel import', () => {
  async function sheet(rows: Array<Array<string | number | Date>>): Promise<Uint8Array> {
    const Excel = await loadExcel();
    const workbook = new Excel.Workbook();
    const data = workbook.addWorksheet('Chi phí');
    data.addRow(['Ngày chi', 'Hạng mục', 'Số tiền', 'Ghi chú']);
    for (const row of rows) data.addRow(row);
    return new Uint8Array(await workbook.xlsx.writeBuffer());
  }

  it('imports every row when all are right: date cells and dd/mm/yyyy text, labels as keys, "1.250.000"', async () => {
    const outcome = await importExpenses(
      actorFor(deps, landlord),
      house.houseID,
      await sheet([
        [new Date(Date.UTC(2026, 10, 5)), 'Tiền điện (EVN)', 1_250_000, 'Kỳ tháng 10'],
        ['06/11/2026', 'Bảo trì thang máy', '1.250.000', ''],
      ]),
    );
    expect(outcome).toEqual({ ok: true, created: 2 });
    const stored = (await storedExpenses()).map(({ date, category, amount, note }) => ({
      date,
      category,
      amount,
      note,
    }));
    expect(stored.sort((a, b) => a.date.localeCompare(b.date))).toEqual([
      { date: '2026-11-05', category: 'electricity', amount: 1_250_000, note: 'Kỳ tháng 10' },
      { date: '2026-11-06', category: 'Bảo trì thang máy', amount: 1_250_000, note: undefined },
    ]);
  });

  it('writes nothing when one row is wrong, and sends the sheet back with a Vietnamese error per row', async () => {
    const outcome = await importExpenses(
      actorFor(deps, landlord),
      house.houseID,
      await sheet([
        ['05/11/2026', 'Internet', 250_000],
        ['30/12/2026', 'Sửa chữa', 0],
        ['', 'Vệ sinh', 'nhiều'],
      ]),
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errorRows).toBe(2);
    expect(await storedExpenses()).toHaveLength(0);
    const Excel = await loadExcel();
    const report = new Excel.Workbook();
    await report.xlsx.load(outcome.report as unknown as ArrayBuffer);
    const rows = report.worksheets[0]!;
    expect(rows.getRow(1).getCell(5).value).toBe('Lỗi');
    expect(rows.getRow(2).getCell(5).value).toBeNull();
    expect(String(rows.getRow(3).getCell(5).value)).toContain(EXPENSE_MESSAGES.amountPositive);
    expect(String(rows.getRow(3).getCell(5).value)).toContain(EXPENSE_MESSAGES.dateInFuture);
    expect(String(rows.getRow(4).getCell(5).value)).toContain('Ngày chi');
    expect(String(rows.getRow(4).getCell(5).value)).toContain('Số tiền');
  });

  it('refuses a tenant and another landlord before reading the sheet', async () => {
    const data = await sheet([['05/11/2026', 'Internet', 250_000]]);
    const room = await aRoom(deps, house);
    const tenant = await aLessee(deps, { house, room, contract: await aContract(deps, room) });
    expect((await refusal(importExpenses(actorFor(deps, tenant), house.houseID, data))).kind).toBe(
      'forbidden',
    );
    expect(
      (await refusal(importExpenses(actorFor(deps, await aLandlord(deps)), house.houseID, data))).kind,
    ).toBe('notFound');
    expect(await storedExpenses()).toHaveLength(0);
  });

  it('the template has the columns the import reads', async () => {
    const Excel = await loadExcel();
    const template = new Excel.Workbook();
    await template.xlsx.load((await expenseImportTemplate()) as unknown as ArrayBuffer);
    const header = template.worksheets[0]!.getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual(['Ngày chi', 'Hạng mục', 'Số tiền', 'Ghi chú']);
  });
});
