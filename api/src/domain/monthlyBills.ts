import { BILL_STATUS_LABELS, type BillLine, type BillStatus, type MonthlyBill } from '@nhatro/common';
import { displayMonth, displayNumber } from './shared/bills.js';
import { displayDate, displayMoney, type DocumentBlock } from './contractDocuments.js';
import { moneyInWords } from './shared/moneyWords.js';

/** Everything a printed bill states, gathered from the bill, its room and house and the landlord. */
export interface BillParticulars {
  house: { houseName: string; houseAddress: string };
  room: { roomName: string };
  /** The contract's representative. */
  tenantName?: string;
  bill: Pick<
    MonthlyBill,
    | 'billName'
    | 'billCode'
    | 'month'
    | 'createdOn'
    | 'dueDate'
    | 'total'
    | 'paidAmount'
    | 'status'
    | 'billDetails'
    | 'transferQR'
  >;
  /** The landlord's account, printed beside the QR code. */
  bank?: { bankName?: string; accountNumber?: string; accountHolder?: string };
}

/** The first cell of a bill line: what it is, then how it was worked out. */
function lineText(line: BillLine): string {
  const parts = [line.description];
  if (line.note) parts.push(line.note);
  line.tiers?.forEach((tier, index) => {
    parts.push(
      `Bậc ${index + 1}: ${displayNumber(tier.kWh)} kWh × ${displayMoney(tier.price)} = ${displayMoney(tier.amount)}`,
    );
  });
  return parts.join('\n');
}

function quantityText(line: BillLine): string {
  return line.unit ? `${displayNumber(line.quantity)} ${line.unit}` : displayNumber(line.quantity);
}

function unitPriceText(line: BillLine): string {
  if (line.tiers?.length) return 'Bậc thang';
  return displayMoney(line.unitPrice);
}

/**
 * A monthly bill as a printable A5 document: the house, the bill's name and code, room, tenant,
 * month and due date, the lines (with their workings), the total in figures and words, what is paid
 * and still owed, and the VietQR code to pay by bank transfer.
 */
export function billDocument(particulars: BillParticulars): DocumentBlock[] {
  const { house, room, tenantName, bill, bank } = particulars;
  const owed = Math.max(0, bill.total - bill.paidAmount);
  const status = BILL_STATUS_LABELS[bill.status as BillStatus] as string | undefined;
  const blocks: DocumentBlock[] = [
    { kind: 'center', text: house.houseName, bold: true },
    { kind: 'center', text: house.houseAddress, size: 'small' },
    { kind: 'center', text: 'HÓA ĐƠN TIỀN PHÒNG', bold: true, size: 'title' },
    { kind: 'center', text: bill.billName },
    { kind: 'center', text: `Mã hóa đơn: ${bill.billCode}`, size: 'small' },
    {
      kind: 'fields',
      rows: [
        ['Phòng', room.roomName],
        ...(tenantName ? [['Người thuê', tenantName] as [string, string]] : []),
        ['Tháng', displayMonth(bill.month)],
        ['Ngày lập', displayDate(bill.createdOn)],
        ['Hạn thanh toán', displayDate(bill.dueDate)],
        ...(status ? [['Trạng thái', status] as [string, string]] : []),
      ],
    },
    {
      kind: 'table',
      columns: ['Khoản thu', 'Số lượng', 'Đơn giá', 'Thành tiền'],
      widths: [0.46, 0.16, 0.18, 0.2],
      align: ['left', 'right', 'right', 'right'],
      rows: bill.billDetails.map((line) => [
        lineText(line),
        quantityText(line),
        unitPriceText(line),
        displayMoney(line.amount),
      ]),
    },
    {
      kind: 'fields',
      rows: [
        ['Tổng cộng', `${displayMoney(bill.total)} đồng`],
        ...(bill.total >= 0 ? [['Bằng chữ', moneyInWords(bill.total)] as [string, string]] : []),
        // Nothing paid yet: what is owed is the total.
        ...(bill.paidAmount !== 0
          ? ([
              ['Đã thanh toán', `${displayMoney(bill.paidAmount)} đồng`],
              ['Còn phải trả', `${displayMoney(owed)} đồng`],
            ] as Array<[string, string]>)
          : []),
      ],
    },
  ];
  if (bill.transferQR && owed > 0) {
    const rows: Array<[string, string]> = [];
    if (bank?.bankName) rows.push(['Ngân hàng', bank.bankName]);
    if (bank?.accountNumber) rows.push(['Số tài khoản', bank.accountNumber]);
    if (bank?.accountHolder) rows.push(['Chủ tài khoản', bank.accountHolder]);
    rows.push(['Số tiền', `${displayMoney(owed)} đồng`], ['Nội dung', bill.billCode]);
    blocks.push({
      kind: 'qr',
      text: bill.transferQR,
      caption: `Quét mã để chuyển khoản – nội dung: ${bill.billCode}`,
      rows,
    });
  }
  return blocks;
}
