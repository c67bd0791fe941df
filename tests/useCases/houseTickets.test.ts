import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILL_MESSAGES, BILL_STATUS, type BillLine, type PermissionLevel } from '@nhatro/common';
import type {
  ContractDoc,
  FeeDoc,
  HouseDoc,
  HouseScopedDoc,
  HouseTicketDoc,
  MonthlyBillDoc,
  RoomDoc,
  RoomTicketDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { HOUSE_TICKET_MODEL, ROOM_TICKET_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type { ExpandOption } from '../../api/src/domain/shared/odata/parse.js';
import type { Container, Store } from '../../api/src/store/store.js';
import { billingSummary } from '../../api/src/useCases/houseTickets/billingSummary.js';
import type { Actor } from '../../api/src/useCases/shared/actor.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { updateHouseTicket } from '../../api/src/useCases/houseTickets/saving.js';
import {
  draftDueHouseTickets,
  draftHouseTicketNow,
  draftHouseTicket,
} from '../../api/src/useCases/houseTickets/drafting.js';
import { getHouseTicket, listHouseTickets } from '../../api/src/useCases/houseTickets/reading.js';
import {
  aReading,
  aSubscription,
  aTenancy,
  aVehicleWithFee,
  manyTenancies,
  withTieredElectricity,
} from '../support/billingBuilders.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { aFee, aHouse, aLandlord, aRoom, aStaff } from '../support/builders.js';
import { stopsAfterHouseBatch } from '../support/stoppingStore.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  odata,
  refusal,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

/**
 * The monthly draft of a house (clock: 20/11/2026 in Vietnam, default billing day 5): what drafting
 * writes, the timer, saving edits, recomputing and issuing.
 */

const MONTH = '2026-11';
const NOT_FOUND = 'Không tìm thấy dữ liệu yêu cầu.';
const FORBIDDEN = 'Bạn không có quyền thực hiện thao tác này.';
const STALE = 'Dữ liệu đã được người khác thay đổi. Vui lòng tải lại trang và thử lại.';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let p101: RoomDoc;
let p102: RoomDoc;
let p201: RoomDoc;
/** Started on 16/11: half a month. */
let movingIn: ContractDoc;
/** Two occupants, both readings: tiered electricity. */
let tiered: ContractDoc;
/** A motorbike with its parking fee and the garbage fee; electricity read, water not. */
let withVehicle: ContractDoc;
let parking: FeeDoc;

const ticketID = () => `${house.houseID}_${MONTH}`;
/** The trail's entries of the month's ticket being issued. */
const issueEntries = async () =>
  (await auditEntries(deps)).filter((entry) => entry.entity === 'houseTicket' && entry.action === 'issue');

async function roomTickets(): Promise<RoomTicketDoc[]> {
  return listInHouse<RoomTicketDoc>(deps, house.houseID, 'roomTicket');
}

async function bills(): Promise<MonthlyBillDoc[]> {
  return listInHouse<MonthlyBillDoc>(deps, house.houseID, 'monthlyBill');
}

async function storedTicket(): Promise<HouseTicketDoc | undefined> {
  return (await houseDocs<HouseTicketDoc>(deps).read(house.houseID, ticketID())) ?? undefined;
}

function ticketOf(contract: ContractDoc, docs: RoomTicketDoc[]): RoomTicketDoc {
  const doc = docs.find((candidate) => candidate.contractID === contract.contractID);
  if (!doc) throw new Error(`no room ticket for ${contract.contractID}`);
  return doc;
}

async function draft() {
  return draftHouseTicket(deps, house, MONTH);
}

/** A staff member of `houses` whose billing level is `billing` (staff have 3 by default). */
async function staffActor(houses: HouseDoc[], billing: PermissionLevel = 3): Promise<Actor> {
  const actor = actorFor(deps, await aStaff(deps, { houses }));
  return { ...actor, user: { ...actor.user, role: { ...actor.user.role, billingPermission: billing } } };
}

beforeEach(async () => {
  // These tests follow each line's arithmetic; rounding the total has its own tests (billRounding.test.ts).
  ({ h, deps, landlord, house } = await landlordWithHouse({ house: { billRounding: 0 } }));
  await withTieredElectricity(deps, house);
  p101 = await aRoom(deps, house, { roomName: 'P101', floor: 1, price: 3_000_000 });
  p102 = await aRoom(deps, house, { roomName: 'P102', floor: 1, price: 2_500_000 });
  p201 = await aRoom(deps, house, { roomName: 'P201', floor: 2, price: 2_000_000 });
  const ended = await aRoom(deps, house, { roomName: 'P202', floor: 2 });
  movingIn = await aTenancy(deps, p101, {
    startDate: '2026-11-16',
    endDate: '2027-11-15',
    rentFee: 3_000_000,
  });
  tiered = await aTenancy(deps, p102, { rentFee: 2_500_000, occupants: 2, movedOut: 1 });
  withVehicle = await aTenancy(deps, p201, {
    startDate: '2026-06-01',
    endDate: '2027-05-31',
    rentFee: 2_000_000,
  });
  // Ended by the landlord on its end date (one left past its end without ending runs month to month).
  await aTenancy(deps, ended, {
    startDate: '2026-01-01',
    endDate: '2026-10-31',
    status: 3,
    terminatedOn: '2026-10-31',
  });
  parking = await aFee(deps, house, { serviceName: 'Gửi xe máy', price: 100_000, unit: 'vehicle' });
  const garbage = await aFee(deps, house, { serviceName: 'Phí rác', price: 30_000, unit: 'room' });
  await aVehicleWithFee(deps, withVehicle, '59-X1 234.56', parking);
  await aSubscription(deps, withVehicle, garbage);
  await aReading(deps, p102, 'electricity', { month: MONTH, previousIndex: 1000, newIndex: 1150 });
  await aReading(deps, p102, 'water', { month: MONTH, previousIndex: 100, newIndex: 106 });
  await aReading(deps, p201, 'electricity', { month: MONTH, previousIndex: 500, newIndex: 520 });
});
afterEach(() => h.close());

describe('drafting a month', () => {
  it('writes one Draft ticket and one room ticket per contract of the month, lines worked out by hand', async () => {
    const result = await draft();
    expect(result.created).toBe(true);
    const ticket = await storedTicket();
    expect(ticket).toMatchObject({
      houseTicketID: ticketID(),
      houseID: house.houseID,
      month: MONTH,
      status: 'Draft',
      // Default billing day 5, but drafted on the 20th: ten days from today, never in the past.
      dueDate: '2026-11-30',
    });
    const docs = await roomTickets();
    // The contract that ended on 31/10 is not billed in November.
    expect(docs).toHaveLength(3);

    const a = ticketOf(movingIn, docs);
    expect(a).toMatchObject({
      roomTicketID: `${movingIn.contractID}_${MONTH}_t`,
      houseTicketID: ticketID(),
      roomName: 'P101',
      floor: 1,
      excluded: false,
      missingReadings: ['electricity', 'water'],
      total: 1_500_000,
    });
    // 16/11 → 30/11 = 15 of 30 days of 3.000.000.
    expect(a.lines).toEqual([
      expect.objectContaining({ kind: 'rent', amount: 1_500_000, note: 'Tính theo ngày: 15/30 ngày' }),
    ]);

    const b = ticketOf(tiered, docs);
    // Two people: a quota of 2/4, tiers 25, 50, 100, 150 kWh wide…: 25×1984 + 25×2050 + 50×2380 + 50×2998.
    const electricity = b.lines.find((line) => line.kind === 'electricity') as BillLine;
    expect(electricity.amount).toBe(49_600 + 51_250 + 119_000 + 149_900);
    expect(electricity.tiers?.map((tier) => tier.kWh)).toEqual([25, 25, 50, 50]);
    expect(b.lines.find((line) => line.kind === 'water')?.amount).toBe(6 * 18_000);
    expect(b.missingReadings).toEqual([]);
    expect(b.total).toBe(2_500_000 + 369_750 + 108_000);

    const c = ticketOf(withVehicle, docs);
    // One person, quota 1/4: 12,5 kWh × 1984 + 7,5 kWh × 2050.
    expect(c.lines.map((line) => [line.kind, line.amount])).toEqual([
      ['rent', 2_000_000],
      ['electricity', 24_800 + 15_375],
      ['service', 100_000],
      ['service', 30_000],
    ]);
    expect(c.lines.find((line) => line.vehicleID)?.description).toBe('Gửi xe máy – 59-X1 234.56');
    expect(c.missingReadings).toEqual(['water']);
    expect(c.total).toBe(2_000_000 + 40_175 + 100_000 + 30_000);
    for (const doc of docs) expect(doc.total).toBe(doc.lines.reduce((sum, line) => sum + line.amount, 0));
  });

  it('bills a contract terminated within the month for its days, and a future one not at all', async () => {
    const early = await aRoom(deps, house, { roomName: 'P203', floor: 2, price: 3_000_000 });
    const later = await aRoom(deps, house, { roomName: 'P204', floor: 2 });
    const terminated = await aTenancy(deps, early, {
      status: 3,
      endDate: '2027-03-31',
      terminatedOn: '2026-11-10',
      rentFee: 3_000_000,
    });
    await aTenancy(deps, later, { startDate: '2026-12-01', endDate: '2027-11-30' });
    await draft();
    const docs = await roomTickets();
    expect(docs).toHaveLength(4);
    expect(ticketOf(terminated, docs).lines[0]).toMatchObject({
      kind: 'rent',
      amount: 1_000_000,
      note: 'Tính theo ngày: 10/30 ngày',
    });
  });

  it('is idempotent: drafting again, by the landlord or the timer, creates nothing twice', async () => {
    await draft();
    const first = await roomTickets();
    const again = await draft();
    expect(again.created).toBe(false);
    const now = await draftHouseTicketNow(actorFor(deps, landlord), { houseID: house.houseID });
    expect(now.created).toBe(false);
    expect((now.ticket.roomTickets as unknown[]).length).toBe(3);
    const run = await draftDueHouseTickets(deps);
    expect(run).toMatchObject({ month: MONTH, drafted: [], alreadyDrafted: 1 });
    expect(await roomTickets()).toEqual(first);
  });

  it('the landlord may draft before the billing day and gets the draft with its rooms in floor order', async () => {
    await houseDocs<HouseDoc>(deps).replace({ ...house, billingDay: 25 });
    const { created, ticket } = await draftHouseTicketNow(actorFor(deps, landlord), {
      houseID: house.houseID,
    });
    expect(created).toBe(true);
    expect(ticket).toMatchObject({ houseTicketID: ticketID(), status: 'Draft', dueDate: '2026-12-05' });
    expect((ticket.roomTickets as RoomTicketDoc[]).map((doc) => doc.roomName)).toEqual([
      'P101',
      'P102',
      'P201',
    ]);
  });

  it('refuses a house without a contract to bill, another landlord, staff below billing 3 or of another house', async () => {
    const other = await aLandlord(deps);
    const empty = await aHouse(deps, landlord);
    await expectRefusal(
      draftHouseTicketNow(actorFor(deps, landlord), { houseID: empty.houseID }),
      'conflict',
      BILL_MESSAGES.nothingToIssue,
    );
    await expectRefusal(
      draftHouseTicketNow(actorFor(deps, other), { houseID: house.houseID }),
      'notFound',
      NOT_FOUND,
    );
    for (const actor of [await staffActor([house], 2), await staffActor([house], 1)]) {
      await expectRefusal(draftHouseTicketNow(actor, { houseID: house.houseID }), 'forbidden', FORBIDDEN);
    }
    // Staff with billing rights, but in another house of the landlord.
    const elsewhere = await staffActor([await aHouse(deps, landlord)]);
    await expectRefusal(draftHouseTicketNow(elsewhere, { houseID: house.houseID }), 'notFound', NOT_FOUND);
    expect(await storedTicket()).toBeUndefined();
  });
});

describe('the billing-day timer', () => {
  it('drafts houses whose day has come (today or missed), skips the others, and a second run creates nothing', async () => {
    const later = await aHouse(deps, landlord);
    await houseDocs<HouseDoc>(deps).replace({
      ...((await houseDocs<HouseDoc>(deps).read(later.houseID, later.houseID)) as HouseDoc),
      billingDay: 21,
    });
    await aTenancy(deps, await aRoom(deps, later));
    const today = await aHouse(deps, landlord);
    await houseDocs<HouseDoc>(deps).replace({
      ...((await houseDocs<HouseDoc>(deps).read(today.houseID, today.houseID)) as HouseDoc),
      billingDay: 20,
    });
    await aTenancy(deps, await aRoom(deps, today));
    // No contract: checked again tomorrow, no empty ticket.
    await aHouse(deps, landlord);

    const first = await draftDueHouseTickets(deps);
    expect(first.drafted.map((entry) => entry.houseID).sort()).toEqual([house.houseID, today.houseID].sort());
    expect(first).toMatchObject({ month: MONTH, today: '2026-11-20', nothingToBill: 1, failed: [] });
    const second = await draftDueHouseTickets(deps);
    expect(second).toMatchObject({ drafted: [], alreadyDrafted: 2, nothingToBill: 1 });
    expect(await listInHouse<HouseTicketDoc>(deps, later.houseID, 'houseTicket')).toEqual([]);
    expect(await listInHouse(deps, house.houseID, 'houseTicket')).toHaveLength(1);
    expect(await roomTickets()).toHaveLength(3);

    // The next day the late house's day has come.
    h.clock.advance(24 * 3600 * 1000);
    const third = await draftDueHouseTickets(deps);
    expect(third.drafted.map((entry) => entry.houseID)).toEqual([later.houseID]);
  });

  it('completes a draft a crashed run left half written', async () => {
    // A room ticket of an earlier run that stopped before the house ticket was written.
    await draft();
    await houseDocs(deps).delete(house.houseID, ticketID());
    const run = await draftDueHouseTickets(deps);
    expect(run.drafted).toEqual([{ houseID: house.houseID, roomTickets: 3 }]);
    expect(await roomTickets()).toHaveLength(3);
  });
});

describe('reading drafts', () => {
  it("lists a house's drafts with roomTickets($expand=room) in floor order and the house", async () => {
    await draft();
    const staff = await aStaff(deps, { houses: [house] });
    // `roomTickets($expand=room)`: the nested option as the parser gives it.
    const query = odata(HOUSE_TICKET_MODEL, "$filter=status eq 'Draft'&$expand=roomTickets,house");
    (query.expand[0] as ExpandOption).query.expand = odata(ROOM_TICKET_MODEL, '$expand=room').expand;
    const page = await listHouseTickets(actorFor(deps, staff), { houseID: house.houseID }, query);
    expect(page.value).toHaveLength(1);
    const ticket = page.value[0] as Record<string, unknown>;
    const rooms = ticket.roomTickets as Array<{
      roomName: string;
      room: { roomID: string; roomName: string };
    }>;
    expect(rooms.map((doc) => [doc.roomName, doc.room.roomName])).toEqual([
      ['P101', 'P101'],
      ['P102', 'P102'],
      ['P201', 'P201'],
    ]);
    expect(ticket.house).toMatchObject({ houseID: house.houseID, houseName: house.houseName });
    const issuedOnly = await listHouseTickets(
      actorFor(deps, landlord),
      { houseID: house.houseID },
      odata(HOUSE_TICKET_MODEL, "$filter=status eq 'Issued'"),
    );
    expect(issuedOnly.value).toEqual([]);
    const one = await getHouseTicket(actorFor(deps, landlord), ticketID(), odata(HOUSE_TICKET_MODEL));
    expect(one).toMatchObject({ houseTicketID: ticketID(), status: 'Draft' });
    expect(one['@odata.etag']).toBeTruthy();
  });

  it('is 404 for another landlord', async () => {
    await draft();
    const other = await aLandlord(deps);
    await expectRefusal(
      getHouseTicket(actorFor(deps, other), ticketID(), odata(HOUSE_TICKET_MODEL)),
      'notFound',
      NOT_FOUND,
    );
    await expectRefusal(
      listHouseTickets(actorFor(deps, other), { houseID: house.houseID }, odata(HOUSE_TICKET_MODEL)),
      'notFound',
      NOT_FOUND,
    );
  });
});

describe('saving a draft', () => {
  const handLines = [
    { kind: 'rent' as const, description: 'Tiền phòng (giảm)', quantity: 1, amount: 2_400_000 },
    { kind: 'other' as const, description: 'Sửa vòi nước', quantity: 1, amount: 150_000 },
  ];

  it('saves hand-edited lines (total = sum), excludes a room, changes the due date and the ETag', async () => {
    await draft();
    const before = (await storedTicket()) as HouseTicketDoc;
    const docs = await roomTickets();
    const reply = await updateHouseTicket(
      actorFor(deps, landlord),
      ticketID(),
      {
        dueDate: '2026-11-25',
        roomTickets: [
          { roomTicketID: ticketOf(tiered, docs).roomTicketID, lines: handLines },
          { roomTicketID: ticketOf(withVehicle, docs).roomTicketID, excluded: true },
        ],
      },
      before._etag,
    );
    expect(reply).toMatchObject({ status: 'Draft', dueDate: '2026-11-25' });
    expect(reply['@odata.etag']).not.toBe(before._etag);
    const after = await roomTickets();
    expect(ticketOf(tiered, after)).toMatchObject({ total: 2_550_000, editedByHand: true });
    expect(ticketOf(tiered, after).lines[0]).toMatchObject({ unitPrice: 2_400_000, amount: 2_400_000 });
    expect(ticketOf(withVehicle, after)).toMatchObject({ excluded: true });
    expect(ticketOf(withVehicle, after).editedByHand).toBeUndefined();
    expect(ticketOf(movingIn, after)).toEqual(ticketOf(movingIn, docs));
  });

  it('recompute after late readings keeps the rooms edited by hand', async () => {
    await draft();
    const docs = await roomTickets();
    await updateHouseTicket(
      actorFor(deps, landlord),
      ticketID(),
      { roomTickets: [{ roomTicketID: ticketOf(tiered, docs).roomTicketID, lines: handLines }] },
      undefined,
    );
    await aReading(deps, p101, 'electricity', { month: MONTH, previousIndex: 0, newIndex: 10 });
    await aReading(deps, p201, 'water', { month: MONTH, previousIndex: 10, newIndex: 12 });
    // A contract signed after the draft gets its room ticket.
    const newcomer = await aTenancy(deps, await aRoom(deps, house, { roomName: 'P301', floor: 3 }), {
      startDate: '2026-11-21',
      endDate: '2027-11-20',
    });
    await updateHouseTicket(actorFor(deps, landlord), ticketID(), { recompute: true }, undefined);
    const after = await roomTickets();
    expect(ticketOf(tiered, after).total).toBe(2_550_000);
    expect(ticketOf(movingIn, after).missingReadings).toEqual(['water']);
    // 10 kWh, one person, first tier.
    expect(ticketOf(movingIn, after).lines.find((line) => line.kind === 'electricity')?.amount).toBe(19_840);
    expect(ticketOf(withVehicle, after).missingReadings).toEqual([]);
    expect(ticketOf(withVehicle, after).total).toBe(2_170_175 + 2 * 18_000);
    expect(ticketOf(newcomer, after).roomName).toBe('P301');
  });

  it('a bad patch is a 400 naming the field and writes nothing; a stale ETag is 412', async () => {
    await draft();
    const before = await storedTicket();
    const docs = await roomTickets();
    const error = await refusal(
      updateHouseTicket(
        actorFor(deps, landlord),
        ticketID(),
        {
          roomTickets: [
            { roomTicketID: ticketOf(tiered, docs).roomTicketID, excluded: true },
            { roomTicketID: 'khongthuocbangke', excluded: true },
          ],
          issue: true,
        },
        undefined,
      ),
    );
    expect(error.kind).toBe('badRequest');
    expect(error.details.fieldErrors).toEqual([
      { field: 'roomTickets.1.roomTicketID', errorMessage: BILL_MESSAGES.unknownRoomTicket },
    ]);
    await expectRefusal(
      updateHouseTicket(actorFor(deps, landlord), ticketID(), { dueDate: '2026-12-01' }, '"stale"'),
      'stale',
      STALE,
    );
    expect(await storedTicket()).toEqual(before);
    expect(await roomTickets()).toEqual(docs);
    expect(await bills()).toEqual([]);
  });

  it('staff with billing rights (level 3) of the house draft and issue it', async () => {
    const staff = await staffActor([house]);
    const { created } = await draftHouseTicketNow(staff, { houseID: house.houseID, month: MONTH });
    expect(created).toBe(true);
    const issued = await updateHouseTicket(staff, ticketID(), { issue: true }, undefined);
    expect(issued).toMatchObject({ status: 'Issued', issuedBy: staff.user.userID });
    expect((await storedTicket())?.status).toBe('Issued');
    expect((await bills()).map((bill) => bill.contractID).sort()).toEqual(
      (await roomTickets())
        .filter((ticket) => !ticket.excluded)
        .map((ticket) => ticket.contractID)
        .sort(),
    );
    expect((await bills()).length).toBeGreaterThan(0);
  });

  it('staff below billing 3 cannot save or issue, nor staff of another house; another landlord gets 404', async () => {
    await draft();
    await expectRefusal(
      updateHouseTicket(await staffActor([house], 2), ticketID(), { issue: true }, undefined),
      'forbidden',
      FORBIDDEN,
    );
    await expectRefusal(
      updateHouseTicket(
        await staffActor([await aHouse(deps, landlord)]),
        ticketID(),
        { issue: true },
        undefined,
      ),
      'notFound',
      NOT_FOUND,
    );
    const other = await aLandlord(deps);
    await expectRefusal(
      updateHouseTicket(actorFor(deps, other), ticketID(), { issue: true }, undefined),
      'notFound',
      NOT_FOUND,
    );
    expect((await storedTicket())?.status).toBe('Draft');
    expect(await bills()).toEqual([]);
  });
});

describe('issuing a draft', () => {
  it('a draft issued after its due date makes bills due ten days from the issue, never in the past', async () => {
    await draft();
    expect((await storedTicket())?.dueDate).toBe('2026-11-30');
    h.clock.set(new Date('2026-12-04T03:00:00.000Z'));
    await updateHouseTicket(actorFor(deps, landlord), ticketID(), { issue: true }, undefined);
    const dueDates = new Set((await bills()).map((bill) => bill.dueDate));
    expect([...dueDates]).toEqual(['2026-12-14']);
  });

  it('turns every room not excluded into exactly one bill and marks the ticket Issued', async () => {
    await draft();
    const docs = await roomTickets();
    const reply = await updateHouseTicket(
      actorFor(deps, landlord),
      ticketID(),
      {
        roomTickets: [{ roomTicketID: ticketOf(withVehicle, docs).roomTicketID, excluded: true }],
        issue: true,
      },
      undefined,
    );
    expect(reply).toMatchObject({ status: 'Issued', issuedBy: landlord.userID });
    const issued = await bills();
    expect(issued.map((bill) => bill.monthlyBillID).sort()).toEqual(
      [`${movingIn.contractID}_${MONTH}`, `${tiered.contractID}_${MONTH}`].sort(),
    );
    const bill = issued.find((candidate) => candidate.contractID === tiered.contractID) as MonthlyBillDoc;
    expect(bill).toMatchObject({
      houseID: house.houseID,
      roomID: p102.roomID,
      houseTicketID: ticketID(),
      month: MONTH,
      billName: 'Hóa đơn tháng 11/2026 – P102',
      billCode: expect.stringMatching(/^NT[A-Z2-7]{8}$/),
      createdOn: '2026-11-20T03:00:00.000Z',
      dueDate: '2026-11-30',
      total: 2_977_750,
      paidAmount: 0,
      status: BILL_STATUS.unpaid,
      billDetails: ticketOf(tiered, docs).lines,
      payments: [],
    });
    // The reply shows each room's bill; the excluded room has none.
    const after = reply.roomTickets as RoomTicketDoc[];
    expect(ticketOf(tiered, after).monthlyBillID).toBe(bill.monthlyBillID);
    expect(ticketOf(withVehicle, after).monthlyBillID).toBeUndefined();
    expect(await storedTicket()).toMatchObject({ status: 'Issued', issuedOn: '2026-11-20T03:00:00.000Z' });
  });

  it('issuing twice is a 409 and makes no second bill', async () => {
    await draft();
    await updateHouseTicket(actorFor(deps, landlord), ticketID(), { issue: true }, undefined);
    const first = await bills();
    expect(first).toHaveLength(3);
    await expectRefusal(
      updateHouseTicket(actorFor(deps, landlord), ticketID(), { issue: true }, undefined),
      'conflict',
      BILL_MESSAGES.alreadyIssued,
    );
    expect(await bills()).toEqual(first);
    // A draft request after issuing returns the issued ticket and writes nothing.
    expect((await draft()).created).toBe(false);
    expect(await issueEntries()).toEqual([
      expect.objectContaining({ userID: landlord.userID, houseID: house.houseID, entityID: ticketID() }),
    ]);
  });

  it('the audit entry is written with the ticket: a process stopping right after keeps both', async () => {
    await draft();
    await updateHouseTicket(actorFor(deps, landlord), ticketID(), { dueDate: '2026-12-01' }, undefined);
    // Whether or not the request had more to write after the ticket's batch, the stop loses no entry.
    await updateHouseTicket(
      actorFor(stopsAfterHouseBatch(deps), landlord),
      ticketID(),
      { issue: true },
      undefined,
    ).catch((error: unknown) => expect(String(error)).toMatch('the process stopped'));
    expect((await storedTicket())?.status).toBe('Issued');
    expect(await issueEntries()).toHaveLength(1);
    const saves = (await auditEntries(deps)).filter(
      (entry) => entry.entity === 'houseTicket' && entry.action === 'update',
    );
    expect(saves).toEqual([expect.objectContaining({ details: { edited: 0, recomputed: false, added: 0 } })]);
  });

  it('carries an earlier unpaid remainder as a debt line; the old bill becomes status 4', async () => {
    const october = await aMonthlyBill(deps, tiered, {
      month: '2026-10',
      billName: 'Hóa đơn tháng 10/2026 – P102',
      paidAmount: 1_000_000,
      status: BILL_STATUS.partlyPaid,
    });
    await draft();
    const debt = ticketOf(tiered, await roomTickets()).lines.find((line) => line.kind === 'debt');
    expect(debt).toMatchObject({
      description: 'Nợ chuyển từ Hóa đơn tháng 10/2026 – P102',
      amount: october.total - 1_000_000,
      fromBillID: october.monthlyBillID,
    });
    await updateHouseTicket(actorFor(deps, landlord), ticketID(), { issue: true }, undefined);
    const newID = `${tiered.contractID}_${MONTH}`;
    const old = await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, october.monthlyBillID);
    expect(old).toMatchObject({ status: BILL_STATUS.carriedOver, carriedToBillID: newID });
    const fresh = await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, newID);
    expect(fresh?.total).toBe(2_977_750 + october.total - 1_000_000);
  });

  it('takes an earlier over-payment off the next bill as a credit line, once; the old bill names the new one', async () => {
    const october = await aMonthlyBill(deps, tiered, {
      month: '2026-10',
      billName: 'Hóa đơn tháng 10/2026 – P102',
      status: BILL_STATUS.paid,
      surplusOpen: true,
    });
    await houseDocs<MonthlyBillDoc>(deps).replace({ ...october, paidAmount: october.total + 150_000 });
    await draft();
    const credit = ticketOf(tiered, await roomTickets()).lines.find((line) => line.kind === 'credit');
    expect(credit).toMatchObject({
      description: 'Tiền thừa từ Hóa đơn tháng 10/2026 – P102',
      amount: -150_000,
      fromBillID: october.monthlyBillID,
    });
    await updateHouseTicket(actorFor(deps, landlord), ticketID(), { issue: true }, undefined);
    const newID = `${tiered.contractID}_${MONTH}`;
    const old = await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, october.monthlyBillID);
    expect(old).toMatchObject({ status: BILL_STATUS.paid, surplusCarriedToBillID: newID });
    expect(old?.surplusOpen).toBeUndefined();
    const fresh = await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, newID);
    expect(fresh?.total).toBe(2_977_750 - 150_000);
  });

  it('refuses to issue a debt paid since the draft, and writes nothing', async () => {
    const october = await aMonthlyBill(deps, tiered, { month: '2026-10' });
    await draft();
    await houseDocs<MonthlyBillDoc>(deps).replace({
      ...october,
      paidAmount: october.total,
      status: BILL_STATUS.paid,
    });
    const error = await refusal(
      updateHouseTicket(actorFor(deps, landlord), ticketID(), { issue: true }, undefined),
    );
    expect(error.kind).toBe('conflict');
    expect(error.errorMessage).toMatch(/tính lại bảng kê/);
    expect((await bills()).map((bill) => bill.monthlyBillID)).toEqual([october.monthlyBillID]);
    expect((await storedTicket())?.status).toBe('Draft');
  });

  it('a failure half way leaves the ticket a Draft; issuing again completes it without a second bill', async () => {
    // 123 bills take two batches of at most 100 operations.
    await manyTenancies(deps, house, 120);
    await draft();
    expect(await roomTickets()).toHaveLength(123);
    const failing = { ...deps, store: failingSecondBatch(deps.store) };
    await expect(
      updateHouseTicket(actorFor(failing, landlord), ticketID(), { issue: true }, undefined),
    ).rejects.toThrow('disk full');
    expect((await storedTicket())?.status).toBe('Draft');
    // Written with the ticket, in the last batch: none for an issue that stopped part-way.
    expect(await issueEntries()).toEqual([]);
    const halfway = await bills();
    expect(halfway.length).toBeGreaterThan(0);
    expect(halfway.length).toBeLessThan(123);
    // The draft shows which rooms have their bill already (a bill names its ticket and contract).
    const shown = await getHouseTicket(
      actorFor(deps, landlord),
      ticketID(),
      odata(HOUSE_TICKET_MODEL, '$expand=roomTickets'),
    );
    const marked = (shown.roomTickets as Array<{ monthlyBillID?: string }>).flatMap((doc) =>
      doc.monthlyBillID ? [doc.monthlyBillID] : [],
    );
    expect(marked.sort()).toEqual(halfway.map((bill) => bill.id).sort());

    await updateHouseTicket(actorFor(deps, landlord), ticketID(), { issue: true }, undefined);
    const all = await bills();
    expect(all).toHaveLength(123);
    expect(new Set(all.map((bill) => bill.contractID)).size).toBe(123);
    for (const bill of halfway) expect(all.find((candidate) => candidate.id === bill.id)).toEqual(bill);
    expect((await storedTicket())?.status).toBe('Issued');
    expect(await issueEntries()).toHaveLength(1);
  });
});

/** A store whose `houses` container fails its second batch (the disk filled up half way). */
function failingSecondBatch(inner: Store): Store {
  let batches = 0;
  return {
    kind: inner.kind,
    version: () => inner.version(),
    close: () => inner.close(),
    container<T extends HouseScopedDoc>(name: Parameters<Store['container']>[0]) {
      const container = inner.container<T>(name);
      if (name !== 'houses') return container;
      const wrapped: Container<T> = {
        name: container.name,
        read: (pk, id) => container.read(pk, id),
        query: (spec) => container.query(spec),
        count: (spec) => container.count(spec),
        create: (doc) => container.create(doc),
        replace: (doc, options) => container.replace(doc, options),
        upsert: (doc) => container.upsert(doc),
        delete: (pk, id, options) => container.delete(pk, id, options),
        patch: (pk, id, ops, options) => container.patch(pk, id, ops, options),
        batch: (pk, ops) => {
          batches += 1;
          if (batches === 2) return Promise.reject(new Error('disk full'));
          return container.batch(pk, ops);
        },
      };
      return wrapped;
    },
  } as Store;
}

describe('the dashboard billing summary', () => {
  it("counts rooms, rooms read, the draft, and the month's bills with their amounts", async () => {
    const staff = await aStaff(deps, { houses: [house] });
    const empty = await billingSummary(actorFor(deps, staff), house.houseID, undefined);
    expect(empty).toEqual({
      month: MONTH,
      rooms: 4,
      // P102 has both readings; P201 only electricity.
      readingsDone: 1,
      billsIssued: 0,
      billsPaid: 0,
      billsUnpaid: 0,
      amountIssued: 0,
      amountPaid: 0,
      amountOwed: 0,
      pastEndContracts: [],
    });
    await draft();
    expect((await billingSummary(actorFor(deps, landlord), house.houseID, MONTH)).draftTicketID).toBe(
      ticketID(),
    );
    await updateHouseTicket(actorFor(deps, landlord), ticketID(), { issue: true }, undefined);
    const bill = (await bills()).find((candidate) => candidate.contractID === movingIn.contractID);
    await houseDocs<MonthlyBillDoc>(deps).replace({
      ...(bill as MonthlyBillDoc),
      paidAmount: 1_500_000,
      status: BILL_STATUS.paid,
    });
    const issued = await billingSummary(actorFor(deps, landlord), house.houseID, MONTH);
    const total = 1_500_000 + 2_977_750 + 2_170_175;
    expect(issued).toMatchObject({
      billsIssued: 3,
      billsPaid: 1,
      billsUnpaid: 2,
      amountIssued: total,
      amountPaid: 1_500_000,
      amountOwed: total - 1_500_000,
    });
    expect(issued.draftTicketID).toBeUndefined();
    const other = await aLandlord(deps);
    await expectRefusal(billingSummary(actorFor(deps, other), house.houseID, MONTH), 'notFound', NOT_FOUND);
  });
});
