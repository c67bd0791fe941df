/**
 * Builders of issued bills and one-time charges, written straight to the store as issuing a house
 * ticket (or `POST /odata/OneTimeCharge`) would write them, so tests of reading and paying need no
 * meter readings or drafts.
 */
import { randomUUID } from 'node:crypto';
import { BILL_STATUS, type BillLine } from '@nhatro/common';
import { billCode } from '../../api/src/useCases/shared/billCodes.js';
import type {
  ContractDoc,
  HouseDoc,
  HouseTicketDoc,
  MonthlyBillDoc,
  OneTimeChargeDoc,
} from '../../api/src/domain/shared/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';

type ContractRef = Pick<ContractDoc, 'contractID' | 'houseID' | 'roomID'>;

/** Rent 2.500.000 ₫ and water 6 m³ × 20.000 ₫: 2.620.000 ₫ unless the test gives other lines. */
export const DEFAULT_BILL_LINES: BillLine[] = [
  { kind: 'rent', description: 'Tiền phòng', quantity: 1, unitPrice: 2_500_000, amount: 2_500_000 },
  {
    kind: 'water',
    description: 'Tiền nước',
    quantity: 6,
    unit: 'm³',
    unitPrice: 20_000,
    amount: 120_000,
    note: 'Chỉ số 100 → 106',
  },
];

/** One rent line of `amount` ₫ (a bill whose total is that amount). */
export function aRentLine(amount: number): BillLine {
  return { kind: 'rent', description: 'Tiền phòng', quantity: 1, unitPrice: amount, amount };
}

/** An issued monthly bill of `contract` (id `${contractID}_${month}`, unpaid unless overridden). */
export function aMonthlyBill(
  deps: Deps,
  contract: ContractRef,
  overrides: Partial<Omit<MonthlyBillDoc, 'id' | 'pk' | 'type'>> = {},
): Promise<MonthlyBillDoc> {
  const month = overrides.month ?? '2026-11';
  const monthlyBillID = overrides.monthlyBillID ?? `${contract.contractID}_${month}`;
  const billDetails = overrides.billDetails ?? DEFAULT_BILL_LINES;
  return houseDocs<MonthlyBillDoc>(deps).create({
    id: monthlyBillID,
    pk: contract.houseID,
    type: 'monthlyBill',
    monthlyBillID,
    houseID: contract.houseID,
    roomID: contract.roomID,
    contractID: contract.contractID,
    houseTicketID: `${contract.houseID}_${month}`,
    month,
    billName: `Hóa đơn tháng ${month.slice(5)}/${month.slice(0, 4)}`,
    billCode: billCode(monthlyBillID),
    createdOn: deps.now().toISOString(),
    dueDate: `${month}-15`,
    total: billDetails.reduce((sum, line) => sum + line.amount, 0),
    paidAmount: 0,
    status: BILL_STATUS.unpaid,
    billDetails,
    payments: [],
    ...overrides,
  });
}

/** The house's billing run of `month`, issued (its bills made by the builders above). */
export function anIssuedTicket(deps: Deps, house: HouseDoc, month: string): Promise<HouseTicketDoc> {
  const houseTicketID = `${house.houseID}_${month}`;
  return houseDocs<HouseTicketDoc>(deps).create({
    id: houseTicketID,
    pk: house.houseID,
    type: 'houseTicket',
    houseTicketID,
    houseID: house.houseID,
    month,
    status: 'Issued',
    createdOn: deps.now().toISOString(),
    dueDate: `${month}-25`,
  });
}

/** A one-time charge of `contract` (500.000 ₫, unpaid unless overridden). */
export function aOneTimeCharge(
  deps: Deps,
  contract: ContractRef,
  overrides: Partial<Omit<OneTimeChargeDoc, 'id' | 'pk' | 'type'>> = {},
): Promise<OneTimeChargeDoc> {
  const oneTimeChargeID = overrides.oneTimeChargeID ?? randomUUID();
  return houseDocs<OneTimeChargeDoc>(deps).create({
    id: oneTimeChargeID,
    pk: contract.houseID,
    type: 'oneTimeCharge',
    oneTimeChargeID,
    houseID: contract.houseID,
    roomID: contract.roomID,
    contractID: contract.contractID,
    description: 'Thay khóa cửa',
    amount: 500_000,
    billCode: billCode(oneTimeChargeID),
    createdOn: deps.now().toISOString(),
    createdBy: 'test',
    dueDate: '2026-12-01',
    paidAmount: 0,
    status: BILL_STATUS.unpaid,
    payments: [],
    ...overrides,
  });
}
