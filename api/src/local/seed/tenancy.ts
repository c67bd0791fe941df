import { randomUUID } from 'node:crypto';
import { defaultHoldUntil, normalizeLicensePlate, ROLE } from '@nhatro/common';
import type {
  ContractDoc,
  LesseeInfoDoc,
  ReservationDoc,
  RoomDoc,
  VehicleDoc,
} from '../../domain/shared/model.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { lesseeSearchText } from '../../domain/lessees.js';
import { occupiedUnder } from '../../domain/rooms.js';
import { createUser } from '../../useCases/shared/users.js';
import { demoPassword, houseOf, saveInHouse, type Seeder } from './world.js';

/**
 * The lessee of room P101 of Hoa Sen with an active contract and a motorbike; P102 is reserved: a deposit
 * of one month's rent, moving in five days from now, held until a week after that.
 */
export const tenancySeeder: Seeder = {
  name: 'tenancy',
  async seed(deps, world) {
    const hoaSen = houseOf(world, 'Nhà trọ Hoa Sen');
    const houseID = hoaSen.house.houseID;
    const [lesseeRoom, reservedRoom] = hoaSen.rooms as [RoomDoc, RoomDoc];
    const contractID = randomUUID();
    const lesseeInfoID = randomUUID();
    const lessee = await createUser(deps, {
      username: 'nguoithue',
      password: demoPassword('nguoithue'),
      passwordHash: world.passwordHashes.get('nguoithue') as string,
      roleID: ROLE.lessee,
      fullName: 'Lê Minh Tuấn',
      phoneNumber: '0987654321',
      extra: { lesseeID: lesseeInfoID, houseID, contractID, roomID: lesseeRoom.roomID },
    });
    world.users.set('nguoithue', lessee);
    const contract: ContractDoc = {
      id: contractID,
      pk: houseID,
      type: 'contract',
      contractID,
      houseID,
      roomID: lesseeRoom.roomID,
      status: 1,
      createdOn: world.createdOn,
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
      roomID: lesseeRoom.roomID,
      occupantName: 'Lê Minh Tuấn',
      gender: 1,
      phoneNumber: '0987654321',
      citizenID: '079203004567',
      dateOfBirth: '2003-05-14',
      isRepresentative: true,
      status: 1,
    };
    lesseeInfo.searchText = lesseeSearchText(lesseeInfo);
    const vehicleID = randomUUID();
    const vehicle: VehicleDoc = {
      id: vehicleID,
      pk: houseID,
      type: 'vehicle',
      vehicleID,
      houseID,
      contractID,
      licensePlate: '59-X3 123.45',
      plateKey: normalizeLicensePlate('59-X3 123.45'),
      vehicleType: 'Xe máy',
    };
    const reservationID = randomUUID();
    const moveIn = vietnamDate(new Date(deps.now().getTime() + 5 * 86_400_000));
    const reservation: ReservationDoc = {
      id: reservationID,
      pk: houseID,
      type: 'reservation',
      reservationID,
      houseID,
      roomID: reservedRoom.roomID,
      fullName: 'Đỗ Thanh Hà',
      phoneNumber: '0903123456',
      deposit: reservedRoom.price,
      expectedMoveInDate: moveIn,
      holdUntil: defaultHoldUntil(moveIn),
      status: 'active',
      createdOn: deps.now().toISOString(),
    };
    await saveInHouse(deps, houseID, [contract, lesseeInfo, vehicle, reservation]);
    const rooms = deps.store.container<RoomDoc>('houses');
    await rooms.patch(houseID, lesseeRoom.id, [
      { op: 'set', path: '/status', value: 'occupied' },
      { op: 'set', path: '/contractIDs', value: occupiedUnder(lesseeRoom, contractID).contractIDs },
    ]);
    lesseeRoom.status = 'occupied';
    await rooms.patch(houseID, reservedRoom.id, [{ op: 'set', path: '/status', value: 'reserved' }]);
    reservedRoom.status = 'reserved';
  },
};
