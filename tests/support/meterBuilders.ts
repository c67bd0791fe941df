/**
 * Builders of the meter slice: a room's meters, its readings of earlier months and a house ticket,
 * each written as the product would have written it.
 */
import { randomUUID } from 'node:crypto';
import type { MeterKind, TicketStatus } from '@nhatro/common';
import { meterRecordID, usageOf } from '../../api/src/domain/meterRecords.js';
import type {
  HouseDoc,
  HouseTicketDoc,
  MeterDoc,
  MeterRecordDoc,
  RoomDoc,
} from '../../api/src/domain/shared/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';

/** A meter of `room`, installed at `startIndex` (the room's current index unless a test says). */
export function aMeter(
  deps: Deps,
  room: RoomDoc,
  kind: MeterKind,
  overrides: Partial<
    Pick<MeterDoc, 'startIndex' | 'installedOn' | 'serial' | 'replacedOn' | 'finalIndex'>
  > = {},
): Promise<MeterDoc> {
  const meterID = randomUUID();
  return houseDocs<MeterDoc>(deps).create({
    id: meterID,
    pk: room.houseID,
    type: 'meter',
    meterID,
    houseID: room.houseID,
    roomID: room.roomID,
    kind,
    startIndex: kind === 'electricity' ? room.currentElectricityIndex : room.currentWaterIndex,
    installedOn: '2026-01-01',
    ...overrides,
  });
}

/** A reading of an earlier month on `meter`, from `previousIndex` to `newIndex`. */
export function aMeterRecord(
  deps: Deps,
  room: RoomDoc,
  meter: MeterDoc,
  reading: { month: string; previousIndex: number; newIndex: number; recordedBy?: string },
): Promise<MeterRecordDoc> {
  const id = meterRecordID(room.roomID, meter.kind, reading.month);
  return houseDocs<MeterRecordDoc>(deps).create({
    id,
    pk: room.houseID,
    type: 'meterRecord',
    meterRecordID: id,
    houseID: room.houseID,
    roomID: room.roomID,
    roomName: room.roomName,
    floor: room.floor,
    kind: meter.kind,
    month: reading.month,
    meterID: meter.meterID,
    previousIndex: reading.previousIndex,
    newIndex: reading.newIndex,
    usage: usageOf(reading.previousIndex, reading.newIndex),
    recordedBy: reading.recordedBy ?? 'builder',
    recordedByName: 'Người ghi mẫu',
    recordedOn: deps.now().toISOString(),
  });
}

/**
 * Readings of consecutive months ending the month before `until`, each using `use` units, from the
 * meter's start index. Returns them oldest first.
 */
export async function aReadingHistory(
  deps: Deps,
  room: RoomDoc,
  meter: MeterDoc,
  months: string[],
  use: number,
): Promise<MeterRecordDoc[]> {
  const records: MeterRecordDoc[] = [];
  let index = meter.startIndex;
  for (const month of months) {
    records.push(
      await aMeterRecord(deps, room, meter, { month, previousIndex: index, newIndex: index + use }),
    );
    index += use;
  }
  return records;
}

/** The house ticket of a month (`<houseID>_<month>`), a draft unless `status` says otherwise. */
export function aHouseTicket(
  deps: Deps,
  house: HouseDoc,
  month: string,
  status: TicketStatus = 'Draft',
): Promise<HouseTicketDoc> {
  const id = `${house.houseID}_${month}`;
  return houseDocs<HouseTicketDoc>(deps).create({
    id,
    pk: house.houseID,
    type: 'houseTicket',
    houseTicketID: id,
    houseID: house.houseID,
    month,
    status,
    createdOn: deps.now().toISOString(),
    dueDate: `${month}-15`,
    ...(status === 'Issued' ? { issuedOn: deps.now().toISOString(), issuedBy: house.ownerID } : {}),
  });
}
