import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BillRounding } from '@nhatro/common';
import { sumLines } from '../../api/src/domain/shared/bills.js';
import { HOUSE_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type {
  HouseDoc,
  MonthlyBillDoc,
  RoomDoc,
  RoomTicketDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { draftHouseTicket } from '../../api/src/useCases/houseTickets/drafting.js';
import { updateHouseTicket } from '../../api/src/useCases/houseTickets/saving.js';
import { getHouse, updateHouse } from '../../api/src/useCases/houses.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aReading, aTenancy } from '../support/billingBuilders.js';
import { aHouse, aRoom } from '../support/builders.js';
import { actorFor, landlordWithHouse, odata, type UseCaseHarness } from '../support/useCaseHarness.js';

/**
 * Rounding a bill's total to the house's step (clock 20/11/2026). A tenant moving in on 20/11 into a room
 * of 2.800.000 ₫: rent 11/30 of a month = 1.026.667 ₫ (1.026.666,67 rounded once), 29 kWh × 3.500 =
 * 101.500 ₫, 2 m³ × 18.000 = 36.000 ₫: 1.164.167 ₫ before rounding.
 */

const MONTH = '2026-11';
const UNROUNDED = 1_026_667 + 101_500 + 36_000;

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;

beforeEach(async () => {
  ({ h, deps, landlord } = await landlordWithHouse());
});
afterEach(() => h.close());

async function movedInOn20th(house: HouseDoc): Promise<RoomDoc> {
  const room = await aRoom(deps, house, { roomName: 'P101', price: 2_800_000 });
  await aTenancy(deps, room, { startDate: '2026-11-20', endDate: '2027-11-19' });
  await aReading(deps, room, 'electricity', { month: MONTH, previousIndex: 100, newIndex: 129 });
  await aReading(deps, room, 'water', { month: MONTH, previousIndex: 10, newIndex: 12 });
  return room;
}

async function draftedTicket(house: HouseDoc): Promise<RoomTicketDoc> {
  const result = await draftHouseTicket(deps, house, MONTH);
  expect(result.created).toBe(true);
  const [ticket] = await listInHouse<RoomTicketDoc>(deps, house.houseID, 'roomTicket');
  if (!ticket) throw new Error('no room ticket');
  return ticket;
}

describe('rounding a drafted bill', () => {
  it('rounds to 1.000 ₫ by default with a last "Làm tròn" line; the lines add up to the total', async () => {
    const house = await aHouse(deps, landlord);
    expect(house.billRounding).toBeUndefined();
    await movedInOn20th(house);
    const ticket = await draftedTicket(house);
    expect(ticket.lines.map((line) => line.kind)).toEqual(['rent', 'electricity', 'water', 'rounding']);
    expect(ticket.lines[0]?.amount).toBe(1_026_667);
    expect(ticket.lines.at(-1)).toMatchObject({ description: 'Làm tròn', amount: -167 });
    expect(ticket.total).toBe(1_164_000);
    expect(sumLines(ticket.lines)).toBe(ticket.total);
  });

  it.each([
    [0 as BillRounding, UNROUNDED, undefined],
    [500 as BillRounding, 1_164_000, -167],
  ])('follows the house: step %i ₫ gives %i ₫', async (step, total, rounding) => {
    const house = await aHouse(deps, landlord, { billRounding: step });
    await movedInOn20th(house);
    const ticket = await draftedTicket(house);
    expect(ticket.total).toBe(total);
    expect(ticket.lines.find((line) => line.kind === 'rounding')?.amount).toBe(rounding);
    expect(sumLines(ticket.lines)).toBe(total);
  });

  it('rounds half up: 500 ₫ over a thousand goes to the next thousand', async () => {
    const house = await aHouse(deps, landlord);
    const room = await aRoom(deps, house, { roomName: 'P201', price: 2_000_000 });
    await aTenancy(deps, room, { startDate: '2026-01-01' });
    // 2.000.000 + 41 kWh × 3.500 (143.500) = 2.143.500 → 2.144.000.
    await aReading(deps, room, 'electricity', { month: MONTH, previousIndex: 0, newIndex: 41 });
    await aReading(deps, room, 'water', { month: MONTH, previousIndex: 0, newIndex: 0 });
    const ticket = await draftedTicket(house);
    expect(ticket.lines.at(-1)).toMatchObject({ kind: 'rounding', amount: 500 });
    expect(ticket.total).toBe(2_144_000);
  });

  it('rounds again after the landlord edits the lines, and the issued bill keeps the line', async () => {
    const house = await aHouse(deps, landlord);
    await movedInOn20th(house);
    const ticket = await draftedTicket(house);
    const kept = ticket.lines.filter((line) => line.kind !== 'rounding');
    const actor = actorFor(deps, landlord);
    await updateHouseTicket(
      actor,
      ticket.houseTicketID,
      {
        roomTickets: [
          {
            roomTicketID: ticket.roomTicketID,
            lines: [
              ...kept.map(({ kind, description, quantity, amount }) => ({
                kind,
                description,
                quantity,
                amount,
              })),
              { kind: 'other' as const, description: 'Giảm giá', quantity: 1, amount: -20_250 },
            ],
          },
        ],
        issue: true,
      },
      undefined,
    );
    const [bill] = await listInHouse<MonthlyBillDoc>(deps, house.houseID, 'monthlyBill');
    // 1.164.167 − 20.250 = 1.143.917 → 1.144.000.
    expect(bill?.total).toBe(1_144_000);
    expect(bill?.billDetails.at(-1)).toMatchObject({ kind: 'rounding', amount: 83 });
    expect(bill?.billDetails.filter((line) => line.kind === 'rounding')).toHaveLength(1);
    expect(sumLines(bill?.billDetails ?? [])).toBe(bill?.total);
  });

  it('the landlord sets the step on the house; bills already issued keep theirs', async () => {
    const house = await aHouse(deps, landlord);
    await movedInOn20th(house);
    const ticket = await draftedTicket(house);
    const actor = actorFor(deps, landlord);
    await updateHouseTicket(actor, ticket.houseTicketID, { issue: true }, undefined);
    const updated = await updateHouse(actor, house.houseID, { billRounding: 0 });
    expect(updated).toMatchObject({ billRounding: 0 });
    expect(await getHouse(actor, house.houseID, odata(HOUSE_MODEL))).toMatchObject({ billRounding: 0 });
    const [bill] = await listInHouse<MonthlyBillDoc>(deps, house.houseID, 'monthlyBill');
    expect(bill?.total).toBe(1_164_000);
  });
});
