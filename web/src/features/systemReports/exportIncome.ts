// Loaded on the click of 'Xuất Excel' only: exceljs is about a megabyte.
import ExcelJS from 'exceljs';
import { PAYMENT_TARGET_LABELS, type IncomeMonth, type SystemPayment } from '@nhatro/common';
import { VIETNAM_TIME_ZONE, dayjs } from '../../lib/format';

const MONEY = '#,##0 "₫"';
const MONTH = 'mm/yyyy';
const DATE_TIME = 'dd/mm/yyyy hh:mm';

/**
 * Excel dates have no time zone: a moment is written as its wall-clock time in Vietnam (a Date whose UTC
 * fields are the Vietnamese date and time, which is how exceljs turns a Date into a serial number).
 */
function excelDateTime(iso: string): Date {
  const local = dayjs(iso).tz(VIETNAM_TIME_ZONE);
  return new Date(
    Date.UTC(local.year(), local.month(), local.date(), local.hour(), local.minute(), local.second()),
  );
}

/** `yyyy-mm` as the date of the month's first day. */
function excelMonth(month: string): Date {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
}

function download(bytes: ArrayBuffer, fileName: string): void {
  const url = URL.createObjectURL(
    new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The months and every payment of the range, downloaded as one workbook. */
export async function exportIncome(
  months: readonly IncomeMonth[],
  payments: readonly SystemPayment[],
  fileName: string,
): Promise<void> {
  download(await incomeWorkbook(months, payments).xlsx.writeBuffer(), fileName);
}

/**
 * 'Thu nhập theo tháng' (months as dates of their first day shown mm/yyyy, a 'Cộng' row of SUM formulas
 * with their results) and 'Giao dịch' (payment times as Excel dates in Vietnamese time).
 */
export function incomeWorkbook(
  months: readonly IncomeMonth[],
  payments: readonly SystemPayment[],
): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Nhà trọ';
  const byMonth = workbook.addWorksheet('Thu nhập theo tháng');
  byMonth.columns = [
    { header: 'Tháng', key: 'month', width: 12, style: { numFmt: MONTH, alignment: { horizontal: 'left' } } },
    { header: PAYMENT_TARGET_LABELS.registration, key: 'registration', width: 26, style: { numFmt: MONEY } },
    { header: PAYMENT_TARGET_LABELS.roomPurchase, key: 'roomPurchase', width: 18, style: { numFmt: MONEY } },
    {
      header: PAYMENT_TARGET_LABELS.accountExtension,
      key: 'accountExtension',
      width: 20,
      style: { numFmt: MONEY },
    },
    { header: 'Tổng', key: 'total', width: 18, style: { numFmt: MONEY } },
    { header: 'Số giao dịch', key: 'count', width: 14 },
  ];
  for (const month of months) byMonth.addRow({ ...month, month: excelMonth(month.month) });
  const keys = ['registration', 'roomPurchase', 'accountExtension', 'total', 'count'] as const;
  const totals = byMonth.addRow({ month: 'Cộng' });
  for (const key of keys) {
    const column = byMonth.getColumn(key).letter;
    totals.getCell(key).value = {
      formula: months.length > 0 ? `SUM(${column}2:${column}${months.length + 1})` : '0',
      result: months.reduce((total, month) => total + month[key], 0),
    };
  }
  totals.font = { bold: true };
  byMonth.getRow(1).font = { bold: true };

  const list = workbook.addWorksheet('Giao dịch');
  list.columns = [
    { header: 'Thời gian', key: 'confirmedOn', width: 18, style: { numFmt: DATE_TIME } },
    { header: 'Khoản', key: 'target', width: 26 },
    { header: 'Nội dung', key: 'description', width: 32 },
    { header: 'Người trả', key: 'payerName', width: 24 },
    { header: 'Số tiền', key: 'amount', width: 16, style: { numFmt: MONEY } },
    { header: 'Mã giao dịch VNPay', key: 'gatewayTransactionNo', width: 20 },
    { header: 'Ngân hàng', key: 'bankCode', width: 12 },
  ];
  for (const payment of payments) {
    list.addRow({
      ...payment,
      confirmedOn: excelDateTime(payment.confirmedOn),
      target: PAYMENT_TARGET_LABELS[payment.target],
    });
  }
  list.getRow(1).font = { bold: true };
  return workbook;
}
