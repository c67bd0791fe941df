import type { RefundMethod, SettlementDamage } from './contracts.js';

/**
 * The money of a contract's end: the settlement recorded at termination (`settlement()`) and the
 * liquidation document built from it (`GET /odata/Contract/Liquidation`, docs/liquidation.md).
 */

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** What an early end settles (`POST /odata/Contract/TerminateContract`), in đồng. */
export interface Settlement {
  deposit: number;
  /**
   * The last month's rent for the days lived, less the rent a bill of that month already asked (negative:
   * rent billed for days after the end, given back).
   */
  proratedRent: number;
  damageCharges: number;
  /** What is still owed on the contract's one-time charges (absent on settlements recorded before). */
  unpaidCharges?: number;
  /** What is still owed on the contract's issued bills, taken from the deposit (they are then paid). */
  unpaidBills?: number;
  /** The rent a bill of the termination month already asked (absent: none, or recorded before). */
  billedRent?: number;
  /** `yyyy-mm`: the month whose rent the settlement charges; that month's draft leaves rent out. */
  rentMonth?: string;
  /** The last use of the meters: from the last index billed to the one typed on leaving, at the house's prices. */
  meterUse?: SettlementMeterUse[];
  /** What the house's rounding step adds to (or takes from) what changes hands. */
  rounding?: number;
  /** The landlord recorded giving the refund back. */
  refunded?: {
    refundedOn: string;
    method: RefundMethod;
    note?: string;
    recordedBy: string;
    recordedOn: string;
  };
  /** Money paid beyond its bills that no later bill took: the landlord gives it back (absent: none). */
  openSurplus?: number;
  /** The damage lines (absent on settlements recorded before: `damageCharges` is then one line). */
  damages?: SettlementDamage[];
  /** The issued bills the deposit paid, each with what it still owed then. */
  billsOwed?: Array<{ monthlyBillID: string; month: string; amount: number }>;
  /** The one-time charges the deposit paid, each with what it still owed then. */
  chargesOwed?: Array<{ oneTimeChargeID: string; description: string; amount: number }>;
  /** When the tenant owes after the deposit: the one-time charge that asks it. */
  owedCharge?: { oneTimeChargeID: string; billCode: string; amount: number };
  /** Negative when the tenant still owes money after the deposit. */
  refund: number;
}

export interface SettlementMeterUse {
  kind: 'electricity' | 'water';
  fromIndex: number;
  toIndex: number;
  usage: number;
  amount: number;
}

/**
 * `amount` rounded to the nearest multiple of `step` đồng, half up (1.500 → 2.000 with a step of 1.000,
 * -1.500 → -1.000). A step of 0 leaves it as it is.
 */
export function roundToStep(amount: number, step: number): number {
  if (step <= 0) return amount;
  return Math.floor(amount / step + 0.5) * step;
}

/**
 * Early end of a contract: the rent of the last month is charged for the days lived in it (the
 * termination day included), the deposit pays for it, for the last use of the meters, for damages and for
 * what the contract's charges and issued bills still owe; the rest is given back. When a bill of that month
 * already asked rent, the settlement charges only the difference (a credit when the bill asked more). Money
 * paid beyond the bills that no later bill took (`openSurplus`) is given back with the deposit. Money is
 * whole đồng; the prorated rent is rounded to the nearest đồng, and what changes hands to the house's
 * rounding step (`roundingStep`, as its monthly bills: a `rounding` charge, positive or negative).
 */
export function settlement(
  contract: { rentFee: number; deposit: number },
  terminationDate: string,
  damageCharges: number,
  unpaidCharges = 0,
  bills: {
    billedRent?: number | undefined;
    unpaidBills?: number;
    meterUse?: SettlementMeterUse[];
    roundingStep?: number;
    openSurplus?: number;
  } = {},
): Settlement & { unpaidCharges: number; unpaidBills: number } {
  const [year, month, day] = terminationDate.split('-').map(Number) as [number, number, number];
  const lived = Math.round((contract.rentFee * day) / daysInMonth(year, month));
  const proratedRent = lived - (bills.billedRent ?? 0);
  const unpaidBills = bills.unpaidBills ?? 0;
  const meterUse = bills.meterUse ?? [];
  const meterCharges = meterUse.reduce((sum, use) => sum + use.amount, 0);
  const openSurplus = bills.openSurplus ?? 0;
  const owed =
    proratedRent +
    meterCharges +
    damageCharges +
    unpaidCharges +
    unpaidBills -
    openSurplus -
    contract.deposit;
  const rounding = roundToStep(owed, bills.roundingStep ?? 0) - owed;
  return {
    deposit: contract.deposit,
    proratedRent,
    damageCharges,
    unpaidCharges,
    unpaidBills,
    ...(bills.billedRent !== undefined
      ? { billedRent: bills.billedRent }
      : { rentMonth: terminationDate.slice(0, 7) }),
    ...(meterUse.length > 0 ? { meterUse } : {}),
    ...(rounding !== 0 ? { rounding } : {}),
    ...(openSurplus ? { openSurplus } : {}),
    refund:
      contract.deposit -
      proratedRent -
      meterCharges -
      damageCharges -
      unpaidCharges -
      unpaidBills +
      openSurplus -
      rounding,
  };
}

/** What a line of the liquidation is; the document lists them in this order. */
export type LiquidationLineKind =
  'rent' | 'electricity' | 'water' | 'bill' | 'charge' | 'damage' | 'rounding' | 'deposit' | 'credit';

/** One line of the liquidation: positive adds to what the tenant owes, negative is in their favour. */
export interface LiquidationLine {
  kind: LiquidationLineKind;
  label: string;
  /** The workings (days lived, meter indexes), when the line has any. */
  detail?: string;
  amount: number;
}

/** Who owes whom after the deposit: the tenant, the landlord (a refund) or nobody. */
export type LiquidationOutcome = 'tenantOwes' | 'landlordRefunds' | 'settled';
export const LIQUIDATION_OUTCOME_LABELS: Record<LiquidationOutcome, string> = {
  tenantOwes: 'Người thuê còn phải trả',
  landlordRefunds: 'Chủ nhà hoàn lại cho người thuê',
  settled: 'Hai bên không còn nợ nhau',
};

/** `GET /odata/Contract/Liquidation?contractID=…`: the liquidation of an ended contract. */
export interface Liquidation {
  contractID: string;
  houseID: string;
  roomID: string;
  houseName: string;
  houseAddress: string;
  roomName: string;
  tenantName?: string;
  terminatedOn: string;
  terminationReason?: string;
  lines: LiquidationLine[];
  outcome: LiquidationOutcome;
  /** What changes hands, in đồng (never negative; `outcome` says in which direction). */
  amount: number;
  /** When the tenant owes: the one-time charge that asks it, what is paid of it and its VietQR. */
  owedCharge?: {
    oneTimeChargeID: string;
    billCode: string;
    amount: number;
    paidAmount: number;
    owed: number;
    dueDate?: string;
    /** Absent when nothing is owed any more or the landlord has no bank account. */
    transferQR?: string;
  };
  /** When the landlord owes: the refund as recorded (`POST /odata/Contract/RecordRefund`). */
  refunded?: Settlement['refunded'];
}

/** `yyyy-mm` as `mm/yyyy`. */
function monthText(month: string): string {
  return `${month.slice(5, 7)}/${month.slice(0, 4)}`;
}

/** `yyyy-mm-dd` as `dd/mm/yyyy`. */
function dateText(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/**
 * The lines of a liquidation in the order of the document: rent to the day (less what a bill of that
 * month already asked), the last meter use, each unpaid bill, each unpaid charge, each damage, the
 * rounding, minus the deposit, minus money paid beyond the bills. Their sum is what the tenant owes
 * (negative: what the landlord gives back), i.e. `-settlement.refund`. Settlements recorded before the
 * lines were kept show their totals as one line each.
 */
export function liquidationLines(settlement: Settlement, terminatedOn: string): LiquidationLine[] {
  const lines: LiquidationLine[] = [];
  const [year, month, day] = terminatedOn.split('-').map(Number) as [number, number, number];
  const days = daysInMonth(year, month);
  const billed = settlement.billedRent ?? 0;
  lines.push({
    kind: 'rent',
    label: `Tiền thuê đến ngày ${dateText(terminatedOn)}`,
    detail: `${day}/${days} ngày của tháng ${monthText(terminatedOn.slice(0, 7))}`,
    amount: settlement.proratedRent + billed,
  });
  if (billed !== 0) {
    lines.push({
      kind: 'rent',
      label: `Trừ tiền thuê đã tính trong hóa đơn tháng ${monthText(terminatedOn.slice(0, 7))}`,
      amount: -billed,
    });
  }
  for (const use of settlement.meterUse ?? []) {
    const unit = use.kind === 'electricity' ? 'kWh' : 'm³';
    lines.push({
      kind: use.kind,
      label: use.kind === 'electricity' ? 'Tiền điện lần cuối' : 'Tiền nước lần cuối',
      detail: `Chỉ số ${use.fromIndex} → ${use.toIndex} (${use.usage} ${unit})`,
      amount: use.amount,
    });
  }
  const owedBills = settlement.billsOwed ?? [];
  for (const bill of owedBills) {
    lines.push({
      kind: 'bill',
      label: `Hóa đơn tháng ${monthText(bill.month)} chưa trả`,
      amount: bill.amount,
    });
  }
  const listedBills = owedBills.reduce((sum, bill) => sum + bill.amount, 0);
  if ((settlement.unpaidBills ?? 0) !== listedBills) {
    lines.push({
      kind: 'bill',
      label: 'Hóa đơn chưa trả',
      amount: (settlement.unpaidBills ?? 0) - listedBills,
    });
  }
  const owedCharges = settlement.chargesOwed ?? [];
  for (const charge of owedCharges) {
    lines.push({ kind: 'charge', label: `Khoản thu chưa trả: ${charge.description}`, amount: charge.amount });
  }
  const listedCharges = owedCharges.reduce((sum, charge) => sum + charge.amount, 0);
  if ((settlement.unpaidCharges ?? 0) !== listedCharges) {
    lines.push({
      kind: 'charge',
      label: 'Khoản thu chưa trả',
      amount: (settlement.unpaidCharges ?? 0) - listedCharges,
    });
  }
  const damages = settlement.damages ?? [];
  for (const damage of damages) {
    lines.push({ kind: 'damage', label: `Bồi thường: ${damage.description}`, amount: damage.amount });
  }
  const listedDamages = damages.reduce((sum, damage) => sum + damage.amount, 0);
  if (settlement.damageCharges !== listedDamages) {
    lines.push({
      kind: 'damage',
      label: 'Tiền bồi thường',
      amount: settlement.damageCharges - listedDamages,
    });
  }
  if (settlement.rounding) lines.push({ kind: 'rounding', label: 'Làm tròn', amount: settlement.rounding });
  lines.push({ kind: 'deposit', label: 'Trừ tiền cọc', amount: -settlement.deposit });
  if (settlement.openSurplus) {
    lines.push({ kind: 'credit', label: 'Trừ tiền đã trả dư chưa dùng', amount: -settlement.openSurplus });
  }
  return lines;
}

/** Who owes whom after the deposit, and how much. */
export function liquidationOutcome(settlement: Pick<Settlement, 'refund'>): {
  outcome: LiquidationOutcome;
  amount: number;
} {
  if (settlement.refund < 0) return { outcome: 'tenantOwes', amount: -settlement.refund };
  if (settlement.refund > 0) return { outcome: 'landlordRefunds', amount: settlement.refund };
  return { outcome: 'settled', amount: 0 };
}
