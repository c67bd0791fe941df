import type { BillLine } from '@nhatro/common';
import { describe, expect, it } from 'vitest';
import { roundedTotal, sumLines, withRounding } from '../../api/src/domain/shared/bills.js';

function lineOf(amount: number, kind: BillLine['kind'] = 'other'): BillLine {
  return { kind, description: `Khoản ${amount}`, quantity: 1, unitPrice: amount, amount };
}

describe('rounding a bill total (nearest multiple of the step, half up)', () => {
  it.each([
    [563_499, 1000, 563_000],
    [563_500, 1000, 564_000],
    [373_333, 1000, 373_000],
    [373_333, 500, 373_500],
    [373_249, 500, 373_000],
    [373_250, 500, 373_500],
    [373_333, 0, 373_333],
    [1_000, 1000, 1_000],
    [0, 1000, 0],
    [-1_499, 1000, -1_000],
    [-1_500, 1000, -1_000],
  ])('%i to %i đồng is %i', (total, step, expected) => {
    expect(roundedTotal(total, step)).toBe(expected);
  });

  it('adds one last "Làm tròn" line so that the lines still add up to the rounded total', () => {
    const lines = withRounding([lineOf(373_333, 'rent'), lineOf(190_166, 'electricity')], 1000);
    expect(lines.at(-1)).toMatchObject({ kind: 'rounding', description: 'Làm tròn', amount: -499 });
    expect(sumLines(lines)).toBe(563_000);
    expect(lines.filter((candidate) => candidate.kind === 'rounding')).toHaveLength(1);
  });

  it('replaces an earlier rounding line instead of adding a second, and adds none to a round sum', () => {
    const once = withRounding([lineOf(373_333)], 1000);
    const again = withRounding([...once, lineOf(100_000)], 1000);
    expect(again.filter((candidate) => candidate.kind === 'rounding')).toEqual([
      expect.objectContaining({ amount: -333 }),
    ]);
    expect(sumLines(again)).toBe(473_000);
    expect(withRounding([lineOf(250_000)], 500)).toEqual([lineOf(250_000)]);
    expect(withRounding([lineOf(373_333), ...once.slice(1)], 0)).toEqual([lineOf(373_333)]);
  });
});
