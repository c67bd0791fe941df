import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { METER_MESSAGES, type MeterReadingInput } from '@nhatro/common';
import { AppError } from '../../api/src/domain/shared/errors.js';
import type {
  HouseDoc,
  HouseScopedDoc,
  MeterDoc,
  MeterRecordDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { HOUSE_MODEL, METER_RECORD_MODEL, ROOM_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type { Container, Store, StoredDoc } from '../../api/src/store/store.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { getHouse } from '../../api/src/useCases/houses.js';
import { listMeterRecords } from '../../api/src/useCases/meterRecords/listing.js';
import { saveMeterReading, saveMeterReadings } from '../../api/src/useCases/meterRecords/saving.js';
import { importEmptyRooms } from '../../api/src/useCases/roomImport.js';
import { createRoom, getRoom } from '../../api/src/useCases/rooms.js';
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
import { aHouseTicket, aMeter, aMeterRecord, aReadingHistory } from '../support/meterBuilders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  odata,
  refusal,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';
import { roomImportFile } from '../support/xlsx.js';

const NOT_FOUND = 'Không tìm thấy dữ liệu yêu cầu.';
const STALE = 'Dữ liệu đã được người khác thay đổi. Vui lòng tải lại trang và thử lại.';

/** The harness clock: 2026-11-20 10:00 in Vietnam. */
const THIS_MONTH = '2026-11';
const TODAY = '2026-11-20';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse());
});
afterEach(() => h.close());

/** A room made through `createRoom`, so it has its two meters. */
async function newRoom(
  overrides: { roomName?: string; floor?: number; electricity?: number; water?: number } = {},
): Promise<RoomDoc> {
  const created = await createRoom(actorFor(deps, landlord), {
    houseID: house.houseID,
    roomName: overrides.roomName ?? 'P101',
    roomDescription: '',
    acreage: 20,
    floor: overrides.floor ?? 1,
    price: 2_500_000,
    currentElectricityIndex: overrides.electricity ?? 1000,
    currentWaterIndex: overrides.water ?? 100,
  });
  return readRoom(created['roomID'] as string);
}

async function readRoom(roomID: string): Promise<RoomDoc> {
  const room = await houseDocs<RoomDoc>(deps).read(house.houseID, roomID);
  if (!room) throw new Error('room not stored');
  return room;
}

async function metersOf(room: RoomDoc): Promise<MeterDoc[]> {
  return listInHouse<MeterDoc>(deps, room.houseID, 'meter', {
    op: 'eq',
    field: 'roomID',
    value: room.roomID,
  });
}

async function storedRecords(houseID = house.houseID): Promise<MeterRecordDoc[]> {
  return listInHouse<MeterRecordDoc>(deps, houseID, 'meterRecord');
}

/** Everything stored in the house's partition, to show a refused write changed nothing. */
async function partition(houseID = house.houseID): Promise<string> {
  const docs = await houseDocs(deps).query({ partitionKey: houseID, top: 1000 });
  return JSON.stringify([...docs.items].sort((a, b) => a.id.localeCompare(b.id)));
}

const read = (
  room: RoomDoc,
  newIndex: number,
  extra: Partial<MeterReadingInput> = {},
): MeterReadingInput => ({
  roomID: room.roomID,
  kind: 'electricity',
  newIndex,
  ...extra,
});

describe('a room’s meters', () => {
  it('createRoom writes the electricity and water meters at the room’s indexes, installed today in Vietnam', async () => {
    const room = await newRoom({ electricity: 1234, water: 56 });
    const meters = await metersOf(room);
    expect(
      meters.map(({ kind, startIndex, installedOn, replacedOn }) => ({
        kind,
        startIndex,
        installedOn,
        replacedOn,
      })),
    ).toEqual(
      expect.arrayContaining([
        { kind: 'electricity', startIndex: 1234, installedOn: TODAY, replacedOn: undefined },
        { kind: 'water', startIndex: 56, installedOn: TODAY, replacedOn: undefined },
      ]),
    );
    expect(meters).toHaveLength(2);
  });

  it('an imported sheet gives every room its two meters in the same write', async () => {
    const outcome = await importEmptyRooms(
      actorFor(deps, landlord),
      house.houseID,
      await roomImportFile([
        { roomName: 'A1', acreage: 20, floor: 1, price: 2_000_000, electricity: 10, water: 3 },
        { roomName: 'A2', acreage: 20, floor: 1, price: 2_000_000, electricity: 20, water: 4 },
      ]),
    );
    expect(outcome).toEqual({ ok: true, created: 2 });
    const rooms = await listInHouse<RoomDoc>(deps, house.houseID, 'room');
    const meters = await listInHouse<MeterDoc>(deps, house.houseID, 'meter');
    expect(meters).toHaveLength(4);
    for (const room of rooms) {
      expect(
        meters
          .filter((meter) => meter.roomID === room.roomID)
          .map((meter) => [meter.kind, meter.startIndex])
          .sort(),
      ).toEqual(
        [
          ['electricity', room.currentElectricityIndex],
          ['water', room.currentWaterIndex],
        ].sort(),
      );
    }
  });

  it('Room $expand=meters lists a room’s meters newest first, the replaced one included', async () => {
    const room = await newRoom({ electricity: 1000 });
    await saveMeterReading(
      actorFor(deps, landlord),
      read(room, 60, {
        replacement: { oldMeterFinalIndex: 1100, newMeterStartIndex: 0, newMeterSerial: 'SN-2' },
      }),
    );
    const entity = await getRoom(actorFor(deps, landlord), room.roomID, odata(ROOM_MODEL, '$expand=meters'));
    const meters = entity['meters'] as MeterDoc[];
    const view = (kind: string) =>
      meters
        .filter((meter) => meter.kind === kind)
        .map((meter) => [meter.serial, meter.startIndex, meter.replacedOn, meter.finalIndex]);
    expect(meters).toHaveLength(3);
    expect(view('electricity')).toEqual([
      ['SN-2', 0, undefined, undefined],
      [undefined, 1000, TODAY, 1100],
    ]);
    expect(view('water')).toEqual([[undefined, 100, undefined, undefined]]);
    expect(meters[0]).not.toHaveProperty('pk');
  });

  it('House $expand=rooms($expand=meters),services gives each room its meters', async () => {
    const first = await newRoom({ roomName: 'P201', floor: 2 });
    const second = await newRoom({ roomName: 'P101', floor: 1 });
    // `rooms($expand=meters;$select=roomID,roomName)` as the parser gives it once nested $expand is read.
    const query = odata(HOUSE_MODEL, '$expand=rooms($select=roomID,roomName),services');
    const rooms0 = query.expand.find((option) => option.property === 'rooms');
    if (!rooms0) throw new Error('no rooms option');
    rooms0.query.expand = odata(ROOM_MODEL, '$expand=meters').expand;
    const entity = await getHouse(actorFor(deps, landlord), house.houseID, query);
    const rooms = entity['rooms'] as Array<{ roomID: string; roomName: string; meters: MeterDoc[] }>;
    expect(rooms.map((room) => room.roomName)).toEqual(['P101', 'P201']);
    expect(Object.keys(rooms[0] ?? {}).sort()).toEqual(['meters', 'roomID', 'roomName']);
    for (const [room, stored] of [
      [rooms[0], second],
      [rooms[1], first],
    ] as const) {
      expect(room?.meters.map((meter) => meter.roomID)).toEqual([stored.roomID, stored.roomID]);
      expect(room?.meters.map((meter) => meter.kind).sort()).toEqual(['electricity', 'water']);
    }
    expect((entity['services'] as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('saveMeterReading', () => {
  it('stores a first reading from the meter’s start index, moves the room’s index and records who read it', async () => {
    const room = await newRoom({ electricity: 1000 });
    const staff = await aStaff(deps, { houses: [house] });
    const { created, record } = await saveMeterReading(actorFor(deps, staff), read(room, 1120.5));
    expect(created).toBe(true);
    expect(record).toMatchObject({
      meterRecordID: `${room.roomID}_e_${THIS_MONTH}`,
      houseID: house.houseID,
      roomID: room.roomID,
      roomName: 'P101',
      floor: 1,
      kind: 'electricity',
      month: THIS_MONTH,
      previousIndex: 1000,
      newIndex: 1120.5,
      usage: 120.5,
      recordedBy: staff.userID,
      recordedByName: staff.fullName,
      recordedOn: deps.now().toISOString(),
      '@odata.etag': expect.any(String),
    });
    expect(record).not.toHaveProperty('flagged');
    const meter = (await metersOf(room)).find((each) => each.kind === 'electricity');
    expect(record['meterID']).toBe(meter?.meterID);
    expect((await readRoom(room.roomID)).currentElectricityIndex).toBe(1120.5);
    expect((await readRoom(room.roomID)).currentWaterIndex).toBe(100);
    expect(await auditEntries(deps)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'create',
          entity: 'meterRecord',
          entityID: `${room.roomID}_e_${THIS_MONTH}`,
          houseID: house.houseID,
          userID: staff.userID,
        }),
      ]),
    );
  });

  it('starts from the last earlier month’s new index', async () => {
    const room = await aRoom(deps, house, { currentElectricityIndex: 500 });
    const meter = await aMeter(deps, room, 'electricity', { startIndex: 400 });
    await aMeterRecord(deps, room, meter, { month: '2026-09', previousIndex: 400, newIndex: 450 });
    await aMeterRecord(deps, room, meter, { month: '2026-10', previousIndex: 450, newIndex: 500 });
    const { record } = await saveMeterReading(actorFor(deps, landlord), read(room, 540));
    expect(record).toMatchObject({ previousIndex: 500, newIndex: 540, usage: 40, meterID: meter.meterID });
  });

  it('a room from before meters existed gets both meters with its first reading, at its current indexes', async () => {
    const room = await aRoom(deps, house, { currentElectricityIndex: 800, currentWaterIndex: 30 });
    expect(await metersOf(room)).toEqual([]);
    const { record } = await saveMeterReading(actorFor(deps, landlord), read(room, 42, { kind: 'water' }));
    const meters = await metersOf(room);
    expect(meters.map((meter) => [meter.kind, meter.startIndex, meter.installedOn]).sort()).toEqual([
      ['electricity', 800, TODAY],
      ['water', 30, TODAY],
    ]);
    const water = meters.find((meter) => meter.kind === 'water');
    expect(record).toMatchObject({ previousIndex: 30, newIndex: 42, usage: 12, meterID: water?.meterID });
  });

  it('reading the same month twice updates the one record from the same previous index', async () => {
    const room = await newRoom({ electricity: 1000 });
    const actor = actorFor(deps, landlord);
    const first = await saveMeterReading(actor, read(room, 1100));
    h.clock.advance(60_000);
    const second = await saveMeterReading(
      actor,
      read(room, 1080, { etag: first.record['@odata.etag'] as string }),
    );
    expect(second.created).toBe(false);
    expect(second.record).toMatchObject({ previousIndex: 1000, newIndex: 1080, usage: 80 });
    expect(second.record['@odata.etag']).not.toBe(first.record['@odata.etag']);
    expect(await storedRecords()).toHaveLength(1);
    expect((await readRoom(room.roomID)).currentElectricityIndex).toBe(1080);
    expect(
      (await auditEntries(deps))
        .filter((entry) => entry.entity === 'meterRecord')
        .map((entry) => entry.action),
    ).toEqual(['create', 'update']);
  });

  it('refuses a new index below the previous one without a replacement, naming newIndex; nothing written', async () => {
    const room = await newRoom({ electricity: 1000 });
    const before = await partition();
    const error = await expectRefusal(
      saveMeterReading(actorFor(deps, landlord), read(room, 999)),
      'badRequest',
      METER_MESSAGES.belowPrevious('Chỉ số điện', 1000),
    );
    expect(error.details.fieldErrors).toEqual([
      { field: 'newIndex', errorMessage: METER_MESSAGES.belowPrevious('Chỉ số điện', 1000) },
    ]);
    expect(await partition()).toBe(before);
  });

  it('a replacement closes the old meter at its final index and starts a new one; use spans both', async () => {
    const room = await newRoom({ electricity: 1000 });
    const [old] = (await metersOf(room)).filter((meter) => meter.kind === 'electricity');
    const { record } = await saveMeterReading(
      actorFor(deps, landlord),
      read(room, 25, { replacement: { oldMeterFinalIndex: 1090, newMeterStartIndex: 5 } }),
    );
    // (1090 − 1000) + (25 − 5) = 110
    expect(record).toMatchObject({
      previousIndex: 1000,
      newIndex: 25,
      usage: 110,
      replacement: { oldMeterID: old?.meterID, oldMeterFinalIndex: 1090, newMeterStartIndex: 5 },
    });
    const meters = (await metersOf(room)).filter((meter) => meter.kind === 'electricity');
    const replaced = meters.find((meter) => meter.meterID === old?.meterID);
    const fresh = meters.find((meter) => meter.meterID !== old?.meterID);
    expect(replaced).toMatchObject({ replacedOn: TODAY, finalIndex: 1090, startIndex: 1000 });
    expect(fresh).toMatchObject({ startIndex: 5, installedOn: TODAY });
    expect(fresh).not.toHaveProperty('replacedOn');
    expect(record['meterID']).toBe(fresh?.meterID);
    expect((await readRoom(room.roomID)).currentElectricityIndex).toBe(25);

    // Next month starts from the new meter's reading.
    h.clock.set(new Date('2026-12-05T03:00:00.000Z'));
    const next = await saveMeterReading(actorFor(deps, landlord), read(room, 70));
    expect(next.record).toMatchObject({ previousIndex: 25, usage: 45, meterID: fresh?.meterID });
  });

  it('re-reading a replaced month corrects the same two meters, never a third', async () => {
    const room = await newRoom({ electricity: 1000 });
    const actor = actorFor(deps, landlord);
    await saveMeterReading(
      actor,
      read(room, 25, { replacement: { oldMeterFinalIndex: 1090, newMeterStartIndex: 5 } }),
    );
    const { record } = await saveMeterReading(
      actor,
      read(room, 30, { replacement: { oldMeterFinalIndex: 1095, newMeterStartIndex: 0 } }),
    );
    expect(record).toMatchObject({
      usage: 95 + 30,
      replacement: { oldMeterFinalIndex: 1095, newMeterStartIndex: 0 },
    });
    const meters = (await metersOf(room)).filter((meter) => meter.kind === 'electricity');
    expect(meters.map((meter) => [meter.startIndex, meter.finalIndex ?? null]).sort()).toEqual([
      [0, null],
      [1000, 1095],
    ]);
    // Without `replacement` the stored one stays.
    const kept = await saveMeterReading(actor, read(room, 40));
    expect(kept.record).toMatchObject({ usage: 95 + 40, replacement: { oldMeterFinalIndex: 1095 } });
  });

  it('refuses a replacement whose old final index is below the previous one, or a new index below the new start', async () => {
    const room = await newRoom({ electricity: 1000 });
    const error = await refusal(
      saveMeterReading(
        actorFor(deps, landlord),
        read(room, 2, { replacement: { oldMeterFinalIndex: 900, newMeterStartIndex: 5 } }),
      ),
    );
    expect(error.details.fieldErrors).toEqual([
      { field: 'replacement.oldMeterFinalIndex', errorMessage: METER_MESSAGES.finalBelowPrevious(1000) },
      { field: 'newIndex', errorMessage: METER_MESSAGES.newBelowStart },
    ]);
    expect(await storedRecords()).toEqual([]);
    expect((await metersOf(room)).every((meter) => meter.replacedOn === undefined)).toBe(true);
  });

  describe('an implausible jump', () => {
    let room: RoomDoc;
    beforeEach(async () => {
      room = await aRoom(deps, house, { currentElectricityIndex: 1150 });
      const meter = await aMeter(deps, room, 'electricity', { startIndex: 1000 });
      // 50 kWh a month for three months: 1000 → 1150.
      await aReadingHistory(deps, room, meter, ['2026-08', '2026-09', '2026-10'], 50);
    });

    it('above five times the average is refused without confirmation, naming newIndex', async () => {
      const error = await expectRefusal(
        saveMeterReading(actorFor(deps, landlord), read(room, 1150 + 251)),
        'badRequest',
        METER_MESSAGES.implausible('Điện', 251, 50),
      );
      expect(error.details.fieldErrors).toEqual([
        { field: 'newIndex', errorMessage: METER_MESSAGES.implausible('Điện', 251, 50) },
      ]);
      expect((await storedRecords()).filter((record) => record.month === THIS_MONTH)).toEqual([]);
    });

    it('is saved with confirmed: true and flagged for the landlord', async () => {
      const { record } = await saveMeterReading(
        actorFor(deps, landlord),
        read(room, 1150 + 251, { confirmed: true }),
      );
      expect(record).toMatchObject({ usage: 251, flagged: true });
    });

    it('exactly five times the average needs no confirmation and is not flagged', async () => {
      const { record } = await saveMeterReading(actorFor(deps, landlord), read(room, 1150 + 250));
      expect(record).toMatchObject({ usage: 250 });
      expect(record).not.toHaveProperty('flagged');
    });
  });

  it('a room without earlier readings is never judged implausible', async () => {
    const room = await newRoom({ electricity: 0 });
    const { record } = await saveMeterReading(actorFor(deps, landlord), read(room, 99_999));
    expect(record).toMatchObject({ usage: 99_999 });
    expect(record).not.toHaveProperty('flagged');
  });

  it('the room’s current index follows the newest month: editing an older month never moves it back', async () => {
    const room = await newRoom({ electricity: 1000 });
    const actor = actorFor(deps, landlord);
    await saveMeterReading(actor, read(room, 1100, { month: '2026-10' }));
    await saveMeterReading(actor, read(room, 1180, { month: '2026-11' }));
    expect((await readRoom(room.roomID)).currentElectricityIndex).toBe(1180);
    const { record } = await saveMeterReading(actor, read(room, 1090, { month: '2026-10' }));
    expect(record).toMatchObject({ previousIndex: 1000, newIndex: 1090, usage: 90 });
    expect((await readRoom(room.roomID)).currentElectricityIndex).toBe(1180);
    // The next month now starts where the corrected one ends.
    const november = (await storedRecords()).find((each) => each.month === '2026-11');
    expect(november).toMatchObject({ previousIndex: 1090, newIndex: 1180, usage: 90 });
  });

  it('refuses correcting an older month above the next month’s reading', async () => {
    const room = await newRoom({ electricity: 1000 });
    const actor = actorFor(deps, landlord);
    await saveMeterReading(actor, read(room, 1100, { month: '2026-10' }));
    await saveMeterReading(actor, read(room, 1180, { month: '2026-11' }));
    const error = await refusal(saveMeterReading(actor, read(room, 1200, { month: '2026-10' })));
    expect(error.details.fieldErrors).toEqual([
      { field: 'newIndex', errorMessage: 'Chỉ số điện mới không được lớn hơn chỉ số của tháng sau (1180).' },
    ]);
  });

  it('refuses a month whose bills were issued (409) and a month still to come', async () => {
    const room = await newRoom();
    await aHouseTicket(deps, house, '2026-10', 'Issued');
    await aHouseTicket(deps, house, THIS_MONTH, 'Draft');
    const before = await partition();
    await expectRefusal(
      saveMeterReading(actorFor(deps, landlord), read(room, 1100, { month: '2026-10' })),
      'conflict',
      METER_MESSAGES.monthIssued,
    );
    const future = await refusal(
      saveMeterReading(actorFor(deps, landlord), read(room, 1100, { month: '2026-12' })),
    );
    expect(future.details.fieldErrors).toEqual([
      { field: 'month', errorMessage: 'Không thể ghi chỉ số cho tháng sau tháng hiện tại.' },
    ]);
    expect(await partition()).toBe(before);
    // A draft month is still open.
    expect((await saveMeterReading(actorFor(deps, landlord), read(room, 1100))).created).toBe(true);
  });

  it('a stale etag is refused with 412 and nothing changes', async () => {
    const room = await newRoom();
    const actor = actorFor(deps, landlord);
    const first = await saveMeterReading(actor, read(room, 1100));
    await saveMeterReading(actor, read(room, 1110, { etag: first.record['@odata.etag'] as string }));
    const before = await partition();
    await expectRefusal(
      saveMeterReading(actor, read(room, 1120, { etag: first.record['@odata.etag'] as string })),
      'stale',
      STALE,
    );
    expect(await partition()).toBe(before);
  });

  it('another landlord’s room, and staff of another house, find nothing (404)', async () => {
    const room = await newRoom();
    const stranger = await aLandlord(deps);
    const otherHouse = await aHouse(deps, stranger);
    const otherStaff = await aStaff(deps, { houses: [otherHouse] });
    const before = await partition();
    await expectRefusal(saveMeterReading(actorFor(deps, stranger), read(room, 1100)), 'notFound', NOT_FOUND);
    await expectRefusal(
      saveMeterReading(actorFor(deps, otherStaff), read(room, 1100)),
      'notFound',
      NOT_FOUND,
    );
    expect(await partition()).toBe(before);
  });

  it('takes an uploaded meter photo (a room image of the house) and refuses a foreign name', async () => {
    const room = await newRoom();
    const name = aRoomImageName(deps, house);
    h.blobs.put('room-images', name, PNG_BYTES);
    const { record } = await saveMeterReading(
      actorFor(deps, landlord),
      read(room, 1100, { imageBlobName: name }),
    );
    expect(record['imageBlobName']).toBe(name);
    // Re-reading without a photo keeps it.
    expect((await saveMeterReading(actorFor(deps, landlord), read(room, 1101))).record['imageBlobName']).toBe(
      name,
    );
    const foreign = aRoomImageName(deps, { houseID: 'other-house-0001' });
    const error = await refusal(
      saveMeterReading(actorFor(deps, landlord), read(room, 120, { kind: 'water', imageBlobName: foreign })),
    );
    expect(error.details.fieldErrors).toEqual([
      { field: 'imageBlobName', errorMessage: 'Tên tệp ảnh không hợp lệ.' },
    ]);
    // The same photo cannot be the water meter's too.
    const taken = await refusal(
      saveMeterReading(actorFor(deps, landlord), read(room, 120, { kind: 'water', imageBlobName: name })),
    );
    expect(taken.details.fieldErrors).toEqual([
      { field: 'imageBlobName', errorMessage: 'Ảnh này đã được gắn cho phòng, thiết bị hoặc chỉ số khác.' },
    ]);
  });

  it('refuses a missing upload with the room-image message', async () => {
    const room = await newRoom();
    await expectRefusal(
      saveMeterReading(
        actorFor(deps, landlord),
        read(room, 1100, { imageBlobName: aRoomImageName(deps, house) }),
      ),
      'badRequest',
      'Không tìm thấy ảnh đã tải lên. Vui lòng tải lại ảnh.',
    );
    expect(await storedRecords()).toEqual([]);
  });
});

describe('saveMeterReadings (a whole house, all or nothing)', () => {
  /** 65 rooms on 5 floors: 130 readings, more than one Cosmos batch. */
  async function bigHouse(): Promise<RoomDoc[]> {
    const rooms: RoomDoc[] = [];
    for (let i = 0; i < 65; i += 1) {
      rooms.push(
        await aRoom(deps, house, {
          roomName: `P${Math.floor(i / 13) + 1}${String(i % 13).padStart(2, '0')}`,
          floor: Math.floor(i / 13) + 1,
          currentElectricityIndex: 1000,
          currentWaterIndex: 100,
        }),
      );
    }
    return rooms;
  }

  function readingsOf(rooms: RoomDoc[]): MeterReadingInput[] {
    return rooms.flatMap((room, i) => [
      { roomID: room.roomID, kind: 'electricity' as const, newIndex: 1000 + 10 + i },
      { roomID: room.roomID, kind: 'water' as const, newIndex: 100 + 1 + (i % 3) },
    ]);
  }

  it('saves 130 readings of 65 rooms in one request, moves every room’s indexes and audits once', async () => {
    const rooms = await bigHouse();
    const staff = await aStaff(deps, { houses: [house] });
    const { value } = await saveMeterReadings(actorFor(deps, staff), { records: readingsOf(rooms) });
    expect(value).toHaveLength(130);
    expect(value[0]).toMatchObject({
      roomID: rooms[0]?.roomID,
      kind: 'electricity',
      usage: 10,
      '@odata.etag': expect.any(String),
    });
    expect(await storedRecords()).toHaveLength(130);
    expect(await listInHouse<MeterDoc>(deps, house.houseID, 'meter')).toHaveLength(130);
    const stored = await listInHouse<RoomDoc>(deps, house.houseID, 'room');
    expect(stored.find((room) => room.roomID === rooms[64]?.roomID)).toMatchObject({
      currentElectricityIndex: 1074,
      currentWaterIndex: 102,
    });
    const entries = (await auditEntries(deps)).filter((entry) => entry.entity === 'meterRecord');
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'saveBatch',
        houseID: house.houseID,
        details: { records: 130, created: 130, months: [THIS_MONTH], flagged: 0 },
      }),
    ]);
  });

  it('one bad reading in the middle of 130 refuses them all, naming records.65.newIndex; nothing written', async () => {
    const rooms = await bigHouse();
    const records = readingsOf(rooms);
    records[65] = { ...(records[65] as MeterReadingInput), newIndex: 50 };
    const before = await partition();
    const error = await refusal(saveMeterReadings(actorFor(deps, landlord), { records }));
    expect(error.details.fieldErrors).toEqual([
      { field: 'records.65.newIndex', errorMessage: METER_MESSAGES.belowPrevious('Chỉ số nước', 100) },
    ]);
    expect(await partition()).toBe(before);
    expect(await auditEntries(deps)).toEqual([]);
  });

  it('a stale etag on any record refuses the whole batch with 412', async () => {
    const rooms = (await bigHouse()).slice(0, 3);
    const actor = actorFor(deps, landlord);
    const { value } = await saveMeterReadings(actor, { records: readingsOf(rooms) });
    // Someone else corrects the second room's electricity.
    await saveMeterReading(actorFor(deps, landlord), read(rooms[1] as RoomDoc, 1030));
    const before = await partition();
    const records = readingsOf(rooms).map((record, i) => ({
      ...record,
      newIndex: record.newIndex + 1,
      etag: value[i]?.['@odata.etag'] as string,
    }));
    await expectRefusal(saveMeterReadings(actor, { records }), 'stale', STALE);
    expect(await partition()).toBe(before);
  });

  it('an issued month refuses the batch (409); a room twice in one batch is a 400', async () => {
    const rooms = (await bigHouse()).slice(0, 2);
    await aHouseTicket(deps, house, THIS_MONTH, 'Issued');
    await expectRefusal(
      saveMeterReadings(actorFor(deps, landlord), { records: readingsOf(rooms) }),
      'conflict',
      METER_MESSAGES.monthIssued,
    );
    const twice = readingsOf(rooms);
    twice.push(
      { ...(twice[0] as MeterReadingInput), month: '2026-10' },
      { ...(twice[1] as MeterReadingInput), month: '2026-10' },
    );
    twice.push({ ...(twice[4] as MeterReadingInput) });
    const error = await refusal(saveMeterReadings(actorFor(deps, landlord), { records: twice }));
    expect(error.details.fieldErrors).toEqual([
      { field: 'records.6.roomID', errorMessage: METER_MESSAGES.duplicateInBatch },
    ]);
  });

  it('two months of a room in one batch: the later starts from the earlier', async () => {
    const room = await newRoom({ electricity: 1000 });
    const { value } = await saveMeterReadings(actorFor(deps, landlord), {
      records: [read(room, 1150, { month: '2026-11' }), read(room, 1100, { month: '2026-10' })],
    });
    expect(value.map((record) => [record['month'], record['previousIndex'], record['usage']])).toEqual([
      ['2026-11', 1100, 50],
      ['2026-10', 1000, 100],
    ]);
    expect((await readRoom(room.roomID)).currentElectricityIndex).toBe(1150);
  });

  it('a room of another house, even the same landlord’s, is not found', async () => {
    const room = await newRoom();
    const second = await aHouse(deps, landlord);
    const elsewhere = await aRoom(deps, second);
    await expectRefusal(
      saveMeterReadings(actorFor(deps, landlord), { records: [read(room, 1100), read(elsewhere, 1100)] }),
      'notFound',
      NOT_FOUND,
    );
    expect(await storedRecords()).toEqual([]);
  });

  it('on Cosmos, a failing later batch takes the earlier ones back', async () => {
    const rooms = await bigHouse();
    const before = await partition();
    const failing = cosmosLike(deps.store, 2);
    const actor = actorFor({ ...deps, store: failing }, landlord);
    const error = await saveMeterReadings(actor, { records: readingsOf(rooms) }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
    expect(stripEtags(await partition())).toBe(stripEtags(before));
  });
});

/** Documents as JSON without their ETags (a document put back gets a new one). */
function stripEtags(json: string): string {
  return JSON.stringify(
    (JSON.parse(json) as Array<HouseScopedDoc & { _etag?: string; _ts?: number }>).map(
      ({ _etag: _e, _ts: _t, ...doc }) => doc,
    ),
  );
}

/**
 * The SQLite store seen as Cosmos (batches of at most 100, not atomic across batches) whose
 * `failOn`-th batch of the `houses` container fails before writing anything.
 */
function cosmosLike(store: Store, failOn: number): Store {
  let batches = 0;
  return {
    kind: 'cosmos',
    version: () => undefined,
    close: () => store.close(),
    container<T extends StoredDoc>(name: Parameters<Store['container']>[0]): Container<T> {
      const inner = store.container<T>(name);
      if (name !== 'houses') return inner;
      return Object.assign(Object.create(inner) as Container<T>, {
        name: inner.name,
        async batch(pk: string, ops: Parameters<Container<T>['batch']>[1]) {
          if (ops.length > 100) throw new Error('a Cosmos batch holds at most 100 operations');
          batches += 1;
          if (batches === failOn) throw new Error('simulated Cosmos failure');
          return inner.batch(pk, ops);
        },
      });
    },
  };
}

describe('listMeterRecords', () => {
  it('a house’s month in floor and room order, this month by default', async () => {
    const upstairs = await newRoom({ roomName: 'P201', floor: 2 });
    const b = await newRoom({ roomName: 'P102', floor: 1 });
    const a = await newRoom({ roomName: 'P101', floor: 1 });
    const actor = actorFor(deps, landlord);
    await saveMeterReadings(actor, {
      records: [upstairs, b, a].flatMap((room) => [read(room, 1100), read(room, 110, { kind: 'water' })]),
    });
    await saveMeterReading(actor, read(a, 1050, { month: '2026-10' }));
    const page = await listMeterRecords(actor, { houseID: house.houseID }, odata(METER_RECORD_MODEL));
    expect(page.value.map((record) => `${record['roomName']}:${record['kind']}`)).toEqual([
      'P101:electricity',
      'P101:water',
      'P102:electricity',
      'P102:water',
      'P201:electricity',
      'P201:water',
    ]);
    const october = await listMeterRecords(
      actor,
      { houseID: house.houseID, month: '2026-10' },
      odata(METER_RECORD_MODEL, '$select=roomName,newIndex'),
    );
    expect(october.value).toEqual([{ roomName: 'P101', newIndex: 1050 }]);
    const history = await listMeterRecords(actor, { roomID: a.roomID }, odata(METER_RECORD_MODEL));
    expect(history.value.map((record) => `${record['month']}:${record['kind']}`)).toEqual([
      '2026-11:electricity',
      '2026-11:water',
      '2026-10:electricity',
    ]);
  });

  it('refuses a malformed month naming it', async () => {
    const error = await refusal(
      listMeterRecords(
        actorFor(deps, landlord),
        { houseID: house.houseID, month: '2026-13' },
        odata(METER_RECORD_MODEL),
      ),
    );
    expect(error.details.fieldErrors).toEqual([
      { field: 'month', errorMessage: 'Tháng ghi chỉ số không hợp lệ (định dạng yyyy-mm).' },
    ]);
  });

  it('a lessee reads only their own room’s records', async () => {
    const own = await newRoom({ roomName: 'P101' });
    const neighbour = await newRoom({ roomName: 'P102' });
    await saveMeterReadings(actorFor(deps, landlord), { records: [read(own, 1100), read(neighbour, 1200)] });
    const lessee = actorFor(
      deps,
      await aLessee(deps, { house, room: own, contract: await aContract(deps, own) }),
    );
    const month = await listMeterRecords(lessee, { houseID: house.houseID }, odata(METER_RECORD_MODEL));
    expect(month.value.map((record) => record['roomID'])).toEqual([own.roomID]);
    const mine = await listMeterRecords(lessee, {}, odata(METER_RECORD_MODEL));
    expect(mine.value.map((record) => record['roomID'])).toEqual([own.roomID]);
    await expectRefusal(
      listMeterRecords(lessee, { roomID: neighbour.roomID }, odata(METER_RECORD_MODEL)),
      'notFound',
      NOT_FOUND,
    );
  });

  it('another landlord’s house or room is not found', async () => {
    const room = await newRoom();
    await saveMeterReading(actorFor(deps, landlord), read(room, 1100));
    const stranger = actorFor(deps, await aLandlord(deps));
    await expectRefusal(
      listMeterRecords(stranger, { houseID: house.houseID }, odata(METER_RECORD_MODEL)),
      'notFound',
      NOT_FOUND,
    );
    await expectRefusal(
      listMeterRecords(stranger, { roomID: room.roomID }, odata(METER_RECORD_MODEL)),
      'notFound',
      NOT_FOUND,
    );
  });
});
