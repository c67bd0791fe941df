/**
 * Test-data builders for use-case tests: each writes one object to the store (as the product
 * would have written it) and returns the stored document, so a test states only what matters.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import {
  ROLE,
  type FeeUnit,
  type LessorInfo,
  type RoomCreateInput,
  type RoomStatusCode,
  type BillRounding,
} from '@nhatro/common';
import { newBlobName } from '../../api/src/domain/shared/blobNames.js';
import type {
  ContractDoc,
  DeviceDoc,
  FeeDoc,
  HouseDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import type { StoredDoc } from '../../api/src/store/store.js';
import { hashPassword } from '../../api/src/useCases/shared/passwords.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { newMeteredFeeDocs, newHouseDoc } from '../../api/src/useCases/shared/newHouses.js';
import { newRoomDoc } from '../../api/src/useCases/shared/newRooms.js';
import { createUser } from '../../api/src/useCases/shared/users.js';
import { TEST_PASSWORD } from './passwordHashSetup.js';
import { makePng } from './png.js';

export { TEST_PASSWORD };

/**
 * scrypt costs ~0.3 s: one hash per run (the project's global setup provides it), or else one per
 * test process, shared by every account the builders create.
 */
let passwordHash: Promise<string> | undefined;
function sharedPasswordHash(): Promise<string> {
  const provided = inject('passwordHash');
  passwordHash ??= provided ? Promise.resolve(provided) : hashPassword(TEST_PASSWORD);
  return passwordHash;
}

let sequence = 0;
function next(): number {
  sequence += 1;
  return sequence;
}

async function aUser(
  deps: Deps,
  roleID: UserDoc['roleID'],
  username: string,
  fullName: string,
  extra: NonNullable<Parameters<typeof createUser>[1]['extra']>,
): Promise<UserDoc> {
  return createUser(deps, {
    username,
    password: TEST_PASSWORD,
    passwordHash: await sharedPasswordHash(),
    roleID,
    fullName,
    extra,
  });
}

export interface LandlordOverrides {
  username?: string;
  fullName?: string;
  /** Rooms the account may hold; 100 unless a test is about the quota. */
  roomQuota?: number;
  lessorInfo?: LessorInfo;
}

export function aLandlord(deps: Deps, overrides: LandlordOverrides = {}): Promise<UserDoc> {
  const n = next();
  return aUser(
    deps,
    ROLE.houseModerator,
    overrides.username ?? `chunha${n}`,
    overrides.fullName ?? `Chủ trọ ${n}`,
    {
      roomQuota: overrides.roomQuota ?? 100,
      ...(overrides.lessorInfo ? { lessorInfo: overrides.lessorInfo } : {}),
    },
  );
}

export function aSuperAdmin(deps: Deps): Promise<UserDoc> {
  const n = next();
  return aUser(deps, ROLE.superAdmin, `admin${n}`, `Quản trị ${n}`, {});
}

/** A staff member assigned to these houses (the houses list them in `staffIDs`, as access checks). */
export async function aStaff(deps: Deps, options: { houses: HouseDoc[] }): Promise<UserDoc> {
  const n = next();
  const staff = await aUser(deps, ROLE.staff, `nhanvien${n}`, `Nhân viên ${n}`, {
    assignedHouseIDs: options.houses.map((house) => house.houseID),
  });
  for (const { houseID } of options.houses) {
    const house = await houseDocs<HouseDoc>(deps).read(houseID, houseID);
    if (!house) throw new Error(`aStaff: house ${houseID} is not stored`);
    await houseDocs<HouseDoc>(deps).replace({ ...house, staffIDs: [...house.staffIDs, staff.userID] });
  }
  return staff;
}

/** A tenant account living in `room` under `contract`. */
export function aLessee(
  deps: Deps,
  options: { house: HouseDoc; room: RoomDoc; contract: ContractDoc },
): Promise<UserDoc> {
  const n = next();
  return aUser(deps, ROLE.lessee, `nguoithue${n}`, `Người thuê ${n}`, {
    houseID: options.house.houseID,
    roomID: options.room.roomID,
    contractID: options.contract.contractID,
    lesseeID: options.contract.representativeLesseeID,
  });
}

/** A house of `owner` with its default electricity and water fees, as `createHouse` writes it. */
export async function aHouse(
  deps: Deps,
  owner: UserDoc,
  overrides: { houseName?: string; houseAddress?: string; billRounding?: BillRounding } = {},
): Promise<HouseDoc> {
  const n = next();
  const house = newHouseDoc(
    {
      houseName: overrides.houseName ?? `Nhà trọ ${n}`,
      houseAddress: overrides.houseAddress ?? `${n} Nguyễn Trãi, Quận 5, TP.HCM`,
      ownerID: owner.userID,
    },
    deps.now().toISOString(),
  );
  if (overrides.billRounding !== undefined) house.billRounding = overrides.billRounding;
  await houseDocs(deps).batch(
    house.houseID,
    [house, ...newMeteredFeeDocs(house.houseID)].map((doc) => ({ op: 'create' as const, doc })),
  );
  const stored = await houseDocs<HouseDoc>(deps).read(house.houseID, house.houseID);
  if (!stored) throw new Error('aHouse: house not stored');
  return stored;
}

export type RoomOverrides = Partial<Omit<RoomCreateInput, 'houseID'>> & {
  status?: RoomStatusCode;
  images?: string[];
};

export function aRoom(deps: Deps, house: HouseDoc, overrides: RoomOverrides = {}): Promise<RoomDoc> {
  const { status, images, ...fields } = overrides;
  const room = newRoomDoc(
    house.houseID,
    {
      roomName: `P${100 + next()}`,
      roomDescription: '',
      acreage: 20,
      floor: 1,
      price: 2_500_000,
      currentElectricityIndex: 1000,
      currentWaterIndex: 100,
      ...fields,
    },
    deps.now().toISOString(),
  );
  return houseDocs<RoomDoc>(deps).create({
    ...room,
    ...(status ? { status } : {}),
    ...(images ? { images } : {}),
  });
}

export function aDevice(
  deps: Deps,
  room: RoomDoc,
  overrides: Partial<Pick<DeviceDoc, 'deviceName' | 'quantity' | 'condition' | 'value' | 'images'>> = {},
): Promise<DeviceDoc> {
  const deviceID = randomUUID();
  return houseDocs<DeviceDoc>(deps).create({
    id: deviceID,
    pk: room.houseID,
    type: 'device',
    deviceID,
    houseID: room.houseID,
    roomID: room.roomID,
    deviceName: `Thiết bị ${next()}`,
    quantity: 1,
    condition: 'Tốt',
    value: 1_500_000,
    images: [],
    createdOn: deps.now().toISOString(),
    ...overrides,
  });
}

export function aFee(
  deps: Deps,
  house: HouseDoc,
  overrides: { serviceName?: string; price?: number; unit?: FeeUnit } = {},
): Promise<FeeDoc> {
  const serviceID = randomUUID();
  return houseDocs<FeeDoc>(deps).create({
    id: serviceID,
    pk: house.houseID,
    type: 'service',
    serviceID,
    houseID: house.houseID,
    serviceName: overrides.serviceName ?? `Dịch vụ ${next()}`,
    price: overrides.price ?? 100_000,
    unit: overrides.unit ?? 'room',
  });
}

/** An active contract (status 1) on `room` unless `status` says otherwise. */
export function aContract(
  deps: Deps,
  room: RoomDoc,
  overrides: Partial<
    Pick<
      ContractDoc,
      | 'contractID'
      | 'status'
      | 'startDate'
      | 'endDate'
      | 'rentFee'
      | 'deposit'
      | 'representativeLesseeID'
      | 'lesseeAccountID'
    >
  > = {},
): Promise<ContractDoc> {
  const contractID = overrides.contractID ?? randomUUID();
  return houseDocs<ContractDoc>(deps).create({
    id: contractID,
    pk: room.houseID,
    type: 'contract',
    contractID,
    houseID: room.houseID,
    roomID: room.roomID,
    status: 1,
    createdOn: deps.now().toISOString(),
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    rentFee: room.price,
    deposit: room.price,
    representativeLesseeID: randomUUID(),
    ...overrides,
  });
}

interface ReservationDoc extends StoredDoc {
  type: 'reservation';
  houseID: string;
  roomID: string;
  status: 'active';
}

/** A deposit holding `room` (the reservation slice is not built yet; deletion already respects it). */
export async function aReservation(deps: Deps, room: RoomDoc): Promise<ReservationDoc> {
  const id = randomUUID();
  return deps.store.container<ReservationDoc>('houses').create({
    id,
    pk: room.houseID,
    type: 'reservation',
    houseID: room.houseID,
    roomID: room.roomID,
    status: 'active',
  });
}

function randomSuffix(): string {
  return randomUUID().replace(/-/g, '').slice(0, 6);
}

/** A well-formed room-photo name of `house` (`<houseID>/room-<ms>-<random>.png`). */
export function aRoomImageName(deps: Deps, house: Pick<HouseDoc, 'houseID'>, prefix = 'room'): string {
  return newBlobName('room-images', house.houseID, 'png', deps.now(), randomSuffix(), prefix);
}

/** A valid PNG, a few hundred bytes. */
export const PNG_BYTES = makePng();
