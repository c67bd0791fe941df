// The shared date and month fields (web/src/components/dates): dd/mm/yyyy typed and shown whatever the
// browser's language, ISO values in and out.
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateField, MonthField } from '../../web/src/components/dates/DateField';
import { INVALID_DATE } from '../../web/src/components/dates/isoDates';
import { dateSections, typeDate } from './support/dates';

function Harness({
  initial,
  onValue,
  month = false,
}: {
  initial: string;
  onValue: (value: string) => void;
  month?: boolean;
}) {
  const [value, setValue] = useState(initial);
  const Field = month ? MonthField : DateField;
  return (
    <Field
      label="Hạn thanh toán"
      value={value}
      testId="due"
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

/** The browser of someone whose system speaks American English. */
function americanBrowser() {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
  expect(navigator.language).toBe('en-US');
}

afterEach(() => vi.restoreAllMocks());

describe('the date field', () => {
  it('shows an ISO value as dd/mm/yyyy with the day first, in an en-US browser too', async () => {
    americanBrowser();
    render(<Harness initial="2026-07-12" onValue={() => undefined} />);
    const sections = await dateSections('Hạn thanh toán');
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual(['Ngày', 'Tháng', 'Năm']);
    expect(sections.map((section) => section.textContent)).toEqual(['12', '07', '2026']);
    expect((screen.getByTestId('due') as HTMLInputElement).value).toBe('12/07/2026');
  });

  it('gives the form yyyy-mm-dd for a day typed as dd/mm/yyyy', async () => {
    americanBrowser();
    const seen: string[] = [];
    render(<Harness initial="" onValue={(value) => seen.push(value)} />);
    await typeDate('Hạn thanh toán', '12072026');
    expect(seen.at(-1)).toBe('2026-07-12');
    expect((screen.getByTestId('due') as HTMLInputElement).value).toBe('12/07/2026');
  });

  it('gives INVALID_DATE for a day that does not exist and keeps what was typed', async () => {
    const seen: string[] = [];
    render(<Harness initial="" onValue={(value) => seen.push(value)} />);
    await typeDate('Hạn thanh toán', '31022026');
    expect(seen.at(-1)).toBe(INVALID_DATE);
    const sections = await dateSections('Hạn thanh toán');
    expect(sections.map((section) => section.textContent)).toEqual(['31', '02', '2026']);
  });

  it('takes a new value set by the form', async () => {
    function Resetting() {
      const [value, setValue] = useState('2026-01-02');
      return (
        <>
          <DateField label="Ngày" value={value} onChange={setValue} testId="day" />
          <button type="button" onClick={() => setValue('2027-03-04')}>
            đặt lại
          </button>
        </>
      );
    }
    render(<Resetting />);
    await waitFor(() => expect((screen.getByTestId('day') as HTMLInputElement).value).toBe('02/01/2026'));
    screen.getByRole('button', { name: 'đặt lại' }).click();
    await waitFor(() => expect((screen.getByTestId('day') as HTMLInputElement).value).toBe('04/03/2027'));
  });
});

describe('the month field', () => {
  it('shows and takes mm/yyyy, giving yyyy-mm', async () => {
    americanBrowser();
    const seen: string[] = [];
    render(<Harness initial="2026-07" month onValue={(value) => seen.push(value)} />);
    const sections = await dateSections('Hạn thanh toán');
    expect(sections.map((section) => section.textContent)).toEqual(['07', '2026']);
    await typeDate('Hạn thanh toán', '112025');
    expect(seen.at(-1)).toBe('2025-11');
  });
});
