import { randomUUID } from 'node:crypto';
import { ROLE } from '@nhatro/common';
import { REGISTRATIONS_PARTITION } from '../domain/model.js';
import type {
  ContractDoc,
  HouseScopedDoc,
  LesseeInfoDoc,
  RegistrationDoc,
  RoomDoc,
  FeeDoc,
  UserDoc,
  VehicleDoc,
} from '../domain/model.js';
import type { Deps } from '../useCases/deps.js';
import { hashPassword } from '../useCases/auth/passwords.js';
import { newHouseDoc } from '../useCases/houses.js';
import { createUser, findUserByUsername } from '../useCases/users.js';

/** Demo accounts of a local run; never created in Azure. */
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'Admin@123456', description: 'Quản trị hệ thống (super admin)' },
  { username: 'chunha', password: 'Chunha@123456', description: 'Chủ trọ, 2 nhà, thông tin đầy đủ' },
  { username: 'chunha2', password: 'Chunha2@123456', description: 'Chủ trọ khác, 1 nhà' },
  { username: 'chunhamoi', password: 'Chunhamoi@123456', description: 'Chủ trọ mới, thông tin chưa đầy đủ' },
  { username: 'nhanvien', password: 'Nhanvien@123456', description: 'Nhân viên nhà thứ nhất của chunha' },
  { username: 'nguoithue', password: 'Nguoithue@123456', description: 'Người thuê, hợp đồng đang hiệu lực' },
] as const;

type DemoUsername = (typeof DEMO_ACCOUNTS)[number]['username'];

function password(username: DemoUsername): string {
  return DEMO_ACCOUNTS.find((account) => account.username === username)?.password ?? '';
}

interface HousePlan {
  houseName: string;
  houseAddress: string;
  floors: number;
  roomsPerFloor: number;
  basePrice: number;
}

const STANDARD_SERVICES: Array<Pick<FeeDoc, 'serviceName' | 'price' | 'unit'>> = [
  { serviceName: 'Điện', price: 3_500, unit: 'kWh' },
  { serviceName: 'Nước', price: 18_000, unit: 'm3' },
  { serviceName: 'Internet', price: 100_000, unit: 'room' },
  { serviceName: 'Rác', price: 20_000, unit: 'person' },
  { serviceName: 'Gửi xe máy', price: 100_000, unit: 'vehicle' },
];

function buildHouse(ownerID: string, plan: HousePlan, createdOn: string, staffIDs: string[] = []) {
  const house = newHouseDoc({ ...plan, ownerID, staffIDs }, createdOn);
  const { houseID } = house;
  const rooms: RoomDoc[] = [];
  for (let floor = 1; floor <= plan.floors; floor += 1) {
    for (let index = 1; index <= plan.roomsPerFloor; index += 1) {
      const roomID = randomUUID();
      rooms.push({
        id: roomID,
        pk: houseID,
        type: 'room',
        roomID,
        houseID,
        roomName: `P${floor}${String(index).padStart(2, '0')}`,
        roomDescription:
          index % 2 === 0 ? 'Phòng có ban công, cửa sổ thoáng' : 'Phòng có gác lửng, vệ sinh riêng',
        acreage: 18 + (index % 3) * 4,
        floor,
        price: plan.basePrice + (index % 3) * 300_000,
        status: 'empty',
        currentElectricityIndex: 1_000 + floor * 100 + index * 7,
        currentWaterIndex: 100 + floor * 10 + index,
        images: [],
        createdOn,
      });
    }
  }
  const services: FeeDoc[] = STANDARD_SERVICES.map((service) => {
    const serviceID = randomUUID();
    return { id: serviceID, pk: houseID, type: 'service', serviceID, houseID, ...service };
  });
  return { house, rooms, services };
}

async function saveHouse(services: Deps, docs: HouseScopedDoc[]): Promise<void> {
  const first = docs[0];
  if (!first) return;
  await services.store.container<HouseScopedDoc>('houses').batch(
    first.pk,
    docs.map((doc) => ({ op: 'create' as const, doc })),
  );
}

/** Seeds the demo data once: a store that already has the admin account is left alone. */
export async function seedDemoData(services: Deps): Promise<boolean> {
  if (await findUserByUsername(services, 'admin')) return false;
  const createdOn = services.now().toISOString();
  // scrypt runs on libuv's thread pool: hashing the six passwords together takes the time of about two.
  const hashes = new Map(
    await Promise.all(
      DEMO_ACCOUNTS.map(async (account) => [account.username, await hashPassword(account.password)] as const),
    ),
  );
  const credentials = (username: DemoUsername) => ({
    username,
    password: password(username),
    passwordHash: hashes.get(username) as string,
  });

  await createUser(services, {
    ...credentials('admin'),
    roleID: ROLE.superAdmin,
    fullName: 'Quản trị hệ thống',
    email: 'admin@nhatro.local',
  });

  const landlord = await createUser(services, {
    ...credentials('chunha'),
    roleID: ROLE.houseModerator,
    fullName: 'Nguyễn Văn Hùng',
    phoneNumber: '0903123456',
    email: 'hung.nguyen@nhatro.local',
    extra: {
      roomQuota: 50,
      lessorInfo: {
        status: 1,
        fullName: 'Nguyễn Văn Hùng',
        phoneNumber: '0903123456',
        email: 'hung.nguyen@nhatro.local',
        citizenID: '079085001234',
        address: '45 Đặng Văn Bi, P. Trường Thọ, TP. Thủ Đức, TP. Hồ Chí Minh',
        bankName: 'Vietcombank',
        bankAccountNumber: '0071000123456',
      },
    },
  });
  const staff = await createUser(services, {
    ...credentials('nhanvien'),
    roleID: ROLE.staff,
    fullName: 'Trần Thị Mai',
    phoneNumber: '0912345678',
  });
  const thuDuc = buildHouse(
    landlord.userID,
    {
      houseName: 'Nhà trọ Hoa Sen',
      houseAddress: '12 Võ Văn Ngân, P. Linh Chiểu, TP. Thủ Đức, TP. Hồ Chí Minh',
      floors: 3,
      roomsPerFloor: 5,
      basePrice: 2_800_000,
    },
    createdOn,
    [staff.userID],
  );
  const binhThanh = buildHouse(
    landlord.userID,
    {
      houseName: 'Nhà trọ Bình An',
      houseAddress: '88/3 Xô Viết Nghệ Tĩnh, P. 21, Q. Bình Thạnh, TP. Hồ Chí Minh',
      floors: 2,
      roomsPerFloor: 4,
      basePrice: 3_200_000,
    },
    createdOn,
  );
  await services.store
    .container<UserDoc>('users')
    .patch(staff.userID, staff.userID, [
      { op: 'set', path: '/assignedHouseIDs', value: [thuDuc.house.houseID] },
    ]);

  // The lessee of room P101 in the first house, with an active contract.
  const lesseeRoom = thuDuc.rooms[0] as RoomDoc;
  lesseeRoom.status = 'occupied';
  thuDuc.rooms[1] = { ...(thuDuc.rooms[1] as RoomDoc), status: 'reserved' };
  const contractID = randomUUID();
  const lesseeInfoID = randomUUID();
  const lessee = await createUser(services, {
    ...credentials('nguoithue'),
    roleID: ROLE.lessee,
    fullName: 'Lê Minh Tuấn',
    phoneNumber: '0987654321',
    extra: {
      lesseeID: lesseeInfoID,
      houseID: thuDuc.house.houseID,
      contractID,
      roomID: lesseeRoom.roomID,
    },
  });
  const houseID = thuDuc.house.houseID;
  const contract: ContractDoc = {
    id: contractID,
    pk: houseID,
    type: 'contract',
    contractID,
    houseID,
    roomID: lesseeRoom.roomID,
    status: 1,
    createdOn,
    startDate: '2026-09-01',
    endDate: '2027-08-31',
    rentFee: lesseeRoom.price,
    deposit: lesseeRoom.price,
    lesseeAccountID: lessee.userID,
    representativeLesseeID: lesseeInfoID,
  };
  const lesseeInfo: LesseeInfoDoc = {
    id: lesseeInfoID,
    pk: houseID,
    type: 'lesseeInfo',
    lesseeInfoID,
    houseID,
    contractID,
    occupantName: 'Lê Minh Tuấn',
    gender: 1,
    phoneNumber: '0987654321',
    citizenID: '079203004567',
    dateOfBirth: '2003-05-14',
    isRepresentative: true,
    status: 1,
  };
  const vehicleID = randomUUID();
  const vehicle: VehicleDoc = {
    id: vehicleID,
    pk: houseID,
    type: 'vehicle',
    vehicleID,
    houseID,
    contractID,
    licensePlate: '59-X3 123.45',
    vehicleType: 'Xe máy',
  };
  await saveHouse(services, [
    thuDuc.house,
    ...thuDuc.rooms,
    ...thuDuc.services,
    contract,
    lesseeInfo,
    vehicle,
  ]);
  await saveHouse(services, [binhThanh.house, ...binhThanh.rooms, ...binhThanh.services]);

  const otherLandlord = await createUser(services, {
    ...credentials('chunha2'),
    roleID: ROLE.houseModerator,
    fullName: 'Phạm Thị Lan',
    phoneNumber: '0908765432',
    extra: {
      roomQuota: 20,
      lessorInfo: { status: 1, fullName: 'Phạm Thị Lan', phoneNumber: '0908765432' },
    },
  });
  const goVap = buildHouse(
    otherLandlord.userID,
    {
      houseName: 'Nhà trọ Gò Vấp Xanh',
      houseAddress: '210 Quang Trung, P. 10, Q. Gò Vấp, TP. Hồ Chí Minh',
      floors: 2,
      roomsPerFloor: 3,
      basePrice: 2_500_000,
    },
    createdOn,
  );
  await saveHouse(services, [goVap.house, ...goVap.rooms, ...goVap.services]);

  const newLandlord = await createUser(services, {
    ...credentials('chunhamoi'),
    roleID: ROLE.houseModerator,
    fullName: 'Võ Thanh Bình',
    extra: { roomQuota: 10, lessorInfo: { status: 2 } },
  });
  const quan9 = buildHouse(
    newLandlord.userID,
    {
      houseName: 'Nhà trọ Phước Long',
      houseAddress: '5 Đỗ Xuân Hợp, P. Phước Long B, TP. Thủ Đức, TP. Hồ Chí Minh',
      floors: 1,
      roomsPerFloor: 4,
      basePrice: 2_200_000,
    },
    createdOn,
  );
  await saveHouse(services, [quan9.house, ...quan9.rooms, ...quan9.services]);

  const registrations: Array<Omit<RegistrationDoc, 'id' | 'pk' | 'type' | 'registrationID'>> = [
    {
      fullName: 'Đỗ Quốc Khánh',
      phoneNumber: '0938111222',
      email: 'khanh.do@example.vn',
      houseName: 'Nhà trọ Khánh Hội',
      houseAddress: '30 Hoàng Diệu, P. 12, Q. 4, TP. Hồ Chí Minh',
      roomQuota: 20,
      status: 'pending',
      createdOn: '2026-11-18T02:15:00.000Z',
    },
    {
      fullName: 'Huỳnh Ngọc Ánh',
      phoneNumber: '0977333444',
      email: 'anh.huynh@example.vn',
      houseName: 'Ký túc xá Ngọc Ánh',
      houseAddress: '17 Lê Văn Việt, P. Hiệp Phú, TP. Thủ Đức, TP. Hồ Chí Minh',
      roomQuota: 40,
      status: 'paid',
      createdOn: '2026-11-15T09:40:00.000Z',
    },
    {
      fullName: 'Nguyễn Văn Hùng',
      phoneNumber: '0903123456',
      email: 'hung.nguyen@nhatro.local',
      houseName: 'Nhà trọ Hoa Sen',
      houseAddress: '12 Võ Văn Ngân, P. Linh Chiểu, TP. Thủ Đức, TP. Hồ Chí Minh',
      roomQuota: 50,
      status: 'approved',
      createdOn: '2026-08-20T04:00:00.000Z',
    },
  ];
  const platform = services.store.container<RegistrationDoc>('platform');
  for (const registration of registrations) {
    const registrationID = randomUUID();
    await platform.create({
      id: registrationID,
      pk: REGISTRATIONS_PARTITION,
      type: 'registration',
      registrationID,
      ...registration,
    });
  }
  return true;
}
