import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { METER_MESSAGES } from '@nhatro/common';
import type { HouseDoc, MeterRecordDoc, RoomDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { saveMeterReadings } from '../../api/src/useCases/meterRecords/saving.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aReading } from '../support/billingBuilders.js';
import { aRoom } from '../support/builders.js';
import {
  actorFor,
  expectRefusal,
  landlordWithHouse,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/**
 * A room's first reading has no history to judge it by: it is compared with the house's other rooms
 * (clock 20/11/2026). Three rooms used 80, 100 and 150 kWh in October: the median is 100 kWh, so a
 * first use above 300 kWh asks for confirmation.
 */

const MONTH = '2026-11';
let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let fresh: RoomDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse());
  for (const [name, use] of [
    ['P101', 80],
    ['P102', 100],
    ['P103', 150],
  ] as const) {
    const room = await aRoom(deps, house, { roomName: name });
    await aReading(deps, room, 'electricity', {
      month: '2026-10',
      previousIndex: 1000,
      newIndex: 1000 + use,
    });
  }
  fresh = await aRoom(deps, house, { roomName: 'P104' });
});
afterEach(() => h.close());

function firstReading(newIndex: number, confirmed?: boolean) {
  return saveMeterReadings(actorFor(deps, landlord), {
    records: [
      {
        roomID: fresh.roomID,
        kind: 'electricity',
        newIndex,
        month: MONTH,
        ...(confirmed !== undefined ? { confirmed } : {}),
      },
    ],
  });
}

async function freshRecords(): Promise<MeterRecordDoc[]> {
  return listInHouse<MeterRecordDoc>(deps, house.houseID, 'meterRecord', {
    op: 'eq',
    field: 'roomID',
    value: fresh.roomID,
  });
}

describe("a room's first reading", () => {
  it('more than 3× the median of the other rooms is refused until confirmed, then flagged', async () => {
    // The room starts at 1.000 (its current index): 1.301 is a use of 301 kWh.
    expect(fresh.currentElectricityIndex).toBe(1000);
    await expectRefusal(
      firstReading(1301),
      'badRequest',
      METER_MESSAGES.firstReadingImplausible('Điện', 301, 100),
    );
    expect(await freshRecords()).toEqual([]);
    await firstReading(1301, true);
    expect(await freshRecords()).toEqual([expect.objectContaining({ usage: 301, flagged: true })]);
  });

  it('exactly 3× passes without a word', async () => {
    await firstReading(1300);
    const [record] = await freshRecords();
    expect(record).toMatchObject({ usage: 300 });
    expect(record?.flagged).toBeUndefined();
  });

  it('is not judged when fewer than two other rooms have readings of that kind (water here)', async () => {
    await saveMeterReadings(actorFor(deps, landlord), {
      records: [
        { roomID: fresh.roomID, kind: 'water', newIndex: fresh.currentWaterIndex + 900, month: MONTH },
      ],
    });
    expect(await freshRecords()).toEqual([expect.objectContaining({ kind: 'water', usage: 900 })]);
  });
});
