/**
 * Builders of the billing day and drafts: tenancies with occupants, vehicles and services, readings of
 * a month and tiered electricity, written as the product would have written them.
 */
import { randomUUID } from 'node:crypto';
import type { MeterKind } from '@nhatro/common';
import type {
  ContractDoc,
  ContractServiceDoc,
  FeeDoc,
  HouseDoc,
  LesseeInfoDoc,
  MeterRecordDoc,
  RoomDoc,
  VehicleDoc,
} from '../../api/src/domain/shared/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aMeter, aMeterRecord } from './meterBuilders.js';

export interface TenancyOptions {
  startDate?: string;
  endDate?: string;
  rentFee?: number;
  status?: number;
  terminatedOn?: string;
  /** Occupants living in the room (the representative included); 1 unless a test says. */
  occupants?: number;
  /** Occupants who moved out (kept with status 2, never counted). */
  movedOut?: number;
}

/** A contract on `room` with its occupants (the first one is the representative). */
export async function aTenancy(
  deps: Deps,
  room: RoomDoc,
  options: TenancyOptions = {},
): Promise<ContractDoc> {
  const contractID = randomUUID();
  const people = Array.from({ length: (options.occupants ?? 1) + (options.movedOut ?? 0) }, (_, index) => {
    const lesseeInfoID = randomUUID();
    const doc: LesseeInfoDoc = {
      id: lesseeInfoID,
      pk: room.houseID,
      type: 'lesseeInfo',
      lesseeInfoID,
      houseID: room.houseID,
      contractID,
      roomID: room.roomID,
      occupantName: `Người ở ${index + 1}`,
      gender: 1,
      isRepresentative: index === 0,
      status: index < (options.occupants ?? 1) ? 1 : 2,
    };
    return doc;
  });
  const contract: ContractDoc = {
    id: contractID,
    pk: room.houseID,
    type: 'contract',
    contractID,
    houseID: room.houseID,
    roomID: room.roomID,
    status: options.status ?? 1,
    createdOn: deps.now().toISOString(),
    startDate: options.startDate ?? '2026-01-01',
    endDate: options.endDate ?? '2026-12-31',
    rentFee: options.rentFee ?? room.price,
    deposit: room.price,
    representativeLesseeID: people[0]?.lesseeInfoID ?? randomUUID(),
    ...(options.terminatedOn ? { terminatedOn: options.terminatedOn } : {}),
  };
  await houseDocs(deps).batch(room.houseID, [
    { op: 'create', doc: contract },
    ...people.map((doc) => ({ op: 'create' as const, doc })),
  ]);
  return contract;
}

/** A vehicle of the contract and, when `fee` is given, its subscription to that per-vehicle fee. */
export async function aVehicleWithFee(
  deps: Deps,
  contract: ContractDoc,
  licensePlate: string,
  fee?: FeeDoc,
): Promise<VehicleDoc> {
  const vehicleID = randomUUID();
  const vehicle = await houseDocs<VehicleDoc>(deps).create({
    id: vehicleID,
    pk: contract.houseID,
    type: 'vehicle',
    vehicleID,
    houseID: contract.houseID,
    contractID: contract.contractID,
    licensePlate,
    vehicleType: 'Xe máy',
  });
  if (fee) await aSubscription(deps, contract, fee, vehicleID);
  return vehicle;
}

/** The contract uses a house service (a per-vehicle one names the vehicle). */
export function aSubscription(
  deps: Deps,
  contract: ContractDoc,
  fee: FeeDoc,
  vehicleID?: string,
): Promise<ContractServiceDoc> {
  const contractServiceID = randomUUID();
  return houseDocs<ContractServiceDoc>(deps).create({
    id: contractServiceID,
    pk: contract.houseID,
    type: 'contractService',
    contractServiceID,
    houseID: contract.houseID,
    contractID: contract.contractID,
    serviceID: fee.serviceID,
    ...(vehicleID ? { vehicleID } : {}),
    createdOn: deps.now().toISOString(),
  });
}

/** The room's reading of one meter for `month`, from `previousIndex` to `newIndex`. */
export async function aReading(
  deps: Deps,
  room: RoomDoc,
  kind: MeterKind,
  reading: { month: string; previousIndex: number; newIndex: number },
): Promise<MeterRecordDoc> {
  const meter = await aMeter(deps, room, kind, { startIndex: reading.previousIndex });
  return aMeterRecord(deps, room, meter, reading);
}

/** The house bills electricity by the national tiers (its kWh fee becomes `tiered`). */
export async function withTieredElectricity(deps: Deps, house: HouseDoc): Promise<FeeDoc> {
  const [fee] = await listInHouse<FeeDoc>(deps, house.houseID, 'service', {
    op: 'eq',
    field: 'unit',
    value: 'kWh',
  });
  if (!fee) throw new Error('withTieredElectricity: the house has no kWh fee');
  return houseDocs<FeeDoc>(deps).replace({ ...fee, pricing: 'tiered' });
}

/** Many occupied rooms with one active contract each, written in batches (for multi-batch issues). */
export async function manyTenancies(deps: Deps, house: HouseDoc, count: number): Promise<ContractDoc[]> {
  const contracts: ContractDoc[] = [];
  for (let start = 0; start < count; start += 50) {
    const docs: Array<RoomDoc | ContractDoc> = [];
    for (let index = start; index < Math.min(count, start + 50); index += 1) {
      const roomID = randomUUID();
      const contractID = randomUUID();
      const room: RoomDoc = {
        id: roomID,
        pk: house.houseID,
        type: 'room',
        roomID,
        houseID: house.houseID,
        roomName: `P${String(index + 1).padStart(3, '0')}`,
        roomDescription: '',
        acreage: 20,
        floor: 1,
        price: 2_000_000,
        status: 'occupied',
        currentElectricityIndex: 0,
        currentWaterIndex: 0,
        images: [],
        createdOn: deps.now().toISOString(),
      };
      const contract: ContractDoc = {
        id: contractID,
        pk: house.houseID,
        type: 'contract',
        contractID,
        houseID: house.houseID,
        roomID,
        status: 1,
        createdOn: deps.now().toISOString(),
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        rentFee: 2_000_000,
        deposit: 2_000_000,
        representativeLesseeID: randomUUID(),
      };
      docs.push(room, contract);
      contracts.push(contract);
    }
    await houseDocs(deps).batch(
      house.houseID,
      docs.map((doc) => ({ op: 'create' as const, doc })),
    );
  }
  return contracts;
}
