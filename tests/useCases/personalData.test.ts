// Personal data kept lawfully (issue 27 §4, Law 91/2025/QH15): consent recorded with identity data,
// identity numbers and photos of people who left erased by the nightly job after the house's retention
// (default 12 months after the stay ends) leaving the name and the dates, the landlord's list of what
// will be erased, a person's own data (JSON and PDF), their erasure request, and every read of identity
// photos in the system log.
import { lesseeCreateSchema, MESSAGES, PERSONAL_DATA_MESSAGES } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMonths, identityErasureDate } from '../../api/src/domain/personalData.js';
import type {
  ContractDoc,
  HouseDoc,
  LesseeInfoDoc,
  OutboxMessageDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { grantRead } from '../../api/src/useCases/blobAccess.js';
import { createLessee, getLessee, updateLessee } from '../../api/src/useCases/lessees.js';
import { LESSEE_MODEL } from '../../api/src/domain/shared/odata/model.js';
import {
  eraseExpiredIdentityData,
  listPlannedErasures,
} from '../../api/src/useCases/personalData/erasing.js';
import {
  confirmMyConsent,
  myData,
  myDataPdf,
  requestErasure,
} from '../../api/src/useCases/personalData/myData.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aContract, aHouse, aLandlord, aLessee, aRoom, PNG_BYTES } from '../support/builders.js';
import { pdfText } from '../support/pdfText.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  landlordWithHouse,
  odata,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;
let n = 0;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-03-01T03:00:00Z') }));
  room = await aRoom(deps, house, { roomName: 'P202' });
  contract = await aContract(deps, room, { startDate: '2026-01-01', endDate: '2026-06-30' });
});
afterEach(async () => {
  await h.close();
});

function photoName(): string {
  n += 1;
  const name = `${house.houseID}/lessee-17954601498${String(n).padStart(2, '0')}-abc${String(n).padStart(3, '0')}.png`;
  h.blobs.put('lessee-infor', name, PNG_BYTES);
  return name;
}

async function anOccupant(fields: Record<string, unknown> = {}): Promise<LesseeInfoDoc> {
  const created = await createLessee(
    actorFor(deps, landlord),
    lesseeCreateSchema.parse({
      contractID: contract.contractID,
      occupantName: 'Lê Văn Tâm',
      gender: 1,
      citizenID: '001099012345',
      placeOfIssue: 'Cục Cảnh sát QLHC về TTXH',
      dateOfIssue: '2021-05-10',
      dateOfBirth: '1999-02-03',
      citizenIDFrontImage: photoName(),
      citizenIDBackImage: photoName(),
      ...fields,
    }),
  );
  return (await houseDocs<LesseeInfoDoc>(deps).read(
    house.houseID,
    String(created.lesseeInfoID),
  )) as LesseeInfoDoc;
}

async function endContract(on: string) {
  const current = (await houseDocs<ContractDoc>(deps).read(
    house.houseID,
    contract.contractID,
  )) as ContractDoc;
  await houseDocs<ContractDoc>(deps).replace({ ...current, status: 3, terminatedOn: on });
}

function nightOf(day: string) {
  h.clock.set(new Date(`${day}T00:05:00+07:00`));
}

describe('the retention rule', () => {
  it('adds calendar months, the 31st becoming the last day of a shorter month', () => {
    expect(addMonths('2026-06-30', 12)).toBe('2027-06-30');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-12-15', 1)).toBe('2028-01-15');
  });

  it('nothing is due while the person lives there or when nothing is left to erase', () => {
    const contractNow = { status: 1, endDate: '2026-06-30' };
    expect(identityErasureDate({ status: 1, citizenID: '001099012345' }, contractNow, 12)).toBeUndefined();
    expect(
      identityErasureDate(
        { status: 2, residentialEndDate: '2026-04-10', citizenID: '001099012345' },
        contractNow,
        12,
      ),
    ).toBe('2027-04-10');
    expect(identityErasureDate({ status: 2 }, contractNow, 12)).toBeUndefined();
    expect(
      identityErasureDate(
        { status: 1, citizenID: '1' },
        { status: 3, endDate: '2026-06-30', terminatedOn: '2026-05-15' },
        undefined,
      ),
    ).toBe('2027-05-15');
  });
});

describe('consent', () => {
  it('is recorded with identity data (what for, when, by whom), not without it; the tenant confirms it', async () => {
    const person = await anOccupant();
    expect(person).toMatchObject({
      consentPurpose: expect.stringContaining('Khai báo tạm trú, lưu trú'),
      consentAt: '2026-03-01T03:00:00.000Z',
      consentBy: expect.stringContaining(landlord.username),
    });
    const withoutPapers = await anOccupant({
      occupantName: 'Không Giấy Tờ',
      citizenID: undefined,
      citizenIDFrontImage: undefined,
      citizenIDBackImage: undefined,
      placeOfIssue: undefined,
      dateOfIssue: undefined,
    });
    expect(withoutPapers.consentAt).toBeUndefined();
    const tenant = await aLessee(deps, {
      house,
      room,
      contract: { ...contract, representativeLesseeID: person.lesseeInfoID },
    });
    h.clock.advance(60_000);
    await confirmMyConsent(actorFor(deps, tenant));
    const confirmed = await houseDocs<LesseeInfoDoc>(deps).read(house.houseID, person.lesseeInfoID);
    expect(confirmed?.consentConfirmedAt).toBe('2026-03-01T03:01:00.000Z');
  });
});

describe('erasure after the retention', () => {
  it('the landlord sees who will be erased and when; the nightly job erases on that day, keeping name and dates', async () => {
    const person = await anOccupant({ residentialStartDate: '2026-01-01' });
    const staying = await anOccupant({ occupantName: 'Vẫn Ở' });
    await updateLessee(actorFor(deps, landlord), person.lesseeInfoID, {
      status: 2,
      residentialEndDate: '2026-02-28',
    });
    const planned = await listPlannedErasures(actorFor(deps, landlord), house.houseID);
    expect(planned).toEqual([
      {
        lesseeInfoID: person.lesseeInfoID,
        contractID: contract.contractID,
        occupantName: 'Lê Văn Tâm',
        stayEndedOn: '2026-02-28',
        erasureDate: '2027-02-28',
      },
    ]);
    const photos = [person.citizenIDFrontImage, person.citizenIDBackImage] as string[];

    nightOf('2027-02-27');
    expect(await eraseExpiredIdentityData(deps)).toBe(0);
    nightOf('2027-02-28');
    expect(await eraseExpiredIdentityData(deps)).toBe(1);
    const erased = (await houseDocs<LesseeInfoDoc>(deps).read(
      house.houseID,
      person.lesseeInfoID,
    )) as LesseeInfoDoc;
    for (const field of [
      'citizenID',
      'placeOfIssue',
      'dateOfIssue',
      'citizenIDFrontImage',
      'citizenIDBackImage',
    ] as const)
      expect(erased[field]).toBeUndefined();
    expect(erased).toMatchObject({
      occupantName: 'Lê Văn Tâm',
      residentialStartDate: '2026-01-01',
      residentialEndDate: '2026-02-28',
      identityErasedAt: expect.any(String),
    });
    expect(erased.searchText).not.toContain('001099012345');
    for (const photo of photos) expect(await h.blobs.blobExists('lessee-infor', photo)).toBe(false);
    // The person still living there keeps theirs.
    const kept = (await houseDocs<LesseeInfoDoc>(deps).read(
      house.houseID,
      staying.lesseeInfoID,
    )) as LesseeInfoDoc;
    expect(kept.citizenID).toBe('001099012345');
    expect(await h.blobs.blobExists('lessee-infor', kept.citizenIDFrontImage as string)).toBe(true);
    expect(await listPlannedErasures(actorFor(deps, landlord), house.houseID)).toEqual([]);
    expect(
      (await auditEntries(deps)).some(
        (entry) => entry.action === 'eraseIdentityData' && entry.entityID === person.lesseeInfoID,
      ),
    ).toBe(true);
    expect(await eraseExpiredIdentityData(deps)).toBe(0);
  });

  it('a house keeps identity data for its own number of months after the contract ends', async () => {
    await houseDocs<HouseDoc>(deps).replace({ ...house, identityRetentionMonths: 3 });
    await anOccupant();
    await endContract('2026-04-15');
    expect((await listPlannedErasures(actorFor(deps, landlord), house.houseID))[0]).toMatchObject({
      stayEndedOn: '2026-04-15',
      erasureDate: '2026-07-15',
    });
    nightOf('2026-07-15');
    expect(await eraseExpiredIdentityData(deps)).toBe(1);
  });

  it('another landlord gets 404 and a tenant 403 for the list', async () => {
    const other = await aLandlord(deps);
    await aHouse(deps, other);
    await expectRefusal(
      listPlannedErasures(actorFor(deps, other), house.houseID),
      'notFound',
      MESSAGES.notFound,
    );
    const tenant = await aLessee(deps, { house, room, contract });
    await expectRefusal(
      listPlannedErasures(actorFor(deps, tenant), house.houseID),
      'forbidden',
      MESSAGES.forbidden,
    );
  });
});

describe("a person's own data", () => {
  it('JSON and a readable PDF of what is kept about the tenant, nobody else', async () => {
    const person = await anOccupant();
    await anOccupant({ occupantName: 'Người Khác', citizenID: '001099099999' });
    const tenant = await aLessee(deps, {
      house,
      room,
      contract: { ...contract, representativeLesseeID: person.lesseeInfoID },
    });
    const data = await myData(actorFor(deps, tenant));
    expect(data.account.username).toBe(tenant.username);
    expect(data.occupant).toMatchObject({ occupantName: 'Lê Văn Tâm', citizenID: '001099012345' });
    expect(data.tenancy).toMatchObject({ roomName: 'P202', startDate: '2026-01-01' });
    expect(data.identityPhotos).toEqual(['Ảnh CCCD mặt trước', 'Ảnh CCCD mặt sau']);
    expect(data.retention).toEqual({ months: 12 });
    expect(JSON.stringify(data)).not.toContain('Người Khác');
    expect(JSON.stringify(data)).not.toContain('passwordHash');

    const { pdf } = await myDataPdf(actorFor(deps, tenant));
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const expected of [
      'DỮ LIỆU CÁ NHÂN CỦA BẠN TRÊN NHÀ TRỌ',
      'Họ tên: Lê Văn Tâm',
      'Số CCCD: 001099012345',
      'Ảnh CCCD mặt trước',
      'Số CCCD và ảnh giấy tờ được giữ 12 tháng',
    ])
      expect(text).toContain(expected);
  });

  it('an erasure request tells the landlord once and follows the same rule', async () => {
    const person = await anOccupant();
    const tenant = await aLessee(deps, {
      house,
      room,
      contract: { ...contract, representativeLesseeID: person.lesseeInfoID },
    });
    expect(await requestErasure(actorFor(deps, tenant))).toEqual({});
    expect(await requestErasure(actorFor(deps, tenant))).toEqual({});
    const messages = (await listInHouse<OutboxMessageDoc>(deps, house.houseID, 'outboxMessage')).filter(
      (m) => m.event === 'erasureRequested',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]?.recipient.userID).toBe(landlord.userID);
    expect(messages[0]?.body).toContain('Lê Văn Tâm (phòng P202');
    expect(messages[0]?.body).toContain('12 tháng sau khi kết thúc thời gian ở');
    expect(await listPlannedErasures(actorFor(deps, landlord), house.houseID)).toEqual([]);
    await endContract('2026-04-30');
    expect((await listPlannedErasures(actorFor(deps, landlord), house.houseID))[0]).toMatchObject({
      erasureDate: '2027-04-30',
      erasureRequestedAt: '2026-03-01T03:00:00.000Z',
    });
    // A landlord has no occupant record to erase.
    await expectRefusal(
      requestErasure(actorFor(deps, landlord)),
      'badRequest',
      PERSONAL_DATA_MESSAGES.notAnOccupant,
    );
  });
});

describe('reads of identity photos', () => {
  it('are in the system log: who and when, for the lessee page and for a photo read URL', async () => {
    const person = await anOccupant();
    h.clock.advance(5_000);
    await getLessee(actorFor(deps, landlord), person.lesseeInfoID, odata(LESSEE_MODEL));
    await grantRead(actorFor(deps, landlord), 'lessee-infor', person.citizenIDFrontImage as string);
    const reads = (await auditEntries(deps)).filter((entry) => entry.action === 'readIdentityPhotos');
    expect(reads).toHaveLength(2);
    for (const read of reads)
      expect(read).toMatchObject({
        userID: landlord.userID,
        at: '2026-03-01T03:00:05.000Z',
        houseID: house.houseID,
      });
    expect(reads.find((read) => read.entityID === person.lesseeInfoID)?.details).toMatchObject({ photos: 2 });
  });
});
