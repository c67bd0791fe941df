// Money, numbers and dates as Vietnamese users read them (web/src/lib/format.ts), and as a page shows
// them (RoomFacts: price per month, area).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RoomFacts } from '../../web/src/components/RoomFacts';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../web/src/lib/format';

const NBSP = '\u00a0';

describe('money and numbers', () => {
  it('writes đồng with dots between thousands and a no-break space before ₫', () => {
    expect(formatMoney(1_500_000)).toBe(`1.500.000${NBSP}₫`);
    expect(formatMoney(0)).toBe(`0${NBSP}₫`);
    expect(formatMoney(-250_000)).toBe(`-250.000${NBSP}₫`);
  });

  it('rounds money to whole đồng (VND has no smaller unit)', () => {
    expect(formatMoney(1234.6)).toBe(`1.235${NBSP}₫`);
  });

  it('writes numbers with a decimal comma and at most two decimals', () => {
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(1_000)).toBe('1.000');
    expect(formatNumber(25.456)).toBe('25,46');
  });
});

describe('dates in Vietnam time', () => {
  it('shows dd/mm/yyyy of the day in Ho Chi Minh City, whatever the machine’s zone', () => {
    // 17:30 UTC is already the next day (00:30) in Vietnam (UTC+7, no daylight saving).
    expect(formatDate('2026-11-18T17:30:00Z')).toBe('19/11/2026');
    expect(formatDate('2026-11-18T16:59:00Z')).toBe('18/11/2026');
    expect(formatDate(new Date(Date.UTC(2026, 0, 5, 3)))).toBe('05/01/2026');
  });

  it('shows date and 24-hour time as “dd/mm/yyyy, hh:mm”', () => {
    expect(formatDateTime('2026-11-18T02:15:00Z')).toBe('18/11/2026, 09:15');
    expect(formatDateTime('2026-11-18T13:05:00Z')).toBe('18/11/2026, 20:05');
  });

  it('shows nothing for a missing or unreadable date', () => {
    for (const value of [null, undefined, '', 'không phải ngày']) {
      expect(formatDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });
});

describe('a room’s facts on a page', () => {
  it('shows rent in đồng, area and meter readings with their units, and “Chưa có” for what is missing', () => {
    render(
      <RoomFacts
        room={{ price: 2_500_000, acreage: 18.5, currentElectricityIndex: 1234, currentWaterIndex: null }}
        testIdPrefix="room"
      />,
    );
    expect(screen.getByTestId('room-price').textContent).toBe(`2.500.000${NBSP}₫`);
    expect(screen.getByTestId('room-acreage').textContent).toBe('18,5 m²');
    expect(screen.getByTestId('room-electricity').textContent).toBe('1.234 kWh');
    expect(screen.getByTestId('room-water').textContent).toBe('Chưa có');
  });
});
