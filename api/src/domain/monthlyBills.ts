import {
  BILL_REMINDER_PAUSE_MINUTES,
  BILL_STATUS,
  BILL_STATUS_LABELS,
  HOUSE_BILL_FILTERS,
  type BillLine,
  type BillStatus,
  type HouseBillFilter,
  type HouseMonthBills,
  type MonthlyBill,
  ROLE,
} from '@nhatro/common';
import { hasPermission, type Caller } from './shared/access.js';
import { AppError } from './shared/errors.js';
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

type BillFacts = Pick<MonthlyBill, 'total' | 'paidAmount' | 'status' | 'dueDate' | 'billDetails'>;

/** What a bill still asks for: nothing once paid, or once carried over into a later bill. */
export function owedOnBill(bill: Pick<MonthlyBill, 'total' | 'paidAmount' | 'status'>): number {
  if (bill.status === BILL_STATUS.carriedOver) return 0;
  return Math.max(0, bill.total - bill.paidAmount);
}

/** Owed, and its due date (`yyyy-mm-dd`) before `today` in Vietnam. */
export function isOverdue(bill: BillFacts, today: string): boolean {
  return owedOnBill(bill) > 0 && bill.dueDate < today;
}

/** The older debts a bill carries: its debt lines, part of its total. */
export function carriedInOf(bill: Pick<MonthlyBill, 'billDetails'>): number {
  return bill.billDetails.reduce((sum, line) => (line.kind === 'debt' ? sum + line.amount : sum), 0);
}

/** Whether a bill passes a filter of the month's bills (`HOUSE_BILL_FILTERS`). */
export function matchesHouseBillFilter(bill: BillFacts, filter: HouseBillFilter, today: string): boolean {
  const owedStatus = bill.status === BILL_STATUS.unpaid || bill.status === BILL_STATUS.partlyPaid;
  switch (filter) {
    case 'all':
      return true;
    case 'owed':
      return owedStatus;
    case 'unpaid':
      return bill.status === BILL_STATUS.unpaid;
    case 'partlyPaid':
      return bill.status === BILL_STATUS.partlyPaid;
    case 'paid':
      return bill.status === BILL_STATUS.paid;
    case 'carriedOver':
      return bill.status === BILL_STATUS.carriedOver;
    case 'overdue':
      return owedStatus && bill.dueDate < today;
  }
}

/**
 * A month's figures: billed (older debts included, as the bills state them), collected, still owed
 * (a bill carried into a later one owes nothing here: the later bill holds it, so nothing counts twice),
 * the debts carried in and out, and the bills per filter.
 */
export function houseMonthTotals(bills: readonly BillFacts[], today: string): HouseMonthBills['totals'] {
  const counts = Object.fromEntries(HOUSE_BILL_FILTERS.map((filter) => [filter, 0])) as Record<
    HouseBillFilter,
    number
  >;
  const totals = { billed: 0, collected: 0, owed: 0, carriedIn: 0, carriedOut: 0, counts };
  for (const bill of bills) {
    totals.billed += bill.total;
    totals.collected += bill.paidAmount;
    totals.owed += owedOnBill(bill);
    totals.carriedIn += carriedInOf(bill);
    if (bill.status === BILL_STATUS.carriedOver)
      totals.carriedOut += Math.max(0, bill.total - bill.paidAmount);
    for (const filter of HOUSE_BILL_FILTERS) {
      if (matchesHouseBillFilter(bill, filter, today)) counts[filter] += 1;
    }
  }
  return totals;
}

export const BILL_REMINDER_PAUSE_MS = BILL_REMINDER_PAUSE_MINUTES * 60_000;

/**
 * What makes a reminder by hand unique: the bill and the pause window it falls in. Two requests in
 * the same window write the same outbox id (the second conflicts); a reminder in the previous window
 * is found by its time (`remindedRecently`).
 */
export function billReminderKey(monthlyBillID: string, now: Date): string {
  return `billReminder:${monthlyBillID}:${Math.floor(now.getTime() / BILL_REMINDER_PAUSE_MS)}`;
}

/** Whether the last reminder (ISO time) was sent less than the pause before `now`. */
export function remindedRecently(lastRemindedOn: string | undefined, now: Date): boolean {
  if (lastRemindedOn === undefined) return false;
  return now.getTime() - Date.parse(lastRemindedOn) < BILL_REMINDER_PAUSE_MS;
}

/**
 * Who collects a house's bills (the month's bills screen and its reminders): the landlord, and staff
 * with billing rights (the caller's house is checked apart). Reading needs billing level 1, reminding 3.
 * Tenants never: they see their own bills elsewhere.
 */
export function assertCollector(caller: Caller, level: number): void {
  const manages = caller.roleID === ROLE.houseModerator || caller.roleID === ROLE.staff;
  if (!manages || !hasPermission(caller, 'billing', level)) throw AppError.forbidden();
}
