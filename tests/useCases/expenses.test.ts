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
import type { Actor } from '../../api/src/useCases/shared/actor.js';
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
