// parseVietnameseNumber: how Vietnamese landlords type numbers and money, in forms and spreadsheets.
import { parseVietnameseNumber } from '@nhatro/common';
import { describe, expect, it } from 'vitest';

describe('parseVietnameseNumber', () => {
  it.each([
    ['2.800.000', 2_800_000],
    ['2 800 000 ₫', 2_800_000],
    ['25,5', 25.5],
    ['1.234,5', 1234.5],
    ['25.5', 25.5],
    ['3.500.000 VNĐ', 3_500_000],
    ['3.500.000 vnđ', 3_500_000],
    ['3.500.000 VND', 3_500_000],
    ['3.500.000đ', 3_500_000],
    ['3.500.000 đồng', 3_500_000],
    ['3,500,000', 3_500_000],
    ['3,500,000 VNĐ', 3_500_000],
    ['3tr5', 3_500_000],
    ['3TR5', 3_500_000],
    ['3tr', 3_000_000],
    ['3tr25', 3_250_000],
    ['3tr05', 3_050_000],
    ['3.5tr', 3_500_000],
    ['3,5tr', 3_500_000],
    ['3,5 triệu', 3_500_000],
    ['3 triệu 5', 3_500_000],
    ['3 triệu', 3_000_000],
    ['3 triệu đồng', 3_000_000],
    ['3 triệu rưỡi', 3_500_000],
    ['500k', 500_000],
    ['500 nghìn', 500_000],
    ['500 ngàn', 500_000],
    ['1,5k', 1_500],
    ['3 triệu 5'.normalize('NFD'), 3_500_000],
    ['0', 0],
  ])('%s → %d', (text, expected) => {
    expect(parseVietnameseNumber(text)).toBe(expected);
  });

  it.each([['ba triệu'], ['3tr5tr'], ['3.5tr5'], ['abc'], ['3 USD'], ['1e6'], ['3.500.000 VNĐ nhé']])(
    'refuses %s (NaN: the schema names the field)',
    (text) => {
      expect(parseVietnameseNumber(text)).toBeNaN();
    },
  );

  it('keeps empty text empty and numbers as they are', () => {
    expect(parseVietnameseNumber('  ')).toBeUndefined();
    expect(parseVietnameseNumber(undefined)).toBeUndefined();
    expect(parseVietnameseNumber(2_500_000)).toBe(2_500_000);
  });
});
