import type { Fee } from '@nhatro/common';
import { describe, expect, it } from 'vitest';
import {
  billName,
  computeBill,
  prorationDays,
  sumLines,
  tieredElectricity,
  type BillInput,
} from '../../api/src/domain/shared/bills.js';
import { billCode } from '../../api/src/useCases/shared/billCodes.js';

const ELECTRICITY: Fee = {
  serviceID: 'fee-elec',
  houseID: 'house-1',
  serviceName: 'Điện',
  price: 3_500,
  unit: 'kWh',
};
const TIERED_ELECTRICITY: Fee = { ...ELECTRICITY, pricing: 'tiered' };
const WATER: Fee = {
  serviceID: 'fee-water',
  houseID: 'house-1',
  serviceName: 'Nước',
  price: 15_000,
  unit: 'm3',
};
const TRASH: Fee = {
  serviceID: 'fee-trash',
  houseID: 'house-1',
  serviceName: 'Phí rác',
  price: 30_000,
  unit: 'room',
};
const INTERNET: Fee = {
  serviceID: 'fee-net',
  houseID: 'house-1',
  serviceName: 'Internet',
  price: 50_000,
  unit: 'person',
};
const PARKING: Fee = {
  serviceID: 'fee-park',
  houseID: 'house-1',
  serviceName: 'Gửi xe',
  price: 150_000,
  unit: 'vehicle',
};
/** A service of the house the contract does not use. */
const LAUNDRY: Fee = {
  serviceID: 'fee-laundry',
  houseID: 'house-1',
  serviceName: 'Giặt sấy',
  price: 100_000,
  unit: 'person',
};

/** P101 in November 2026 (30 days): a whole month, two people, one motorbike, flat electricity. */
function input(overrides: Partial<BillInput> = {}): BillInput {
  return {
    month: '2026-11',
    contract: {
      contractID: 'contract-1',
      startDate: '2026-01-10',
      endDate: '2027-01-09',
      rentFee: 3_000_000,
    },
    fees: [ELECTRICITY, WATER, TRASH, INTERNET, PARKING, LAUNDRY],
    contractServices: [
      { serviceID: 'fee-trash' },
      { serviceID: 'fee-net' },
      { serviceID: 'fee-park', vehicleID: 'vehicle-1' },
    ],
    occupants: 2,
    vehicles: [{ vehicleID: 'vehicle-1', licensePlate: '59X1-123.45' }],
    readings: {
      electricity: { previousIndex: 1_234, newIndex: 1_354, usage: 120 },
      water: { previousIndex: 100, newIndex: 108, usage: 8 },
    },
    debts: [],
    ...overrides,
  };
}

describe('computeBill: a whole month, flat electricity', () => {
  it('charges rent, metered use and the subscribed services, and adds them up', () => {
    const bill = computeBill(input());
    expect(bill.lines).toEqual([
      {
        kind: 'rent',
        description: 'Tiền phòng tháng 11/2026',
        quantity: 1,
        unit: 'tháng',
        unitPrice: 3_000_000,
        amount: 3_000_000,
      },
      // 1.354 − 1.234 = 120 kWh × 3.500 = 420.000
      {
        kind: 'electricity',
        description: 'Tiền điện (120 kWh)',
        quantity: 120,
        unit: 'kWh',
        unitPrice: 3_500,
        amount: 420_000,
        note: 'Chỉ số 1.234 → 1.354',
        serviceID: 'fee-elec',
      },
      // 108 − 100 = 8 m³ × 15.000 = 120.000
      {
        kind: 'water',
        description: 'Tiền nước (8 m³)',
        quantity: 8,
        unit: 'm³',
        unitPrice: 15_000,
        amount: 120_000,
        note: 'Chỉ số 100 → 108',
        serviceID: 'fee-water',
      },
      // Per room: 1 × 30.000
      {
        kind: 'service',
        description: 'Phí rác',
        quantity: 1,
        unit: 'phòng',
        unitPrice: 30_000,
        amount: 30_000,
        serviceID: 'fee-trash',
      },
      // Per person: 2 × 50.000 = 100.000
      {
        kind: 'service',
        description: 'Internet',
        quantity: 2,
        unit: 'người',
        unitPrice: 50_000,
        amount: 100_000,
        serviceID: 'fee-net',
      },
      // Per vehicle: one motorbike × 150.000
      {
        kind: 'service',
        description: 'Gửi xe – 59X1-123.45',
        quantity: 1,
        unit: 'xe',
        unitPrice: 150_000,
        amount: 150_000,
        serviceID: 'fee-park',
        vehicleID: 'vehicle-1',
      },
    ]);
    // 3.000.000 + 420.000 + 120.000 + 30.000 + 100.000 + 150.000 = 3.820.000
    expect(bill.total).toBe(3_820_000);
    expect(bill.missingReadings).toEqual([]);
    // The laundry service is the house's but not the contract's: no line.
    expect(bill.lines.some((line) => line.description === 'Giặt sấy')).toBe(false);
  });

  it('charges metered use even at zero, and whatever the contract subscribes', () => {
    const bill = computeBill(
      input({
        contractServices: [],
        readings: {
          electricity: { previousIndex: 500, newIndex: 500, usage: 0 },
          water: { previousIndex: 20, newIndex: 20, usage: 0 },
        },
      }),
    );
    expect(bill.lines.map((line) => [line.kind, line.amount])).toEqual([
      ['rent', 3_000_000],
      ['electricity', 0],
      ['water', 0],
    ]);
    expect(bill.total).toBe(3_000_000);
  });
});

describe('tiered electricity: tier widths 50, 50, 100, 100, 100, ∞ kWh times occupants / 4', () => {
  it('4 people (one quota), 230 kWh', () => {
    // 50 × 1.984 + 50 × 2.050 + 100 × 2.380 + 30 × 2.998
    // = 99.200 + 102.500 + 238.000 + 89.940 = 529.640
    expect(tieredElectricity(230, 4)).toEqual({
      amount: 529_640,
      tiers: [
        { kWh: 50, price: 1_984, amount: 99_200 },
        { kWh: 50, price: 2_050, amount: 102_500 },
        { kWh: 100, price: 2_380, amount: 238_000 },
        { kWh: 30, price: 2_998, amount: 89_940 },
      ],
    });
  });

  it('1 person (a quarter quota: tiers of 12,5 / 12,5 / 25 / 25 / 25 kWh), 60 kWh', () => {
    // 12,5 × 1.984 + 12,5 × 2.050 + 25 × 2.380 + 10 × 2.998
    // = 24.800 + 25.625 + 59.500 + 29.980 = 139.905
    expect(tieredElectricity(60, 1)).toEqual({
      amount: 139_905,
      tiers: [
        { kWh: 12.5, price: 1_984, amount: 24_800 },
        { kWh: 12.5, price: 2_050, amount: 25_625 },
        { kWh: 25, price: 2_380, amount: 59_500 },
        { kWh: 10, price: 2_998, amount: 29_980 },
      ],
    });
    // Nobody registered counts as one person.
    expect(tieredElectricity(60, 0)).toEqual(tieredElectricity(60, 1));
  });

  it('6 people (1,5 quotas: tiers of 75 / 75 / 150 / 150 / 150 kWh), 500 kWh', () => {
    // 75 × 1.984 + 75 × 2.050 + 150 × 2.380 + 150 × 2.998 + 50 × 3.350
    // = 148.800 + 153.750 + 357.000 + 449.700 + 167.500 = 1.276.750
    expect(tieredElectricity(500, 6)).toEqual({
      amount: 1_276_750,
      tiers: [
        { kWh: 75, price: 1_984, amount: 148_800 },
        { kWh: 75, price: 2_050, amount: 153_750 },
        { kWh: 150, price: 2_380, amount: 357_000 },
        { kWh: 150, price: 2_998, amount: 449_700 },
        { kWh: 50, price: 3_350, amount: 167_500 },
      ],
    });
  });

  it('reaches the open last tier', () => {
    // 4 people, 450 kWh: 99.200 + 102.500 + 238.000 + 100 × 2.998 + 100 × 3.350 + 50 × 3.460
    // = 99.200 + 102.500 + 238.000 + 299.800 + 335.000 + 173.000 = 1.247.500
    const { amount, tiers } = tieredElectricity(450, 4);
    expect(amount).toBe(1_247_500);
    expect(tiers.at(-1)).toEqual({ kWh: 50, price: 3_460, amount: 173_000 });
  });

  it('rounds the line once: 1 person, 12,75 kWh', () => {
    // 12,5 × 1.984 + 0,25 × 2.050 = 24.800 + 512,5 = 25.312,5 → 25.313 (the tier shows 513)
    expect(tieredElectricity(12.75, 1)).toEqual({
      amount: 25_313,
      tiers: [
        { kWh: 12.5, price: 1_984, amount: 24_800 },
        { kWh: 0.25, price: 2_050, amount: 513 },
      ],
    });
  });

  it('the bill line shows the tiers when the house prices electricity by tiers', () => {
    const bill = computeBill(
      input({
        fees: [TIERED_ELECTRICITY, WATER],
        occupants: 4,
        readings: {
          electricity: { previousIndex: 1_000, newIndex: 1_230, usage: 230 },
          water: { previousIndex: 100, newIndex: 108, usage: 8 },
        },
      }),
    );
    const electricity = bill.lines.find((line) => line.kind === 'electricity');
    expect(electricity).toMatchObject({
      description: 'Tiền điện (230 kWh)',
      quantity: 230,
      // 529.640 / 230 = 2.302,78 → 2.303 đồng per kWh on average
      unitPrice: 2_303,
      amount: 529_640,
      note: 'Chỉ số 1.000 → 1.230',
    });
    expect(electricity?.tiers).toHaveLength(4);
    // 3.000.000 rent + 529.640 + 120.000 water (no other service subscribed in this house)
    expect(bill.total).toBe(3_649_640);
  });
});

describe('proration by days lived in the month', () => {
  it('counts from the later of the start and the 1st to the earliest end, both days included', () => {
    const contract = { startDate: '2026-01-10', endDate: '2027-01-09' };
    expect(prorationDays('2026-11', contract)).toEqual({ days: 30, daysInMonth: 30 });
    // Moves in on 15/11: 15 … 30 = 16 days.
    expect(prorationDays('2026-11', { ...contract, startDate: '2026-11-15' })).toEqual({
      days: 16,
      daysInMonth: 30,
    });
    // Ends on 9/1: 1 … 9 = 9 days of 31.
    expect(prorationDays('2027-01', contract)).toEqual({ days: 9, daysInMonth: 31 });
    // Terminated early on 10/12: 10 days of 31.
    expect(prorationDays('2026-12', { ...contract, terminatedOn: '2026-12-10' })).toEqual({
      days: 10,
      daysInMonth: 31,
    });
    // February 2028 has 29 days.
    expect(prorationDays('2028-02', { startDate: '2028-02-20', endDate: '2029-01-01' })).toEqual({
      days: 10,
      daysInMonth: 29,
    });
    // One day only.
    expect(prorationDays('2026-11', { startDate: '2026-11-30', endDate: '2027-01-01' })).toEqual({
      days: 1,
      daysInMonth: 30,
    });
  });

  it('has no day when the contract starts later or ended earlier', () => {
    expect(prorationDays('2026-11', { startDate: '2026-12-01', endDate: '2027-11-30' })).toBeUndefined();
    expect(
      prorationDays('2026-11', {
        startDate: '2026-01-01',
        endDate: '2027-01-01',
        terminatedOn: '2026-10-31',
      }),
    ).toBeUndefined();
  });

  it('first month: moves in on 15/11 (16 of 30 days), rent and fixed services prorated', () => {
    const bill = computeBill(
      input({
        contract: { contractID: 'c', startDate: '2026-11-15', endDate: '2027-11-14', rentFee: 3_000_000 },
      }),
    );
    const note = 'Tính theo ngày: 16/30 ngày';
    expect(bill.lines.map((line) => [line.description, line.amount, line.note])).toEqual([
      // 3.000.000 × 16 / 30 = 1.600.000
      ['Tiền phòng tháng 11/2026', 1_600_000, note],
      // Metered use is what was used: never prorated.
      ['Tiền điện (120 kWh)', 420_000, 'Chỉ số 1.234 → 1.354'],
      ['Tiền nước (8 m³)', 120_000, 'Chỉ số 100 → 108'],
      // 30.000 × 16 / 30 = 16.000
      ['Phí rác', 16_000, note],
      // 2 × 50.000 × 16 / 30 = 53.333,33 → 53.333
      ['Internet', 53_333, note],
      // 150.000 × 16 / 30 = 80.000
      ['Gửi xe – 59X1-123.45', 80_000, note],
    ]);
    // 1.600.000 + 420.000 + 120.000 + 16.000 + 53.333 + 80.000 = 2.289.333
    expect(bill.total).toBe(2_289_333);
  });

  it('early end in a 31-day month: terminated on 10/12 (10 of 31 days)', () => {
    const bill = computeBill(
      input({
        month: '2026-12',
        contract: {
          contractID: 'c',
          startDate: '2026-01-10',
          endDate: '2027-01-09',
          terminatedOn: '2026-12-10',
          rentFee: 3_100_000,
        },
        contractServices: [{ serviceID: 'fee-trash' }],
        readings: {},
      }),
    );
    expect(bill.lines).toEqual([
      // 3.100.000 × 10 / 31 = 1.000.000
      {
        kind: 'rent',
        description: 'Tiền phòng tháng 12/2026',
        quantity: 1,
        unit: 'tháng',
        unitPrice: 3_100_000,
        amount: 1_000_000,
        note: 'Tính theo ngày: 10/31 ngày',
      },
      // 30.000 × 10 / 31 = 9.677,42 → 9.677
      {
        kind: 'service',
        description: 'Phí rác',
        quantity: 1,
        unit: 'phòng',
        unitPrice: 30_000,
        amount: 9_677,
        note: 'Tính theo ngày: 10/31 ngày',
        serviceID: 'fee-trash',
      },
    ]);
    expect(bill.total).toBe(1_009_677);
    expect(bill.missingReadings).toEqual(['electricity', 'water']);
  });

  it('a 28-day month: the contract ends on 14/02/2027 (14 of 28 days)', () => {
    const bill = computeBill(
      input({
        month: '2027-02',
        contract: { contractID: 'c', startDate: '2026-02-15', endDate: '2027-02-14', rentFee: 2_800_000 },
        contractServices: [],
      }),
    );
    // 2.800.000 × 14 / 28 = 1.400.000
    expect(bill.lines[0]).toMatchObject({
      description: 'Tiền phòng tháng 02/2027',
      amount: 1_400_000,
      note: 'Tính theo ngày: 14/28 ngày',
    });
  });

  it('a contract with no day in the month gets no rent and no fixed services', () => {
    const bill = computeBill(
      input({
        contract: { contractID: 'c', startDate: '2026-12-01', endDate: '2027-11-30', rentFee: 3_000_000 },
        readings: {},
      }),
    );
    expect(bill.lines).toEqual([]);
    expect(bill.total).toBe(0);
  });
});

describe('rent change', () => {
  const contract = {
    contractID: 'c',
    startDate: '2026-01-10',
    endDate: '2027-01-09',
    rentFee: 3_500_000,
    previousRentFee: 3_000_000,
    rentFromMonth: '2026-12',
  };
  it('charges the previous rent before the month the new rent starts, the new one from it', () => {
    const november = computeBill(input({ contract, contractServices: [], readings: {} }));
    expect(november.lines).toMatchObject([{ kind: 'rent', unitPrice: 3_000_000, amount: 3_000_000 }]);
    const december = computeBill(input({ month: '2026-12', contract, contractServices: [], readings: {} }));
    expect(december.lines).toMatchObject([{ kind: 'rent', unitPrice: 3_500_000, amount: 3_500_000 }]);
    const january = computeBill(input({ month: '2027-01', contract, contractServices: [], readings: {} }));
    // The new rent, prorated: the contract ends on 9/1 → 3.500.000 × 9 / 31 = 1.016.129,03 → 1.016.129
    expect(january.lines).toMatchObject([{ kind: 'rent', unitPrice: 3_500_000, amount: 1_016_129 }]);
  });
});

describe('services', () => {
  it('charges per person, per room and per vehicle, only what the contract subscribes', () => {
    const bill = computeBill(
      input({
        occupants: 3,
        vehicles: [
          { vehicleID: 'vehicle-1', licensePlate: '59X1-123.45' },
          { vehicleID: 'vehicle-2', licensePlate: '51G-888.88' },
        ],
        contractServices: [
          { serviceID: 'fee-net' },
          { serviceID: 'fee-park', vehicleID: 'vehicle-1' },
          { serviceID: 'fee-park', vehicleID: 'vehicle-2' },
          // The same vehicle twice is charged once; a per-vehicle service without a vehicle not at all.
          { serviceID: 'fee-park', vehicleID: 'vehicle-1' },
          { serviceID: 'fee-park' },
        ],
        readings: {},
      }),
    );
    expect(bill.lines.filter((line) => line.kind === 'service')).toEqual([
      // 3 people × 50.000 = 150.000
      {
        kind: 'service',
        description: 'Internet',
        quantity: 3,
        unit: 'người',
        unitPrice: 50_000,
        amount: 150_000,
        serviceID: 'fee-net',
      },
      {
        kind: 'service',
        description: 'Gửi xe – 59X1-123.45',
        quantity: 1,
        unit: 'xe',
        unitPrice: 150_000,
        amount: 150_000,
        serviceID: 'fee-park',
        vehicleID: 'vehicle-1',
      },
      {
        kind: 'service',
        description: 'Gửi xe – 51G-888.88',
        quantity: 1,
        unit: 'xe',
        unitPrice: 150_000,
        amount: 150_000,
        serviceID: 'fee-park',
        vehicleID: 'vehicle-2',
      },
    ]);
    // No trash fee (not subscribed), no laundry (not subscribed).
    // 3.000.000 + 150.000 + 150.000 + 150.000 = 3.450.000
    expect(bill.total).toBe(3_450_000);
  });
});

describe('readings', () => {
  it('leaves out a missing reading and names it; a house without that fee misses nothing', () => {
    const bill = computeBill(
      input({
        fees: [ELECTRICITY, TRASH],
        readings: { water: { previousIndex: 100, newIndex: 108, usage: 8 } },
      }),
    );
    expect(bill.lines.map((line) => line.kind)).toEqual(['rent', 'service']);
    expect(bill.missingReadings).toEqual(['electricity']);
  });

  it('bills a replaced meter by the usage given, showing both meters', () => {
    // Old meter 1.234 → 1.300 (66 kWh), new meter 0 → 54 (54 kWh): 120 kWh × 3.500 = 420.000
    const bill = computeBill(
      input({
        readings: {
          electricity: {
            previousIndex: 1_234,
            newIndex: 54,
            usage: 120,
            replacement: { oldMeterFinalIndex: 1_300, newMeterStartIndex: 0 },
          },
        },
      }),
    );
    expect(bill.lines.find((line) => line.kind === 'electricity')).toEqual({
      kind: 'electricity',
      description: 'Tiền điện (120 kWh)',
      quantity: 120,
      unit: 'kWh',
      unitPrice: 3_500,
      amount: 420_000,
      note: 'Đồng hồ cũ 1.234 → 1.300, đồng hồ mới 0 → 54',
      serviceID: 'fee-elec',
    });
    expect(bill.missingReadings).toEqual(['water']);
  });
});

describe('debts carried over', () => {
  it('adds one line per earlier unpaid remainder, last', () => {
    const bill = computeBill(
      input({
        contractServices: [],
        readings: {},
        fees: [],
        debts: [
          { monthlyBillID: 'contract-1_2026-09', billName: 'Hóa đơn tháng 09/2026 – P101', owed: 120_000 },
          { monthlyBillID: 'contract-1_2026-10', billName: 'Hóa đơn tháng 10/2026 – P101', owed: 250_000 },
          { monthlyBillID: 'contract-1_2026-08', billName: 'Hóa đơn tháng 08/2026 – P101', owed: 0 },
        ],
      }),
    );
    expect(bill.lines.slice(1)).toEqual([
      {
        kind: 'debt',
        description: 'Nợ chuyển từ Hóa đơn tháng 09/2026 – P101',
        quantity: 1,
        unitPrice: 120_000,
        amount: 120_000,
        fromBillID: 'contract-1_2026-09',
      },
      {
        kind: 'debt',
        description: 'Nợ chuyển từ Hóa đơn tháng 10/2026 – P101',
        quantity: 1,
        unitPrice: 250_000,
        amount: 250_000,
        fromBillID: 'contract-1_2026-10',
      },
    ]);
    // 3.000.000 + 120.000 + 250.000 = 3.370.000
    expect(bill.total).toBe(3_370_000);
  });
});

describe('rounding: once per line, whole đồng, total = sum of lines', () => {
  it('rounds a half đồng up once on each line', () => {
    const bill = computeBill(
      input({
        contract: { contractID: 'c', startDate: '2026-11-16', endDate: '2027-11-15', rentFee: 3_000_001 },
        fees: [{ ...ELECTRICITY, price: 3_501 }, { ...WATER, price: 15_001 }, INTERNET],
        contractServices: [{ serviceID: 'fee-net' }],
        occupants: 1,
        readings: {
          electricity: { previousIndex: 10, newIndex: 20.5, usage: 10.5 },
          water: { previousIndex: 1, newIndex: 9.5, usage: 8.5 },
        },
      }),
    );
    expect(bill.lines.map((line) => [line.description, line.amount])).toEqual([
      // 16 … 30/11 = 15 days: 3.000.001 × 15 / 30 = 1.500.000,5 → 1.500.001
      ['Tiền phòng tháng 11/2026', 1_500_001],
      // 10,5 × 3.501 = 36.760,5 → 36.761
      ['Tiền điện (10,5 kWh)', 36_761],
      // 8,5 × 15.001 = 127.508,5 → 127.509
      ['Tiền nước (8,5 m³)', 127_509],
      // 1 × 50.000 × 15 / 30 = 25.000
      ['Internet', 25_000],
    ]);
    expect(bill.lines.find((line) => line.kind === 'electricity')?.note).toBe('Chỉ số 10 → 20,5');
    // 1.500.001 + 36.761 + 127.509 + 25.000 = 1.689.271
    expect(bill.total).toBe(1_689_271);
    expect(bill.total).toBe(sumLines(bill.lines));
    for (const line of bill.lines) {
      expect(Number.isInteger(line.amount)).toBe(true);
      expect(Number.isInteger(line.unitPrice)).toBe(true);
    }
  });

  it('sumLines adds amounts (negative discounts included)', () => {
    expect(sumLines([])).toBe(0);
    expect(sumLines([{ amount: 100 }, { amount: 250 }, { amount: -50 }])).toBe(300);
  });
});

describe('names and codes', () => {
  it('names a bill by month and room', () => {
    expect(billName('2026-11', 'P101')).toBe('Hóa đơn tháng 11/2026 – P101');
    expect(billName('2027-03', 'A.2')).toBe('Hóa đơn tháng 03/2027 – A.2');
  });

  it('gives a short, stable code of A–Z and digits a bank keeps in a transfer note', () => {
    const code = billCode('3f1c9a7e-2b44-4c1d-9a0e-5d6f7a8b9c0d_2026-11');
    expect(code).toMatch(/^NT[A-Z2-7]{8}$/);
    expect(billCode('3f1c9a7e-2b44-4c1d-9a0e-5d6f7a8b9c0d_2026-11')).toBe(code);
    // Pinned: a code printed on a bill must never change. It is 'NT' and the RFC 4648 base-32 of the
    // first 5 bytes of the id's SHA-256 (python: base64.b32encode(sha256(b'contract-1_2026-11')[:5])).
    expect(billCode('contract-1_2026-11')).toBe('NTUH2AZP5V');
    const codes = new Set(Array.from({ length: 2000 }, (_, index) => billCode(`contract-${index}_2026-11`)));
    expect(codes.size).toBe(2000);
  });
});
