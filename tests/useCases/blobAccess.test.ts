import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HouseDoc, MeterRecordDoc, RoomDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { grantHouseUpload, grantRead, grantRegistrationUpload } from '../../api/src/useCases/blobAccess.js';
import {
  aContract,
  aDevice,
  aHouse,
  aLandlord,
  aLessee,
  aRoom,
  aRoomImageName,
  aStaff,
  aSuperAdmin,
  PNG_BYTES,
} from '../support/builders.js';
import {
  actorFor,
  expectRefusal,
  TEST_ORIGIN,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';
import { anIssue } from '../support/issueBuilders.js';
import { aMeter, aMeterRecord } from '../support/meterBuilders.js';

const NOT_FOUND = 'Không tìm thấy dữ liệu yêu cầu.';
const FORBIDDEN = 'Bạn không có quyền thực hiện thao tác này.';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse());
});
afterEach(() => h.close());

async function aLesseeOfHouse(): Promise<UserDoc> {
  const room = await aRoom(deps, house);
  return aLessee(deps, { house, room, contract: await aContract(deps, room) });
}

describe('grantHouseUpload', () => {
  it('grants a create-only SAS for one server-named blob of the house', async () => {
    const grant = await grantHouseUpload(actorFor(deps, landlord), 'room-images', house.houseID, 'png');
    expect(grant.blobName).toMatch(
      new RegExp(`^${house.houseID}/room-${h.clock.now().getTime()}-[a-z0-9]{6}\\.png$`),
    );
    expect(grant.uploadURL).toBe(`${h.blobs.accountUrl}/room-images/${grant.blobName}?${grant.accessKey}`);
    expect(grant.accessKey).toContain('sp=c');
    expect(grant.expiresOn).toBe(new Date(h.clock.now().getTime() + 60 * 60_000).toISOString());
  });

  it('refuses another landlord’s house as not found', async () => {
    const stranger = await aLandlord(deps);
    await expectRefusal(
      grantHouseUpload(actorFor(deps, stranger), 'room-images', house.houseID, 'png'),
      'notFound',
      NOT_FOUND,
    );
    expect(h.blobs.issued).toEqual([]);
  });

  it('refuses staff for houses not assigned to them', async () => {
    const other = await aHouse(deps, landlord);
    const staff = actorFor(deps, await aStaff(deps, { houses: [house] }));
    await grantHouseUpload(staff, 'contract-pdf', house.houseID, 'pdf');
    await expectRefusal(grantHouseUpload(staff, 'contract-pdf', other.houseID, 'pdf'), 'notFound', NOT_FOUND);
  });

  it('lets a lessee upload their identity papers and photos for their issue reports', async () => {
    const lessee = actorFor(deps, await aLesseeOfHouse());
    const grant = await grantHouseUpload(lessee, 'lessee-infor', house.houseID, 'png');
    expect(grant.blobName.startsWith(`${house.houseID}/lessee-`)).toBe(true);
    const photo = await grantHouseUpload(lessee, 'room-images', house.houseID, 'png');
    expect(photo.blobName.startsWith(`${house.houseID}/room-`)).toBe(true);
  });

  it('never grants registration uploads through a house', async () => {
    await expectRefusal(
      grantHouseUpload(actorFor(deps, landlord), 'hm-registration', house.houseID, 'pdf'),
      'forbidden',
      FORBIDDEN,
    );
  });
});

describe('grantRead', () => {
  it('issues a read-only URL for a blob of the caller’s house that a room shows', async () => {
    const name = aRoomImageName(deps, house);
    h.blobs.put('room-images', name, PNG_BYTES);
    await aRoom(deps, house, { images: [name] });
    const read = await grantRead(actorFor(deps, landlord), 'room-images', name);
    expect(read.url).toContain(`/room-images/${name}?sp=r&`);
    expect(h.blobs.issued).toEqual([
      { container: 'room-images', blobName: name, permission: 'r', minutes: 15 },
    ]);
  });

  it('refuses a malformed name', async () => {
    await expectRefusal(
      grantRead(actorFor(deps, landlord), 'room-images', '../khac/anh.png'),
      'badRequest',
      'Tên tệp không hợp lệ.',
    );
  });

  it('answers not found for a blob that does not exist or belongs to another landlord', async () => {
    await expectRefusal(
      grantRead(actorFor(deps, landlord), 'room-images', aRoomImageName(deps, house)),
      'notFound',
      NOT_FOUND,
    );
    const name = aRoomImageName(deps, house);
    h.blobs.put('room-images', name, PNG_BYTES);
    await expectRefusal(
      grantRead(actorFor(deps, await aLandlord(deps)), 'room-images', name),
      'notFound',
      NOT_FOUND,
    );
    expect(h.blobs.issued).toEqual([]);
  });

  it('lets a lessee read the photos of their own room, devices and meter readings, but not other papers there', async () => {
    const room = await aRoom(deps, house);
    const contract = await aContract(deps, room);
    const lessee = actorFor(deps, await aLessee(deps, { house, room, contract }));
    const [roomPhoto, devicePhoto, meterPhoto] = [
      aRoomImageName(deps, house),
      aRoomImageName(deps, house, 'device'),
      aRoomImageName(deps, house),
    ];
    for (const name of [roomPhoto, devicePhoto, meterPhoto]) h.blobs.put('room-images', name, PNG_BYTES);
    await houseDocs<RoomDoc>(deps).replace({ ...room, images: [roomPhoto] });
    await aDevice(deps, room, { images: [devicePhoto] });
    const meter = await aMeter(deps, room, 'electricity');
    const reading = await aMeterRecord(deps, room, meter, {
      month: '2026-10',
      previousIndex: 0,
      newIndex: 5,
    });
    await houseDocs<MeterRecordDoc>(deps).replace({ ...reading, imageBlobName: meterPhoto });
    for (const name of [roomPhoto, devicePhoto, meterPhoto]) {
      await expect(grantRead(lessee, 'room-images', name)).resolves.toMatchObject({
        url: expect.stringContaining('sp=r'),
      });
    }
    const pdf = `${house.houseID}/contract-${h.clock.now().getTime()}-abc123.pdf`;
    h.blobs.put('contract-pdf', pdf, new Uint8Array(Buffer.from('%PDF-1.4')), 'application/pdf');
    await expectRefusal(grantRead(lessee, 'contract-pdf', pdf), 'notFound', NOT_FOUND);
  });

  it('a lessee gets no read URL for another tenant’s room, device, meter or issue photo in the same house', async () => {
    const room = await aRoom(deps, house);
    const contract = await aContract(deps, room);
    const lessee = actorFor(deps, await aLessee(deps, { house, room, contract }));
    const mine = aRoomImageName(deps, house);
    h.blobs.put('room-images', mine, PNG_BYTES);
    await anIssue(deps, contract, room, { images: [mine] });

    const neighbourRoom = await aRoom(deps, house);
    const neighbour = await aContract(deps, neighbourRoom);
    const theirs = {
      room: aRoomImageName(deps, house),
      device: aRoomImageName(deps, house, 'device'),
      meter: aRoomImageName(deps, house),
      issue: aRoomImageName(deps, house),
      // An issue the neighbour reported about this very room (under their own contract) is not this tenant's.
      issueHere: aRoomImageName(deps, house),
      // A report of an earlier tenancy of the same room: not this tenant's either.
      earlierTenancy: aRoomImageName(deps, house),
    };
    for (const name of Object.values(theirs)) h.blobs.put('room-images', name, PNG_BYTES);
    await houseDocs<RoomDoc>(deps).replace({ ...neighbourRoom, images: [theirs.room] });
    await aDevice(deps, neighbourRoom, { images: [theirs.device] });
    const meter = await aMeter(deps, neighbourRoom, 'water');
    const reading = await aMeterRecord(deps, neighbourRoom, meter, {
      month: '2026-10',
      previousIndex: 0,
      newIndex: 3,
    });
    await houseDocs<MeterRecordDoc>(deps).replace({ ...reading, imageBlobName: theirs.meter });
    await anIssue(deps, neighbour, neighbourRoom, { images: [theirs.issue] });
    await anIssue(deps, neighbour, room, { images: [theirs.issueHere] });
    await anIssue(deps, { houseID: house.houseID, contractID: 'hop-dong-truoc' }, room, {
      images: [theirs.earlierTenancy],
    });

    await expect(grantRead(lessee, 'room-images', mine)).resolves.toMatchObject({
      url: expect.stringContaining('sp=r'),
    });
    const issuedBefore = h.blobs.issued.length;
    for (const name of Object.values(theirs)) {
      await expectRefusal(grantRead(lessee, 'room-images', name), 'notFound', NOT_FOUND);
    }
    expect(h.blobs.issued).toHaveLength(issuedBefore);
    // The landlord reads them all.
    for (const name of Object.values(theirs)) {
      await expect(grantRead(actorFor(deps, landlord), 'room-images', name)).resolves.toHaveProperty('url');
    }
  });

  it('gives no read URL for an upload nothing references, not even to the super admin', async () => {
    const name = `reg-abcdefghijkl/registration-${h.clock.now().getTime()}-abc123.pdf`;
    h.blobs.put('hm-registration', name, new Uint8Array(Buffer.from('%PDF-1.4')), 'application/pdf');
    await expectRefusal(grantRead(actorFor(deps, landlord), 'hm-registration', name), 'notFound', NOT_FOUND);
    await expectRefusal(
      grantRead(actorFor(deps, await aSuperAdmin(deps)), 'hm-registration', name),
      'notFound',
      NOT_FOUND,
    );
    const photo = aRoomImageName(deps, house);
    h.blobs.put('room-images', photo, PNG_BYTES);
    await expectRefusal(grantRead(actorFor(deps, landlord), 'room-images', photo), 'notFound', NOT_FOUND);
    expect(h.blobs.issued).toEqual([]);
  });
});

describe('grantRegistrationUpload', () => {
  it('grants a fresh registration scope per call', async () => {
    const first = await grantRegistrationUpload(deps, TEST_ORIGIN, 'pdf');
    const second = await grantRegistrationUpload(deps, TEST_ORIGIN, 'png');
    expect(first.blobName).toMatch(/^reg-[A-Za-z0-9_-]{16}\/registration-\d{13}-[a-z0-9]{6}\.pdf$/);
    expect(first.blobName.split('/')[0]).not.toBe(second.blobName.split('/')[0]);
    expect(first.accessKey).toContain('sp=c');
  });

  it('refuses other file types, still counting the attempt', async () => {
    await expectRefusal(
      grantRegistrationUpload(deps, TEST_ORIGIN, 'exe'),
      'badRequest',
      'Chỉ chấp nhận tệp .png, .jpg hoặc .pdf.',
    );
    const throttled = await deps.store
      .container('throttle')
      .read('upload:registration:203.0.113.7', 'upload:registration:203.0.113.7');
    expect(throttled).toMatchObject({ failures: [h.clock.now().getTime()] });
  });

  it('locks an address out for an hour after 30 grants', async () => {
    for (let index = 0; index < 30; index += 1) await grantRegistrationUpload(deps, TEST_ORIGIN, 'pdf');
    const error = await expectRefusal(
      grantRegistrationUpload(deps, TEST_ORIGIN, 'pdf'),
      'tooManyRequests',
      'Bạn đã tải lên quá nhiều tệp. Vui lòng thử lại sau ít phút.',
    );
    expect(error.details.retryAfterSeconds).toBe(3600);
    await grantRegistrationUpload(deps, { ...TEST_ORIGIN, ip: '198.51.100.2' }, 'pdf');
    h.clock.advance(60 * 60 * 1000 + 1);
    await grantRegistrationUpload(deps, TEST_ORIGIN, 'pdf');
  });
});
