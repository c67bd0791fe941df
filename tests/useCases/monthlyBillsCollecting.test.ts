import {
  BILL_STATUS,
  CONTRACT_STATUS,
  DEFAULT_ROLES,
  houseMonthBillsQuerySchema,
  type HouseBillFilter,
} from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ContractDoc,
  HouseDoc,
  LesseeInfoDoc,
  MonthlyBillDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import type { Container, ContainerName, QuerySpec, Store, StoredDoc } from '../../api/src/store/store.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { listHouseMonthBills } from '../../api/src/useCases/monthlyBills/houseMonth.js';
import { remindBillTenants } from '../../api/src/useCases/monthlyBills/reminders.js';
import { payMonthlyBill } from '../../api/src/useCases/monthlyBills.js';
import { aMonthlyBill, anIssuedTicket, DEFAULT_BILL_LINES } from '../support/billBuilders.js';
import { aContract, aHouse, aLandlord, aLessee, aRoom, aStaff } from '../support/builders.js';
import { aReachableTenancy, outboxMessages, type Tenancy } from '../support/notificationBuilders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  landlordWithHouse,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';
import type { Actor } from '../../api/src/useCases/shared/actor.js';

/**
 * The month's bills of a house as the landlord collects them (who still owes, the totals, older debts
 * carried over) and the reminders sent from there (who may, the pause, the message).
 */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let rooms: Record<'p101' | 'p102' | 'p103' | 'p104', RoomDoc>;
let tenancies: Record<'p101' | 'p102' | 'p103', Tenancy>;
let bills: Record<'oct101' | 'nov101' | 'nov102' | 'nov103' | 'nov104', MonthlyBillDoc>;

const NOV = '2026-11';
const OCT = '2026-10';
/** 2.620.000 ₫ a month (rent and water), see DEFAULT_BILL_LINES. */
const MONTHLY = 2_620_000;

function query(params: Record<string, string> = {}) {
  return houseMonthBillsQuerySchema.parse({ houseID: house.houseID, ...params });
}

beforeEach(async () => {
  // 20/11/2026 in Vietnam.
  ({ h, deps, landlord, house } = await landlordWithHouse({
    now: new Date('2026-11-20T03:00:00Z'),
    house: { houseName: 'Nhà trọ Hoa Sen' },
  }));
  rooms = {
    p101: await aRoom(deps, house, { roomName: 'P101' }),
    p102: await aRoom(deps, house, { roomName: 'P102' }),
    p103: await aRoom(deps, house, { roomName: 'P103' }),
    p104: await aRoom(deps, house, { roomName: 'P104' }),
  };
  tenancies = {
    p101: await aReachableTenancy(deps, house, rooms.p101, {
      name: 'Lê Minh Tuấn',
      email: 'tuan@example.vn',
    }),
    p102: await aReachableTenancy(deps, house, rooms.p102, { name: 'Phạm Thu Hà' }),
    p103: await aReachableTenancy(deps, house, rooms.p103, { name: 'Võ Văn Kiệt' }),
  };
  // P104's tenant has no occupant record: no phone number, no e-mail.
  const unreachable = await aContract(deps, rooms.p104);
  const nov101ID = `${tenancies.p101.contract.contractID}_${NOV}`;
  const oct101 = await aMonthlyBill(deps, tenancies.p101.contract, {
    month: OCT,
    billName: 'Hóa đơn tháng 10/2026 – P101',
    dueDate: '2026-10-25',
    status: BILL_STATUS.carriedOver,
    carriedToBillID: nov101ID,
  });
  bills = {
    oct101,
    nov101: await aMonthlyBill(deps, tenancies.p101.contract, {
      month: NOV,
      billName: 'Hóa đơn tháng 11/2026 – P101',
      dueDate: '2026-11-25',
      billDetails: [
        ...DEFAULT_BILL_LINES,
        {
          kind: 'debt',
          description: 'Nợ chuyển từ Hóa đơn tháng 10/2026 – P101',
          quantity: 1,
          unitPrice: MONTHLY,
          amount: MONTHLY,
          fromBillID: oct101.monthlyBillID,
        },
      ],
    }),
    nov102: await aMonthlyBill(deps, tenancies.p102.contract, {
      month: NOV,
      billName: 'Hóa đơn tháng 11/2026 – P102',
      dueDate: '2026-11-15',
      paidAmount: 1_000_000,
      status: BILL_STATUS.partlyPaid,
    }),
    nov103: await aMonthlyBill(deps, tenancies.p103.contract, {
      month: NOV,
      billName: 'Hóa đơn tháng 11/2026 – P103',
      dueDate: '2026-11-15',
      paidAmount: MONTHLY,
      status: BILL_STATUS.paid,
    }),
    nov104: await aMonthlyBill(deps, unreachable, {
      month: NOV,
      billName: 'Hóa đơn tháng 11/2026 – P104',
      dueDate: '2026-11-15',
    }),
  };
  await anIssuedTicket(deps, house, OCT);
  await anIssuedTicket(deps, house, NOV);
});
afterEach(() => h.close());

describe('the month’s bills of a house', () => {
  it('defaults to the latest month issued, one row per room with its tenant and what is owed', async () => {
    const month = await listHouseMonthBills(actorFor(deps, landlord), query());
    expect(month).toMatchObject({ month: NOV, today: '2026-11-20', months: [NOV, OCT], count: 4 });
    expect(
      month.value.map((row) => [row.roomName, row.tenantName, row.owed, row.status, row.overdue]),
    ).toEqual([
      ['P101', 'Lê Minh Tuấn', 2 * MONTHLY, BILL_STATUS.unpaid, false],
      ['P102', 'Phạm Thu Hà', MONTHLY - 1_000_000, BILL_STATUS.partlyPaid, true],
      ['P103', 'Võ Văn Kiệt', 0, BILL_STATUS.paid, false],
      ['P104', undefined, MONTHLY, BILL_STATUS.unpaid, true],
    ]);
    expect(month.value[0]).toMatchObject({ carriedIn: MONTHLY, total: 2 * MONTHLY, canRemind: true });
    expect(month.value[3]?.canRemind).toBe(false);
  });

  it('totals the month without counting a carried debt twice', async () => {
    const november = await listHouseMonthBills(actorFor(deps, landlord), query());
    expect(november.totals).toEqual({
      billed: 5 * MONTHLY,
      collected: 1_000_000 + MONTHLY,
      owed: 2 * MONTHLY + (MONTHLY - 1_000_000) + MONTHLY,
      carriedIn: MONTHLY,
      carriedOut: 0,
      counts: { all: 4, owed: 3, unpaid: 2, partlyPaid: 1, overdue: 2, paid: 1, carriedOver: 0 },
    });
    const october = await listHouseMonthBills(actorFor(deps, landlord), query({ month: OCT }));
    // October's unpaid bill went into November's: it owes nothing in October.
    expect(october.totals).toMatchObject({ billed: MONTHLY, owed: 0, carriedOut: MONTHLY });
    expect(october.value).toEqual([
      expect.objectContaining({
        status: BILL_STATUS.carriedOver,
        owed: 0,
        carriedToBillID: bills.nov101.monthlyBillID,
      }),
    ]);
  });

  it.each<[HouseBillFilter, string[]]>([
    ['owed', ['P101', 'P102', 'P104']],
    ['unpaid', ['P101', 'P104']],
    ['partlyPaid', ['P102']],
    ['overdue', ['P102', 'P104']],
    ['paid', ['P103']],
    ['carriedOver', []],
  ])('filters %s in the store query', async (status, expected) => {
    const month = await listHouseMonthBills(actorFor(deps, landlord), query({ status }));
    expect(month.value.map((row) => row.roomName)).toEqual(expected);
    expect(month.count).toBe(expected.length);
    expect(month.totals.counts[status]).toBe(expected.length);
  });

  it('pages with top and skip, counting every match', async () => {
    const page = await listHouseMonthBills(actorFor(deps, landlord), query({ top: '2', skip: '2' }));
    expect(page.count).toBe(4);
    expect(page.value.map((row) => row.roomName)).toEqual(['P103', 'P104']);
  });

  it('names the tenant and the last reminder of every row, whatever was read with the bills', async () => {
    // The page reads rooms, contracts in force, representatives and the month's reminders with the
    // bills; what is not among them is read after. Each case below is one of those.
    const actor = actorFor(deps, landlord);
    await remindBillTenants(actor, { houseID: house.houseID, month: NOV });
    const reminders = await outboxMessages(deps, 'billReminder');
    const remindedOn = (bill: MonthlyBillDoc) =>
      reminders.find((one) => one.subjectID === bill.monthlyBillID)?.createdOn;
    // P102's representative has no phone on record: their tenant account's reaches them.
    await houseDocs<LesseeInfoDoc>(deps).replace({
      ...tenancies.p102.representative,
      phoneNumber: undefined,
    });
    // P103's tenancy ended early on the 18th: its bill still shows its tenant.
    await houseDocs<ContractDoc>(deps).replace({
      ...tenancies.p103.contract,
      status: CONTRACT_STATUS.terminated,
      terminatedOn: '2026-11-18',
    });
    const month = await listHouseMonthBills(actor, query());
    expect(
      month.value.map((row) => [row.roomName, row.tenantName, row.canRemind, row.lastRemindedOn]),
    ).toEqual([
      ['P101', 'Lê Minh Tuấn', true, remindedOn(bills.nov101)],
      ['P102', 'Phạm Thu Hà', true, remindedOn(bills.nov102)],
      ['P103', 'Võ Văn Kiệt', true, undefined],
      ['P104', undefined, false, undefined],
    ]);
    expect(remindedOn(bills.nov101)).toBeDefined();
    expect(remindedOn(bills.nov102)).toBeDefined();
  });

  it('opens on a month billed ahead, with its reminders, and keeps this month’s apart', async () => {
    const actor = actorFor(deps, landlord);
    // P101's December was billed ahead and reminded: the page opens on December (the newest month).
    const december = await aMonthlyBill(deps, tenancies.p101.contract, {
      month: '2026-12',
      billName: 'Hóa đơn tháng 12/2026 – P101',
      dueDate: '2026-12-05',
    });
    await anIssuedTicket(deps, house, '2026-12');
    await remindBillTenants(actor, { houseID: house.houseID, monthlyBillIDs: [december.monthlyBillID] });
    const [reminder] = await outboxMessages(deps, 'billReminder');
    const page = await listHouseMonthBills(actor, query());
    expect(page).toMatchObject({ month: '2026-12', months: ['2026-12', NOV, OCT], count: 1 });
    expect(page.value.map((row) => [row.roomName, row.tenantName, row.lastRemindedOn])).toEqual([
      ['P101', 'Lê Minh Tuấn', reminder?.createdOn],
    ]);
    expect(reminder?.createdOn).toBeDefined();
    // November's P101 bill was not reminded: December's reminder is not November's.
    const november = await listHouseMonthBills(actor, query({ month: NOV }));
    expect(november.value.find((row) => row.roomName === 'P101')?.lastRemindedOn).toBeUndefined();
  });

  it('reads the page in one store query when every row’s tenant is reachable and in force', async () => {
    const counted = countingReads(deps);
    // P103 is paid: its contract is in force and its representative has a phone number.
    const paid = await listHouseMonthBills(actorFor(counted.deps, landlord), query({ status: 'paid' }));
    expect(paid.value.map((row) => [row.roomName, row.tenantName, row.canRemind])).toEqual([
      ['P103', 'Võ Văn Kiệt', true],
    ]);
    // (The fixture's landlord account does not list its houses: the house is read to check the right.)
    expect(counted.calls.filter((call) => call !== 'houses read')).toEqual(['houses query']);
    // The whole month: P104's contract names a representative with no record, looked up once more.
    counted.calls.length = 0;
    expect((await listHouseMonthBills(actorFor(counted.deps, landlord), query())).count).toBe(4);
    expect(counted.calls.filter((call) => call !== 'houses read')).toEqual(['houses query', 'houses query']);
  });

  it('is the landlord’s and assigned staff’s; others are refused', async () => {
    const staff = await aStaff(deps, { houses: [house] });
    expect((await listHouseMonthBills(actorFor(deps, staff), query())).count).toBe(4);

    const other = await aLandlord(deps);
    await aHouse(deps, other);
    await expectRefusal(listHouseMonthBills(actorFor(deps, other), query()), 'notFound', /không tìm thấy/i);
    const otherStaff = await aStaff(deps, { houses: [] });
    await expectRefusal(
      listHouseMonthBills(actorFor(deps, otherStaff), query()),
      'notFound',
      /không tìm thấy/i,
    );
    const tenant = await aLessee(deps, { house, room: rooms.p101, contract: tenancies.p101.contract });
    await expectRefusal(listHouseMonthBills(actorFor(deps, tenant), query()), 'forbidden', /quyền/i);
    await expectRefusal(
      listHouseMonthBills(withoutBilling(actorFor(deps, staff)), query()),
      'forbidden',
      /quyền/i,
    );
  });
});

/** The same dependencies, noting each read and query of the store (container and kind). */
function countingReads(base: Deps): { deps: Deps; calls: string[] } {
  const calls: string[] = [];
  const store: Store = {
    ...base.store,
    version: () => base.store.version(),
    close: () => base.store.close(),
    container<T extends StoredDoc>(name: ContainerName): Container<T> {
      const inner = base.store.container<T>(name);
      return Object.assign(Object.create(inner) as Container<T>, {
        read: (pk: string, id: string) => {
          calls.push(`${name} read`);
          return inner.read(pk, id);
        },
        query: (spec: QuerySpec) => {
          calls.push(`${name} query`);
          return inner.query(spec);
        },
      });
    },
  };
  return { deps: { ...base, store }, calls };
}

/** The same staff member with no billing rights (the role a landlord may narrow). */
function withoutBilling(actor: Actor): Actor {
  return {
    ...actor,
    user: { ...actor.user, role: { ...DEFAULT_ROLES[actor.user.roleID], billingPermission: 0 } },
  };
}

describe('reminding tenants of the month’s bills', () => {
  it('writes one message per bill still owed to a reachable tenant, and says what it skipped', async () => {
    const result = await remindBillTenants(actorFor(deps, landlord), { houseID: house.houseID, month: NOV });
    expect(result).toEqual({ queued: 2, recentlyReminded: 0, withoutContact: 1, notOwed: 0 });
    const messages = await outboxMessages(deps, 'billReminder');
    expect(messages.map((message) => message.subjectID).sort()).toEqual(
      [bills.nov101.monthlyBillID, bills.nov102.monthlyBillID].sort(),
    );
    const toHa = messages.find((message) => message.subjectID === bills.nov102.monthlyBillID);
    expect(toHa).toMatchObject({
      houseID: house.houseID,
      recipient: { name: 'Phạm Thu Hà', phoneNumber: tenancies.p102.representative.phoneNumber },
      channels: ['zalo', 'sms'],
      subject: 'Nhắc thanh toán: Hóa đơn tháng 11/2026 – P102',
      link: `http://localhost:4280/bill/${bills.nov102.monthlyBillID}`,
    });
    expect(toHa?.body).toBe(
      'Chào Phạm Thu Hà, Nhà trọ Hoa Sen nhắc: Hóa đơn tháng 11/2026 – P102 còn 1.620.000 ₫ chưa thanh toán, ' +
        'đã quá hạn thanh toán (15/11/2026). Bạn có thể thanh toán trực tuyến hoặc chuyển khoản theo mã QR trên hóa đơn.',
    );
    const toTuan = messages.find((message) => message.subjectID === bills.nov101.monthlyBillID);
    expect(toTuan?.channels).toEqual(['zalo', 'email', 'sms']);
    expect(toTuan?.body).toContain('còn 5.240.000 ₫ chưa thanh toán, hạn thanh toán 25/11/2026.');
    const [entry] = (await auditEntries(deps)).filter((item) => item.action === 'remind');
    expect(entry).toMatchObject({ entity: 'monthlyBill', houseID: house.houseID, userID: landlord.userID });

    const listed = await listHouseMonthBills(actorFor(deps, landlord), query());
    expect(listed.value[0]?.lastRemindedOn).toBe(deps.now().toISOString());
  });

  it('does not remind twice within the pause (a double click, “remind all” twice), then may again', async () => {
    const actor = actorFor(deps, landlord);
    const one = { houseID: house.houseID, monthlyBillIDs: [bills.nov102.monthlyBillID] };
    const [first, second] = await Promise.all([remindBillTenants(actor, one), remindBillTenants(actor, one)]);
    expect(first.queued + second.queued).toBe(1);
    expect(first.recentlyReminded + second.recentlyReminded).toBe(1);

    h.clock.advance(4 * 60_000);
    const all = await remindBillTenants(actor, { houseID: house.houseID, month: NOV });
    expect(all).toMatchObject({ queued: 1, recentlyReminded: 1 });
    h.clock.advance(4 * 60_000);
    expect(await remindBillTenants(actor, { houseID: house.houseID, month: NOV })).toMatchObject({
      queued: 0,
      recentlyReminded: 2,
    });
    h.clock.advance(11 * 60_000);
    expect(await remindBillTenants(actor, { houseID: house.houseID, month: NOV })).toMatchObject({
      queued: 2,
      recentlyReminded: 0,
    });
    expect(await outboxMessages(deps, 'billReminder')).toHaveLength(4);
  });

  it('skips what is no longer owed', async () => {
    const actor = actorFor(deps, landlord);
    await payMonthlyBill(
      actor,
      bills.nov102.monthlyBillID,
      { payment: { amount: MONTHLY - 1_000_000 } },
      undefined,
    );
    const result = await remindBillTenants(actor, {
      houseID: house.houseID,
      monthlyBillIDs: [bills.nov102.monthlyBillID, bills.nov103.monthlyBillID, bills.oct101.monthlyBillID],
    });
    expect(result).toEqual({ queued: 0, recentlyReminded: 0, withoutContact: 0, notOwed: 3 });
    expect(await outboxMessages(deps, 'billReminder')).toHaveLength(0);
  });

  it('is refused to tenants, other landlords, staff elsewhere or without billing rights; nothing is written', async () => {
    const input = { houseID: house.houseID, month: NOV };
    const tenant = await aLessee(deps, { house, room: rooms.p101, contract: tenancies.p101.contract });
    await expectRefusal(remindBillTenants(actorFor(deps, tenant), input), 'forbidden', /quyền/i);
    const other = await aLandlord(deps);
    await expectRefusal(remindBillTenants(actorFor(deps, other), input), 'notFound', /không tìm thấy/i);
    const elsewhere = await aStaff(deps, { houses: [] });
    await expectRefusal(remindBillTenants(actorFor(deps, elsewhere), input), 'notFound', /không tìm thấy/i);
    const staff = await aStaff(deps, { houses: [house] });
    await expectRefusal(
      remindBillTenants(withoutBilling(actorFor(deps, staff)), input),
      'forbidden',
      /quyền/i,
    );
    // Another house's bill named by id: not found, and nothing sent for the others.
    const otherHouse = await aHouse(deps, other);
    const otherRoom = await aRoom(deps, otherHouse, { roomName: 'A1' });
    const otherBill = await aMonthlyBill(deps, await aContract(deps, otherRoom));
    await expectRefusal(
      remindBillTenants(actorFor(deps, landlord), {
        houseID: house.houseID,
        monthlyBillIDs: [bills.nov102.monthlyBillID, otherBill.monthlyBillID],
      }),
      'notFound',
      /không tìm thấy/i,
    );
    expect(await outboxMessages(deps, 'billReminder')).toHaveLength(0);
    // Staff with billing rights may.
    expect((await remindBillTenants(actorFor(deps, staff), input)).queued).toBe(2);
  });
});
