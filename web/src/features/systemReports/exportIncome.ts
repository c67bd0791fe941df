// Loaded on the click of 'Xuất Excel' only: exceljs is about a megabyte.
import ExcelJS from 'exceljs';
import { PAYMENT_TARGET_LABELS, type IncomeMonth, type SystemPayment } from '@nhatro/common';
import { formatDateTime } from '../../lib/format';

const MONEY = '#,##0 "₫"';

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

/** The months and every payment of the range in one workbook: 'Thu nhập theo tháng' and 'Giao dịch'. */
export async function exportIncome(
  months: readonly IncomeMonth[],
  payments: readonly SystemPayment[],
  fileName: string,
): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Nhà trọ';
  const byMonth = workbook.addWorksheet('Thu nhập theo tháng');
  byMonth.columns = [
    { header: 'Tháng', key: 'month', width: 12 },
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
  for (const month of months)
    byMonth.addRow({ ...month, month: `${month.month.slice(5)}/${month.month.slice(0, 4)}` });
  const sum = (key: 'registration' | 'roomPurchase' | 'accountExtension' | 'total' | 'count') =>
    months.reduce((total, month) => total + month[key], 0);
  byMonth.addRow({
    month: 'Cộng',
    registration: sum('registration'),
    roomPurchase: sum('roomPurchase'),
    accountExtension: sum('accountExtension'),
    total: sum('total'),
    count: sum('count'),
  }).font = { bold: true };
  byMonth.getRow(1).font = { bold: true };

  const list = workbook.addWorksheet('Giao dịch');
  list.columns = [
    { header: 'Thời gian', key: 'confirmedOn', width: 18 },
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
      confirmedOn: formatDateTime(payment.confirmedOn),
      target: PAYMENT_TARGET_LABELS[payment.target],
    });
  }
  list.getRow(1).font = { bold: true };
  download(await workbook.xlsx.writeBuffer(), fileName);
}
