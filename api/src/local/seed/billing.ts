import { randomUUID } from 'node:crypto';
import type { FeeDoc, HouseScopedDoc, LesseeInfoDoc, RoomDoc } from '../../domain/model.js';
import { lesseeSearchText } from '../../domain/lessees.js';
import { previousMonth, vietnamMonth } from '../../domain/time.js';
import type { Actor } from '../../useCases/actor.js';
import { draftHouseTicket, updateHouseTicket } from '../../useCases/houseTickets.js';
import { saveMeterReadings } from '../../useCases/meterRecords.js';
import { payMonthlyBill } from '../../useCases/monthlyBills.js';
import { roleOf } from '../../useCases/users.js';
import { houseOf, saveInHouse, userOf, type DemoUsername, type DemoWorld, type Seeder } from './world.js';

const SEED_ORIGIN = { ip: '127.0.0.1', userAgent: 'demo seed' };

function actorOf(deps: Actor['deps'], world: DemoWorld, username: DemoUsername): Actor {
  const user = userOf(world, username);
  return {
    deps,
    user: {
      userID: user.userID,
      username: user.username,
      roleID: user.roleID,
      role: roleOf(user),
      sessionID: randomUUID(),
      account: user,
    },
    origin: SEED_ORIGIN,
  };
}

/** Tenancies without an account (the demo's one tenant account is `nguoithue`, in P101). */
const OTHER_TENANTS = [
  { room: 'P103', name: 'Trần Thị Mai', phone: '0912000103', people: 2, startsMidMonth: false },
  { room: 'P104', name: 'Phạm Quốc Bảo', phone: '0912000104', people: 1, startsMidMonth: true },
  { room: 'P201', name: 'Võ Ngọc Hân', phone: '0912000201', people: 3, startsMidMonth: false },
  { room: 'P202', name: 'Đặng Hữu Phước', phone: '0912000202', people: 1, startsMidMonth: false },
] as const;

/**
 * Hoa Sen's monthly heartbeat: five rented rooms, last month read, issued and mostly paid (P103 paid half,
 * so its rest carries over), and this month read for the first floor only — the staff account has the
 * second floor to walk, and the landlord drafts the month from the dashboard.
 */
export const billingSeeder: Seeder = {
  name: 'billing',
  async seed(deps, world) {
    const hoaSen = houseOf(world, 'Nhà trọ Hoa Sen');
    const { houseID } = hoaSen.house;
    const thisMonth = vietnamMonth(deps.now());
    const lastMonth = previousMonth(thisMonth);
    const byName = new Map(hoaSen.rooms.map((room) => [room.roomName, room]));
    const feeOf = (unit: FeeDoc['unit']) => hoaSen.fees.find((fee) => fee.unit === unit) as FeeDoc;
    const tenant = userOf(world, 'nguoithue');

    const docs: HouseScopedDoc[] = [];
    const subscribe = (contractID: string, serviceID: string, vehicleID?: string) => {
      const contractServiceID = randomUUID();
      docs.push({
        id: contractServiceID,
        pk: houseID,
        type: 'contractService',
        contractServiceID,
        houseID,
        contractID,
        serviceID,
        ...(vehicleID ? { vehicleID } : {}),
        createdOn: world.createdOn,
      });
    };
    // The tenant's own contract (tenancy seeder): internet, garbage per person, the motorbike's parking.
    const tenantContractID = tenant.contractID as string;
    const tenantVehicle = await deps.store
      .container<HouseScopedDoc>('houses')
      .query({ partitionKey: houseID, filter: { op: 'eq', field: 'contractID', value: tenantContractID } });
    const vehicle = tenantVehicle.items.find((doc) => doc.type === 'vehicle');
    subscribe(tenantContractID, feeOf('room').serviceID);
    subscribe(tenantContractID, feeOf('person').serviceID);
    if (vehicle?.type === 'vehicle')
      subscribe(tenantContractID, feeOf('vehicle').serviceID, vehicle.vehicleID);

    const rented: RoomDoc[] = [byName.get('P101') as RoomDoc];
    for (const plan of OTHER_TENANTS) {
      const room = byName.get(plan.room) as RoomDoc;
      rented.push(room);
      const contractID = randomUUID();
      const people: LesseeInfoDoc[] = Array.from({ length: plan.people }, (_, index) => {
        const lesseeInfoID = randomUUID();
        const person: LesseeInfoDoc = {
          id: lesseeInfoID,
          pk: houseID,
          type: 'lesseeInfo',
          lesseeInfoID,
          houseID,
          contractID,
          roomID: room.roomID,
          occupantName:
            index === 0 ? plan.name : `${plan.name.split(' ')[0]} ${['Minh', 'Lan', 'Khoa'][index]}`,
          gender: index % 2 === 0 ? 1 : 0,
          ...(index === 0 ? { phoneNumber: plan.phone } : {}),
          dateOfBirth: '2002-03-1' + String(index),
          isRepresentative: index === 0,
          status: 1,
        };
        person.searchText = lesseeSearchText(person);
        return person;
      });
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
    const container = deps.store.container<HouseScopedDoc>('houses');
    await saveInHouse(deps, houseID, docs);
    for (const room of rented) {
      await container.patch(houseID, room.id, [{ op: 'set', path: '/status', value: 'occupied' }]);
      room.status = 'occupied';
    }

    // Last month: every rented room read by the staff member, then issued by the landlord.
    const staff = actorOf(deps, world, 'nhanvien');
    const landlord = actorOf(deps, world, 'chunha');
    await saveMeterReadings(staff, {
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
    const draft = await draftHouseTicket(deps, hoaSen.house, lastMonth);
    if (!draft.ticket) return;
    await updateHouseTicket(landlord, draft.ticket.houseTicketID, { issue: true }, undefined);
    for (const room of rented) {
      if (room.roomName === 'P202') continue; // still unpaid
      const bills = await container.query({
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
      const amount = room.roomName === 'P103' ? Math.round(bill.total / 2) : bill.total;
      await payMonthlyBill(
        landlord,
        bill.monthlyBillID,
        { payment: { amount, note: 'Tiền mặt' } },
        undefined,
      );
    }

    // This month: the first floor is read; the second is waiting for the staff member.
    const firstFloor = rented.filter((room) => room.floor === 1);
    const current = await container.query({
      partitionKey: houseID,
      filter: { op: 'eq', field: 'type', value: 'room' },
    });
    const indexes = new Map(
      current.items.flatMap((doc) => (doc.type === 'room' ? [[doc.roomID, doc] as const] : [])),
    );
    await saveMeterReadings(staff, {
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
  },
};
