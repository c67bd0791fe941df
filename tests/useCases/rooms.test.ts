import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RoomDoc, UserDoc, HouseDoc } from '../../api/src/domain/shared/model.js';
import { ROOM_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { createRoom, deleteRoom, getRoom, listRooms, updateRoom } from '../../api/src/useCases/rooms.js';
import {
  aContract,
  aDevice,
  aHouse,
  aLandlord,
  aLessee,
  aReservation,
  aRoom,
  aRoomImageName,
  aStaff,
  PNG_BYTES,
} from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  odata,
  refusal,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

const NOT_FOUND = 'Không tìm thấy dữ liệu yêu cầu.';
const QUOTA_USED_UP =
  'Tài khoản của bạn đã dùng hết số phòng được phép (cần 1). Vui lòng mua thêm phòng tại Cài đặt tài khoản → Mua thêm phòng.';
const HAS_ACTIVE_CONTRACT = 'Không thể xóa phòng đang có hợp đồng hiệu lực. Hãy kết thúc hợp đồng trước.';
const IS_RESERVED = 'Không thể xóa phòng đã được đặt cọc. Hãy hủy đặt cọc trước.';

const STALE = 'Dữ liệu đã được người khác thay đổi. Vui lòng tải lại trang và thử lại.';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse());
});
afterEach(() => h.close());

function roomInput(roomName: string, houseID = house.houseID) {
  return {
    houseID,
    roomName,
    roomDescription: '',
    acreage: 18,
    floor: 2,
    price: 2_800_000,
    currentElectricityIndex: 1200,
    currentWaterIndex: 130,
  };
}

async function storedRoom(room: Pick<RoomDoc, 'houseID' | 'roomID'>) {
  return houseDocs<RoomDoc>(deps).read(room.houseID, room.roomID);
}

async function roomNamesIn(houseID: string): Promise<string[]> {
  const page = await houseDocs<RoomDoc>(deps).query({
    partitionKey: houseID,
    filter: { op: 'eq', field: 'type', value: 'room' },
    top: 100,
  });
  return page.items.map((room) => room.roomName).sort();
}

describe('createRoom', () => {
  it('creates an empty room without photos and records who created it', async () => {
    const created = await createRoom(actorFor(deps, landlord), roomInput('P201'));
    expect(created).toMatchObject({ houseID: house.houseID, roomName: 'P201', status: 'empty', images: [] });
    const entries = await auditEntries(deps);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'create',
      entity: 'room',
      entityID: created.roomID,
      houseID: house.houseID,
      userID: landlord.userID,
      username: landlord.username,
      roleID: 2,
      ip: '203.0.113.7',
    });
  });

  it.each([
    ['P101', ' p101 ', 'p101'],
    ['Phòng  A', 'phòng a', 'phòng a'],
    ['phòng 2', 'PHÒNG   2', 'PHÒNG   2'],
  ])(
    'refuses "%s" again written as "%s" (case and spacing do not matter)',
    async (existing, typed, shown) => {
      await aRoom(deps, house, { roomName: existing });
      await expectRefusal(
        createRoom(actorFor(deps, landlord), roomInput(typed)),
        'conflict',
        `Tên phòng "${shown}" đã tồn tại trong nhà trọ này.`,
      );
      expect(await roomNamesIn(house.houseID)).toEqual([existing]);
    },
  );

  it('allows the same room name in another house', async () => {
    await aRoom(deps, house, { roomName: 'P101' });
    const other = await aHouse(deps, landlord);
    const created = await createRoom(actorFor(deps, landlord), roomInput('P101', other.houseID));
    expect(created).toMatchObject({ houseID: other.houseID, roomName: 'P101' });
  });

  it('refuses a room past the quota, counting rooms in all of the landlord’s houses', async () => {
    const small = await aLandlord(deps, { roomQuota: 2 });
    const first = await aHouse(deps, small);
    const second = await aHouse(deps, small);
    await aRoom(deps, first);
    await aRoom(deps, second);
    await expectRefusal(
      createRoom(actorFor(deps, small), roomInput('P999', second.houseID)),
      'conflict',
      QUOTA_USED_UP,
    );
    expect(await roomNamesIn(second.houseID)).toHaveLength(1);
  });

  it('does not count another landlord’s rooms against the quota', async () => {
    const small = await aLandlord(deps, { roomQuota: 1 });
    const own = await aHouse(deps, small);
    await aRoom(deps, house);
    await aRoom(deps, house);
    const created = await createRoom(actorFor(deps, small), roomInput('P1', own.houseID));
    expect(created).toMatchObject({ roomName: 'P1' });
  });

  it('treats another landlord’s house as not found', async () => {
    const stranger = await aLandlord(deps);
    await expectRefusal(createRoom(actorFor(deps, stranger), roomInput('P301')), 'notFound', NOT_FOUND);
    expect(await roomNamesIn(house.houseID)).toEqual([]);
  });

  it('lets staff create rooms only in the houses assigned to them', async () => {
    const other = await aHouse(deps, landlord);
    const staff = await aStaff(deps, { houses: [house] });
    await createRoom(actorFor(deps, staff), roomInput('P401'));
    await expectRefusal(
      createRoom(actorFor(deps, staff), roomInput('P402', other.houseID)),
      'notFound',
      NOT_FOUND,
    );
    expect(await roomNamesIn(house.houseID)).toEqual(['P401']);
    expect(await roomNamesIn(other.houseID)).toEqual([]);
  });
});

describe('updateRoom', () => {
  it('refuses renaming to another room’s name regardless of case and spacing', async () => {
    await aRoom(deps, house, { roomName: 'P101' });
    const room = await aRoom(deps, house, { roomName: 'P102' });
    await expectRefusal(
      updateRoom(actorFor(deps, landlord), room.roomID, { roomName: 'p101  ' }),
      'conflict',
      'Tên phòng "p101" đã tồn tại trong nhà trọ này.',
    );
    expect((await storedRoom(room))?.roomName).toBe('P102');
  });

  it('allows a room to keep its own name in another spelling', async () => {
    const room = await aRoom(deps, house, { roomName: 'P102' });
    const updated = await updateRoom(actorFor(deps, landlord), room.roomID, {
      roomName: 'p102',
      price: 3_000_000,
    });
    expect(updated).toMatchObject({ roomName: 'p102', price: 3_000_000 });
  });

  it('fails with the store’s precondition error when the room changed since it was read (stale ETag)', async () => {
    const room = await aRoom(deps, house, { price: 2_000_000 });
    await updateRoom(actorFor(deps, landlord), room.roomID, { price: 2_100_000 }, room._etag);
    const error = await updateRoom(
      actorFor(deps, landlord),
      room.roomID,
      { price: 2_200_000 },
      room._etag,
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    // A client's If-Match naming an older version is refused before anything is written.
    expect(error).toMatchObject({ kind: 'stale', errorMessage: STALE });
    expect((await storedRoom(room))?.price).toBe(2_100_000);
  });

  it('records which fields changed', async () => {
    const room = await aRoom(deps, house);
    await updateRoom(actorFor(deps, landlord), room.roomID, { price: 3_100_000, floor: 3 });
    const [entry] = await auditEntries(deps);
    expect(entry).toMatchObject({
      action: 'update',
      entity: 'room',
      entityID: room.roomID,
      houseID: house.houseID,
      userID: landlord.userID,
      details: { fields: ['price', 'floor'] },
    });
  });

  it('treats another landlord’s room as not found and leaves it unchanged', async () => {
    const room = await aRoom(deps, house, { price: 2_000_000 });
    const stranger = await aLandlord(deps);
    await expectRefusal(
      updateRoom(actorFor(deps, stranger), room.roomID, { price: 1 }),
      'notFound',
      NOT_FOUND,
    );
    expect((await storedRoom(room))?.price).toBe(2_000_000);
    expect(await auditEntries(deps)).toEqual([]);
  });
});

describe('deleteRoom', () => {
  it('is refused while an active contract holds the room', async () => {
    const room = await aRoom(deps, house);
    await aContract(deps, room, { status: 1 });
    await expectRefusal(deleteRoom(actorFor(deps, landlord), room.roomID), 'conflict', HAS_ACTIVE_CONTRACT);
    expect(await storedRoom(room)).toBeDefined();
  });

  it('is refused for a room marked occupied even without a stored contract', async () => {
    const room = await aRoom(deps, house, { status: 'occupied' });
    await expectRefusal(deleteRoom(actorFor(deps, landlord), room.roomID), 'conflict', HAS_ACTIVE_CONTRACT);
  });

  it('is refused while a reservation holds the room', async () => {
    const room = await aRoom(deps, house);
    await aReservation(deps, room);
    await expectRefusal(deleteRoom(actorFor(deps, landlord), room.roomID), 'conflict', IS_RESERVED);
    expect(await storedRoom(room)).toBeDefined();
  });

  it('is allowed once the room’s contracts have ended', async () => {
    const room = await aRoom(deps, house);
    await aContract(deps, room, { status: 2 });
    await deleteRoom(actorFor(deps, landlord), room.roomID);
    expect(await storedRoom(room)).toBeUndefined();
  });

  it('removes the room’s devices and every photo of the room and its devices from blob storage', async () => {
    const roomPhoto = aRoomImageName(deps, house);
    const devicePhoto = aRoomImageName(deps, house, 'device');
    const keptPhoto = aRoomImageName(deps, house, 'device');
    for (const name of [roomPhoto, devicePhoto, keptPhoto]) h.blobs.put('room-images', name, PNG_BYTES);
    const room = await aRoom(deps, house, { images: [roomPhoto] });
    const device = await aDevice(deps, room, { images: [devicePhoto] });
    const neighbour = await aRoom(deps, house);
    const kept = await aDevice(deps, neighbour, { images: [keptPhoto] });

    await deleteRoom(actorFor(deps, landlord), room.roomID);

    expect(await storedRoom(room)).toBeUndefined();
    expect(await houseDocs(deps).read(house.houseID, device.id)).toBeUndefined();
    expect(await houseDocs(deps).read(house.houseID, kept.id)).toBeDefined();
    expect(h.blobs.names('room-images')).toEqual([keptPhoto]);
    expect(await auditEntries(deps)).toEqual([
      expect.objectContaining({
        action: 'delete',
        entity: 'room',
        entityID: room.roomID,
        userID: landlord.userID,
      }),
    ]);
  });

  it('treats another landlord’s room as not found', async () => {
    const room = await aRoom(deps, house);
    const stranger = await aLandlord(deps);
    await expectRefusal(deleteRoom(actorFor(deps, stranger), room.roomID), 'notFound', NOT_FOUND);
    expect(await storedRoom(room)).toBeDefined();
  });
});

describe('reading rooms', () => {
  async function lesseeIn(room: RoomDoc) {
    return aLessee(deps, { house, room, contract: await aContract(deps, room) });
  }

  it('shows a lessee their own room and no other room of the house', async () => {
    const own = await aRoom(deps, house, { roomName: 'P101' });
    const neighbour = await aRoom(deps, house, { roomName: 'P102' });
    const lessee = await lesseeIn(own);
    const actor = actorFor(deps, lessee);
    expect(await getRoom(actor, own.roomID, odata(ROOM_MODEL))).toMatchObject({ roomName: 'P101' });
    await expectRefusal(getRoom(actor, neighbour.roomID, odata(ROOM_MODEL)), 'notFound', NOT_FOUND);
    const page = await listRooms(actor, {}, odata(ROOM_MODEL));
    expect(page.value.map((room) => room['roomName'])).toEqual(['P101']);
    const byHouse = await listRooms(actor, { houseID: house.houseID }, odata(ROOM_MODEL));
    expect(byHouse.value.map((room) => room['roomName'])).toEqual(['P101']);
  });

  it('treats another landlord’s rooms and houses as not found', async () => {
    const room = await aRoom(deps, house);
    const actor = actorFor(deps, await aLandlord(deps));
    await expectRefusal(getRoom(actor, room.roomID, odata(ROOM_MODEL)), 'notFound', NOT_FOUND);
    await expectRefusal(
      listRooms(actor, { houseID: house.houseID }, odata(ROOM_MODEL)),
      'notFound',
      NOT_FOUND,
    );
  });

  it('lets staff read rooms only in their assigned houses', async () => {
    const other = await aHouse(deps, landlord);
    await aRoom(deps, house, { roomName: 'P1' });
    const hidden = await aRoom(deps, other, { roomName: 'P2' });
    const actor = actorFor(deps, await aStaff(deps, { houses: [house] }));
    const page = await listRooms(actor, { houseID: house.houseID }, odata(ROOM_MODEL));
    expect(page.value.map((room) => room['roomName'])).toEqual(['P1']);
    await expectRefusal(getRoom(actor, hidden.roomID, odata(ROOM_MODEL)), 'notFound', NOT_FOUND);
  });

  it('asks a landlord for the house when none is given', async () => {
    await expectRefusal(
      listRooms(actorFor(deps, landlord), {}, odata(ROOM_MODEL)),
      'badRequest',
      'Thiếu mã nhà trọ (houseID).',
    );
  });

  it('answers a room with short-lived read URLs of its photos', async () => {
    const photo = aRoomImageName(deps, house);
    const room = await aRoom(deps, house, { images: [photo] });
    const entity = await getRoom(actorFor(deps, landlord), room.roomID, odata(ROOM_MODEL));
    expect(entity['imageURLs']).toEqual([
      {
        blobName: photo,
        url: expect.stringContaining(`${photo}?sp=r&`),
        thumbnailURL: expect.stringContaining(`${photo}.thumb.jpg?sp=r&`),
      },
    ]);
    expect(h.blobs.issued).toEqual([
      { container: 'room-images', blobName: photo, permission: 'r', minutes: 15 },
      { container: 'room-images', blobName: `${photo}.thumb.jpg`, permission: 'r', minutes: 15 },
    ]);
  });

  it('refuses an unknown room id as not found', async () => {
    const error = await refusal(getRoom(actorFor(deps, landlord), crypto.randomUUID(), odata(ROOM_MODEL)));
    expect(error.kind).toBe('notFound');
  });
});
