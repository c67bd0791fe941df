import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HouseDoc, RoomDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { addRoomImage, removeRoomImage } from '../../api/src/useCases/rooms.js';
import { thumbnailName } from '../../api/src/domain/shared/blobNames.js';
import { IMAGE_RULES } from '../../api/src/domain/shared/imageFiles.js';
import { decodeImage } from '../../api/src/images/decodeImage.js';
import { isReferenced } from '../../api/src/useCases/shared/blobReferences.js';
import {
  aContract,
  aDevice,
  aLandlord,
  aLessee,
  aRoom,
  aRoomImageName,
  PNG_BYTES,
} from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

const BAD_NAME = 'Tên tệp ảnh không hợp lệ.';
const PDF_BYTES = new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'));

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

/** A photo the browser put with its upload SAS; each call gets a new name. */
function uploaded(
  bytes: Uint8Array = PNG_BYTES,
  inHouse: Pick<HouseDoc, 'houseID'> = house,
  prefix = 'room',
) {
  h.clock.advance(1);
  const name = aRoomImageName(deps, inHouse, prefix);
  h.blobs.put('room-images', name, bytes);
  return name;
}

async function imagesOf(target: RoomDoc): Promise<string[] | undefined> {
  return (await houseDocs<RoomDoc>(deps).read(target.houseID, target.roomID))?.images;
}

describe('addRoomImage', () => {
  it('registers an uploaded PNG, answers read URLs and records the registration', async () => {
    const name = uploaded();
    const reply = await addRoomImage(actorFor(deps, landlord), room.roomID, name);
    expect(reply).toMatchObject({
      images: [name],
      imageURLs: [{ blobName: name, url: expect.stringContaining(`/room-images/${name}?sp=r&`) }],
    });
    expect(await imagesOf(room)).toEqual([name]);
    expect(await auditEntries(deps)).toEqual([
      expect.objectContaining({
        action: 'addImage',
        entity: 'room',
        entityID: room.roomID,
        userID: landlord.userID,
        details: { blobName: name },
      }),
    ]);
  });

  it.each([
    ['a device-photo prefix', () => uploaded(PNG_BYTES, house, 'device')],
    ['another house’s name', () => uploaded(PNG_BYTES, { houseID: 'other-house-0001' })],
    ['a name not made by the server', () => `${house.houseID}/anh-phong.png`],
  ])('refuses %s', async (_what, name) => {
    const blobName = name();
    await expectRefusal(
      addRoomImage(actorFor(deps, landlord), room.roomID, blobName),
      'badRequest',
      BAD_NAME,
    );
    expect(await imagesOf(room)).toEqual([]);
  });

  it('refuses a name of a blob that was never uploaded', async () => {
    await expectRefusal(
      addRoomImage(actorFor(deps, landlord), room.roomID, aRoomImageName(deps, house)),
      'badRequest',
      'Không tìm thấy ảnh đã tải lên. Vui lòng tải lại ảnh.',
    );
  });

  it('deletes an upload that is not a PNG or JPEG and refuses it', async () => {
    const name = uploaded(PDF_BYTES);
    await expectRefusal(
      addRoomImage(actorFor(deps, landlord), room.roomID, name),
      'badRequest',
      'Tệp tải lên không phải ảnh PNG hoặc JPEG.',
    );
    expect(await h.blobs.blobExists('room-images', name)).toBe(false);
    expect(await imagesOf(room)).toEqual([]);
  });

  it('decodes the upload: a PNG whose image data is corrupt is deleted and refused', async () => {
    const corrupt = readFileSync(join(import.meta.dirname, '../fixtures/images/corrupt-idat.png'));
    const name = uploaded(new Uint8Array(corrupt));
    await expectRefusal(
      addRoomImage(actorFor(deps, landlord), room.roomID, name),
      'badRequest',
      'Ảnh bị hỏng hoặc không đầy đủ nên không đọc được. Vui lòng chọn hoặc chụp lại ảnh.',
    );
    expect(await h.blobs.blobExists('room-images', name)).toBe(false);
    expect(await imagesOf(room)).toEqual([]);
  });

  it('deletes an upload larger than 2 MB (a camera original) and refuses it, saying what to do', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);
    const name = uploaded(big);
    await expectRefusal(
      addRoomImage(actorFor(deps, landlord), room.roomID, name),
      'badRequest',
      'Ảnh quá lớn (2,1 MB, tối đa 2 MB cho một ảnh đã thu nhỏ). ' +
        'Vui lòng tải ảnh lên từ trang web Nhà trọ (ảnh được tự thu nhỏ) hoặc chọn ảnh nhỏ hơn.',
    );
    expect(await h.blobs.blobExists('room-images', name)).toBe(false);
  });

  it('refuses a 21st photo', async () => {
    const full = await aRoom(deps, house, {
      images: Array.from(
        { length: 20 },
        (_, index) =>
          `${house.houseID}/room-17000000000${String(index).padStart(2, '0')}-abc${String(index).padStart(3, '0')}.png`,
      ),
    });
    const name = uploaded();
    await expectRefusal(
      addRoomImage(actorFor(deps, landlord), full.roomID, name),
      'conflict',
      'Mỗi phòng có tối đa 20 ảnh.',
    );
    expect(await imagesOf(full)).toHaveLength(20);
  });

  it('refuses a photo already attached to another room or a device', async () => {
    const name = uploaded();
    const other = await aRoom(deps, house, { images: [name] });
    await expectRefusal(
      addRoomImage(actorFor(deps, landlord), room.roomID, name),
      'conflict',
      'Ảnh này đã được gắn cho phòng hoặc thiết bị khác.',
    );
    const devicePhoto = uploaded();
    await aDevice(deps, other, { images: [devicePhoto] });
    await expectRefusal(
      addRoomImage(actorFor(deps, landlord), room.roomID, devicePhoto),
      'conflict',
      'Ảnh này đã được gắn cho phòng hoặc thiết bị khác.',
    );
    expect(await imagesOf(room)).toEqual([]);
  });

  it('does nothing when the same photo is registered twice', async () => {
    const name = uploaded();
    await addRoomImage(actorFor(deps, landlord), room.roomID, name);
    await addRoomImage(actorFor(deps, landlord), room.roomID, name);
    expect(await imagesOf(room)).toEqual([name]);
    expect(await auditEntries(deps)).toHaveLength(1);
  });

  it('treats another landlord’s room and a lessee’s neighbour room as not found', async () => {
    const name = uploaded();
    const stranger = await aLandlord(deps);
    await expectRefusal(
      addRoomImage(actorFor(deps, stranger), room.roomID, name),
      'notFound',
      'Không tìm thấy dữ liệu yêu cầu.',
    );
    const own = await aRoom(deps, house);
    const lessee = await aLessee(deps, { house, room: own, contract: await aContract(deps, own) });
    await expectRefusal(
      addRoomImage(actorFor(deps, lessee), room.roomID, name),
      'notFound',
      'Không tìm thấy dữ liệu yêu cầu.',
    );
    expect(await imagesOf(room)).toEqual([]);
    expect(await h.blobs.blobExists('room-images', name)).toBe(true);
  });
});

describe('thumbnails', () => {
  const JPEG = new Uint8Array(
    readFileSync(join(import.meta.dirname, '../fixtures/images/photo-baseline.jpg')),
  );

  function jpegUploaded(): string {
    h.clock.advance(1);
    const name = aRoomImageName(deps, house).replace(/\.png$/, '.jpg');
    h.blobs.put('room-images', name, JPEG);
    return name;
  }

  it('a registered photo gets a 320 px JPEG beside it, and the reply its read URL', async () => {
    const name = jpegUploaded();
    const reply = await addRoomImage(actorFor(deps, landlord), room.roomID, name);
    expect(reply).toMatchObject({
      imageURLs: [
        {
          blobName: name,
          url: expect.stringContaining(`/room-images/${name}?sp=r&`),
          thumbnailURL: expect.stringContaining(`/room-images/${name}.thumb.jpg?sp=r&`),
        },
      ],
    });
    const thumbnail = await h.blobs.download('room-images', thumbnailName(name));
    if (!thumbnail) throw new Error('no thumbnail stored');
    const decoded = await decodeImage(thumbnail, IMAGE_RULES.photo);
    // photo-baseline.jpg is 480×360.
    expect(decoded).toMatchObject({ ok: true, image: { type: 'jpg', width: 320, height: 240 } });
    expect(thumbnail.byteLength).toBeLessThan(JPEG.byteLength);
  });

  it('a refused upload leaves no thumbnail', async () => {
    const corrupt = readFileSync(join(import.meta.dirname, '../fixtures/images/corrupt-idat.png'));
    const name = uploaded(new Uint8Array(corrupt));
    await expect(addRoomImage(actorFor(deps, landlord), room.roomID, name)).rejects.toThrow();
    expect(h.blobs.names('room-images')).toEqual([]);
  });

  it('lives as long as its photo: kept while the room lists it, deleted with it', async () => {
    const name = jpegUploaded();
    await addRoomImage(actorFor(deps, landlord), room.roomID, name);
    expect(await isReferenced(deps, 'room-images', thumbnailName(name))).toBe(true);
    await removeRoomImage(actorFor(deps, landlord), room.roomID, name);
    expect(h.blobs.names('room-images')).toEqual([]);
    // A thumbnail whose photo nothing lists is one the nightly sweep removes.
    h.blobs.put('room-images', thumbnailName(name), JPEG);
    expect(await isReferenced(deps, 'room-images', thumbnailName(name))).toBe(false);
  });
});

describe('removeRoomImage', () => {
  it('takes the photo off the room, then deletes the blob', async () => {
    const kept = uploaded();
    const removed = uploaded();
    const withPhotos = await aRoom(deps, house, { images: [kept, removed] });
    const reply = await removeRoomImage(actorFor(deps, landlord), withPhotos.roomID, removed);
    expect(reply).toMatchObject({ images: [kept] });
    expect(await imagesOf(withPhotos)).toEqual([kept]);
    expect(h.blobs.names('room-images')).toEqual([kept]);
    expect(await auditEntries(deps)).toEqual([
      expect.objectContaining({ action: 'deleteImage', details: { blobName: removed } }),
    ]);
  });

  it('refuses a photo the room does not have and deletes nothing', async () => {
    const name = uploaded();
    await expectRefusal(
      removeRoomImage(actorFor(deps, landlord), room.roomID, name),
      'notFound',
      'Không tìm thấy ảnh này trong phòng.',
    );
    expect(await h.blobs.blobExists('room-images', name)).toBe(true);
  });
});
