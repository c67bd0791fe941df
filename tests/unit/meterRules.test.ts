import { describe, expect, it } from 'vitest';
import { METER_MESSAGES } from '@nhatro/common';
import {
  activeMeter,
  averageUse,
  checkReading,
  currentIndexAfter,
  firstMeter,
  isImplausible,
  meterRecordID,
  newestMetersFirst,
  previousIndexFor,
  usageOf,
} from '../../api/src/domain/meterRecords.js';

const history = [
  { month: '2026-08', newIndex: 1050, usage: 50 },
  { month: '2026-10', newIndex: 1170, usage: 70 },
  { month: '2026-09', newIndex: 1100, usage: 50 },
];

describe('meter rules', () => {
  it('a month’s record id is room, kind letter and month', () => {
    expect(meterRecordID('room-0001', 'electricity', '2026-11')).toBe('room-0001_e_2026-11');
    expect(meterRecordID('room-0001', 'water', '2026-11')).toBe('room-0001_w_2026-11');
  });

  it('the previous index is the last earlier month’s new index, else the meter’s start', () => {
    expect(previousIndexFor(history, '2026-11', 1000)).toBe(1170);
    expect(previousIndexFor(history, '2026-10', 1000)).toBe(1100);
    expect(previousIndexFor(history, '2026-08', 1000)).toBe(1000);
  });

  it('use across a replacement counts both meters', () => {
    expect(usageOf(1000, 1120.5)).toBe(120.5);
    expect(usageOf(10.1, 10.3)).toBe(0.2);
    // (1090 − 1000) + (25 − 5)
    expect(usageOf(1000, 25, { oldMeterFinalIndex: 1090, newMeterStartIndex: 5 })).toBe(110);
  });

  it('the average is over earlier months only; none means no judgement', () => {
    expect(averageUse(history, '2026-11')).toBe(56.667);
    expect(averageUse(history, '2026-09')).toBe(50);
    expect(averageUse(history, '2026-08')).toBeUndefined();
    expect(isImplausible(251, 50)).toBe(true);
    expect(isImplausible(250, 50)).toBe(false);
    expect(isImplausible(1_000_000, undefined)).toBe(false);
    expect(isImplausible(10, 0)).toBe(false);
  });

  it('checkReading: below previous, replacement limits, implausible with and without confirmation', () => {
    const base = { kind: 'electricity' as const, previousIndex: 1000, average: 50 };
    expect(checkReading({ ...base, newIndex: 999 }, 'records.3.')).toEqual({
      ok: false,
      errors: [
        { field: 'records.3.newIndex', errorMessage: METER_MESSAGES.belowPrevious('Chỉ số điện', 1000) },
      ],
    });
    expect(
      checkReading({ ...base, newIndex: 2, replacement: { oldMeterFinalIndex: 990, newMeterStartIndex: 5 } }),
    ).toEqual({
      ok: false,
      errors: [
        { field: 'replacement.oldMeterFinalIndex', errorMessage: METER_MESSAGES.finalBelowPrevious(1000) },
        { field: 'newIndex', errorMessage: METER_MESSAGES.newBelowStart },
      ],
    });
    expect(checkReading({ ...base, newIndex: 1251 })).toEqual({
      ok: false,
      errors: [{ field: 'newIndex', errorMessage: METER_MESSAGES.implausible('Điện', 251, 50) }],
    });
    expect(checkReading({ ...base, newIndex: 1251, confirmed: true })).toEqual({
      ok: true,
      usage: 251,
      flagged: true,
    });
    expect(checkReading({ ...base, newIndex: 1040, confirmed: true })).toEqual({
      ok: true,
      usage: 40,
      flagged: false,
    });
    expect(checkReading({ ...base, kind: 'water', newIndex: 1000, average: undefined })).toEqual({
      ok: true,
      usage: 0,
      flagged: false,
    });
  });

  it('the current index moves only with the newest month', () => {
    expect(currentIndexAfter(history, '2026-11', 1200)).toBe(1200);
    expect(currentIndexAfter(history, '2026-09', 1090)).toBeUndefined();
  });

  it('meters: the active one, the first one and newest first', () => {
    const old = { meterID: 'a', installedOn: '2026-01-01', replacedOn: '2026-11-20' };
    const fresh = { meterID: 'b', installedOn: '2026-11-20' };
    const sameDayOld = { meterID: 'c', installedOn: '2026-11-20', replacedOn: '2026-11-20' };
    expect(activeMeter([old, fresh])?.meterID).toBe('b');
    expect(firstMeter([fresh, old])?.meterID).toBe('a');
    expect(firstMeter([fresh, sameDayOld])?.meterID).toBe('c');
    expect(newestMetersFirst([sameDayOld, old, fresh]).map((meter) => meter.meterID)).toEqual([
      'b',
      'c',
      'a',
    ]);
  });
});
