import {
  ELECTRICITY_TIERS,
  PEOPLE_PER_ELECTRICITY_QUOTA,
  type BillLine,
  type Fee,
  type MeterKind,
  roundToStep,
} from '@nhatro/common';
import { daysInMonth } from './time.js';

/**
 * The monthly bill of one contract, worked out from its facts, the house's services and the month's
 * readings. Pure: no I/O, no clock. Money is whole đồng, rounded once per line; the total is the sum
 * of the lines.
 */

export interface BillContractFacts {
  contractID: string;
  startDate: string;
  endDate: string;
  terminatedOn?: string;
  rentFee: number;
  rentFromMonth?: string;
  previousRentFee?: number;
}

export interface BillReading {
  previousIndex: number;
  newIndex: number;
  usage: number;
  replacement?: { oldMeterFinalIndex: number; newMeterStartIndex: number };
  /** The use starts at the tenant's move-in index, not at the reading's previous index. */
  fromMoveIn?: boolean;
}

/** Indexes that bound a contract's share of a reading, on the meters the reading names. */
export interface MeterWindow {
  /** The move-in index, on the meter the reading starts from (the old one across a replacement). */
  fromIndex?: number;
  /** Where the contract's settlement started charging, on the meter the reading ends on. */
  untilIndex?: number;
}

/** What a contract stored of its move-in and move-out indexes, for one kind of meter. */
export interface ContractMeterMarks {
  moveInIndex?: number | undefined;
  moveInMeterID?: string | undefined;
  settled?: { index: number; meterID?: string } | undefined;
}

/**
 * The window a contract's marks put on one reading: the move-in index counts only on the meter it was
 * read on (a later meter starts lower), the settlement's start on its meter (any, when the room had none:
 * the first meter is then installed at the index the settlement charged to).
 */
export function meterWindowOf(
  marks: ContractMeterMarks,
  record: { meterID: string; replacement?: { oldMeterID: string } | undefined },
): MeterWindow {
  const startMeter = record.replacement?.oldMeterID ?? record.meterID;
  const fromIndex =
    marks.moveInIndex !== undefined && marks.moveInMeterID === startMeter ? marks.moveInIndex : undefined;
  const { settled } = marks;
  const untilIndex =
    settled && (settled.meterID === undefined || settled.meterID === record.meterID)
      ? settled.index
      : undefined;
  return {
    ...(fromIndex !== undefined ? { fromIndex } : {}),
    ...(untilIndex !== undefined ? { untilIndex } : {}),
  };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The part of a month's reading that falls within a contract's stay: what the meter ran before the
 * move-in index belongs to the time before the tenant (the room empty, or another tenant), and what it
 * ran past the index the settlement charged from was charged there (or is after the tenant left).
 */
export function readingWithin(reading: BillReading, window: MeterWindow): BillReading {
  const start = Math.max(reading.previousIndex, window.fromIndex ?? Number.NEGATIVE_INFINITY);
  const fromMoveIn = start > reading.previousIndex;
  if (reading.replacement) {
    const { oldMeterFinalIndex, newMeterStartIndex } = reading.replacement;
    const end = Math.max(newMeterStartIndex, Math.min(reading.newIndex, window.untilIndex ?? Infinity));
    const usage = Math.max(0, oldMeterFinalIndex - start) + (end - newMeterStartIndex);
    return {
      ...reading,
      previousIndex: Math.min(start, oldMeterFinalIndex),
      newIndex: end,
      usage: round3(usage),
      ...(fromMoveIn ? { fromMoveIn } : {}),
    };
  }
  const end = Math.min(reading.newIndex, window.untilIndex ?? Infinity);
  const previousIndex = Math.min(start, Math.max(end, reading.previousIndex));
  return {
    ...reading,
    previousIndex,
    newIndex: Math.max(end, previousIndex),
    usage: round3(Math.max(0, end - start)),
    ...(fromMoveIn ? { fromMoveIn } : {}),
  };
}

export interface BillInput {
  /** `yyyy-mm`. */
  month: string;
  contract: BillContractFacts;
  /** All the house's services. */
  fees: Fee[];
  contractServices: Array<{ serviceID: string; vehicleID?: string }>;
  /** Registered people on the contract, representative included. */
  occupants: number;
  vehicles: Array<{ vehicleID: string; licensePlate: string }>;
  readings: { electricity?: BillReading; water?: BillReading };
  debts: Array<{ monthlyBillID: string; billName: string; owed: number }>;
  /** Earlier bills paid beyond their total: the surplus is taken off this bill (never below 0). */
  credits?: Array<{ monthlyBillID: string; billName: string; surplus: number }>;
  /** The house's rounding step of the total (0, 500, 1.000 đồng); absent or 0: not rounded. */
  rounding?: number;
  /** The month's rent was charged by the contract's settlement (taken from the deposit): no rent line. */
  rentSettled?: boolean;
}

export interface ComputedBill {
  lines: BillLine[];
  total: number;
  missingReadings: MeterKind[];
}

export interface ElectricityTierUse {
  kWh: number;
  price: number;
  /** The tier's amount rounded for display; the line rounds the exact sum once. */
  amount: number;
}

/** `11/2026` of `2026-11`. */
export function displayMonth(month: string): string {
  const [year, monthNumber] = month.split('-');
  return `${monthNumber}/${year}`;
}

/** 'Hóa đơn tháng 11/2026 – P101'. */
export function billName(month: string, roomName: string): string {
  return `Hóa đơn tháng ${displayMonth(month)} – ${roomName}`;
}

export function sumLines(lines: readonly { amount: number }[]): number {
  return lines.reduce((total, line) => total + line.amount, 0);
}

function dayNumber(isoDate: string): number {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/**
 * The days of `month` the contract covers: from the later of its start and the 1st to the earliest
 * of its end, its termination and the month's last day, both inclusive. `undefined` when it covers
 * no day of the month.
 */
export function prorationDays(
  month: string,
  contract: Pick<BillContractFacts, 'startDate' | 'endDate' | 'terminatedOn'>,
): { days: number; daysInMonth: number } | undefined {
  const monthDays = daysInMonth(month);
  const first = `${month}-01`;
  const last = `${month}-${String(monthDays).padStart(2, '0')}`;
  const from = [contract.startDate.slice(0, 10), first].sort().at(-1) as string;
  const ends = [contract.endDate, contract.terminatedOn, last]
    .filter((date): date is string => Boolean(date))
    .map((date) => date.slice(0, 10))
    .sort();
  const to = ends[0] as string;
  if (to < from) return undefined;
  return { days: dayNumber(to) - dayNumber(from) + 1, daysInMonth: monthDays };
}

/**
 * The national residential tiers for `kWh` used by a room of `occupants` registered people: every
 * tier is widened by the room's quota (occupants / 4; an empty room counts as one person). Tier kWh
 * and amounts may be fractional; `amount` is the exact sum rounded once.
 */
export function tieredElectricity(
  kWh: number,
  occupants: number,
): { amount: number; tiers: ElectricityTierUse[] } {
  const quota = Math.max(occupants, 1) / PEOPLE_PER_ELECTRICITY_QUOTA;
  const tiers: ElectricityTierUse[] = [];
  let exact = 0;
  let lower = 0;
  for (const tier of ELECTRICITY_TIERS) {
    if (kWh <= lower) break;
    const upper = tier.upTo === null ? Number.POSITIVE_INFINITY : tier.upTo * quota;
    const used = Math.min(kWh, upper) - lower;
    const tierAmount = used * tier.price;
    exact += tierAmount;
    tiers.push({ kWh: Math.round(used * 1000) / 1000, price: tier.price, amount: Math.round(tierAmount) });
    lower = upper;
  }
  return { amount: Math.round(exact), tiers };
}

/** 1.234 and 1.234,5: a number as Vietnamese write it. */
export function displayNumber(value: number): string {
  const [whole = '0', fraction] = String(Math.round(value * 1000) / 1000).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return fraction ? `${grouped},${fraction}` : grouped;
}

function meterNote(reading: BillReading): string {
  if (reading.replacement) {
    const { oldMeterFinalIndex, newMeterStartIndex } = reading.replacement;
    return `Đồng hồ cũ ${displayNumber(reading.previousIndex)} → ${displayNumber(oldMeterFinalIndex)}, đồng hồ mới ${displayNumber(newMeterStartIndex)} → ${displayNumber(reading.newIndex)}`;
  }
  const from = reading.fromMoveIn ? 'Chỉ số nhận phòng' : 'Chỉ số';
  return `${from} ${displayNumber(reading.previousIndex)} → ${displayNumber(reading.newIndex)}`;
}

function prorationNote(share: { days: number; daysInMonth: number }): string | undefined {
  return share.days < share.daysInMonth
    ? `Tính theo ngày: ${share.days}/${share.daysInMonth} ngày`
    : undefined;
}

/** Optional properties are left out rather than set to `undefined` (the documents are stored as JSON). */
function line(fields: BillLine): BillLine {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as BillLine;
}

function rentFor(month: string, contract: BillContractFacts): number {
  if (contract.rentFromMonth && contract.previousRentFee !== undefined && month < contract.rentFromMonth) {
    return contract.previousRentFee;
  }
  return contract.rentFee;
}

function meterLine(kind: MeterKind, fee: Fee, reading: BillReading, occupants: number): BillLine {
  const usage = reading.usage;
  const note = meterNote(reading);
  if (kind === 'electricity') {
    const description = `Tiền điện (${displayNumber(usage)} kWh)`;
    if (fee.pricing === 'tiered') {
      const { amount, tiers } = tieredElectricity(usage, occupants);
      return line({
        kind,
        description,
        quantity: usage,
        unit: 'kWh',
        // The average price per kWh, whole đồng (the tiers show the real prices).
        unitPrice: usage > 0 ? Math.round(amount / usage) : (ELECTRICITY_TIERS[0]?.price ?? 0),
        amount,
        note,
        tiers,
        serviceID: fee.serviceID,
      });
    }
    return line({
      kind,
      description,
      quantity: usage,
      unit: 'kWh',
      unitPrice: fee.price,
      amount: Math.round(usage * fee.price),
      note,
      serviceID: fee.serviceID,
    });
  }
  return line({
    kind,
    description: `Tiền nước (${displayNumber(usage)} m³)`,
    quantity: usage,
    unit: 'm³',
    unitPrice: fee.price,
    amount: Math.round(usage * fee.price),
    note,
    serviceID: fee.serviceID,
  });
}

const METER_FEE_UNITS: Record<MeterKind, Fee['unit']> = { electricity: 'kWh', water: 'm3' };

/**
 * The use of a meter from one index to another (the last one billed to the one typed when the tenant
 * leaves) at the house's price of it; `undefined` when the house charges no such fee.
 */
export function meterUseCharge(
  kind: MeterKind,
  fees: readonly Fee[],
  indexes: { fromIndex: number; toIndex: number },
  occupants: number,
): { kind: MeterKind; fromIndex: number; toIndex: number; usage: number; amount: number } | undefined {
  const fee = fees.find((candidate) => candidate.unit === METER_FEE_UNITS[kind]);
  if (!fee) return undefined;
  const usage = round3(Math.max(0, indexes.toIndex - indexes.fromIndex));
  const charged = meterLine(
    kind,
    fee,
    { previousIndex: indexes.fromIndex, newIndex: indexes.toIndex, usage },
    occupants,
  );
  return { kind, ...indexes, usage, amount: charged.amount };
}

/**
 * The bill's lines, in this order: rent, electricity, water, the contract's services (in the house's
 * order of services), carried-over debts, then the surplus of earlier bills paid beyond their total.
 */
export function computeBill(input: BillInput): ComputedBill {
  const { month, contract, fees, occupants } = input;
  const lines: BillLine[] = [];
  const missingReadings: MeterKind[] = [];
  const share = prorationDays(month, contract);
  const part = share ? share.days / share.daysInMonth : 0;
  const partNote = share ? prorationNote(share) : undefined;

  if (share && !input.rentSettled) {
    const rent = rentFor(month, contract);
    lines.push(
      line({
        kind: 'rent',
        description: `Tiền phòng tháng ${displayMonth(month)}`,
        quantity: 1,
        unit: 'tháng',
        unitPrice: rent,
        amount: Math.round(rent * part),
        note: partNote,
      }),
    );
  }

  for (const kind of ['electricity', 'water'] as const) {
    const fee = fees.find((candidate) => candidate.unit === METER_FEE_UNITS[kind]);
    if (!fee) continue;
    const reading = input.readings[kind];
    if (!reading) missingReadings.push(kind);
    else lines.push(meterLine(kind, fee, reading, occupants));
  }

  if (share) {
    for (const fee of fees) {
      const subscriptions = input.contractServices.filter((service) => service.serviceID === fee.serviceID);
      if (subscriptions.length === 0) continue;
      if (fee.unit === 'person' || fee.unit === 'room') {
        const quantity = fee.unit === 'person' ? occupants : 1;
        lines.push(
          line({
            kind: 'service',
            description: fee.serviceName,
            quantity,
            unit: fee.unit === 'person' ? 'người' : 'phòng',
            unitPrice: fee.price,
            amount: Math.round(quantity * fee.price * part),
            note: partNote,
            serviceID: fee.serviceID,
          }),
        );
      } else if (fee.unit === 'vehicle') {
        const vehicleIDs = [
          ...new Set(subscriptions.flatMap((service) => (service.vehicleID ? [service.vehicleID] : []))),
        ];
        for (const vehicleID of vehicleIDs) {
          const plate = input.vehicles.find((vehicle) => vehicle.vehicleID === vehicleID)?.licensePlate;
          lines.push(
            line({
              kind: 'service',
              description: plate ? `${fee.serviceName} – ${plate}` : fee.serviceName,
              quantity: 1,
              unit: 'xe',
              unitPrice: fee.price,
              amount: Math.round(fee.price * part),
              note: partNote,
              serviceID: fee.serviceID,
              vehicleID,
            }),
          );
        }
      }
    }
  }

  for (const debt of input.debts) {
    const owed = Math.round(debt.owed);
    if (owed <= 0) continue;
    lines.push({
      kind: 'debt',
      description: `Nợ chuyển từ ${debt.billName}`,
      quantity: 1,
      unitPrice: owed,
      amount: owed,
      fromBillID: debt.monthlyBillID,
    });
  }

  for (const credit of input.credits ?? []) {
    const taken = Math.min(Math.round(credit.surplus), Math.max(0, sumLines(lines)));
    if (taken <= 0) continue;
    lines.push({
      kind: 'credit',
      description: `Tiền thừa từ ${credit.billName}`,
      quantity: 1,
      unitPrice: -taken,
      amount: -taken,
      fromBillID: credit.monthlyBillID,
    });
  }

  const rounded = withRounding(lines, input.rounding ?? 0);
  return { lines: rounded, total: sumLines(rounded), missingReadings };
}

/**
 * What a bill was paid beyond its total that no later bill has taken yet and no settlement gave back
 * (0 or more).
 */
export function openSurplus(bill: {
  paidAmount: number;
  total: number;
  surplusTaken?: number;
  surplusRefunded?: number;
}): number {
  return Math.max(0, bill.paidAmount - bill.total - (bill.surplusTaken ?? 0) - (bill.surplusRefunded ?? 0));
}

/**
 * `total` rounded to the nearest multiple of `step` đồng, half up (toward the larger amount: 1.500 → 2.000
 * with a step of 1.000, 1.499 → 1.000). A step of 0 leaves it as it is.
 */
export function roundedTotal(total: number, step: number): number {
  return roundToStep(total, step);
}

/**
 * The lines with one 'Làm tròn' line last that makes their sum a multiple of `step` (nearest, half up);
 * rounding lines already there are replaced, and no line is added when the sum is already round.
 */
export function withRounding(lines: readonly BillLine[], step: number): BillLine[] {
  const kept = lines.filter((candidate) => candidate.kind !== 'rounding');
  const total = sumLines(kept);
  const difference = roundedTotal(total, step) - total;
  if (difference === 0) return kept;
  return [
    ...kept,
    {
      kind: 'rounding',
      description: 'Làm tròn',
      quantity: 1,
      unitPrice: difference,
      amount: difference,
      note: `Làm tròn tổng tiền đến ${displayNumber(step)} ₫`,
    },
  ];
}
