import {
  BILL_STATUS,
  type PaymentEntry,
  CONTRACT_MESSAGES,
  CONTRACT_STATUS,
  normalizeLicensePlate,
  VEHICLE_MESSAGES,
  type ContractCreateInput,
  type RoomStatusCode,
  type Liquidation,
  LIQUIDATION_OUTCOME_LABELS,
  REFUND_METHOD_LABELS,
} from '@nhatro/common';
import { type DocumentBlock, contractNumber, displayDate, displayMoney } from './contractDocuments.js';
import { moneyInWords } from './shared/moneyWords.js';
import { AppError } from './shared/errors.js';
import { lesseeDateProblem, lesseeSearchText, newLesseeNotes } from './lessees.js';
import type {
  ContractDoc,
  ContractServiceDoc,
  LesseeInfoDoc,
  MonthlyBillDoc,
  OneTimeChargeDoc,
  VehicleDoc,
} from './shared/model.js';

/** Why a contract cannot be made for this room now, or `null`. */
export function contractCreationBlocker(
  room: { status: RoomStatusCode },
  hasActiveContract: boolean,
  activeReservation: { reservationID: string } | undefined,
  reservationID: string | undefined,
): string | null {
  if (hasActiveContract || room.status === 'occupied') return CONTRACT_MESSAGES.roomTaken;
  if (reservationID !== undefined && activeReservation?.reservationID !== reservationID) {
    return CONTRACT_MESSAGES.wrongReservation;
  }
  if (activeReservation && reservationID === undefined) return CONTRACT_MESSAGES.roomReserved;
  return null;
}

type ChangeValue = string | number | boolean | null;

/** The fields whose value differs between two versions, as `{ field, oldValue, newValue }`. */
export function changedFields<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): Array<{ field: string; oldValue: ChangeValue; newValue: ChangeValue }> {
  const changes = [];
  for (const field of fields) {
    const oldValue = ((before as Record<string, unknown>)[field] ?? null) as ChangeValue;
    const newValue = ((after as Record<string, unknown>)[field] ?? null) as ChangeValue;
    if (oldValue !== newValue) changes.push({ field, oldValue, newValue });
  }
  return changes;
}

/** The documents one new tenancy writes: the contract, its occupants, vehicles and services. */
export interface TenancyDocs {
  contract: ContractDoc;
  lessees: LesseeInfoDoc[];
  vehicles: VehicleDoc[];
  services: ContractServiceDoc[];
}

/** What the house already holds that a new tenancy is checked against. */
export interface TenancyHouse {
  houseID: string;
  serviceIDs: ReadonlySet<string>;
  /** Plates already registered in the house, normalized; the plates of this tenancy are added. */
  knownPlates: Set<string>;
}

/**
 * Checks a new tenancy against the house (dates that make no sense, unknown services, plates already
 * registered, per-vehicle fees without a vehicle) and builds its documents. Throws `AppError`.
 * `fieldPrefix` names where the input sits in a bigger payload (an import row: '').
 */
export function buildTenancy(args: {
  house: TenancyHouse;
  room: { roomID: string; price: number };
  reservation: { reservationID: string; deposit: number } | undefined;
  input: Omit<ContractCreateInput, 'roomID' | 'reservationID'>;
  today: string;
  createdOn: string;
  newID: () => string;
}): TenancyDocs {
  const { house, room, reservation, input, today, createdOn, newID } = args;
  const { houseID } = house;
  const { email: _email, ...representativeFields } = input.representative;
  const people = [
    { ...representativeFields, isRepresentative: true },
    ...input.occupants.map((person) => ({ ...person, isRepresentative: false })),
  ];
  people.forEach((person, index) => {
    const problem = lesseeDateProblem(person, today);
    if (problem) {
      const prefix = index === 0 ? 'representative' : `occupants.${index - 1}`;
      throw AppError.validation([
        { field: `${prefix}.${problem.field}`, errorMessage: problem.errorMessage },
      ]);
    }
  });
  for (const service of input.services) {
    if (!house.serviceIDs.has(service.serviceID)) throw AppError.conflict(CONTRACT_MESSAGES.unknownService);
  }
  for (const vehicle of input.vehicles) {
    const key = vehicle.licensePlate ? normalizeLicensePlate(vehicle.licensePlate) : '';
    if (key && house.knownPlates.has(key))
      throw AppError.conflict(VEHICLE_MESSAGES.duplicate(vehicle.licensePlate?.toUpperCase() ?? ''));
    if (key) house.knownPlates.add(key);
  }

  const contractID = newID();
  const lessees: LesseeInfoDoc[] = people.map((person) => {
    const lesseeInfoID = newID();
    return {
      id: lesseeInfoID,
      pk: houseID,
      type: 'lesseeInfo',
      lesseeInfoID,
      houseID,
      contractID,
      roomID: room.roomID,
      ...person,
      notes: newLesseeNotes(person.notes),
      status: 1,
      searchText: lesseeSearchText(person),
    };
  });
  const representative = lessees[0] as LesseeInfoDoc;
  const vehicles: VehicleDoc[] = input.vehicles.map(({ ownerIndex, ...vehicle }) => {
    const vehicleID = newID();
    const owner = ownerIndex === undefined ? undefined : lessees[ownerIndex];
    return {
      id: vehicleID,
      pk: houseID,
      type: 'vehicle',
      vehicleID,
      houseID,
      contractID,
      vehicleType: vehicle.vehicleType,
      licensePlate: vehicle.licensePlate?.toUpperCase() ?? '',
      ...(vehicle.licensePlate ? { plateKey: normalizeLicensePlate(vehicle.licensePlate) } : {}),
      ...(owner ? { lesseeInfoID: owner.lesseeInfoID } : {}),
      ...(vehicle.description ? { description: vehicle.description } : {}),
    };
  });
  const services: ContractServiceDoc[] = input.services.map((service) => {
    const vehicle = service.vehicleIndex === undefined ? undefined : vehicles[service.vehicleIndex];
    if (service.vehicleIndex !== undefined && !vehicle) {
      throw AppError.validation([
        { field: 'services', errorMessage: CONTRACT_MESSAGES.vehicleFeeNeedsVehicle },
      ]);
    }
    return newContractServiceDoc(
      { houseID, contractID, serviceID: service.serviceID, vehicleID: vehicle?.vehicleID, createdOn },
      newID(),
    );
  });
  const contract: ContractDoc = {
    id: contractID,
    pk: houseID,
    type: 'contract',
    contractID,
    houseID,
    roomID: room.roomID,
    status: CONTRACT_STATUS.active,
    createdOn,
    startDate: input.startDate,
    endDate: input.endDate,
    rentFee: input.rentFee ?? room.price,
    deposit: input.deposit ?? reservation?.deposit ?? 0,
    deposited: input.deposited ?? Boolean(reservation),
    ...(input.isIncreased !== undefined ? { isIncreased: input.isIncreased } : {}),
    ...(input.increasedFee !== undefined ? { increasedFee: input.increasedFee } : {}),
    representativeLesseeID: representative.lesseeInfoID,
    ...(input.representative.email ? { representativeLesseeEmail: input.representative.email } : {}),
    ...(reservation ? { reservationID: reservation.reservationID } : {}),
  };
  return { contract, lessees, vehicles, services };
}

/** A service ticked on a contract (for one of its vehicles when the fee is per vehicle). */
export function newContractServiceDoc(
  service: {
    houseID: string;
    contractID: string;
    serviceID: string;
    vehicleID?: string | undefined;
    createdOn: string;
  },
  contractServiceID: string,
): ContractServiceDoc {
  return {
    id: contractServiceID,
    pk: service.houseID,
    type: 'contractService',
    contractServiceID,
    houseID: service.houseID,
    contractID: service.contractID,
    serviceID: service.serviceID,
    ...(service.vehicleID ? { vehicleID: service.vehicleID } : {}),
    createdOn: service.createdOn,
  };
}

/** What a bill or charge still asks (a bill carried into a later one asks nothing: the later one does). */
export function owedAmount(doc: MonthlyBillDoc | OneTimeChargeDoc): number {
  if (
    doc.type === 'monthlyBill' &&
    doc.status !== BILL_STATUS.unpaid &&
    doc.status !== BILL_STATUS.partlyPaid
  )
    return 0;
  return Math.max(0, Math.round(dueAmount(doc) - doc.paidAmount));
}

function dueAmount(doc: MonthlyBillDoc | OneTimeChargeDoc): number {
  return doc.type === 'monthlyBill' ? doc.total : doc.amount;
}

/**
 * A bill or charge paid by what the settlement takes from the deposit: one 'deposit' payment of what it
 * still owed, status paid. `undefined` when it owes nothing.
 */
export function paidFromDeposit<T extends MonthlyBillDoc | OneTimeChargeDoc>(
  doc: T,
  paidOn: string,
  recordedBy: string,
): T | undefined {
  const owed = owedAmount(doc);
  if (owed <= 0) return undefined;
  const entry: PaymentEntry = {
    amount: owed,
    method: 'deposit',
    paidOn,
    recordedBy,
    note: 'Trừ vào tiền cọc khi kết thúc hợp đồng',
  };
  return {
    ...doc,
    payments: [...doc.payments, entry],
    paidAmount: doc.paidAmount + owed,
    status: BILL_STATUS.paid,
    paidOn,
  };
}

/** The rent a bill asked (its rent lines). */
export function rentBilled(bill: MonthlyBillDoc): number {
  return bill.billDetails.filter((line) => line.kind === 'rent').reduce((sum, line) => sum + line.amount, 0);
}

/** A signed amount as the document prints it: "− 1.000.000" for what is in the tenant's favour. */
function signedMoney(amount: number): string {
  return amount < 0 ? `− ${displayMoney(-amount)}` : displayMoney(amount);
}

/**
 * "BIÊN BẢN THANH LÝ HỢP ĐỒNG" (A4): the two sides, the room and the day the contract ended, the lines
 * (rent to the day, the last meters, unpaid bills and charges, damages, rounding, deposit, credit), who
 * owes whom how much in figures and words, how it is paid (the charge's code and VietQR) or was given
 * back, and the two signatures.
 */
export function liquidationDocument(
  liquidation: Liquidation,
  lessor: { fullName: string },
  bank?: { bankName: string; accountNumber: string; accountHolder?: string },
): DocumentBlock[] {
  const { outcome, amount, owedCharge, refunded } = liquidation;
  const blocks: DocumentBlock[] = [
    { kind: 'center', text: 'CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM', bold: true },
    { kind: 'center', text: 'Độc lập – Tự do – Hạnh phúc', size: 'small' },
    { kind: 'center', text: 'BIÊN BẢN THANH LÝ HỢP ĐỒNG', bold: true, size: 'title' },
    {
      kind: 'center',
      text: `Hợp đồng thuê phòng số ${contractNumber(liquidation.contractID)}/HĐTP`,
      size: 'small',
    },
    {
      kind: 'fields',
      rows: [
        ['Bên cho thuê (Bên A)', lessor.fullName],
        ...(liquidation.tenantName ? [['Bên thuê (Bên B)', liquidation.tenantName] as [string, string]] : []),
        ['Nhà trọ', `${liquidation.houseName} – ${liquidation.houseAddress}`],
        ['Phòng', liquidation.roomName],
        ['Ngày kết thúc hợp đồng', displayDate(liquidation.terminatedOn)],
        ...(liquidation.terminationReason
          ? [['Lý do', liquidation.terminationReason] as [string, string]]
          : []),
      ],
    },
    { kind: 'heading', text: 'Các khoản thanh lý' },
    {
      kind: 'table',
      columns: ['Khoản', 'Chi tiết', 'Số tiền (đồng)'],
      widths: [0.5, 0.28, 0.22],
      align: ['left', 'left', 'right'],
      rows: liquidation.lines.map((line) => [line.label, line.detail ?? '', signedMoney(line.amount)]),
    },
    {
      kind: 'fields',
      rows: [
        [LIQUIDATION_OUTCOME_LABELS[outcome], `${displayMoney(amount)} đồng`],
        ...(amount > 0 ? [['Bằng chữ', moneyInWords(amount)] as [string, string]] : []),
      ],
    },
  ];
  if (owedCharge) {
    const rows: Array<[string, string]> = [
      ['Đã thanh toán', `${displayMoney(owedCharge.paidAmount)} đồng`],
      ['Còn phải trả', `${displayMoney(owedCharge.owed)} đồng`],
    ];
    blocks.push({ kind: 'fields', rows });
    if (owedCharge.transferQR && owedCharge.owed > 0) {
      const bankRows: Array<[string, string]> = [];
      if (bank) bankRows.push(['Ngân hàng', bank.bankName], ['Số tài khoản', bank.accountNumber]);
      if (bank?.accountHolder) bankRows.push(['Chủ tài khoản', bank.accountHolder]);
      bankRows.push(['Số tiền', `${displayMoney(owedCharge.owed)} đồng`], ['Nội dung', owedCharge.billCode]);
      blocks.push({
        kind: 'qr',
        text: owedCharge.transferQR,
        caption: `Quét mã để chuyển khoản – nội dung: ${owedCharge.billCode}`,
        rows: bankRows,
      });
    }
  }
  if (outcome === 'landlordRefunds') {
    blocks.push({
      kind: 'text',
      text: refunded
        ? `Bên A đã hoàn lại ${displayMoney(amount)} đồng cho Bên B ngày ${displayDate(refunded.refundedOn)} (${REFUND_METHOD_LABELS[refunded.method]}${refunded.note ? `: ${refunded.note}` : ''}).`
        : `Bên A hoàn lại ${displayMoney(amount)} đồng cho Bên B; chưa ghi nhận đã hoàn tiền.`,
    });
  }
  blocks.push(
    {
      kind: 'text',
      text: 'Hai bên đã đối chiếu các khoản trên, đồng ý thanh lý hợp đồng và không còn khiếu nại gì khác.',
    },
    {
      kind: 'signatures',
      lessor: { title: 'BÊN A', name: lessor.fullName },
      lessee: { title: 'BÊN B', name: liquidation.tenantName ?? '' },
    },
  );
  return blocks;
}
