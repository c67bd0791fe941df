import {
  CONTRACT_MESSAGES,
  HANDOVER_MESSAGES,
  MAX_HANDOVER_PHOTOS,
  type HandoverSaveInput,
} from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { thumbnailName } from '../../api/src/domain/shared/blobNames.js';
import type {
  ContractDoc,
  DeviceDoc,
  HandoverDoc,
  HouseDoc,
  LesseeInfoDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { createGuestLink } from '../../api/src/useCases/guestContracts.js';
import { addHandoverPhotos } from '../../api/src/useCases/handovers/photos.js';
import { listHandovers, saveHandover } from '../../api/src/useCases/handovers/records.js';
import {
  createHandoverGuestLink,
  getHandoverDocument,
  guestHandoverDocument,
  readGuestHandover,
  signGuestHandover,
  signHandover,
} from '../../api/src/useCases/handovers/signing.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import {
  aContract,
  aDevice,
  aHouse,
  aLandlord,
  aLessee,
  aRoom,
  aStaff,
  PNG_BYTES,
} from '../support/builders.js';
import { pdfText } from '../support/pdfText.js';
import {
  actorFor,
  expectRefusal,
  landlordWithHouse,
  TEST_ORIGIN,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;
let fan: DeviceDoc;
let bed: DeviceDoc;

const SIGNATURE = `data:image/png;base64,${Buffer.from(PNG_BYTES).toString('base64')}`;

function moveIn(overrides: Partial<HandoverSaveInput> = {}): HandoverSaveInput {
  return {
    contractID: contract.contractID,
    kind: 'moveIn',
    handoverDate: '2026-01-01',
    electricityIndex: 1000,
    waterIndex: 100,
    keyCount: 2,
    keyNote: 'Một chìa phòng, một chìa cổng',
    devices: [
      { deviceID: fan.deviceID, state: 'good' },
      { deviceID: bed.deviceID, state: 'worn', note: 'Chân giường lỏng' },
    ],
    ...overrides,
  };
}

function moveOut(overrides: Partial<HandoverSaveInput> = {}): HandoverSaveInput {
  return {
    ...moveIn(),
    kind: 'moveOut',
    handoverDate: '2026-11-20',
    electricityIndex: 1500,
    waterIndex: 150,
    devices: [
      { deviceID: fan.deviceID, state: 'broken', note: 'Gãy cánh', damageAmount: 250_000 },
      { deviceID: bed.deviceID, state: 'worn' },
    ],
    ...overrides,
  };
}

/** The representative the contract names, so the record has a tenant's name. */
async function aRepresentative(): Promise<LesseeInfoDoc> {
  return houseDocs<LesseeInfoDoc>(deps).create({
    id: contract.representativeLesseeID,
    pk: house.houseID,
    type: 'lesseeInfo',
    lesseeInfoID: contract.representativeLesseeID,
    houseID: house.houseID,
    contractID: contract.contractID,
    roomID: room.roomID,
    occupantName: 'Nguyễn Thị Hằng',
    gender: 0,
    isRepresentative: true,
    status: 1,
  } as LesseeInfoDoc);
}

async function stored(handoverID: string): Promise<HandoverDoc> {
  return (await houseDocs<HandoverDoc>(deps).read(house.houseID, handoverID)) as HandoverDoc;
}

function tokenOf(url: string): string {
  return new URL(url).searchParams.get('token') ?? '';
}

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ house: { houseName: 'Nhà trọ Hoa Sữa' } }));
  room = await aRoom(deps, house, { roomName: 'Phòng 101' });
  contract = await aContract(deps, room);
  fan = await aDevice(deps, room, { deviceName: 'Quạt trần' });
  bed = await aDevice(deps, room, { deviceName: 'Giường gỗ' });
  await aRepresentative();
});

afterEach(async () => {
  await h.close();
});

describe('handover records', () => {
  it('start from the contract’s indexes or the room’s last reading and the room’s devices', async () => {
    await houseDocs<ContractDoc>(deps).patch(house.houseID, contract.contractID, [
      { op: 'set', path: '/moveInElectricityIndex', value: 900 },
      { op: 'set', path: '/moveInWaterIndex', value: 90 },
    ]);
    const list = await listHandovers(actorFor(deps, landlord), contract.contractID);
    expect(list.value).toEqual([]);
    expect(list.prefill.moveIn).toMatchObject({
      electricityIndex: 900,
      waterIndex: 90,
      minElectricityIndex: 900,
      minWaterIndex: 90,
    });
    expect(list.prefill.moveOut).toMatchObject({
      electricityIndex: 1000,
      waterIndex: 100,
      minElectricityIndex: 1000,
      minWaterIndex: 100,
    });
    expect(list.prefill.moveIn.devices.map((device) => [device.deviceName, device.state])).toEqual([
      ['Giường gỗ', 'good'],
      ['Quạt trần', 'good'],
    ]);
  });

  it('are written by the landlord and the house’s staff, one per contract and kind', async () => {
    const saved = await saveHandover(actorFor(deps, landlord), moveIn());
    expect(saved).toMatchObject({
      handoverID: `${contract.contractID}-moveIn`,
      kind: 'moveIn',
      keyCount: 2,
      locked: false,
      damages: [],
    });
    expect(saved.devices.map((device) => [device.deviceName, device.state, device.note])).toEqual([
      ['Quạt trần', 'good', undefined],
      ['Giường gỗ', 'worn', 'Chân giường lỏng'],
    ]);
    const staff = await aStaff(deps, { houses: [house] });
    const edited = await saveHandover(actorFor(deps, staff), moveIn({ keyCount: 3, keyNote: undefined }));
    expect(edited.keyCount).toBe(3);
    expect(edited.keyNote).toBeUndefined();
    const list = await listHandovers(actorFor(deps, landlord), contract.contractID);
    expect(list.value).toHaveLength(1);
  });

  it('refuse the tenant’s writes, another tenant, another landlord and another house’s staff', async () => {
    await saveHandover(actorFor(deps, landlord), moveIn());
    const tenant = await aLessee(deps, { house, room, contract });
    await expectRefusal(
      saveHandover(actorFor(deps, tenant), moveIn()),
      'forbidden',
      HANDOVER_MESSAGES.tenantCannotEdit,
    );
    expect((await listHandovers(actorFor(deps, tenant), contract.contractID)).value).toHaveLength(1);

    const otherRoom = await aRoom(deps, house);
    const otherContract = await aContract(deps, otherRoom);
    const neighbour = await aLessee(deps, { house, room: otherRoom, contract: otherContract });
    await expectRefusal(listHandovers(actorFor(deps, neighbour), contract.contractID), 'notFound', /.*/);
    await expectRefusal(
      getHandoverDocument(actorFor(deps, neighbour), `${contract.contractID}-moveIn`),
      'notFound',
      /.*/,
    );

    const stranger = await aLandlord(deps);
    await aHouse(deps, stranger);
    await expectRefusal(saveHandover(actorFor(deps, stranger), moveIn()), 'notFound', /.*/);
    await expectRefusal(listHandovers(actorFor(deps, stranger), contract.contractID), 'notFound', /.*/);
    const strangersStaff = await aStaff(deps, { houses: [await aHouse(deps, stranger)] });
    await expectRefusal(
      signHandover(actorFor(deps, strangersStaff), `${contract.contractID}-moveIn`, { signature: SIGNATURE }),
      'notFound',
      /.*/,
    );
    expect((await stored(`${contract.contractID}-moveIn`)).lessorSignedOn).toBeUndefined();
  });

  it('refuse indexes below the room’s last reading and devices of another room, changing nothing', async () => {
    await expectRefusal(
      saveHandover(actorFor(deps, landlord), moveOut({ electricityIndex: 999, waterIndex: 99 })),
      'badRequest',
      /.*/,
    ).then((error) =>
      expect(error.details.fieldErrors).toEqual([
        { field: 'electricityIndex', errorMessage: HANDOVER_MESSAGES.indexBelow('Chỉ số điện', 1000) },
        { field: 'waterIndex', errorMessage: HANDOVER_MESSAGES.indexBelow('Chỉ số nước', 100) },
      ]),
    );
    const elsewhere = await aDevice(deps, await aRoom(deps, house));
    const error = await expectRefusal(
      saveHandover(
        actorFor(deps, landlord),
        moveIn({ devices: [{ deviceID: elsewhere.deviceID, state: 'good' }] }),
      ),
      'badRequest',
      /.*/,
    );
    expect(error.details.fieldErrors).toEqual([
      { field: 'devices[0].deviceID', errorMessage: HANDOVER_MESSAGES.unknownDevice },
    ]);
    await expectRefusal(
      saveHandover(
        actorFor(deps, landlord),
        moveIn({
          devices: [
            { deviceID: fan.deviceID, state: 'good' },
            { deviceID: fan.deviceID, state: 'worn' },
          ],
        }),
      ),
      'badRequest',
      /.*/,
    );
    expect((await listHandovers(actorFor(deps, landlord), contract.contractID)).value).toEqual([]);
  });

  it('take photos (JPEG or PNG, with thumbnails) and refuse other files in Vietnamese', async () => {
    const record = await saveHandover(actorFor(deps, landlord), moveIn());
    const withPhoto = await addHandoverPhotos(actorFor(deps, landlord), record.handoverID, [
      { name: 'phong.png', bytes: PNG_BYTES },
    ]);
    expect(withPhoto.images).toHaveLength(1);
    const [photo] = withPhoto.images as [string];
    expect(photo).toMatch(new RegExp(`^${house.houseID}/handover-\\d+-[a-z0-9]+\\.png$`));
    expect(await h.blobs.download('room-images', photo)).toBeDefined();
    expect(await h.blobs.download('room-images', thumbnailName(photo))).toBeDefined();
    expect(withPhoto.imageURLs[0]?.thumbnailURL).toBeTruthy();

    const error = await expectRefusal(
      addHandoverPhotos(actorFor(deps, landlord), record.handoverID, [
        { name: 'phong2.png', bytes: PNG_BYTES },
        { name: 'hopdong.pdf', bytes: new TextEncoder().encode('%PDF-1.4 not a photo') },
      ]),
      'badRequest',
      /.*/,
    );
    expect(error.details.fieldErrors).toEqual([
      { field: 'Images', errorMessage: 'Tệp "hopdong.pdf" không phải ảnh JPG hoặc PNG.' },
    ]);
    expect((await stored(record.handoverID)).images).toEqual([photo]);

    const many = Array.from({ length: MAX_HANDOVER_PHOTOS }, (_, i) => ({
      name: `${i}.png`,
      bytes: PNG_BYTES,
    }));
    await expectRefusal(
      addHandoverPhotos(actorFor(deps, landlord), record.handoverID, many),
      'badRequest',
      /.*/,
    ).then((refused) =>
      expect(refused.details.fieldErrors?.[0]?.errorMessage).toBe(HANDOVER_MESSAGES.tooManyPhotos),
    );

    // Saving without the photo removes it (and its file).
    const without = await saveHandover(actorFor(deps, landlord), moveIn({ keptPhotos: [] }));
    expect(without.images).toEqual([]);
    expect(await h.blobs.download('room-images', photo)).toBeUndefined();
    await expectRefusal(
      saveHandover(actorFor(deps, landlord), moveIn({ keptPhotos: [`${house.houseID}/room-1-abcdef.png`] })),
      'badRequest',
      /.*/,
    );
  });
});

describe('signing a handover record', () => {
  it('the landlord in the app, the tenant through the link; then it is locked', async () => {
    const record = await saveHandover(actorFor(deps, landlord), moveIn());
    const signedByLandlord = await signHandover(actorFor(deps, landlord), record.handoverID, {
      signature: SIGNATURE,
    });
    expect(signedByLandlord).toMatchObject({ lessorSignerName: landlord.fullName, locked: false });
    expect(signedByLandlord.lessorSignedOn).toBe(deps.now().toISOString());
    await expectRefusal(
      signHandover(actorFor(deps, landlord), record.handoverID, { signature: SIGNATURE }),
      'conflict',
      HANDOVER_MESSAGES.alreadySigned,
    );

    const link = await createHandoverGuestLink(actorFor(deps, landlord), record.handoverID);
    expect(link.url).toContain(`/guestHandover/${record.handoverID}?token=`);
    const token = tokenOf(link.url);
    const seen = await readGuestHandover(deps, record.handoverID, token);
    expect(seen).toMatchObject({
      houseName: 'Nhà trọ Hoa Sữa',
      roomName: 'Phòng 101',
      representativeName: 'Nguyễn Thị Hằng',
    });
    expect(seen.handover).not.toHaveProperty('houseID');

    h.clock.advance(60_000);
    const signed = await signGuestHandover(deps, TEST_ORIGIN, {
      handoverID: record.handoverID,
      token,
      signature: SIGNATURE,
    });
    expect(signed.handover).toMatchObject({ locked: true, lesseeSignerName: 'Nguyễn Thị Hằng' });
    await expectRefusal(
      signGuestHandover(deps, TEST_ORIGIN, { handoverID: record.handoverID, token, signature: SIGNATURE }),
      'conflict',
      HANDOVER_MESSAGES.alreadySigned,
    );
    await expectRefusal(
      saveHandover(actorFor(deps, landlord), moveIn({ keyCount: 9 })),
      'conflict',
      HANDOVER_MESSAGES.locked,
    );
    await expectRefusal(
      addHandoverPhotos(actorFor(deps, landlord), record.handoverID, [{ name: 'a.png', bytes: PNG_BYTES }]),
      'conflict',
      HANDOVER_MESSAGES.locked,
    );
    expect((await stored(record.handoverID)).keyCount).toBe(2);
  });

  it('the link opens only its record, only the newest link, and not after it expires', async () => {
    const record = await saveHandover(actorFor(deps, landlord), moveIn());
    const first = tokenOf((await createHandoverGuestLink(actorFor(deps, landlord), record.handoverID)).url);
    const second = tokenOf((await createHandoverGuestLink(actorFor(deps, landlord), record.handoverID)).url);
    await expectRefusal(
      readGuestHandover(deps, record.handoverID, first),
      'notFound',
      HANDOVER_MESSAGES.guestLinkInvalid,
    );
    const other = await saveHandover(actorFor(deps, landlord), moveOut());
    await expectRefusal(
      readGuestHandover(deps, other.handoverID, second),
      'notFound',
      HANDOVER_MESSAGES.guestLinkInvalid,
    );
    const contractToken = tokenOf((await createGuestLink(actorFor(deps, landlord), contract.contractID)).url);
    await expectRefusal(
      readGuestHandover(deps, record.handoverID, contractToken),
      'notFound',
      HANDOVER_MESSAGES.guestLinkInvalid,
    );
    h.clock.advance(25 * 60 * 60 * 1000);
    await expectRefusal(
      signGuestHandover(deps, TEST_ORIGIN, {
        handoverID: record.handoverID,
        token: second,
        signature: SIGNATURE,
      }),
      'notFound',
      HANDOVER_MESSAGES.guestLinkInvalid,
    );
    expect((await stored(record.handoverID)).lesseeSignedOn).toBeUndefined();
  });

  it('refuses a signature that is not a drawn PNG', async () => {
    const record = await saveHandover(actorFor(deps, landlord), moveIn());
    const error = await expectRefusal(
      signHandover(actorFor(deps, landlord), record.handoverID, {
        signature: `data:image/png;base64,${Buffer.from('<svg></svg>').toString('base64')}`,
      }),
      'badRequest',
      /.*/,
    );
    expect(error.details.fieldErrors).toEqual([
      { field: 'signature', errorMessage: CONTRACT_MESSAGES.signatureInvalid },
    ]);
    expect((await stored(record.handoverID)).lessorSignedOn).toBeUndefined();
  });

  it('an edit after one side signed removes that signature', async () => {
    const record = await saveHandover(actorFor(deps, landlord), moveIn());
    await signHandover(actorFor(deps, landlord), record.handoverID, { signature: SIGNATURE });
    const edited = await saveHandover(actorFor(deps, landlord), moveIn({ keyCount: 1 }));
    expect(edited.lessorSignedOn).toBeUndefined();
    expect((await stored(record.handoverID)).lessorSignature).toBeUndefined();
  });
});

describe('the move-out comparison and the PDF', () => {
  it('lists what got worse since move-in as damage lines with the landlord’s amounts', async () => {
    await saveHandover(actorFor(deps, landlord), moveIn());
    const out = await saveHandover(
      actorFor(deps, landlord),
      moveOut({
        devices: [
          { deviceID: fan.deviceID, state: 'broken', note: 'Gãy cánh', damageAmount: 250_000 },
          { deviceID: bed.deviceID, state: 'worn', damageAmount: 99 },
        ],
      }),
    );
    expect(out.damages).toEqual([
      { deviceID: fan.deviceID, description: 'Quạt trần: Tốt → Hỏng (Gãy cánh)', amount: 250_000 },
    ]);
    const lost = await saveHandover(
      actorFor(deps, landlord),
      moveOut({
        devices: [
          { deviceID: bed.deviceID, state: 'lost' },
          { deviceID: fan.deviceID, state: 'good' },
        ],
      }),
    );
    expect(lost.damages).toEqual([
      { deviceID: bed.deviceID, description: 'Giường gỗ: Hỏng nhẹ → Mất', amount: 0 },
    ]);
    const list = await listHandovers(actorFor(deps, landlord), contract.contractID);
    expect(list.prefill.moveOut.devices.find((device) => device.deviceID === bed.deviceID)?.state).toBe(
      'worn',
    );
  });

  it('the PDF is rendered again only when what it shows changed', async () => {
    const record = await saveHandover(actorFor(deps, landlord), moveIn());
    const first = await getHandoverDocument(actorFor(deps, landlord), record.handoverID);
    await createHandoverGuestLink(actorFor(deps, landlord), record.handoverID);
    h.clock.advance(60_000);
    await saveHandover(actorFor(deps, landlord), moveIn());
    expect((await getHandoverDocument(actorFor(deps, landlord), record.handoverID)).blobName).toBe(
      first.blobName,
    );
    await saveHandover(actorFor(deps, landlord), moveIn({ keyCount: 3 }));
    const changed = await getHandoverDocument(actorFor(deps, landlord), record.handoverID);
    expect(changed.blobName).not.toBe(first.blobName);
    expect(await h.blobs.download('contract-pdf', first.blobName)).toBeUndefined();
    expect(
      await pdfText((await h.blobs.download('contract-pdf', changed.blobName)) ?? new Uint8Array()),
    ).toContain('Số chìa khoá bàn giao: 3');
  });

  it('the PDF says it in Vietnamese, with both signatures, for the landlord and the tenant', async () => {
    await saveHandover(actorFor(deps, landlord), moveIn());
    const out = await saveHandover(
      actorFor(deps, landlord),
      moveOut({ note: 'Phòng sạch sẽ, đã trả đủ chìa.' }),
    );
    await signHandover(actorFor(deps, landlord), out.handoverID, { signature: SIGNATURE });
    const token = tokenOf((await createHandoverGuestLink(actorFor(deps, landlord), out.handoverID)).url);
    await signGuestHandover(deps, TEST_ORIGIN, { handoverID: out.handoverID, token, signature: SIGNATURE });

    const link = await getHandoverDocument(actorFor(deps, landlord), out.handoverID);
    expect(link.blobName).toMatch(new RegExp(`^${house.houseID}/handover-\\d+-[a-z0-9]+\\.pdf$`));
    const text = await pdfText((await h.blobs.download('contract-pdf', link.blobName)) ?? new Uint8Array());
    for (const expected of [
      'BIÊN BẢN BÀN GIAO PHÒNG',
      '(Trả phòng)',
      'Nhà trọ Hoa Sữa',
      'Phòng 101',
      'Nguyễn Thị Hằng',
      'Chỉ số điện: 1500',
      'Chỉ số nước: 150',
      'Số chìa khoá bàn giao: 2 (Một chìa phòng, một chìa cổng).',
      'Quạt trần',
      'Giường gỗ',
      'Hỏng nhẹ',
      'Hư hỏng so với khi nhận phòng',
      'Quạt trần: Tốt → Hỏng (Gãy cánh)',
      '250.000',
      'Phòng sạch sẽ, đã trả đủ chìa.',
      'BÊN CHO THUÊ',
      'Đã ký điện tử ngày 20/11/2026',
    ]) {
      expect(text).toContain(expected);
    }
    const tenant = await aLessee(deps, { house, room, contract });
    const again = await getHandoverDocument(actorFor(deps, tenant), out.handoverID);
    expect(again.blobName).toBe(link.blobName);
    expect((await guestHandoverDocument(deps, out.handoverID, token)).blobName).toBe(link.blobName);
  });
});
