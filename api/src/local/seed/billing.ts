import { randomUUID } from 'node:crypto';
import type {
  ContractDoc,
  FeeDoc,
  HouseScopedDoc,
  LesseeInfoDoc,
  RoomDoc,
} from '../../domain/shared/model.js';
import { occupiedUnder } from '../../domain/rooms.js';
import { lesseeSearchText } from '../../domain/lessees.js';
import { previousMonth, vietnamMonth } from '../../domain/shared/time.js';
import { actorOf, type Actor } from '../../useCases/shared/actor.js';
import { updateHouseTicket } from '../../useCases/houseTickets/saving.js';
import { draftHouseTicket } from '../../useCases/houseTickets/drafting.js';
import { saveMeterReadings } from '../../useCases/meterRecords/saving.js';
import { payMonthlyBill } from '../../useCases/monthlyBills.js';
import { houseOf, saveInHouse, userOf, type DemoHouse, type DemoWorld, type Seeder } from './world.js';
import { newContractServiceDoc } from '../../domain/contracts.js';

const SEED_ORIGIN = { ip: '127.0.0.1', userAgent: 'demo seed' };

/** Tenancies without an account. */
const TENANTS = [
  { room: 'P101', name: 'Hồ Thanh Tâm', phone: '0912000101', people: 2, startsMidMonth: false, paid: 'all' },
  { room: 'P102', name: 'Phạm Quốc Bảo', phone: '0912000102', people: 1, startsMidMonth: true, paid: 'half' },
  { room: 'P103', name: 'Võ Ngọc Hân', phone: '0912000103', people: 3, startsMidMonth: false, paid: 'all' },
  {
    room: 'P201',
    name: 'Đặng Hữu Phước',
    phone: '0912000201',
    people: 1,
    startsMidMonth: false,
    paid: 'none',
  },
] as const;

type Deps = Actor['deps'];

/** The four tenancies (contract, occupants, the room and per-person services); the rooms now occupied. */
async function writeTenancies(deps: Deps, world: DemoWorld, goVap: DemoHouse): Promise<RoomDoc[]> {
  const { houseID } = goVap.house;
  const thisMonth = vietnamMonth(deps.now());
  const lastMonth = previousMonth(thisMonth);
  const byName = new Map(goVap.rooms.map((room) => [room.roomName, room]));
  const feeOf = (unit: FeeDoc['unit']) => goVap.fees.find((fee) => fee.unit === unit) as FeeDoc;

  const docs: HouseScopedDoc[] = [];
  const subscribe = (contractID: string, serviceID: string) => {
    docs.push(
      newContractServiceDoc({ houseID, contractID, serviceID, createdOn: world.createdOn }, randomUUID()),
    );
  };
  const rented: RoomDoc[] = [];
  for (const plan of TENANTS) {
    const room = byName.get(plan.room) as RoomDoc;
    rented.push(room);
    const contractID = randomUUID();
    const people = occupants(plan, { houseID, contractID, roomID: room.roomID });
    docs.push(
      {
        id: contractID,
        pk: houseID,
        type: 'contract',
        contractID,
        houseID,
        roomID: room.roomID,
        status: 1,
        createdOn: world.createdOn,
        startDate: plan.startsMidMonth ? `${lastMonth}-16` : `${previousMonth(lastMonth)}-01`,
        endDate: `${Number(thisMonth.slice(0, 4)) + 1}-${thisMonth.slice(5)}-01`,
        rentFee: room.price,
        deposit: room.price,
        deposited: true,
        representativeLesseeID: (people[0] as LesseeInfoDoc).lesseeInfoID,
      },
      ...people,
    );
    subscribe(contractID, feeOf('room').serviceID);
    subscribe(contractID, feeOf('person').serviceID);
  }
  await saveInHouse(deps, houseID, docs);
  for (const [index, room] of rented.entries()) {
    const contract = docs.filter((doc) => doc.type === 'contract')[index] as ContractDoc;
    const occupied = occupiedUnder(room, contract.contractID);
    await houseDocs(deps).patch(houseID, room.id, [
      { op: 'set', path: '/status', value: occupied.status },
      { op: 'set', path: '/contractIDs', value: occupied.contractIDs },
    ]);
    room.status = 'occupied';
  }
  return rented;
}

/** A tenancy's occupants, the representative first. */
function occupants(
  plan: (typeof TENANTS)[number],
  place: { houseID: string; contractID: string; roomID: string },
): LesseeInfoDoc[] {
  return Array.from({ length: plan.people }, (_, index) => {
    const lesseeInfoID = randomUUID();
    const person: LesseeInfoDoc = {
      id: lesseeInfoID,
      pk: place.houseID,
      type: 'lesseeInfo',
      lesseeInfoID,
      houseID: place.houseID,
      contractID: place.contractID,
      roomID: place.roomID,
      occupantName: index === 0 ? plan.name : `${plan.name.split(' ')[0]} ${['Minh', 'Lan', 'Khoa'][index]}`,
      gender: index % 2 === 0 ? 1 : 0,
      ...(index === 0 ? { phoneNumber: plan.phone } : {}),
      dateOfBirth: '2002-03-1' + String(index),
      isRepresentative: index === 0,
      status: 1,
    };
    person.searchText = lesseeSearchText(person);
    return person;
  });
}

function houseDocs(deps: Deps) {
  return deps.store.container<HouseScopedDoc>('houses');
}

/** Last month: every rented room read, then issued by the landlord, and paid as TENANTS says. */
async function issueLastMonth(landlord: Actor, goVap: DemoHouse, rented: RoomDoc[]): Promise<boolean> {
  const { deps } = landlord;
  const { houseID } = goVap.house;
  const lastMonth = previousMonth(vietnamMonth(deps.now()));
  await saveMeterReadings(landlord, {
    records: rented.flatMap((room, index) => [
      {
        roomID: room.roomID,
        kind: 'electricity' as const,
        month: lastMonth,
        newIndex: room.currentElectricityIndex + 95 + index * 23,
      },
      {
        roomID: room.roomID,
        kind: 'water' as const,
        month: lastMonth,
        newIndex: room.currentWaterIndex + 5 + index,
      },
    ]),
  });
  const draft = await draftHouseTicket(deps, goVap.house, lastMonth);
  if (!draft.ticket) return false;
  await updateHouseTicket(landlord, draft.ticket.houseTicketID, { issue: true }, undefined);
  for (const [index, room] of rented.entries()) {
    const { paid } = TENANTS[index] as (typeof TENANTS)[number];
    if (paid === 'none') continue;
    const bills = await houseDocs(deps).query({
      partitionKey: houseID,
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'monthlyBill' },
          { op: 'eq', field: 'roomID', value: room.roomID },
        ],
      },
    });
    const bill = bills.items[0];
    if (bill?.type !== 'monthlyBill') continue;
    const amount = paid === 'half' ? Math.round(bill.total / 2) : bill.total;
    await payMonthlyBill(landlord, bill.monthlyBillID, { payment: { amount, note: 'Tiền mặt' } }, undefined);
  }
  return true;
}

/** This month: the first floor is read; the second is still to walk. */
async function readFirstFloor(landlord: Actor, goVap: DemoHouse, rented: RoomDoc[]): Promise<void> {
  const { deps } = landlord;
  const thisMonth = vietnamMonth(deps.now());
  const firstFloor = rented.filter((room) => room.floor === 1);
  const current = await houseDocs(deps).query({
    partitionKey: goVap.house.houseID,
    filter: { op: 'eq', field: 'type', value: 'room' },
  });
  const indexes = new Map(
    current.items.flatMap((doc) => (doc.type === 'room' ? [[doc.roomID, doc] as const] : [])),
  );
  await saveMeterReadings(landlord, {
    records: firstFloor.flatMap((room, index) => {
      const now = indexes.get(room.roomID) ?? room;
      return [
        {
          roomID: room.roomID,
          kind: 'electricity' as const,
          month: thisMonth,
          newIndex: now.currentElectricityIndex + 110 + index * 17,
        },
        {
          roomID: room.roomID,
          kind: 'water' as const,
          month: thisMonth,
          newIndex: now.currentWaterIndex + 6,
        },
      ];
    }),
  });
}

/**
 * chunha2's Gò Vấp Xanh shows the monthly heartbeat: four rented rooms, last month read, issued and
 * mostly paid (P102 paid half, so its rest carries into this month; P201 nothing), and this month read
 * for the first floor only, so the next step is the second floor's readings, then the draft. (Hoa Sen,
 * where the tenant and staff accounts live, starts with no bills: drafting its month from the dashboard
 * gives the tenant account their first bill.)
 */
export const billingSeeder: Seeder = {
  name: 'billing',
  async seed(deps, world) {
    const goVap = houseOf(world, 'Nhà trọ Gò Vấp Xanh');
    const rented = await writeTenancies(deps, world, goVap);
    // The landlord reads the meters herself.
    const landlord = actorOf(deps, userOf(world, 'chunha2'), SEED_ORIGIN);
    if (!(await issueLastMonth(landlord, goVap, rented))) return;
    await readFirstFloor(landlord, goVap, rented);
  },
};
