import { newHouseTotals } from '../../useCases/shared/houseTotals.js';
import type { FeeDoc, UserDoc } from '../../domain/shared/model.js';
import { newHouseDoc } from '../../useCases/shared/newHouses.js';
import { recordOwnedHouse } from '../../useCases/shared/houseRights.js';
import { newRoomMeterDocs, newRoomDoc } from '../../useCases/shared/newRooms.js';
import { randomUUID } from 'node:crypto';
import { saveInHouse, userOf, type DemoHouse, type DemoUsername, type Seeder } from './world.js';

interface HousePlan {
  owner: DemoUsername;
  staff?: DemoUsername[];
  houseName: string;
  houseAddress: string;
  floors: number;
  roomsPerFloor: number;
  basePrice: number;
}

const PLANS: HousePlan[] = [
  {
    owner: 'chunha',
    staff: ['nhanvien'],
    houseName: 'Nhà trọ Hoa Sen',
    houseAddress: '12 Võ Văn Ngân, P. Linh Chiểu, TP. Thủ Đức, TP. Hồ Chí Minh',
    floors: 3,
    roomsPerFloor: 5,
    basePrice: 2_800_000,
  },
  {
    owner: 'chunha',
    houseName: 'Nhà trọ Bình An',
    houseAddress: '88/3 Xô Viết Nghệ Tĩnh, P. 21, Q. Bình Thạnh, TP. Hồ Chí Minh',
    floors: 2,
    roomsPerFloor: 4,
    basePrice: 3_200_000,
  },
  {
    owner: 'chunha2',
    houseName: 'Nhà trọ Gò Vấp Xanh',
    houseAddress: '210 Quang Trung, P. 10, Q. Gò Vấp, TP. Hồ Chí Minh',
    floors: 2,
    roomsPerFloor: 3,
    basePrice: 2_500_000,
  },
  {
    owner: 'chunhamoi',
    houseName: 'Nhà trọ Phước Long',
    houseAddress: '5 Đỗ Xuân Hợp, P. Phước Long B, TP. Thủ Đức, TP. Hồ Chí Minh',
    floors: 1,
    roomsPerFloor: 4,
    basePrice: 2_200_000,
  },
];

const STANDARD_FEES: Array<Pick<FeeDoc, 'serviceName' | 'price' | 'unit'>> = [
  { serviceName: 'Điện', price: 3_500, unit: 'kWh' },
  { serviceName: 'Nước', price: 18_000, unit: 'm3' },
  { serviceName: 'Internet', price: 100_000, unit: 'room' },
  { serviceName: 'Rác', price: 20_000, unit: 'person' },
  { serviceName: 'Gửi xe máy', price: 100_000, unit: 'vehicle' },
];

function buildHouse(plan: HousePlan, owner: UserDoc, staff: UserDoc[], createdOn: string): DemoHouse {
  const house = newHouseDoc(
    { ...plan, ownerID: owner.userID, staffIDs: staff.map((member) => member.userID) },
    createdOn,
  );
  const { houseID } = house;
  const rooms = [];
  for (let floor = 1; floor <= plan.floors; floor += 1) {
    for (let index = 1; index <= plan.roomsPerFloor; index += 1) {
      rooms.push(
        newRoomDoc(
          houseID,
          {
            roomName: `P${floor}${String(index).padStart(2, '0')}`,
            roomDescription:
              index % 2 === 0 ? 'Phòng có ban công, cửa sổ thoáng' : 'Phòng có gác lửng, vệ sinh riêng',
            acreage: 18 + (index % 3) * 4,
            floor,
            price: plan.basePrice + (index % 3) * 300_000,
            currentElectricityIndex: 1_000 + floor * 100 + index * 7,
            currentWaterIndex: 100 + floor * 10 + index,
          },
          createdOn,
        ),
      );
    }
  }
  const fees: FeeDoc[] = STANDARD_FEES.map((fee) => {
    const serviceID = randomUUID();
    return { id: serviceID, pk: houseID, type: 'service', serviceID, houseID, ...fee };
  });
  return { house, rooms, fees };
}

/** Four houses with rooms on every floor and the usual fees; the staff member works in the first. */
export const housesSeeder: Seeder = {
  name: 'houses',
  async seed(deps, world) {
    for (const plan of PLANS) {
      const staff = (plan.staff ?? []).map((username) => userOf(world, username));
      const built = buildHouse(plan, userOf(world, plan.owner), staff, world.createdOn);
      const meters = built.rooms.flatMap((room) => newRoomMeterDocs(room, deps.now()));
      await saveInHouse(deps, built.house.houseID, [
        built.house,
        ...built.rooms,
        ...built.fees,
        ...meters,
        newHouseTotals(built.house.houseID),
      ]);
      world.houses.set(plan.houseName, built);
      const owner = userOf(world, plan.owner);
      await recordOwnedHouse(deps, owner.userID, built.house.houseID);
      owner.ownedHouseIDs = [...(owner.ownedHouseIDs ?? []), built.house.houseID];
      for (const member of staff) {
        const assigned = [...(member.assignedHouseIDs ?? []), built.house.houseID];
        await deps.store
          .container<UserDoc>('users')
          .patch(member.userID, member.userID, [{ op: 'set', path: '/assignedHouseIDs', value: assigned }]);
        member.assignedHouseIDs = assigned;
      }
    }
  },
};
