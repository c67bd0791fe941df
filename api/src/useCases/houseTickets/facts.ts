import { BILL_STATUS, CONTRACT_STATUS, DEFAULT_BILL_ROUNDING, type MeterKind } from '@nhatro/common';
import { billedInMonth, billingEnd, monthBounds, OPEN_END, roomTicketID } from '../../domain/houseTickets.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { groupBy } from '../../domain/shared/groupBy.js';
import type {
  HouseDoc,
  FeeDoc,
  RoomDoc,
  ContractDoc,
  ContractServiceDoc,
  VehicleDoc,
  MeterRecordDoc,
  MonthlyBillDoc,
  LesseeInfoDoc,
  RoomTicketDoc,
} from '../../domain/shared/model.js';
import type { Deps } from '../shared/deps.js';
import { listInHouse } from '../shared/houseScope.js';
import {
  computeBill,
  meterWindowOf,
  openSurplus,
  readingWithin,
  type BillReading,
} from '../../domain/shared/bills.js';

/**
 * The facts of a house for one month, read with a fixed number of queries whatever its size (fees, rooms,
 * contracts, their services, occupants and vehicles, the month's readings, open bills), and the room
 * ticket they make for a contract: drafting and recomputing both work from them.
 */

export interface HouseFacts {
  house: HouseDoc;
  month: string;
  /** The day the facts were read (Vietnam): a contract past its end by then runs month to month. */
  today: string;
  fees: FeeDoc[];
  rooms: Map<string, RoomDoc>;
  /** Contracts that ran on some day of the month. */
  contracts: ContractDoc[];
  servicesByContract: Map<string, ContractServiceDoc[]>;
  occupantsByContract: Map<string, number>;
  vehiclesByContract: Map<string, VehicleDoc[]>;
  readingsByRoom: Map<string, Partial<Record<'electricity' | 'water', MeterRecordDoc>>>;
  /** Unpaid and partly paid bills of earlier months, by contract. */
  debtsByContract: Map<string, MonthlyBillDoc[]>;
  /** Earlier bills paid beyond their total whose surplus no later bill has taken yet. */
  creditsByContract: Map<string, MonthlyBillDoc[]>;
  /** Contracts that already have a bill of this month. */
  billedContracts: Set<string>;
}

export async function houseFacts(deps: Deps, house: HouseDoc, month: string): Promise<HouseFacts> {
  const houseID = house.houseID;
  const { first, last } = monthBounds(month);
  const [fees, rooms, contracts, services, occupants, vehicles, readings, bills] = await Promise.all([
    listInHouse<FeeDoc>(deps, houseID, 'service'),
    listInHouse<RoomDoc>(deps, houseID, 'room'),
    listInHouse<ContractDoc>(deps, houseID, 'contract', {
      op: 'and',
      items: [
        { op: 'le', field: 'startDate', value: last },
        {
          op: 'or',
          items: [
            { op: 'ge', field: 'endDate', value: first },
            { op: 'ge', field: 'terminatedOn', value: first },
            // Past its end and not ended: month to month (billedInMonth decides).
            { op: 'in', field: 'status', values: [CONTRACT_STATUS.active, CONTRACT_STATUS.expired] },
          ],
        },
      ],
    }),
    listInHouse<ContractServiceDoc>(deps, houseID, 'contractService'),
    listInHouse<LesseeInfoDoc>(deps, houseID, 'lesseeInfo', { op: 'eq', field: 'status', value: 1 }),
    listInHouse<VehicleDoc>(deps, houseID, 'vehicle'),
    listInHouse<MeterRecordDoc>(deps, houseID, 'meterRecord', { op: 'eq', field: 'month', value: month }),
    listInHouse<MonthlyBillDoc>(deps, houseID, 'monthlyBill', {
      op: 'or',
      items: [
        { op: 'in', field: 'status', values: [BILL_STATUS.unpaid, BILL_STATUS.partlyPaid] },
        { op: 'eq', field: 'month', value: month },
        { op: 'eq', field: 'surplusOpen', value: true },
      ],
    }),
  ]);
  const today = vietnamDate(deps.now());
  const billable = contracts.filter((contract) => billedInMonth(contract, month, today));
  const readingsByRoom = new Map<string, Partial<Record<'electricity' | 'water', MeterRecordDoc>>>();
  for (const reading of readings) {
    const own = readingsByRoom.get(reading.roomID) ?? {};
    own[reading.kind] = reading;
    readingsByRoom.set(reading.roomID, own);
  }
  const occupantsByContract = new Map<string, number>();
  for (const person of occupants) {
    occupantsByContract.set(person.contractID, (occupantsByContract.get(person.contractID) ?? 0) + 1);
  }
  return {
    house,
    month,
    today,
    // The bill lists services in the order a house shows them (by name), whatever the store's order.
    fees: [...fees].sort((a, b) => a.serviceName.localeCompare(b.serviceName, 'vi')),
    rooms: new Map(rooms.map((room) => [room.roomID, room])),
    contracts: billable,
    servicesByContract: groupBy(services, (service) => service.contractID),
    occupantsByContract,
    vehiclesByContract: groupBy(vehicles, (vehicle) => vehicle.contractID),
    readingsByRoom,
    debtsByContract: groupBy(
      bills.filter(
        (bill) =>
          bill.month < month &&
          (bill.status === BILL_STATUS.unpaid || bill.status === BILL_STATUS.partlyPaid),
      ),
      (bill) => bill.contractID,
    ),
    creditsByContract: groupBy(
      bills.filter((bill) => bill.month < month && bill.surplusOpen === true),
      (bill) => bill.contractID,
    ),
    billedContracts: new Set(bills.filter((bill) => bill.month === month).map((bill) => bill.contractID)),
  };
}

export function billReading(record: MeterRecordDoc | undefined): BillReading | undefined {
  if (!record) return undefined;
  return {
    previousIndex: record.previousIndex,
    newIndex: record.newIndex,
    usage: record.usage,
    ...(record.replacement
      ? {
          replacement: {
            oldMeterFinalIndex: record.replacement.oldMeterFinalIndex,
            newMeterStartIndex: record.replacement.newMeterStartIndex,
          },
        }
      : {}),
  };
}

const MOVE_IN_INDEX = {
  electricity: 'moveInElectricityIndex',
  water: 'moveInWaterIndex',
} as const satisfies Record<MeterKind, keyof ContractDoc>;

/**
 * The contract's share of the room's reading: from its move-in index (the first bill charges only what
 * the tenant used) up to where its settlement started charging (the last month's bill stops there).
 */
function contractReading(
  contract: ContractDoc,
  kind: MeterKind,
  record: MeterRecordDoc | undefined,
): BillReading | undefined {
  const reading = billReading(record);
  if (!reading || !record) return reading;
  const window = meterWindowOf(
    {
      moveInIndex: contract[MOVE_IN_INDEX[kind]],
      moveInMeterID: contract.moveInMeterIDs?.[kind],
      settled: contract.settledMeters?.[kind],
    },
    record,
  );
  return window.fromIndex === undefined && window.untilIndex === undefined
    ? reading
    : readingWithin(reading, window);
}

/** The computed part of a room ticket: lines, total, readings still missing, a flagged reading. */
export function computedTicket(facts: HouseFacts, contract: ContractDoc) {
  const readings = facts.readingsByRoom.get(contract.roomID) ?? {};
  const electricity = contractReading(contract, 'electricity', readings.electricity);
  const water = contractReading(contract, 'water', readings.water);
  const computed = computeBill({
    month: facts.month,
    contract: {
      contractID: contract.contractID,
      startDate: contract.startDate,
      endDate: billingEnd(contract, facts.today) ?? OPEN_END,
      ...(contract.terminatedOn ? { terminatedOn: contract.terminatedOn } : {}),
      rentFee: contract.rentFee,
      ...(contract.rentFromMonth ? { rentFromMonth: contract.rentFromMonth } : {}),
      ...(contract.previousRentFee !== undefined ? { previousRentFee: contract.previousRentFee } : {}),
    },
    fees: facts.fees,
    contractServices: (facts.servicesByContract.get(contract.contractID) ?? []).map((service) => ({
      serviceID: service.serviceID,
      ...(service.vehicleID ? { vehicleID: service.vehicleID } : {}),
    })),
    // The representative is always a registered occupant.
    occupants: Math.max(1, facts.occupantsByContract.get(contract.contractID) ?? 0),
    vehicles: (facts.vehiclesByContract.get(contract.contractID) ?? []).map((vehicle) => ({
      vehicleID: vehicle.vehicleID,
      licensePlate: vehicle.licensePlate,
    })),
    readings: { ...(electricity ? { electricity } : {}), ...(water ? { water } : {}) },
    debts: (facts.debtsByContract.get(contract.contractID) ?? [])
      .map((bill) => ({
        monthlyBillID: bill.monthlyBillID,
        billName: bill.billName,
        owed: bill.total - bill.paidAmount,
      }))
      .filter((debt) => debt.owed > 0),
    credits: (facts.creditsByContract.get(contract.contractID) ?? []).map((bill) => ({
      monthlyBillID: bill.monthlyBillID,
      billName: bill.billName,
      surplus: openSurplus(bill),
    })),
    rounding: facts.house.billRounding ?? DEFAULT_BILL_ROUNDING,
    rentSettled: contract.settlement?.rentMonth === facts.month,
  });
  return {
    lines: computed.lines,
    total: computed.total,
    missingReadings: [...computed.missingReadings],
    flagged: Boolean(readings.electricity?.flagged || readings.water?.flagged),
  };
}

export function newRoomTicket(facts: HouseFacts, ticketID: string, contract: ContractDoc): RoomTicketDoc {
  const room = facts.rooms.get(contract.roomID);
  const id = roomTicketID(contract.contractID, facts.month);
  return {
    id,
    pk: facts.house.houseID,
    type: 'roomTicket',
    roomTicketID: id,
    houseTicketID: ticketID,
    houseID: facts.house.houseID,
    roomID: contract.roomID,
    contractID: contract.contractID,
    roomName: room?.roomName ?? '',
    floor: room?.floor ?? 0,
    month: facts.month,
    excluded: false,
    ...computedTicket(facts, contract),
  };
}
