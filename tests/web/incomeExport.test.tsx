import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { IncomeMonth, SystemPayment } from '@nhatro/common';
import { incomeWorkbook } from '../../web/src/features/systemReports/exportIncome';

/** The super admin's income export, written and read back with exceljs: real dates and a SUM total row. */

const months: IncomeMonth[] = [
  {
    month: '2026-10',
    registration: 500_000,
    roomPurchase: 0,
    accountExtension: 1_200_000,
    total: 1_700_000,
    count: 2,
  },
  { month: '2026-11', registration: 0, roomPurchase: 300_000, accountExtension: 0, total: 300_000, count: 1 },
];

const payment: SystemPayment = {
  paymentID: 'pay-000001',
  target: 'roomPurchase',
  targetID: 'request-1',
  description: 'Mua thêm 3 phòng',
  amount: 300_000,
  payerName: 'Nguyễn Văn An',
  createdOn: '2026-11-05T17:20:00.000Z',
  // 17:30 UTC on 5/11 is 00:30 on 6/11 in Vietnam.
  confirmedOn: '2026-11-05T17:30:00.000Z',
  gatewayTransactionNo: '14123456',
  bankCode: 'NCB',
};

async function readBack(): Promise<ExcelJS.Workbook> {
  const bytes = await incomeWorkbook(months, [payment]).xlsx.writeBuffer();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook;
}

describe('income export', () => {
  it('writes each month as the date of its first day, shown mm/yyyy', async () => {
    const sheet = (await readBack()).getWorksheet('Thu nhập theo tháng');
    expect(sheet).toBeDefined();
    const october = sheet?.getCell('A2');
    expect(october?.value).toBeInstanceOf(Date);
    expect((october?.value as Date).toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(october?.numFmt).toBe('mm/yyyy');
    expect((sheet?.getCell('A3').value as Date).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('ends with a “Cộng” row of SUM formulas carrying their results', async () => {
    const sheet = (await readBack()).getWorksheet('Thu nhập theo tháng');
    expect(sheet?.getCell('A4').value).toBe('Cộng');
    const expected: Record<string, [string, number]> = {
      B: ['SUM(B2:B3)', 500_000],
      C: ['SUM(C2:C3)', 300_000],
      D: ['SUM(D2:D3)', 1_200_000],
      E: ['SUM(E2:E3)', 2_000_000],
      F: ['SUM(F2:F3)', 3],
    };
    for (const [column, [formula, result]] of Object.entries(expected)) {
      expect(sheet?.getCell(`${column}4`).value, column).toEqual({ formula, result });
    }
    expect(sheet?.getCell('E4').numFmt).toBe('#,##0 "₫"');
  });

  it('writes payment times as Excel dates in Vietnamese time, dd/mm/yyyy hh:mm', async () => {
    const sheet = (await readBack()).getWorksheet('Giao dịch');
    const time = sheet?.getCell('A2');
    expect(time?.value).toBeInstanceOf(Date);
    expect((time?.value as Date).toISOString()).toBe('2026-11-06T00:30:00.000Z');
    expect(time?.numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(sheet?.getCell('E2').value).toBe(300_000);
  });
});
