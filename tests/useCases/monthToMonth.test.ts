import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES, CONTRACT_STATUS, contractCreateSchema } from '@nhatro/common';
import type {
  ContractDoc,
  HouseDoc,
  RoomDoc,
  RoomTicketDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { expireContracts, updateContract } from '../../api/src/useCases/contracts/changing.js';
import { createContract } from '../../api/src/useCases/contracts/creating.js';
import { terminateContract } from '../../api/src/useCases/contracts/terminating.js';
import { billingSummary } from '../../api/src/useCases/houseTickets/billingSummary.js';
import { draftHouseTicket } from '../../api/src/useCases/houseTickets/drafting.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aRoom } from '../support/builders.js';
import {
  actorFor,
  expectRefusal,
  landlordWithHouse,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/**
 * A tenant who stays past the contract's end date (clock 20/11/2026): the contract continues month to
 * month — billed like an active one, listed on the dashboard, extended or ended on any day after its end.
 * The house does not round (the rent is read as it is).
 */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let ended: ContractDoc;

function input(roomID: string, startDate: string, endDate: string, phoneNumber: string) {
  return contractCreateSchema.parse({
    roomID,
    startDate,
    endDate,
    rentFee: 3_000_000,
    deposit: 3_000_000,
    deposited: true,
    representative: { occupantName: 'Lê Văn Bình', gender: 'nam', phoneNumber },
  });
}

async function contractOf(contractID: string): Promise<ContractDoc> {
  return (await houseDocs<ContractDoc>(deps).read(house.houseID, contractID)) as ContractDoc;
}

async function rentOf(month: string, contractID: string): Promise<number | undefined> {
  await draftHouseTicket(deps, house, month);
  const tickets = await listInHouse<RoomTicketDoc>(deps, house.houseID, 'roomTicket', {
    op: 'eq',
    field: 'month',
    value: month,
  });
  const own = tickets.find((ticket) => ticket.contractID === contractID);
  return own?.lines.find((line) => line.kind === 'rent')?.amount;
}

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ house: { billRounding: 0 } }));
  room = await aRoom(deps, house, { roomName: 'P101', price: 3_000_000 });
  const created = await createContract(
    actorFor(deps, landlord),
    input(room.roomID, '2025-11-01', '2026-10-31', '0912000111'),
  );
  ended = await contractOf(created.contractID as string);
});
afterEach(() => h.close());

describe('a contract past its end date with the tenant still there', () => {
  it('is drafted like an active one, before and after the nightly job marks it', async () => {
    expect(await rentOf('2026-11', ended.contractID)).toBe(3_000_000);
    expect(await expireContracts(deps)).toBe(1);
    expect((await contractOf(ended.contractID)).status).toBe(CONTRACT_STATUS.expired);
    h.clock.advance(20 * 86_400_000);
    expect(await rentOf('2026-12', ended.contractID)).toBe(3_000_000);
  });

  it('a contract that ended on its end date and was ended there is not billed afterwards', async () => {
    await terminateContract(actorFor(deps, landlord), {
      contractID: ended.contractID,
      terminationDate: '2026-10-31',
      reason: 'Hết hạn hợp đồng',
      damageCharges: 0,
    });
    expect(await rentOf('2026-11', ended.contractID)).toBeUndefined();
  });

  it('is listed on the dashboard as past its end until it is extended', async () => {
    const other = await aRoom(deps, house, { roomName: 'P102' });
    await createContract(
      actorFor(deps, landlord),
      input(other.roomID, '2026-01-01', '2027-06-30', '0912000222'),
    );
    await expireContracts(deps);
    const actor = actorFor(deps, landlord);
    const summary = await billingSummary(actor, house.houseID, undefined);
    expect(summary.pastEndContracts).toEqual([
      { contractID: ended.contractID, roomID: room.roomID, roomName: 'P101', endDate: '2026-10-31' },
    ]);
    const extended = await updateContract(actor, ended.contractID, { endDate: '2027-10-31' });
    expect(extended.status).toBe(CONTRACT_STATUS.active);
    expect((await billingSummary(actor, house.houseID, undefined)).pastEndContracts).toEqual([]);
  });

  it('can be ended on any day after its end date; the room is free and December bills nothing', async () => {
    await expireContracts(deps);
    const actor = actorFor(deps, landlord);
    const result = await terminateContract(actor, {
      contractID: ended.contractID,
      terminationDate: '2026-11-15',
      reason: 'Chuyển đi',
      damageCharges: 0,
    });
    expect(result).toMatchObject({
      status: CONTRACT_STATUS.terminated,
      terminatedOn: '2026-11-15',
      // November's 15 days are settled from the deposit (not billed yet), so its draft asks no rent.
      settlement: { proratedRent: 1_500_000, rentMonth: '2026-11', refund: 1_500_000 },
    });
    expect((await houseDocs<RoomDoc>(deps).read(house.houseID, room.roomID))?.status).toBe('empty');
    expect(await rentOf('2026-11', ended.contractID)).toBeUndefined();
    h.clock.advance(20 * 86_400_000);
    expect(await rentOf('2026-12', ended.contractID)).toBeUndefined();
  });

  it('a contract still within its term cannot be ended after its end date', async () => {
    const other = await aRoom(deps, house, { roomName: 'P102' });
    const current = await createContract(
      actorFor(deps, landlord),
      input(other.roomID, '2026-01-01', '2026-12-31', '0912000333'),
    );
    await expectRefusal(
      terminateContract(actorFor(deps, landlord), {
        contractID: current.contractID as string,
        terminationDate: '2027-01-15',
        reason: 'Chuyển đi',
        damageCharges: 0,
      }),
      'badRequest',
      CONTRACT_MESSAGES.terminationOutsideTerm,
    );
    expect((await contractOf(current.contractID as string)).status).toBe(CONTRACT_STATUS.active);
  });
});
