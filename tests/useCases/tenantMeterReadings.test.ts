import { meterSubmissionSchema, TENANT_READING_MESSAGES } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { thumbnailName } from '../../api/src/domain/shared/blobNames.js';
import { log } from '../../api/src/telemetry/log.js';
import type {
  ContractDoc,
  HouseDoc,
  MeterRecordDoc,
  MeterSubmissionDoc,
  OutboxMessageDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import {
  isSuperseded,
  tenantReadingClosed,
  tenantReadingReminderDue,
} from '../../api/src/domain/meterRecords.js';
import { updateHouse } from '../../api/src/useCases/houses.js';
import { houseFacts } from '../../api/src/useCases/houseTickets/facts.js';
import { writeMeterReadingReminders } from '../../api/src/useCases/meterRecords/readingReminders.js';
import { saveMeterReadings } from '../../api/src/useCases/meterRecords/saving.js';
import {
  decideMeterSubmission,
  listMeterSubmissions,
  submitMeterReadings,
} from '../../api/src/useCases/meterRecords/tenantReadings.js';
import { isReferenced, isTenantsOwnPhoto } from '../../api/src/useCases/shared/blobReferences.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aReading } from '../support/billingBuilders.js';
import {
  aContract,
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
  landlordWithHouse,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/** Tenants who read their own meters (issue 27 §3): sending, the deadline, accepting, correcting, rights. */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;
let tenant: UserDoc;

const MONTH = '2026-11';

beforeEach(async () => {
  // 03:00 UTC is 10:00 in Vietnam: today is 2026-11-03 there, before the default deadline (the 5th).
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-11-03T03:00:00Z') }));
  room = await aRoom(deps, house, { roomName: 'P101' });
  contract = await aContract(deps, room);
  tenant = await aLessee(deps, { house, room, contract });
  await aReading(deps, room, 'electricity', { month: '2026-10', previousIndex: 100, newIndex: 150 });
  await aReading(deps, room, 'water', { month: '2026-10', previousIndex: 10, newIndex: 20 });
  await updateHouse(actorFor(deps, landlord), house.houseID, { tenantMeterReading: true });
  house = (await houseDocs<HouseDoc>(deps).read(house.houseID, house.houseID)) as HouseDoc;
});
afterEach(() => h.close());

function photo(of: Pick<HouseDoc, 'houseID'> = house): string {
  const name = aRoomImageName(deps, of);
  h.blobs.put('room-images', name, PNG_BYTES);
  return name;
}

function sending(electricityIndex: number, waterIndex: number, extra: Record<string, unknown> = {}) {
  return meterSubmissionSchema.parse({
    electricityIndex,
    waterIndex,
    electricityImage: photo(),
    waterImage: photo(),
    ...extra,
  });
}

async function submissions(): Promise<MeterSubmissionDoc[]> {
  return listInHouse<MeterSubmissionDoc>(deps, house.houseID, 'meterSubmission');
}

async function monthRecords(): Promise<MeterRecordDoc[]> {
  return listInHouse<MeterRecordDoc>(deps, house.houseID, 'meterRecord', {
    op: 'eq',
    field: 'month',
    value: MONTH,
  });
}

describe('when a tenant may send', () => {
  it('only when the house lets tenants read, until the deadline day', () => {
    expect(tenantReadingClosed({}, '2026-11-01')).toEqual({
      status: 403,
      message: 'Nhà trọ chưa cho khách tự ghi chỉ số điện nước.',
    });
    expect(tenantReadingClosed({ tenantMeterReading: true }, '2026-11-05')).toBeUndefined();
    expect(tenantReadingClosed({ tenantMeterReading: true }, '2026-11-06')).toEqual({
      status: 409,
      message: 'Đã quá hạn gửi chỉ số (ngày 5 hằng tháng): nhân viên sẽ ghi chỉ số phòng bạn.',
    });
    expect(
      tenantReadingClosed({ tenantMeterReading: true, tenantReadingDeadlineDay: 10 }, '2026-11-10'),
    ).toBeUndefined();
  });

  it('is refused when the house has not turned it on, and nothing is stored', async () => {
    await updateHouse(actorFor(deps, landlord), house.houseID, { tenantMeterReading: false });
    await expectRefusal(
      submitMeterReadings(actorFor(deps, tenant), sending(160, 22)),
      'forbidden',
      TENANT_READING_MESSAGES.notEnabled,
    );
    expect(await submissions()).toEqual([]);
  });

  it('is refused after the deadline day: the staff round reads the room', async () => {
    h.clock.set(new Date('2026-11-06T03:00:00Z'));
    await expectRefusal(
      submitMeterReadings(actorFor(deps, tenant), sending(160, 22)),
      'conflict',
      TENANT_READING_MESSAGES.pastDeadline(5),
    );
    await updateHouse(actorFor(deps, landlord), house.houseID, { tenantReadingDeadlineDay: 6 });
    await submitMeterReadings(actorFor(deps, tenant), sending(160, 22));
    expect(await submissions()).toHaveLength(1);
  });
});

describe('a tenant sends their indexes with photos', () => {
  it('stores one pending sending of the month with who and when; the photos become theirs to see', async () => {
    const input = sending(160, 22);
    const sent = await submitMeterReadings(actorFor(deps, tenant), input);
    expect(sent).toMatchObject({
      roomID: room.roomID,
      contractID: contract.contractID,
      month: MONTH,
      electricityIndex: 160,
      waterIndex: 22,
      status: 'pending',
      submittedBy: tenant.userID,
      submittedOn: '2026-11-03T03:00:00.000Z',
    });
    expect(await isReferenced(deps, 'room-images', input.electricityImage)).toBe(true);
    expect(await isTenantsOwnPhoto(deps, input.waterImage, house.houseID, { roomID: room.roomID })).toBe(
      true,
    );
    expect(await isTenantsOwnPhoto(deps, input.waterImage, house.houseID, { roomID: 'another-room' })).toBe(
      false,
    );
    expect((await auditEntries(deps)).some((entry) => entry.entity === 'meterSubmission')).toBe(true);
  });

  it('refuses an index below last month’s with a clear message, storing nothing', async () => {
    const error = await expectRefusal(
      submitMeterReadings(actorFor(deps, tenant), sending(149, 19)),
      'badRequest',
      /.*/,
    );
    expect(error.details.fieldErrors).toEqual([
      { field: 'electricityIndex', errorMessage: 'Chỉ số điện không được nhỏ hơn chỉ số tháng trước (150).' },
      { field: 'waterIndex', errorMessage: 'Chỉ số nước không được nhỏ hơn chỉ số tháng trước (20).' },
    ]);
    expect(await submissions()).toEqual([]);
  });

  it('refuses a photo of another house or one already held by another object', async () => {
    const other = await aHouse(deps, landlord);
    const error = await expectRefusal(
      submitMeterReadings(actorFor(deps, tenant), sending(160, 22, { electricityImage: photo(other) })),
      'badRequest',
      /.*/,
    );
    expect(error.details.fieldErrors?.map((problem) => problem.field)).toEqual(['electricityImage']);
    const shared = photo();
    await expectRefusal(
      submitMeterReadings(
        actorFor(deps, tenant),
        sending(160, 22, { electricityImage: shared, waterImage: shared }),
      ),
      'badRequest',
      /.*/,
    );
    expect(await submissions()).toEqual([]);
  });

  it('replaces a pending sending with a second one (one per room and month)', async () => {
    await submitMeterReadings(actorFor(deps, tenant), sending(160, 22));
    await submitMeterReadings(actorFor(deps, tenant), sending(165, 23));
    const stored = await submissions();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ electricityIndex: 165, waterIndex: 23, status: 'pending' });
  });

  it('is refused once the month is read, and for anyone but a tenant with a current contract', async () => {
    await expectRefusal(
      submitMeterReadings(actorFor(deps, landlord), sending(160, 22)),
      'forbidden',
      TENANT_READING_MESSAGES.tenantOnly,
    );
    const ended = await aContract(deps, await aRoom(deps, house, { roomName: 'P102' }), { status: 2 });
    const former = await aLessee(deps, { house, room, contract: ended });
    await expectRefusal(submitMeterReadings(actorFor(deps, former), sending(160, 22)), 'notFound', /.*/);
    await saveMeterReadings(actorFor(deps, landlord), {
      records: [{ roomID: room.roomID, kind: 'electricity', month: MONTH, newIndex: 155 }],
    });
    await expectRefusal(
      submitMeterReadings(actorFor(deps, tenant), sending(160, 22)),
      'conflict',
      TENANT_READING_MESSAGES.alreadyRead,
    );
  });
});

describe('the landlord or staff decide', () => {
  async function sent(electricity = 160, water = 22): Promise<MeterSubmissionDoc> {
    await submitMeterReadings(actorFor(deps, tenant), sending(electricity, water));
    return (await submissions())[0] as MeterSubmissionDoc;
  }

  it('see the pending sending with last month’s photos beside it; a tenant sees only their own room', async () => {
    const doc = await sent();
    const board = await listMeterSubmissions(actorFor(deps, landlord), { houseID: house.houseID });
    expect(board.value).toHaveLength(1);
    expect(board.value[0]).toMatchObject({ meterSubmissionID: doc.meterSubmissionID, status: 'pending' });
    expect(board.value[0]?.photos.electricity?.sent?.blobName).toBe(doc.electricityImage);
    expect(board.value[0]?.photos.water?.sent?.blobName).toBe(doc.waterImage);
    const neighbourRoom = await aRoom(deps, house, { roomName: 'P103' });
    const neighbour = await aLessee(deps, {
      house,
      room: neighbourRoom,
      contract: await aContract(deps, neighbourRoom),
    });
    expect((await listMeterSubmissions(actorFor(deps, neighbour), {})).value).toEqual([]);
    expect((await listMeterSubmissions(actorFor(deps, tenant), {})).value).toHaveLength(1);
  });

  it('accept: the values become the month’s readings with the photos, and the draft reads them', async () => {
    const doc = await sent();
    const decided = await decideMeterSubmission(actorFor(deps, landlord), doc.meterSubmissionID, {});
    expect(decided).toMatchObject({ status: 'accepted', decidedBy: landlord.userID });
    const records = await monthRecords();
    expect(
      records
        .map((record) => [record.kind, record.previousIndex, record.newIndex, record.imageBlobName])
        .sort(),
    ).toEqual([
      ['electricity', 150, 160, doc.electricityImage],
      ['water', 20, 22, doc.waterImage],
    ]);
    const facts = await houseFacts(deps, house, MONTH);
    expect(facts.readingsByRoom.get(room.roomID)?.electricity?.usage).toBe(10);
    await expectRefusal(
      decideMeterSubmission(actorFor(deps, landlord), doc.meterSubmissionID, {}),
      'conflict',
      TENANT_READING_MESSAGES.notPending,
    );
  });

  it('accept keeps the photos and their thumbnails as they are, quietly (no thumbnail warning)', async () => {
    const doc = await sent();
    const thumbnail = thumbnailName(doc.electricityImage as string);
    const before = await deps.blobs.download('room-images', thumbnail);
    expect(before).toBeDefined();
    const warn = vi.spyOn(log, 'warn');
    try {
      await decideMeterSubmission(actorFor(deps, landlord), doc.meterSubmissionID, {});
      expect(warn.mock.calls.map(([event]) => event)).not.toContain('upload.thumbnailFailed');
    } finally {
      warn.mockRestore();
    }
    expect(await deps.blobs.download('room-images', thumbnail)).toEqual(before);
  });

  it('correct: the corrected values become the readings; the tenant’s stay on the sending', async () => {
    const doc = await sent(190, 22);
    const staff = await aStaff(deps, { houses: [house] });
    const decided = await decideMeterSubmission(actorFor(deps, staff), doc.meterSubmissionID, {
      electricityIndex: 170,
    });
    expect(decided).toMatchObject({
      status: 'corrected',
      electricityIndex: 190,
      correctedElectricityIndex: 170,
      correctedWaterIndex: 22,
      decidedBy: staff.userID,
    });
    const electricity = (await monthRecords()).find((record) => record.kind === 'electricity');
    expect(electricity?.newIndex).toBe(170);
    expect(electricity?.recordedBy).toBe(staff.userID);
  });

  it('a correction below last month’s index is refused by the reading rules and nothing changes', async () => {
    const doc = await sent();
    await expectRefusal(
      decideMeterSubmission(actorFor(deps, landlord), doc.meterSubmissionID, { electricityIndex: 120 }),
      'badRequest',
      /.*/,
    );
    expect(await monthRecords()).toEqual([]);
    expect((await submissions())[0]?.status).toBe('pending');
  });

  it('a staff reading entered after the sending supersedes it', async () => {
    const doc = await sent();
    h.clock.advance(60_000);
    await saveMeterReadings(actorFor(deps, landlord), {
      records: [
        { roomID: room.roomID, kind: 'electricity', month: MONTH, newIndex: 158 },
        { roomID: room.roomID, kind: 'water', month: MONTH, newIndex: 21 },
      ],
    });
    expect(isSuperseded(doc, await monthRecords())).toBe(true);
    const board = await listMeterSubmissions(actorFor(deps, landlord), { houseID: house.houseID });
    expect(board.value[0]).toMatchObject({ status: 'superseded' });
    await expectRefusal(
      decideMeterSubmission(actorFor(deps, landlord), doc.meterSubmissionID, {}),
      'conflict',
      TENANT_READING_MESSAGES.superseded,
    );
    expect((await monthRecords()).map((record) => record.newIndex).sort()).toEqual([158, 21]);
  });

  it('another landlord, staff of another house and the tenant find nothing to decide', async () => {
    const doc = await sent();
    const stranger = await aLandlord(deps);
    const otherStaff = await aStaff(deps, { houses: [await aHouse(deps, stranger)] });
    for (const who of [stranger, otherStaff, tenant]) {
      await expectRefusal(
        decideMeterSubmission(actorFor(deps, who), doc.meterSubmissionID, {}),
        'notFound',
        /.*/,
      );
    }
    expect(await monthRecords()).toEqual([]);
  });
});

describe('the reminder on the billing day', () => {
  async function withAccount(of: ContractDoc, account: UserDoc): Promise<void> {
    const stored = (await houseDocs<ContractDoc>(deps).read(house.houseID, of.contractID)) as ContractDoc;
    await houseDocs<ContractDoc>(deps).replace({ ...stored, lesseeAccountID: account.userID });
  }

  async function reminders(): Promise<OutboxMessageDoc[]> {
    return (await listInHouse<OutboxMessageDoc>(deps, house.houseID, 'outboxMessage')).filter(
      (message) => message.event === 'meterReadingDue',
    );
  }

  beforeEach(async () => {
    await withAccount(contract, tenant);
    house = (await houseDocs<HouseDoc>(deps).read(house.houseID, house.houseID)) as HouseDoc;
    await houseDocs<HouseDoc>(deps).replace({ ...house, billingDay: 2 });
  });

  it('is due from the billing day (or the deadline, if earlier) through the deadline, if the house lets tenants read', () => {
    const on = { tenantMeterReading: true, tenantReadingDeadlineDay: 5 };
    expect(tenantReadingReminderDue(on, 2, '2026-11-01')).toBe(false);
    expect(tenantReadingReminderDue(on, 2, '2026-11-02')).toBe(true);
    expect(tenantReadingReminderDue(on, 2, '2026-11-05')).toBe(true);
    expect(tenantReadingReminderDue(on, 2, '2026-11-06')).toBe(false);
    expect(tenantReadingReminderDue(on, 10, '2026-11-05')).toBe(true);
    expect(tenantReadingReminderDue({ ...on, tenantMeterReading: false }, 2, '2026-11-03')).toBe(false);
  });

  it('is written once per contract and month, to the tenant, naming the deadline', async () => {
    const first = await writeMeterReadingReminders(deps);
    expect(first).toMatchObject({ written: 1, alreadyWritten: 0 });
    const again = await writeMeterReadingReminders(deps);
    expect(again).toMatchObject({ written: 0, alreadyWritten: 1 });
    const written = await reminders();
    expect(written).toHaveLength(1);
    expect(written[0]?.recipient.userID).toBe(tenant.userID);
    expect(written[0]?.body).toContain('trước hết ngày 05/11/2026');
  });

  it('skips a room whose tenant already sent, houses without the setting and days after the deadline', async () => {
    await submitMeterReadings(actorFor(deps, tenant), sending(160, 22));
    expect((await writeMeterReadingReminders(deps)).written).toBe(0);
    await houseDocs(deps).delete(house.houseID, (await submissions())[0]?.id as string);
    h.clock.set(new Date('2026-11-06T03:00:00Z'));
    expect((await writeMeterReadingReminders(deps)).written).toBe(0);
    h.clock.set(new Date('2026-11-03T03:00:00Z'));
    await updateHouse(actorFor(deps, landlord), house.houseID, { tenantMeterReading: false });
    expect((await writeMeterReadingReminders(deps)).written).toBe(0);
    expect(await reminders()).toEqual([]);
  });
});
