import {
  BILL_MESSAGES,
  BILL_STATUS,
  contractTerminateSchema,
  oneTimeChargeCreateSchema,
} from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { billCode } from '../../api/src/useCases/shared/billCodes.js';
import type {
  ContractDoc,
  HouseDoc,
  OneTimeChargeDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { ONE_TIME_CHARGE_MODEL } from '../../api/src/domain/shared/odata/model.js';
import { terminateContract } from '../../api/src/useCases/contracts/terminating.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import {
  createOneTimeCharge,
  deleteOneTimeCharge,
  getOneTimeCharge,
  listOneTimeCharges,
  payOneTimeCharge,
} from '../../api/src/useCases/oneTimeCharges.js';
import { requestOneTimeChargePayment } from '../../api/src/useCases/payments.js';
import { aOneTimeCharge } from '../support/billBuilders.js';
import { anIssue } from '../support/issueBuilders.js';
import { aContract, aLandlord, aLessee, aRoom } from '../support/builders.js';
import { stopsAfterHouseBatch } from '../support/stoppingStore.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  odata,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

/** One-time charges: created on an active contract, paid in cash, deleted while unpaid, settled at an early end. */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({
    now: new Date('2026-11-20T18:00:00Z'),
    landlord: {
      lessorInfo: { status: 1, fullName: 'Chủ trọ', bankName: 'MB Bank', bankAccountNumber: '0123456789' },
    },
  }));
  room = await aRoom(deps, house);
  contract = await aContract(deps, room, { rentFee: 3_000_000, deposit: 3_000_000 });
});
afterEach(() => h.close());

function input(change: Record<string, unknown> = {}) {
  return oneTimeChargeCreateSchema.parse({
    contractID: contract.contractID,
    description: 'Sửa vòi nước',
    amount: 350_000,
    ...change,
  });
}

describe('creating a charge', () => {
  it('is unpaid, due in 10 days (Vietnam date), with a bill code and the transfer QR', async () => {
    const actor = actorFor(deps, landlord);
    const charge = await createOneTimeCharge(actor, input());
    const id = charge.oneTimeChargeID as string;
    // 18:00 UTC on 20 November is already 21 November in Vietnam.
    expect(charge).toMatchObject({
      houseID: house.houseID,
      roomID: room.roomID,
      contractID: contract.contractID,
      description: 'Sửa vòi nước',
      amount: 350_000,
      billCode: billCode(id),
      createdBy: landlord.userID,
      dueDate: '2026-12-01',
      paidAmount: 0,
      status: BILL_STATUS.unpaid,
      payments: [],
    });
    expect(charge.transferQR).toMatch(/^000201/);
    expect(charge.transferQR).toContain(billCode(id));
    // A charge for an issue report names an issue of the same contract.
    const leak = await anIssue(deps, contract, room);
    const withDate = await createOneTimeCharge(
      actor,
      input({ dueDate: '2026-11-30', issueID: leak.issueID }),
    );
    expect(withDate).toMatchObject({ dueDate: '2026-11-30', issueID: leak.issueID });
    await expectRefusal(
      createOneTimeCharge(actor, input({ issueID: 'issue-of-nobody' })),
      'badRequest',
      BILL_MESSAGES.issueNotOfContract,
    );
    const audits = (await auditEntries(deps)).filter((entry) => entry.entity === 'oneTimeCharge');
    expect(audits.map((entry) => entry.action)).toEqual(['create', 'create']);
  });

  it('needs an active contract (409) in the caller’s house (404)', async () => {
    const ended = await aContract(deps, await aRoom(deps, house), { status: 3 });
    await expectRefusal(
      createOneTimeCharge(actorFor(deps, landlord), input({ contractID: ended.contractID })),
      'conflict',
      BILL_MESSAGES.contractNotActive,
    );
    await expectRefusal(createOneTimeCharge(actorFor(deps, await aLandlord(deps)), input()), 'notFound', /./);
  });
});

describe('reading charges', () => {
  it('by id, by contract, room and house; a lessee only their own; another landlord 404', async () => {
    const own = await aOneTimeCharge(deps, contract, { createdOn: '2026-11-01T00:00:00.000Z' });
    const newer = await aOneTimeCharge(deps, contract, { createdOn: '2026-11-10T00:00:00.000Z' });
    const neighbour = await aOneTimeCharge(deps, await aContract(deps, await aRoom(deps, house)));
    const actor = actorFor(deps, landlord);
    const ids = (page: { value: Array<Record<string, unknown>> }) => page.value.map((c) => c.oneTimeChargeID);

    expect(
      ids(await listOneTimeCharges(actor, { contractID: contract.contractID }, odata(ONE_TIME_CHARGE_MODEL))),
    ).toEqual([newer.oneTimeChargeID, own.oneTimeChargeID]);
    expect(
      ids(await listOneTimeCharges(actor, { roomID: room.roomID }, odata(ONE_TIME_CHARGE_MODEL))),
    ).toHaveLength(2);
    expect(
      ids(await listOneTimeCharges(actor, { houseID: house.houseID }, odata(ONE_TIME_CHARGE_MODEL))),
    ).toHaveLength(3);
    expect(
      ids(await listOneTimeCharges(actor, { chargeID: own.oneTimeChargeID }, odata(ONE_TIME_CHARGE_MODEL))),
    ).toEqual([own.oneTimeChargeID]);

    const tenant = actorFor(deps, await aLessee(deps, { house, room, contract }));
    expect(
      ids(await listOneTimeCharges(tenant, { houseID: house.houseID }, odata(ONE_TIME_CHARGE_MODEL))),
    ).toHaveLength(2);
    expect(await getOneTimeCharge(tenant, own.oneTimeChargeID, odata(ONE_TIME_CHARGE_MODEL))).toMatchObject({
      amount: 500_000,
    });
    await expectRefusal(
      getOneTimeCharge(tenant, neighbour.oneTimeChargeID, odata(ONE_TIME_CHARGE_MODEL)),
      'notFound',
      /./,
    );
    const stranger = actorFor(deps, await aLandlord(deps));
    await expectRefusal(
      getOneTimeCharge(stranger, own.oneTimeChargeID, odata(ONE_TIME_CHARGE_MODEL)),
      'notFound',
      /./,
    );
    await expectRefusal(
      listOneTimeCharges(stranger, { contractID: contract.contractID }, odata(ONE_TIME_CHARGE_MODEL)),
      'notFound',
      /./,
    );
  });
});

describe('paying and deleting', () => {
  it('a part leaves status 2, the rest makes it paid; more than owed is 400; a stale ETag 412', async () => {
    const charge = await aOneTimeCharge(deps, contract);
    const actor = actorFor(deps, landlord);
    const partly = await payOneTimeCharge(
      actor,
      charge.oneTimeChargeID,
      { payment: { amount: 200_000 } },
      undefined,
    );
    expect(partly).toMatchObject({ status: 2, paidAmount: 200_000 });
    await expectRefusal(
      payOneTimeCharge(actor, charge.oneTimeChargeID, { payment: { amount: 300_001 } }, undefined),
      'badRequest',
      BILL_MESSAGES.overpaid(300_000),
    );
    await expectRefusal(
      payOneTimeCharge(actor, charge.oneTimeChargeID, { payment: { amount: 1 } }, charge._etag),
      'stale',
      /./,
    );
    const paid = await payOneTimeCharge(
      actor,
      charge.oneTimeChargeID,
      { payment: { amount: 300_000 } },
      undefined,
    );
    expect(paid).toMatchObject({ status: 3, paidAmount: 500_000, paidOn: '2026-11-20T18:00:00.000Z' });
    expect(paid).not.toHaveProperty('transferQR');
  });

  it('an unpaid charge is deleted (audited); one with a payment is kept (409)', async () => {
    const actor = actorFor(deps, landlord);
    const unpaid = await aOneTimeCharge(deps, contract);
    await deleteOneTimeCharge(actor, unpaid.oneTimeChargeID);
    expect(await houseDocs(deps).read(house.houseID, unpaid.oneTimeChargeID)).toBeUndefined();
    expect((await auditEntries(deps)).at(-1)).toMatchObject({
      action: 'delete',
      entity: 'oneTimeCharge',
      entityID: unpaid.oneTimeChargeID,
    });

    const partly = await aOneTimeCharge(deps, contract);
    await payOneTimeCharge(actor, partly.oneTimeChargeID, { payment: { amount: 1_000 } }, undefined);
    await expectRefusal(
      deleteOneTimeCharge(actor, partly.oneTimeChargeID),
      'conflict',
      BILL_MESSAGES.chargePaid,
    );
    await expectRefusal(
      deleteOneTimeCharge(actorFor(deps, await aLandlord(deps)), partly.oneTimeChargeID),
      'notFound',
      /./,
    );
    expect(await houseDocs<OneTimeChargeDoc>(deps).read(house.houseID, partly.oneTimeChargeID)).toBeDefined();
  });

  it('a charge made or deleted keeps its audit entry when the process stops right after its batch', async () => {
    const stopping = actorFor(stopsAfterHouseBatch(deps), landlord);
    const made = await createOneTimeCharge(stopping, input()).catch((error: unknown) => {
      expect(String(error)).toMatch('the process stopped');
      return undefined;
    });
    const [stored] = await listInHouse<OneTimeChargeDoc>(deps, house.houseID, 'oneTimeCharge');
    expect(stored).toBeDefined();
    if (made) expect(made['@odata.etag']).toBe(stored?._etag);
    const unpaid = await aOneTimeCharge(deps, contract);
    await deleteOneTimeCharge(actorFor(stopsAfterHouseBatch(deps), landlord), unpaid.oneTimeChargeID).catch(
      (error: unknown) => expect(String(error)).toMatch('the process stopped'),
    );
    expect(await houseDocs(deps).read(house.houseID, unpaid.oneTimeChargeID)).toBeUndefined();
    const trail = (await auditEntries(deps)).filter((entry) => entry.entity === 'oneTimeCharge');
    // Both at the test clock's one instant: compared without their order.
    expect(trail.map((entry) => `${entry.action} ${entry.entityID}`).sort()).toEqual([
      `create ${stored?.oneTimeChargeID}`,
      `delete ${unpaid.oneTimeChargeID}`,
    ]);
  });

  it('waits while a VNPay link of the charge is open: its money would land on nothing', async () => {
    const actor = actorFor(deps, landlord);
    const charge = await aOneTimeCharge(deps, contract);
    const reply = await requestOneTimeChargePayment(actor, charge.oneTimeChargeID);
    expect(reply.status).toBe(true);
    await expectRefusal(
      deleteOneTimeCharge(actor, charge.oneTimeChargeID),
      'conflict',
      BILL_MESSAGES.chargePaymentOpen,
    );
    expect(await houseDocs(deps).read(house.houseID, charge.oneTimeChargeID)).toBeDefined();
    // Once the link has expired (15 minutes) the gateway takes no payment on it: the charge may go.
    h.clock.advance(15 * 60_000 + 1_000);
    await deleteOneTimeCharge(actor, charge.oneTimeChargeID);
    expect(await houseDocs(deps).read(house.houseID, charge.oneTimeChargeID)).toBeUndefined();
  });
});

describe('the settlement of an early end', () => {
  it('takes what is still owed on the contract’s charges from the refund', async () => {
    await aOneTimeCharge(deps, contract, { amount: 500_000, paidAmount: 200_000, status: 2 });
    await aOneTimeCharge(deps, contract, { amount: 150_000 });
    await aOneTimeCharge(deps, contract, { amount: 400_000, paidAmount: 400_000, status: 3 });
    // Another contract's charge does not count.
    await aOneTimeCharge(deps, await aContract(deps, await aRoom(deps, house)), { amount: 900_000 });
    const ended = await terminateContract(
      actorFor(deps, landlord),
      contractTerminateSchema.parse({
        contractID: contract.contractID,
        terminationDate: '2026-11-15',
        reason: 'Chuyển nhà',
        damageCharges: 100_000,
      }),
    );
    // 15 of November's 30 days of 3,000,000 ₫ = 1,500,000 ₫; unpaid charges 300,000 + 150,000.
    expect(ended.settlement).toEqual({
      deposit: 3_000_000,
      proratedRent: 1_500_000,
      damageCharges: 100_000,
      unpaidCharges: 450_000,
      unpaidBills: 0,
      // No bill of November yet: the settlement charges its rent, and its draft will not.
      rentMonth: '2026-11',
      refund: 950_000,
      damages: [{ description: 'Tiền bồi thường', amount: 100_000 }],
      // Two charges created in the same instant: in either order.
      chargesOwed: expect.arrayContaining([
        expect.objectContaining({ amount: 300_000 }),
        expect.objectContaining({ amount: 150_000 }),
      ]) as unknown,
    });
  });
});
