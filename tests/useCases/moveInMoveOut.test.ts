import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contractCreateSchema, type MeterKind } from '@nhatro/common';
import type {
  ContractDoc,
  HouseDoc,
  MonthlyBillDoc,
  RoomDoc,
  RoomTicketDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { createContract } from '../../api/src/useCases/contracts/creating.js';
import { terminateContract } from '../../api/src/useCases/contracts/terminating.js';
import { draftHouseTicket } from '../../api/src/useCases/houseTickets/drafting.js';
import { saveMeterReadings } from '../../api/src/useCases/meterRecords/saving.js';
import { reserveRoom } from '../../api/src/useCases/reservations.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aRoom } from '../support/builders.js';
import { actorFor, landlordWithHouse, refusal, type UseCaseHarness } from '../support/useCaseHarness.js';

/**
 * The meters on the day a tenant moves in and the day they leave (issue 22): the first bill charges from
 * the move-in index, the settlement charges from the last index to the final one. The house charges
 * 3.500 ₫/kWh and 18.000 ₫/m³ and does not round unless a test says so.
 */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ house: { billRounding: 0 } }));
  room = await aRoom(deps, house, {
    roomName: 'P101',
    price: 3_000_000,
    currentElectricityIndex: 1000,
    currentWaterIndex: 50,
  });
});
afterEach(() => h.close());

const at = (iso: string) => h.clock.set(new Date(`${iso}T05:00:00.000Z`));

async function read(month: string, electricity: number, water: number) {
  await saveMeterReadings(actorFor(deps, landlord), {
    records: [
      { roomID: room.roomID, kind: 'electricity', month, newIndex: electricity },
      { roomID: room.roomID, kind: 'water', month, newIndex: water },
    ],
  });
}

function moveIn(indexes: { electricityIndex?: number; waterIndex?: number }) {
  return createContract(
    actorFor(deps, landlord),
    contractCreateSchema.parse({
      roomID: room.roomID,
      startDate: '2026-11-26',
      endDate: '2027-11-25',
      rentFee: 3_000_000,
      deposit: 3_000_000,
      deposited: true,
      representative: { occupantName: 'Phạm Thu Hà', gender: 'nữ', phoneNumber: '0903111222' },
      ...indexes,
    }),
  );
}

async function ticketLine(month: string, kind: MeterKind) {
  await draftHouseTicket(deps, house, month);
  const tickets = await listInHouse<RoomTicketDoc>(deps, house.houseID, 'roomTicket', {
    op: 'eq',
    field: 'month',
    value: month,
  });
  return tickets[0]?.lines.find((line) => line.kind === kind);
}

const storedRoom = async () => (await houseDocs<RoomDoc>(deps).read(house.houseID, room.roomID)) as RoomDoc;

describe('move-in indexes', () => {
  it('the first bill charges only from the move-in index, not from the room’s last reading', async () => {
    at('2026-10-31');
    await read('2026-10', 1100, 60);
    at('2026-11-26');
    // The meter ran 20 kWh while the room stood empty: the landlord types what it shows on the day.
    const created = await moveIn({ electricityIndex: 1120 });
    expect(created).toMatchObject({ moveInElectricityIndex: 1120, moveInWaterIndex: 60 });
    expect(await storedRoom()).toMatchObject({ currentElectricityIndex: 1120, currentWaterIndex: 60 });
    at('2026-11-30');
    await read('2026-11', 1149, 62);

    const electricity = await ticketLine('2026-11', 'electricity');
    expect(electricity).toMatchObject({
      quantity: 29,
      amount: 29 * 3_500,
      note: 'Chỉ số nhận phòng 1.120 → 1.149',
    });
    // Water was not corrected: the last reading is the move-in index, the whole month's use is the tenant's.
    expect(await ticketLine('2026-11', 'water')).toMatchObject({ quantity: 2, note: 'Chỉ số 60 → 62' });

    // The next month starts from November's reading as always.
    at('2026-12-31');
    await read('2026-12', 1300, 70);
    expect(await ticketLine('2026-12', 'electricity')).toMatchObject({
      quantity: 151,
      note: 'Chỉ số 1.149 → 1.300',
    });
  });

  it('an index lower than the room’s last reading is refused, naming the field, and nothing is written', async () => {
    at('2026-10-31');
    await read('2026-10', 1100, 60);
    at('2026-11-26');
    const error = await refusal(moveIn({ electricityIndex: 1099, waterIndex: 59 }));
    expect(error.kind).toBe('badRequest');
    expect(error.details.fieldErrors).toEqual([
      {
        field: 'electricityIndex',
        errorMessage: 'Chỉ số điện khi nhận phòng không được nhỏ hơn chỉ số ghi gần nhất của phòng (1100).',
      },
      {
        field: 'waterIndex',
        errorMessage: 'Chỉ số nước khi nhận phòng không được nhỏ hơn chỉ số ghi gần nhất của phòng (60).',
      },
    ]);
    expect(await listInHouse<ContractDoc>(deps, house.houseID, 'contract')).toEqual([]);
    expect(await storedRoom()).toMatchObject({ status: 'empty', currentElectricityIndex: 1100 });
  });

  it('a room never read: its first meter starts at the move-in index', async () => {
    at('2026-11-26');
    await moveIn({ electricityIndex: 1030, waterIndex: 52 });
    at('2026-11-30');
    await read('2026-11', 1059, 53);
    expect(await ticketLine('2026-11', 'electricity')).toMatchObject({
      quantity: 29,
      note: 'Chỉ số 1.030 → 1.059',
    });
    expect(await ticketLine('2026-11', 'water')).toMatchObject({ quantity: 1 });
  });
});

describe('indexes on the day of the deposit', () => {
  const deposit = (indexes: { electricityIndex?: number; waterIndex?: number }) =>
    reserveRoom(actorFor(deps, landlord), {
      roomID: room.roomID,
      fullName: 'Phạm Thu Hà',
      phoneNumber: '0903111222',
      deposit: 3_000_000,
      expectedMoveInDate: '2026-11-26',
      ...indexes,
    });

  it('are kept on the deposit and the room, and the contract made from it starts there', async () => {
    at('2026-10-31');
    await read('2026-10', 1100, 60);
    at('2026-11-20');
    const reservation = await deposit({ electricityIndex: 1110, waterIndex: 60 });
    expect(reservation).toMatchObject({ electricityIndex: 1110, waterIndex: 60 });
    expect(await storedRoom()).toMatchObject({ status: 'reserved', currentElectricityIndex: 1110 });
    at('2026-11-26');
    const created = await createContract(
      actorFor(deps, landlord),
      contractCreateSchema.parse({
        roomID: room.roomID,
        reservationID: reservation.reservationID,
        startDate: '2026-11-26',
        endDate: '2027-11-25',
        representative: { occupantName: 'Phạm Thu Hà', gender: 'nữ', phoneNumber: '0903111222' },
      }),
    );
    expect(created).toMatchObject({ moveInElectricityIndex: 1110, moveInWaterIndex: 60 });
    at('2026-11-30');
    await read('2026-11', 1149, 62);
    expect(await ticketLine('2026-11', 'electricity')).toMatchObject({ quantity: 39 });
  });

  it('lower than the room’s last reading is refused and nothing is held', async () => {
    at('2026-10-31');
    await read('2026-10', 1100, 60);
    at('2026-11-20');
    const error = await refusal(deposit({ waterIndex: 59.5 }));
    expect(error.details.fieldErrors).toEqual([
      {
        field: 'waterIndex',
        errorMessage: 'Chỉ số nước khi nhận cọc không được nhỏ hơn chỉ số ghi gần nhất của phòng (60).',
      },
    ]);
    expect(await storedRoom()).toMatchObject({ status: 'empty', currentWaterIndex: 60 });
  });
});

describe('move-out indexes', () => {
  async function tenancyBilledToNovember() {
    at('2026-10-31');
    await read('2026-10', 1100, 60);
    at('2026-11-26');
    const created = await moveIn({});
    at('2026-11-30');
    await read('2026-11', 1149, 62);
    return created.contractID as string;
  }

  function leave(contractID: string, indexes: { electricityIndex?: number; waterIndex?: number }) {
    return terminateContract(actorFor(deps, landlord), {
      contractID,
      terminationDate: '2026-12-10',
      reason: 'Chuyển công tác',
      damageCharges: 0,
      ...indexes,
    });
  }

  it('the final indexes are billed in the settlement, from the last reading, and the room keeps them', async () => {
    const contractID = await tenancyBilledToNovember();
    at('2026-12-10');
    const ended = await leave(contractID, { electricityIndex: 1180, waterIndex: 63.5 });
    const rent = Math.round((3_000_000 * 10) / 31);
    expect(ended.settlement).toMatchObject({
      proratedRent: rent,
      meterUse: [
        { kind: 'electricity', fromIndex: 1149, toIndex: 1180, usage: 31, amount: 31 * 3_500 },
        { kind: 'water', fromIndex: 62, toIndex: 63.5, usage: 1.5, amount: 27_000 },
      ],
      refund: 3_000_000 - rent - 108_500 - 27_000,
    });
    expect(ended).toMatchObject({ moveOutElectricityIndex: 1180, moveOutWaterIndex: 63.5 });
    expect(await storedRoom()).toMatchObject({
      status: 'empty',
      currentElectricityIndex: 1180,
      currentWaterIndex: 63.5,
    });

    // December's reading, taken at the month's end, is not charged again to the tenant who left.
    at('2026-12-31');
    await read('2026-12', 1250, 66);
    expect(await ticketLine('2026-12', 'electricity')).toMatchObject({ quantity: 0, amount: 0 });
  });

  it('a final index below the last reading is refused and the contract stays', async () => {
    const contractID = await tenancyBilledToNovember();
    at('2026-12-10');
    const error = await refusal(leave(contractID, { electricityIndex: 1148 }));
    expect(error.details.fieldErrors).toEqual([
      {
        field: 'electricityIndex',
        errorMessage: 'Chỉ số điện khi trả phòng không được nhỏ hơn chỉ số đã tính gần nhất (1149).',
      },
    ]);
    const contract = (await houseDocs<ContractDoc>(deps).read(house.houseID, contractID)) as ContractDoc;
    expect(contract.status).toBe(1);
    expect(await storedRoom()).toMatchObject({ status: 'occupied', currentElectricityIndex: 1149 });
  });

  it('the house’s rounding applies to what changes hands, as a rounding charge', async () => {
    await houseDocs<HouseDoc>(deps).replace({ ...house, billRounding: 1000 });
    const contractID = await tenancyBilledToNovember();
    at('2026-12-10');
    const ended = await leave(contractID, { electricityIndex: 1180, waterIndex: 62 });
    const rent = Math.round((3_000_000 * 10) / 31); // 967.742
    const owed = rent + 108_500 - 3_000_000; // -1.923.758: the tenant gets money back
    const roundedOwed = Math.floor(owed / 1000 + 0.5) * 1000; // -1.924.000
    expect(ended.settlement).toMatchObject({ rounding: roundedOwed - owed, refund: -roundedOwed });
    expect((ended.settlement as { refund: number }).refund % 1000).toBe(0);
  });

  it('without final indexes nothing more is charged for the meters (as before they were asked)', async () => {
    const contractID = await tenancyBilledToNovember();
    at('2026-12-10');
    const ended = await leave(contractID, {});
    expect(ended.settlement).not.toHaveProperty('meterUse');
    const bills = await listInHouse<MonthlyBillDoc>(deps, house.houseID, 'monthlyBill');
    expect(bills).toEqual([]);
  });
});
