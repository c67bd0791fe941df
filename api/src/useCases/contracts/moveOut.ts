import {
  CONTRACT_MESSAGES,
  DEFAULT_BILL_ROUNDING,
  METER_KINDS,
  type ContractTerminateInput,
  type SettlementMeterUse,
} from '@nhatro/common';
import { indexesOnTheDay } from '../../domain/shared/moveIndexes.js';
import { activeMeter } from '../../domain/meterRecords.js';
import { meterUseCharge } from '../../domain/shared/bills.js';
import type {
  ContractDoc,
  FeeDoc,
  HouseDoc,
  LesseeInfoDoc,
  MeterDoc,
  RoomDoc,
} from '../../domain/shared/model.js';
import type { Deps } from '../shared/deps.js';
import { houseDocs, listInHouse } from '../shared/houseScope.js';

/** The meters on the day the tenant leaves, and what their last use costs. */

/** Lessee status 1: living in the room. */
const LIVING = 1;

export interface MoveOut {
  /** The house's rounding step of what changes hands. */
  roundingStep: number;
  /** The last use charged by the settlement; empty when no final index was typed. */
  meterUse: SettlementMeterUse[];
  /** What the contract keeps: its move-out indexes and where the settlement started charging. */
  contract: Pick<ContractDoc, 'moveOutElectricityIndex' | 'moveOutWaterIndex' | 'settledMeters'>;
  /** The room's current indexes after the tenant left. */
  room: Partial<Pick<RoomDoc, 'currentElectricityIndex' | 'currentWaterIndex'>>;
}

/**
 * The final indexes (typed, never below the room's last index; not typed: nothing more is charged, as
 * before they were asked), the use from the last index to them at the house's prices (electricity by its
 * tiers for the contract's occupants), and the house's rounding step.
 */
export async function moveOut(
  deps: Deps,
  contract: ContractDoc,
  room: RoomDoc | undefined,
  input: Pick<ContractTerminateInput, 'electricityIndex' | 'waterIndex'>,
): Promise<MoveOut> {
  const { houseID } = contract;
  const house = await houseDocs<HouseDoc>(deps).read(houseID, houseID);
  const roundingStep = house?.billRounding ?? DEFAULT_BILL_ROUNDING;
  const typed = input.electricityIndex !== undefined || input.waterIndex !== undefined;
  if (!room || !typed) return { roundingStep, meterUse: [], contract: {}, room: {} };
  const last = { electricity: room.currentElectricityIndex, water: room.currentWaterIndex };
  const final = indexesOnTheDay(last, input, CONTRACT_MESSAGES.moveOutBelowLast);
  const [fees, occupants, meters] = await Promise.all([
    listInHouse<FeeDoc>(deps, houseID, 'service'),
    listInHouse<LesseeInfoDoc>(deps, houseID, 'lesseeInfo', {
      op: 'and',
      items: [
        { op: 'eq', field: 'contractID', value: contract.contractID },
        { op: 'eq', field: 'status', value: LIVING },
      ],
    }),
    listInHouse<MeterDoc>(deps, houseID, 'meter', { op: 'eq', field: 'roomID', value: room.roomID }),
  ]);
  const settledMeters: NonNullable<ContractDoc['settledMeters']> = {};
  const meterUse: SettlementMeterUse[] = [];
  for (const kind of METER_KINDS) {
    const meter = activeMeter(meters.filter((candidate) => candidate.kind === kind));
    settledMeters[kind] = { index: last[kind], ...(meter ? { meterID: meter.meterID } : {}) };
    const use = meterUseCharge(
      kind,
      fees,
      { fromIndex: last[kind], toIndex: final[kind] },
      Math.max(1, occupants.length),
    );
    if (use) meterUse.push(use);
  }
  return {
    roundingStep,
    meterUse,
    contract: {
      moveOutElectricityIndex: final.electricity,
      moveOutWaterIndex: final.water,
      settledMeters,
    },
    room: { currentElectricityIndex: final.electricity, currentWaterIndex: final.water },
  };
}
