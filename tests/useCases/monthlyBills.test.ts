import { BILL_MESSAGES, BILL_STATUS, findBank, vietQrPayload } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ContractDoc,
  HouseDoc,
  MonthlyBillDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { BILL_MODEL, MONTHLY_BILL_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { createBillGuestLink, readGuestBill } from '../../api/src/useCases/guestBills.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import {
  getMonthlyBill,
  listBills,
  listContractBills,
  listMonthlyBills,
  monthlyBillPdf,
  payMonthlyBill,
} from '../../api/src/useCases/monthlyBills.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { aContract, aHouse, aLandlord, aLessee, aRoom, aStaff } from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  odata,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

/** Reading and paying issued monthly bills, their guest link and PDF. */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;
let october: MonthlyBillDoc;
let november: MonthlyBillDoc;

const ACCOUNT = { bankName: 'Vietcombank', bankAccountNumber: '0071000123456' };

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({
    now: new Date('2026-11-20T03:00:00Z'),
    landlord: {
      fullName: 'Trần Văn Chủ',
      lessorInfo: { status: 1, fullName: 'Trần Văn Chủ', phoneNumber: '0908123456', ...ACCOUNT },
    },
    house: { houseName: 'Nhà trọ Hoa Sen', houseAddress: '12 Lê Lợi, Huế' },
  }));
  room = await aRoom(deps, house, { roomName: 'P101' });
  contract = await aContract(deps, room);
  october = await aMonthlyBill(deps, contract, { month: '2026-10' });
  november = await aMonthlyBill(deps, contract, { month: '2026-11' });
});
afterEach(() => h.close());

function qrFor(amount: number, note: string): string {
  const bank = findBank(ACCOUNT.bankName);
  if (!bank) throw new Error('Vietcombank is a known bank');
  return vietQrPayload({ bankBin: bank.bin, accountNumber: ACCOUNT.bankAccountNumber, amount, note });
}

async function tenantOf(ofContract: ContractDoc, ofRoom: RoomDoc = room): Promise<UserDoc> {
  return aLessee(deps, { house, room: ofRoom, contract: ofContract });
}

describe('reading bills', () => {
  it('a room’s bills come newest first; Bill has no lines, MonthlyBill has them and the transfer QR', async () => {
    const actor = actorFor(deps, landlord);
    const summaries = await listBills(actor, { roomID: room.roomID }, odata(BILL_MODEL));
    expect(summaries.value.map((bill) => bill.monthlyBillID)).toEqual([
      november.monthlyBillID,
      october.monthlyBillID,
    ]);
    expect(summaries.value[0]).not.toHaveProperty('billDetails');
    expect(summaries.value[0]).not.toHaveProperty('payments');
    expect(summaries.value[0]).toMatchObject({ total: 2_620_000, status: 1, billCode: november.billCode });

    const full = await listMonthlyBills(actor, { billID: november.monthlyBillID }, odata(MONTHLY_BILL_MODEL));
    expect(full.value).toHaveLength(1);
    expect(full.value[0]).toMatchObject({
      monthlyBillID: november.monthlyBillID,
      billDetails: november.billDetails,
      transferQR: qrFor(2_620_000, november.billCode),
    });
    expect(full.value[0]?.['@odata.etag']).toBe(november._etag);
    expect(full.value[0]).not.toHaveProperty('pk');
  });

  it('lists by house with an OData filter, by contract (GetContractBills) and one by id', async () => {
    const actor = actorFor(deps, landlord);
    const filtered = await listMonthlyBills(
      actor,
      { houseID: house.houseID },
      odata(MONTHLY_BILL_MODEL, "$filter=month eq '2026-10' and status eq 1"),
    );
    expect(filtered.value.map((bill) => bill.monthlyBillID)).toEqual([october.monthlyBillID]);
    const ofContract = await listContractBills(actor, contract.contractID, odata(MONTHLY_BILL_MODEL));
    expect(ofContract.value).toHaveLength(2);
    const one = await getMonthlyBill(
      actor,
      october.monthlyBillID,
      odata(MONTHLY_BILL_MODEL, '$select=total'),
    );
    expect(one).toEqual({ total: 2_620_000 });
  });

  it('staff of the house read bills; a landlord without a bank account gets no QR code', async () => {
    const staff = await aStaff(deps, { houses: [house] });
    const read = await getMonthlyBill(
      actorFor(deps, staff),
      november.monthlyBillID,
      odata(MONTHLY_BILL_MODEL),
    );
    expect(read.transferQR).toBe(qrFor(2_620_000, november.billCode));

    const other = await aLandlord(deps, { lessorInfo: { status: 2 } });
    const otherHouse = await aHouse(deps, other);
    const otherBill = await aMonthlyBill(deps, await aContract(deps, await aRoom(deps, otherHouse)));
    const plain = await getMonthlyBill(
      actorFor(deps, other),
      otherBill.monthlyBillID,
      odata(MONTHLY_BILL_MODEL),
    );
    expect(plain).not.toHaveProperty('transferQR');
  });

  it('a lessee reads only their own contract’s bills; another’s is 404', async () => {
    const tenant = await tenantOf(contract);
    const neighbourRoom = await aRoom(deps, house, { roomName: 'P102' });
    const neighbourContract = await aContract(deps, neighbourRoom);
    const neighbourBill = await aMonthlyBill(deps, neighbourContract);
    const actor = actorFor(deps, tenant);

    const own = await listMonthlyBills(actor, {}, odata(MONTHLY_BILL_MODEL));
    expect(own.value.map((bill) => bill.monthlyBillID).sort()).toEqual(
      [october.monthlyBillID, november.monthlyBillID].sort(),
    );
    const byHouse = await listBills(actor, { houseID: house.houseID }, odata(BILL_MODEL));
    expect(byHouse.value).toHaveLength(2);
    await expectRefusal(
      getMonthlyBill(actor, neighbourBill.monthlyBillID, odata(MONTHLY_BILL_MODEL)),
      'notFound',
      /./,
    );
    await expectRefusal(
      listMonthlyBills(actor, { billID: neighbourBill.monthlyBillID }, odata(MONTHLY_BILL_MODEL)),
      'notFound',
      /./,
    );
    await expectRefusal(
      listBills(actor, { roomID: neighbourRoom.roomID }, odata(BILL_MODEL)),
      'notFound',
      /./,
    );
    await expectRefusal(
      listContractBills(actor, neighbourContract.contractID, odata(MONTHLY_BILL_MODEL)),
      'notFound',
      /./,
    );
  });

  it('another landlord gets 404 for the bill, the room, the contract and the house', async () => {
    const stranger = actorFor(deps, await aLandlord(deps));
    await expectRefusal(
      getMonthlyBill(stranger, november.monthlyBillID, odata(MONTHLY_BILL_MODEL)),
      'notFound',
      /./,
    );
    await expectRefusal(listBills(stranger, { roomID: room.roomID }, odata(BILL_MODEL)), 'notFound', /./);
    await expectRefusal(
      listMonthlyBills(stranger, { houseID: house.houseID }, odata(MONTHLY_BILL_MODEL)),
      'notFound',
      /./,
    );
    await expectRefusal(
      listContractBills(stranger, contract.contractID, odata(MONTHLY_BILL_MODEL)),
      'notFound',
      /./,
    );
    await expectRefusal(
      payMonthlyBill(stranger, november.monthlyBillID, { payment: { amount: 1_000 } }, undefined),
      'notFound',
      /./,
    );
  });

  it('a landlord naming no house is told which parameter is missing', async () => {
    await expectRefusal(
      listMonthlyBills(actorFor(deps, landlord), {}, odata(MONTHLY_BILL_MODEL)),
      'badRequest',
      'Thiếu mã nhà trọ (houseID).',
    );
  });
});

describe('cash payments', () => {
  it('a part leaves status 2 and the rest owed (also in the QR code); the rest pays it (status 3)', async () => {
    const actor = actorFor(deps, landlord);
    const partly = await payMonthlyBill(
      actor,
      november.monthlyBillID,
      { payment: { amount: 1_000_000, note: 'Trả trước một phần' } },
      undefined,
    );
    expect(partly).toMatchObject({
      status: BILL_STATUS.partlyPaid,
      paidAmount: 1_000_000,
      total: 2_620_000,
      transferQR: qrFor(1_620_000, november.billCode),
      payments: [
        {
          amount: 1_000_000,
          method: 'cash',
          paidOn: '2026-11-20T03:00:00.000Z',
          recordedBy: landlord.userID,
          note: 'Trả trước một phần',
        },
      ],
    });
    expect(partly).not.toHaveProperty('paidOn');

    h.clock.advance(60_000);
    const paid = await payMonthlyBill(
      actor,
      november.monthlyBillID,
      { payment: { amount: 1_620_000 } },
      partly['@odata.etag'] as string,
    );
    expect(paid).toMatchObject({
      status: BILL_STATUS.paid,
      paidAmount: 2_620_000,
      paidOn: '2026-11-20T03:01:00.000Z',
    });
    expect(paid).not.toHaveProperty('transferQR');
    const audits = (await auditEntries(deps)).filter((entry) => entry.entity === 'monthlyBill');
    expect(audits.map((entry) => [entry.action, entry.entityID, entry.details])).toEqual([
      ['pay', november.monthlyBillID, { amount: 1_000_000, paidAmount: 1_000_000, status: 2 }],
      ['pay', november.monthlyBillID, { amount: 1_620_000, paidAmount: 2_620_000, status: 3 }],
    ]);
  });

  it('more than is owed, a paid bill and a carried-over bill are refused and nothing is written', async () => {
    const actor = actorFor(deps, landlord);
    const error = await expectRefusal(
      payMonthlyBill(actor, november.monthlyBillID, { payment: { amount: 2_620_001 } }, undefined),
      'badRequest',
      BILL_MESSAGES.overpaid(2_620_000),
    );
    expect(error.details.fieldErrors?.[0]?.field).toBe('payment.amount');
    const carried = await aMonthlyBill(deps, contract, {
      month: '2026-09',
      status: BILL_STATUS.carriedOver,
      carriedToBillID: october.monthlyBillID,
    });
    await expectRefusal(
      payMonthlyBill(actor, carried.monthlyBillID, { payment: { amount: 1 } }, undefined),
      'conflict',
      BILL_MESSAGES.carriedOver,
    );
    await payMonthlyBill(actor, october.monthlyBillID, { payment: { amount: 2_620_000 } }, undefined);
    await expectRefusal(
      payMonthlyBill(actor, october.monthlyBillID, { payment: { amount: 1 } }, undefined),
      'conflict',
      BILL_MESSAGES.alreadyPaid,
    );
    const stored = await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, november.monthlyBillID);
    expect(stored).toMatchObject({ paidAmount: 0, status: 1, payments: [] });
  });

  it('a stale If-Match is 412 and writes nothing', async () => {
    const actor = actorFor(deps, landlord);
    await payMonthlyBill(actor, november.monthlyBillID, { payment: { amount: 100_000 } }, undefined);
    await expectRefusal(
      payMonthlyBill(actor, november.monthlyBillID, { payment: { amount: 100_000 } }, november._etag),
      'stale',
      /./,
    );
    const stored = await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, november.monthlyBillID);
    expect(stored?.paidAmount).toBe(100_000);
  });

  it('two payments at once never count past the total', async () => {
    const actor = actorFor(deps, landlord);
    const results = await Promise.allSettled([
      payMonthlyBill(actor, november.monthlyBillID, { payment: { amount: 2_000_000 } }, undefined),
      payMonthlyBill(actor, november.monthlyBillID, { payment: { amount: 2_000_000 } }, undefined),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const stored = await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, november.monthlyBillID);
    expect(stored).toMatchObject({ paidAmount: 2_000_000, status: 2 });
    expect(stored?.payments).toHaveLength(1);
  });
});

describe('the guest link', () => {
  it('opens the bill for 7 days with the house, room, lines, QR and bank account, nothing of the tenant', async () => {
    const link = await createBillGuestLink(actorFor(deps, landlord), november.monthlyBillID);
    expect(link.expiresOn).toBe('2026-11-27T03:00:00.000Z');
    const url = new URL(link.url);
    expect(url.origin).toBe(deps.config.webOrigin);
    expect(url.pathname).toBe(`/guestMonthlyBill/${november.monthlyBillID}`);
    const token = url.searchParams.get('t') ?? '';
    const view = await readGuestBill(deps, november.monthlyBillID, token);
    expect(view).toMatchObject({
      monthlyBillID: november.monthlyBillID,
      billName: november.billName,
      houseName: 'Nhà trọ Hoa Sen',
      houseAddress: '12 Lê Lợi, Huế',
      roomName: 'P101',
      total: 2_620_000,
      owed: 2_620_000,
      status: 1,
      transferQR: qrFor(2_620_000, november.billCode),
      lessor: {
        fullName: 'Trần Văn Chủ',
        phoneNumber: '0908123456',
        bankName: 'Vietcombank',
        bankAccountNumber: '0071000123456',
      },
    });
    expect(view.billDetails.map((line) => line.amount)).toEqual([2_500_000, 120_000]);
    // The bill's own id starts with its contract's (`${contractID}_${month}`); no other id is shown.
    const text = JSON.stringify(view).replaceAll(november.monthlyBillID, '');
    for (const id of [contract.contractID, room.roomID, house.houseID, contract.representativeLesseeID]) {
      expect(text).not.toContain(id);
    }
    const audit = (await auditEntries(deps)).find((entry) => entry.action === 'createGuestLink');
    expect(audit).toMatchObject({ entity: 'monthlyBill', entityID: november.monthlyBillID });
  });

  it('another bill’s token, a forged token and an expired one are the same 404', async () => {
    const link = await createBillGuestLink(actorFor(deps, landlord), november.monthlyBillID);
    const token = new URL(link.url).searchParams.get('t') ?? '';
    await expectRefusal(
      readGuestBill(deps, october.monthlyBillID, token),
      'notFound',
      BILL_MESSAGES.guestLinkInvalid,
    );
    await expectRefusal(
      readGuestBill(deps, november.monthlyBillID, `${token}x`),
      'notFound',
      BILL_MESSAGES.guestLinkInvalid,
    );
    await expectRefusal(
      readGuestBill(deps, november.monthlyBillID, ''),
      'notFound',
      BILL_MESSAGES.guestLinkInvalid,
    );
    h.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    await expectRefusal(
      readGuestBill(deps, november.monthlyBillID, token),
      'notFound',
      BILL_MESSAGES.guestLinkInvalid,
    );
  });

  it('only the bill’s house may make a link', async () => {
    await expectRefusal(
      createBillGuestLink(actorFor(deps, await aLandlord(deps)), november.monthlyBillID),
      'notFound',
      /./,
    );
  });
});

describe('the PDF', () => {
  it('is an A5 PDF; the tenant gets their own, not a neighbour’s', async () => {
    const { pdf, fileName } = await monthlyBillPdf(actorFor(deps, landlord), november.monthlyBillID);
    expect(Buffer.from(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A5 is 419.53 × 595.28 points.
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/MediaBox \[0 0 419\.5\d* 595\.2\d*\]/);
    expect(fileName).toBe(`hoa-don-${november.billCode}.pdf`);

    const tenant = actorFor(deps, await tenantOf(contract));
    expect((await monthlyBillPdf(tenant, october.monthlyBillID)).pdf.byteLength).toBeGreaterThan(1000);
    const neighbour = await aMonthlyBill(deps, await aContract(deps, await aRoom(deps, house)));
    await expectRefusal(monthlyBillPdf(tenant, neighbour.monthlyBillID), 'notFound', /./);
  });
});
