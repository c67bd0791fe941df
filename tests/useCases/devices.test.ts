import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceDoc, HouseDoc, RoomDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { DEVICE_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import {
  createDevice,
  deleteDevice,
  getDevice,
  listDevices,
  updateDevice,
} from '../../api/src/useCases/devices.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import {
  aContract,
  aDevice,
  aHouse,
  aLandlord,
  aLessee,
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
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

const NOT_FOUND = 'Không tìm thấy dữ liệu yêu cầu.';

const STALE = 'Dữ liệu đã được người khác thay đổi. Vui lòng tải lại trang và thử lại.';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse());
  room = await aRoom(deps, house);
});
afterEach(() => h.close());

const fridge = (roomID: string) => ({
  roomID,
  deviceName: 'Tủ lạnh',
  quantity: 1,
  condition: 'Mới',
  value: 4_500_000,
});

async function storedDevice(device: Pick<DeviceDoc, 'houseID' | 'deviceID'>) {
  return houseDocs<DeviceDoc>(deps).read(device.houseID, device.deviceID);
}

describe('createDevice', () => {
  it('stores the photos beside the room’s as device-named PNGs, each with its thumbnail, and records the creation', async () => {
    const created: Record<string, unknown> = await createDevice(
      actorFor(deps, landlord),
      fridge(room.roomID),
      [{ name: 'tu-lanh.png', bytes: PNG_BYTES }],
    );
    const images = created['images'] as string[];
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(new RegExp(`^${house.houseID}/device-\\d{13}-[a-z0-9]{6}\\.png$`));
    const thumbnail = `${images[0]}.thumb.jpg`;
    expect(h.blobs.names('room-images').sort()).toEqual([images[0], thumbnail]);
    expect(h.blobs.bytes('room-images', images[0] ?? '')).toEqual(PNG_BYTES);
    expect(created['imageURLs']).toEqual([
      {
        blobName: images[0],
        url: expect.stringContaining('sp=r'),
        thumbnailURL: expect.stringContaining(`${thumbnail}?sp=r`),
      },
    ]);
    expect(await auditEntries(deps)).toEqual([
      expect.objectContaining({
        action: 'create',
        entity: 'device',
        entityID: created['deviceID'],
        houseID: house.houseID,
        userID: landlord.userID,
      }),
    ]);
  });

  it('refuses a photo that is not a PNG or JPEG before storing anything', async () => {
    await expectRefusal(
      createDevice(actorFor(deps, landlord), fridge(room.roomID), [
        { name: 'a.png', bytes: PNG_BYTES },
        { name: 'hoa-don.pdf', bytes: new Uint8Array(Buffer.from('%PDF-1.4')) },
      ]),
      'badRequest',
      'Tệp "hoa-don.pdf": Tệp tải lên không phải ảnh PNG hoặc JPEG.',
    );
    expect(h.blobs.names('room-images')).toEqual([]);
    expect(await auditEntries(deps)).toEqual([]);
  });

  it('treats another landlord’s room as not found and stores no photo', async () => {
    const stranger = await aLandlord(deps);
    await expectRefusal(
      createDevice(actorFor(deps, stranger), fridge(room.roomID), [{ name: 'a.png', bytes: PNG_BYTES }]),
      'notFound',
      NOT_FOUND,
    );
    expect(h.blobs.names('room-images')).toEqual([]);
  });

  it('lets staff add devices only in their assigned houses', async () => {
    const other = await aHouse(deps, landlord);
    const otherRoom = await aRoom(deps, other);
    const staff = actorFor(deps, await aStaff(deps, { houses: [house] }));
    expect(await createDevice(staff, fridge(room.roomID))).toMatchObject({ roomID: room.roomID });
    await expectRefusal(createDevice(staff, fridge(otherRoom.roomID)), 'notFound', NOT_FOUND);
  });
});

describe('reading devices', () => {
  it('shows a lessee the devices of their own room only', async () => {
    const neighbour = await aRoom(deps, house);
    await aDevice(deps, room, { deviceName: 'Máy lạnh' });
    const hidden = await aDevice(deps, neighbour, { deviceName: 'Quạt' });
    const lessee = actorFor(
      deps,
      await aLessee(deps, { house, room, contract: await aContract(deps, room) }),
    );

    const own = await listDevices(lessee, {}, odata(DEVICE_MODEL));
    expect(own.value.map((device) => device['deviceName'])).toEqual(['Máy lạnh']);
    await expectRefusal(
      listDevices(lessee, { roomID: neighbour.roomID }, odata(DEVICE_MODEL)),
      'notFound',
      NOT_FOUND,
    );
    await expectRefusal(getDevice(lessee, hidden.deviceID), 'notFound', NOT_FOUND);
  });

  it('treats another landlord’s devices as not found', async () => {
    const device = await aDevice(deps, room);
    const stranger = actorFor(deps, await aLandlord(deps));
    await expectRefusal(getDevice(stranger, device.deviceID), 'notFound', NOT_FOUND);
    await expectRefusal(
      listDevices(stranger, { roomID: room.roomID }, odata(DEVICE_MODEL)),
      'notFound',
      NOT_FOUND,
    );
  });

  it('needs a room id from a landlord', async () => {
    await expectRefusal(
      listDevices(actorFor(deps, landlord), {}, odata(DEVICE_MODEL)),
      'badRequest',
      'Mã phòng không hợp lệ.',
    );
  });

  it('lists a room’s devices by name', async () => {
    await aDevice(deps, room, { deviceName: 'Tủ lạnh' });
    await aDevice(deps, room, { deviceName: 'Giường' });
    const page = await listDevices(actorFor(deps, landlord), { roomID: room.roomID }, odata(DEVICE_MODEL));
    expect(page.value.map((device) => device['deviceName'])).toEqual(['Giường', 'Tủ lạnh']);
  });
});

describe('updateDevice and deleteDevice', () => {
  it('updates the given fields and records it', async () => {
    const device = await aDevice(deps, room, { condition: 'Tốt', quantity: 1 });
    const updated = await updateDevice(actorFor(deps, landlord), device.deviceID, { condition: 'Hỏng' });
    expect(updated).toMatchObject({ condition: 'Hỏng', quantity: 1 });
    expect(await auditEntries(deps)).toEqual([
      expect.objectContaining({ action: 'update', entity: 'device', entityID: device.deviceID }),
    ]);
  });

  it('fails with the store’s precondition error on a stale ETag', async () => {
    const device = await aDevice(deps, room, { quantity: 1 });
    await updateDevice(actorFor(deps, landlord), device.deviceID, { quantity: 2 }, device._etag);
    const error = await updateDevice(
      actorFor(deps, landlord),
      device.deviceID,
      { quantity: 3 },
      device._etag,
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    // A client's If-Match naming an older version is refused before anything is written.
    expect(error).toMatchObject({ kind: 'stale', errorMessage: STALE });
    expect((await storedDevice(device))?.quantity).toBe(2);
  });

  it('deletes the device with its photos and records it', async () => {
    const photo = aRoomImageName(deps, house, 'device');
    h.blobs.put('room-images', photo, PNG_BYTES);
    const device = await aDevice(deps, room, { images: [photo] });
    await deleteDevice(actorFor(deps, landlord), device.deviceID);
    expect(await storedDevice(device)).toBeUndefined();
    expect(h.blobs.names('room-images')).toEqual([]);
    expect(await auditEntries(deps)).toEqual([
      expect.objectContaining({
        action: 'delete',
        entity: 'device',
        entityID: device.deviceID,
        userID: landlord.userID,
      }),
    ]);
  });

  it('treats another landlord’s device as not found and keeps it', async () => {
    const device = await aDevice(deps, room);
    const stranger = actorFor(deps, await aLandlord(deps));
    await expectRefusal(deleteDevice(stranger, device.deviceID), 'notFound', NOT_FOUND);
    await expectRefusal(updateDevice(stranger, device.deviceID, { quantity: 9 }), 'notFound', NOT_FOUND);
    expect(await storedDevice(device)).toMatchObject({ quantity: 1 });
  });
});
