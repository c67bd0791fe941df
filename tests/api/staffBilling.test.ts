import {
  BILL_STATUS,
  BILLING_LEVELS,
  DEFAULT_ROLES,
  type MonthlyBill,
  type OneTimeCharge,
} from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthlyBillDoc, OneTimeChargeDoc, RoomDoc } from '../../api/src/domain/shared/model.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aMonthlyBill, aOneTimeCharge } from '../support/billBuilders.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type TestProduct,
} from '../support/product.js';
import { expectError, MSG, type ODataCollection } from './helpers.js';

/**
 * What staff with billing rights (billing level 3) may do with bills and charges, through the real
 * handlers, in the house they are assigned to (Hoa Sen): draft and issue the month's bills, read them,
 * collect cash, add a charge and share a bill's link. In the landlord's other house (Bình An) they get
 * 404 and change nothing; deleting a charge and matching bank transfers stay the landlord's
 * (`BILLING_LEVELS`). Staff below billing 3 are refused on the use-case tier
 * (tests/useCases/houseTickets.test.ts), as no built-in role has that level.
 */

type BillReply = MonthlyBill & { '@odata.etag': string };
type TicketReply = { houseTicketID: string; status: string; issuedBy?: string; '@odata.etag': string };
type ChargeReply = OneTimeCharge & { '@odata.etag': string };

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let staffID = '';
let tenancy = { contractID: '', houseID: '', roomID: '' };
let bill: MonthlyBillDoc;
/** The landlord's other house, where the staff member is not assigned, with a bill and a charge. */
let elsewhere = { houseID: '', roomID: '', contractID: 'hop-dong-binh-an' };
let elsewhereBill: MonthlyBillDoc;
let elsewhereCharge: OneTimeChargeDoc;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  staffID = sessions.nhanvien?.userID ?? '';
  tenancy = tenancyOf(sessions.nguoithue);
  bill = await aMonthlyBill(product.services, tenancy, { month: '2025-12' });
  const binhAn = sessions.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An');
  const [room] = await listInHouse<RoomDoc>(product.services, binhAn?.houseID ?? '', 'room');
  elsewhere = { ...elsewhere, houseID: binhAn?.houseID ?? '', roomID: room?.roomID ?? '' };
  elsewhereBill = await aMonthlyBill(product.services, elsewhere, { month: '2025-12' });
  elsewhereCharge = await aOneTimeCharge(product.services, elsewhere);
});
afterAll(() => product?.stop());

/** Everything of the other house the staff member might have written. */
async function snapshotElsewhere() {
  const all = await Promise.all(
    (['monthlyBill', 'oneTimeCharge', 'houseTicket', 'roomTicket'] as const).map((type) =>
      listInHouse(product.services, elsewhere.houseID, type),
    ),
  );
  return JSON.stringify(all);
}

function call<T>(method: string, path: string, body?: unknown, user = 'nhanvien') {
  return api.request<T>(method, path, {
    token: token[user] as string,
    ...(body === undefined ? {} : { body }),
  });
}

describe('staff with billing rights', () => {
  it('have billing level 3: they read, collect, add, share, draft and issue; deleting and matching are level 4', () => {
    const staff = DEFAULT_ROLES[3].billingPermission;
    expect(staff).toBe(3);
    expect(staff >= BILLING_LEVELS.read && staff >= BILLING_LEVELS.collectCash).toBe(true);
    expect(staff >= BILLING_LEVELS.addCharge && staff >= BILLING_LEVELS.shareLink).toBe(true);
    expect(staff >= BILLING_LEVELS.draftAndIssue).toBe(true);
    expect(staff < BILLING_LEVELS.deleteCharge && staff < BILLING_LEVELS.matchTransfers).toBe(true);
  });

  it('read a room’s bills and collect cash on one; the payment names them', async () => {
    const listed = await call<ODataCollection<BillReply>>('GET', `/odata/Bill?roomID=${tenancy.roomID}`);
    expect(listed.status).toBe(200);
    expect(listed.body.value.map((row) => row.monthlyBillID)).toContain(bill.monthlyBillID);
    const path = `/odata/MonthlyBill/${bill.monthlyBillID}`;
    const before = await call<BillReply>('GET', path);
    expect(before.status).toBe(200);
    const paid = await api.request<BillReply>('PATCH', path, {
      token: token.nhanvien as string,
      body: { payment: { amount: 100_000, note: 'Thu tại phòng' } },
      headers: { 'If-Match': before.body['@odata.etag'] },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: BILL_STATUS.partlyPaid, paidAmount: 100_000 });
    expect(paid.body.payments).toEqual([
      expect.objectContaining({
        amount: 100_000,
        method: 'cash',
        recordedBy: staffID,
        note: 'Thu tại phòng',
      }),
    ]);
    const stored = (await houseDocs<MonthlyBillDoc>(product.services).read(
      tenancy.houseID,
      bill.monthlyBillID,
    )) as MonthlyBillDoc;
    expect(stored.paidAmount).toBe(100_000);
  });

  it('share a bill’s link with the tenant', async () => {
    const link = await call<{ url: string; expiresOn: string }>(
      'POST',
      `/odata/MonthlyBill/${bill.monthlyBillID}/GuestLink`,
      {},
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.url).toContain(`/guestMonthlyBill/${bill.monthlyBillID}?`);
  });

  it('add a one-time charge and collect it; deleting one stays the landlord’s (403, nothing removed)', async () => {
    const created = await call<ChargeReply>('POST', '/odata/OneTimeCharge', {
      contractID: tenancy.contractID,
      description: 'Thay khóa cửa',
      amount: 180_000,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ amount: 180_000, createdBy: staffID, status: BILL_STATUS.unpaid });
    const path = `/odata/OneTimeCharge/${created.body.oneTimeChargeID}`;
    expectError(await call('DELETE', path), 403, MSG.forbidden);
    expect((await call('GET', path)).status).toBe(200);
    const paid = await call<ChargeReply>('PATCH', path, { payment: { amount: 180_000 } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: BILL_STATUS.paid, paidAmount: 180_000 });
    expect(paid.body.payments[0]?.recordedBy).toBe(staffID);
  });

  it('draft and issue the month’s bills of their house; the ticket names who issued it', async () => {
    const drafted = await call<TicketReply>('POST', '/api/HouseTicket/Draft', { houseID: tenancy.houseID });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
    const { houseTicketID } = drafted.body;
    const issued = await api.request<TicketReply>('PATCH', `/odata/HouseTicket/${houseTicketID}`, {
      token: token.nhanvien as string,
      body: { houseTicketID, issue: true },
      headers: { 'If-Match': drafted.body['@odata.etag'] },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body).toMatchObject({ status: 'Issued', issuedBy: staffID });
    const month = houseTicketID.slice(tenancy.houseID.length + 1);
    const bills = await listInHouse<MonthlyBillDoc>(product.services, tenancy.houseID, 'monthlyBill', {
      op: 'eq',
      field: 'month',
      value: month,
    });
    expect(bills.map((one) => one.contractID)).toContain(tenancy.contractID);
  });

  it('in a house they are not assigned to: 404 on drafting, cash, charges and links; nothing changes', async () => {
    expect(elsewhere.houseID).not.toBe(tenancy.houseID);
    expect(elsewhere.houseID && elsewhere.roomID).toBeTruthy();
    // The landlord reaches both: the 404s below are the staff member's assignment, not missing objects.
    expect(
      (await call('GET', `/odata/MonthlyBill/${elsewhereBill.monthlyBillID}`, undefined, 'chunha')).status,
    ).toBe(200);
    const before = await snapshotElsewhere();
    expectError(
      await call('POST', '/api/HouseTicket/Draft', { houseID: elsewhere.houseID }),
      404,
      MSG.notFound,
    );
    expectError(
      await call('PATCH', `/odata/MonthlyBill/${elsewhereBill.monthlyBillID}`, { payment: { amount: 1 } }),
      404,
      MSG.notFound,
    );
    expectError(
      await call('PATCH', `/odata/OneTimeCharge/${elsewhereCharge.oneTimeChargeID}`, {
        payment: { amount: 1 },
      }),
      404,
      MSG.notFound,
    );
    expectError(
      await call('POST', `/odata/MonthlyBill/${elsewhereBill.monthlyBillID}/GuestLink`, {}),
      404,
      MSG.notFound,
    );
    expectError(await call('GET', `/odata/Bill?roomID=${elsewhere.roomID}`), 404, MSG.notFound);
    expect(await snapshotElsewhere()).toEqual(before);
  });

  it('see and match no bank transfers (403): they reach the landlord’s own account', async () => {
    expectError(await call('GET', '/odata/BankTransfer'), 403, MSG.forbidden);
  });

  it('a tenant records no cash and adds no charge (403)', async () => {
    const path = `/odata/MonthlyBill/${bill.monthlyBillID}`;
    expectError(await call('PATCH', path, { payment: { amount: 1 } }, 'nguoithue'), 403, MSG.forbidden);
    expectError(
      await call(
        'POST',
        '/odata/OneTimeCharge',
        { contractID: tenancy.contractID, description: 'Phí', amount: 1_000 },
        'nguoithue',
      ),
      403,
      MSG.forbidden,
    );
  });
});
