import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_MESSAGES, type BillingSummary, type HouseTicket, type RoomTicket } from '@nhatro/common';
import type { HouseTicketDoc, MonthlyBillDoc, RoomTicketDoc } from '../../api/src/domain/shared/model.js';
import { vietnamMonth } from '../../api/src/domain/shared/time.js';
import { listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import {
  apiClient,
  startTestProduct,
  type ApiReply,
  type TestProduct,
  accessTokens,
} from '../support/product.js';
import { expectError, expectFieldError, MSG, type ODataCollection } from './helpers.js';
import { entriesOf } from '../support/auditTrail.js';

/**
 * The billing day, the timer that drafts house tickets, the draft's review, save and issue, and the
 * dashboard's billing summary, through the real handlers.
 */

type Ticket = HouseTicket & {
  '@odata.etag': string;
  roomTickets: Array<RoomTicket & { '@odata.etag': string; room?: { roomID: string; roomName: string } }>;
  house?: { houseID: string; houseName: string };
};

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let hoaSen = '';
let binhAn = '';
/** This month in Vietnam: what the timer drafts. */
const month = vietnamMonth(new Date());

function call<T = unknown>(
  method: string,
  path: string,
  user: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  return api.request<T>(method, path, {
    token: token[user] as string,
    ...(body === undefined ? {} : { body }),
    ...(headers ? { headers } : {}),
  });
}

async function ticketsOf(houseID: string): Promise<HouseTicketDoc[]> {
  return listInHouse<HouseTicketDoc>(product.services, houseID, 'houseTicket');
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['admin', 'chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  const houses = sessions.chunha?.houses ?? [];
  hoaSen = houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  binhAn = houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
}, 60_000);
afterAll(async () => product?.stop());

describe('the billing day', () => {
  it("GET BillingDay gives the house's day, the default and the house's own", async () => {
    const reply = await call<{ billingDay: number; defaultBillingDay: number }>(
      'GET',
      `/api/MetaData/BillingDay?houseID=${hoaSen}`,
      'nhanvien',
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ billingDay: 5, defaultBillingDay: 5 });
    expectError(
      await call('GET', `/api/MetaData/BillingDay?houseID=${hoaSen}`, 'chunha2'),
      404,
      MSG.notFound,
    );
  });

  it('the super admin sets the default; a landlord their own house; others are refused', async () => {
    const set = await call('POST', '/api/MetaData/SetBillingDay', 'admin', { billingDay: 12 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ status: 200, errorMessage: '', billingDay: 12 });
    const own = await call('POST', '/api/MetaData/SetBillingDay', 'chunha', {
      billingDay: 1,
      houseID: hoaSen,
    });
    expect(own.body).toEqual({ status: 200, errorMessage: '', billingDay: 1 });
    const day = await call('GET', `/api/MetaData/BillingDay?houseID=${hoaSen}`, 'chunha');
    expect(day.body).toEqual({ billingDay: 1, defaultBillingDay: 12, houseBillingDay: 1 });
    expect((await call('GET', '/api/MetaData/BillingDay', 'admin')).body).toEqual({
      billingDay: 12,
      defaultBillingDay: 12,
    });

    expectError(
      await call('POST', '/api/MetaData/SetBillingDay', 'chunha', { billingDay: 3 }),
      403,
      MSG.forbidden,
    );
    expectError(
      await call('POST', '/api/MetaData/SetBillingDay', 'chunha2', { billingDay: 3, houseID: hoaSen }),
      404,
      MSG.notFound,
    );
    expectError(
      await call('POST', '/api/MetaData/SetBillingDay', 'nhanvien', { billingDay: 3, houseID: hoaSen }),
      403,
      MSG.forbidden,
    );
    expectError(
      await call('POST', '/api/MetaData/SetBillingDay', 'nguoithue', { billingDay: 3, houseID: hoaSen }),
      403,
      MSG.forbidden,
    );
    expectFieldError(
      await call('POST', '/api/MetaData/SetBillingDay', 'admin', { billingDay: 29 }),
      'billingDay',
      'Ngày chốt hóa đơn phải từ 1 đến 28.',
    );
    expectFieldError(
      await call('POST', '/api/MetaData/SetBillingDay', 'admin', { billingDay: '5' }),
      'billingDay',
      'Ngày chốt hóa đơn phải là số.',
    );
    expectFieldError(
      await call('POST', '/api/MetaData/SetBillingDay', 'chunha', { billingDay: 2.5, houseID: hoaSen }),
      'billingDay',
      'Ngày chốt hóa đơn phải là số nguyên.',
    );
    // Nothing of the refused requests was written.
    expect((await call('GET', `/api/MetaData/BillingDay?houseID=${hoaSen}`, 'chunha')).body).toEqual({
      billingDay: 1,
      defaultBillingDay: 12,
      houseBillingDay: 1,
    });
  });
});

describe('drafting, reviewing and issuing', () => {
  let ticket: Ticket;

  it('the timer, fired twice, drafts ONE ticket with one room ticket per active contract', async () => {
    // Hoa Sen's day is the 1st (set above): it has always come.
    for (let run = 0; run < 2; run += 1) {
      const fired = await api.request<{ status: boolean }>('POST', '/_dev/timers/billingDayDrafts');
      expect(fired.status).toBe(200);
    }
    // The demo data holds last month's issued ticket; this month has exactly one.
    const tickets = (await ticketsOf(hoaSen)).filter((doc) => doc.month === month);
    expect(tickets.map((doc) => doc.houseTicketID)).toEqual([`${hoaSen}_${month}`]);
    const contracts = await call<ODataCollection<{ contractID: string }>>(
      'GET',
      `/odata/Contract?houseID=${hoaSen}&$filter=status eq 1`,
      'chunha',
    );
    const rooms = (await listInHouse<RoomTicketDoc>(product.services, hoaSen, 'roomTicket')).filter(
      (doc) => doc.month === month,
    );
    expect(rooms).toHaveLength(contracts.body.value.length);
    expect(contracts.body.value.length).toBeGreaterThan(0);
  });

  it('GET /odata/HouseTicket lists the drafts with their rooms; refusals', async () => {
    const reply = await call<ODataCollection<Ticket>>(
      'GET',
      `/odata/HouseTicket?houseID=${hoaSen}&$filter=status eq 'Draft'&$expand=roomTickets,house`,
      'nhanvien',
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.value).toHaveLength(1);
    ticket = reply.body.value[0] as Ticket;
    expect(ticket).toMatchObject({ houseTicketID: `${hoaSen}_${month}`, status: 'Draft', month });
    expect(ticket.house).toMatchObject({ houseID: hoaSen, houseName: 'Nhà trọ Hoa Sen' });
    expect(ticket.roomTickets.length).toBeGreaterThan(0);
    const one = await call<Ticket>('GET', `/odata/HouseTicket/${ticket.houseTicketID}`, 'chunha');
    expect(one.status).toBe(200);
    expect(one.headers.get('etag')).toBe(ticket['@odata.etag']);

    expectError(await call('GET', `/odata/HouseTicket?houseID=${hoaSen}`, 'chunha2'), 404, MSG.notFound);
    expectError(
      await call('GET', `/odata/HouseTicket/${ticket.houseTicketID}`, 'chunha2'),
      404,
      MSG.notFound,
    );
    expectError(await call('GET', `/odata/HouseTicket?houseID=${hoaSen}`, 'nguoithue'), 403, MSG.forbidden);
    expectError(
      await call('GET', `/odata/HouseTicket?houseID=${hoaSen}&$filter=nope eq 1`, 'chunha'),
      400,
      MSG.unknownField('nope'),
    );
  });

  it('GET …&$expand=roomTickets($expand=room),house: each room ticket with its room', async () => {
    const reply = await call<ODataCollection<Ticket>>(
      'GET',
      `/odata/HouseTicket?houseID=${hoaSen}&$filter=status eq 'Draft'&$expand=roomTickets($expand=room),house`,
      'nhanvien',
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [listed] = reply.body.value;
    expect(listed?.house).toMatchObject({ houseID: hoaSen });
    expect(listed?.roomTickets.length).toBeGreaterThan(0);
    for (const room of listed?.roomTickets ?? []) expect(room.room?.roomID).toBe(room.roomID);
  });

  it('PATCH saves edits with If-Match (412 when stale), refuses bad input, a tenant and another landlord', async () => {
    const roomTicket = ticket.roomTickets[0] as Ticket['roomTickets'][number];
    const path = '/odata/HouseTicket';
    const lines = [
      { kind: 'rent', description: 'Tiền phòng', quantity: 1, amount: 2_000_000 },
      { kind: 'other', description: 'Giảm giá', amount: -100_000 },
    ];
    const body = {
      houseTicketID: ticket.houseTicketID,
      roomTickets: [{ roomTicketID: roomTicket.roomTicketID, lines }],
    };
    // Staff with billing rights save and issue too (tests/api/staffBilling.test.ts).
    expectError(await call('PATCH', path, 'chunha2', body), 404, MSG.notFound);
    expectError(await call('PATCH', path, 'nguoithue', body), 403, MSG.forbidden);
    expectFieldError(
      await call('PATCH', path, 'chunha', {
        houseTicketID: ticket.houseTicketID,
        roomTickets: [
          { roomTicketID: roomTicket.roomTicketID, lines: [{ kind: 'rent', description: 'x', amount: 1.5 }] },
        ],
      }),
      'roomTickets.0.lines.0.amount',
      'Số tiền phải là số nguyên (đồng).',
    );
    expectFieldError(
      await call('PATCH', path, 'chunha', {
        houseTicketID: ticket.houseTicketID,
        roomTickets: [{ roomTicketID: 'khongthuocbangke', excluded: true }],
      }),
      'roomTickets.0.roomTicketID',
      BILL_MESSAGES.unknownRoomTicket,
    );
    expect(await entriesOf(product.services, 'update', ticket.houseTicketID)).toEqual([]);
    const saved = await call<Ticket>('PATCH', path, 'chunha', body, { 'If-Match': ticket['@odata.etag'] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const edited = saved.body.roomTickets.find((doc) => doc.roomTicketID === roomTicket.roomTicketID);
    expect(edited).toMatchObject({ total: 1_900_000, editedByHand: true });
    expectError(
      await call(
        'PATCH',
        `${path}/${ticket.houseTicketID}`,
        'chunha',
        { houseTicketID: ticket.houseTicketID, dueDate: `${month}-28` },
        {
          'If-Match': ticket['@odata.etag'],
        },
      ),
      412,
      MSG.stale,
    );
    // The save and its entry are one batch; the refused ones (and the stale one) left none.
    expect(await entriesOf(product.services, 'update', ticket.houseTicketID)).toMatchObject([
      { entity: 'houseTicket', houseID: hoaSen, details: { edited: 1, recomputed: false, added: 0 } },
    ]);
    ticket = saved.body;
  });

  it('PATCH issue: true makes the bills; issuing again is 409 with no second bill', async () => {
    const issued = await call<Ticket>(
      'PATCH',
      `/odata/HouseTicket/${ticket.houseTicketID}`,
      'chunha',
      // The id in the body too: the shared patch schema requires it (see the report).
      { houseTicketID: ticket.houseTicketID, issue: true },
      {
        'If-Match': ticket['@odata.etag'],
      },
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.status).toBe('Issued');
    const bills = await listInHouse<MonthlyBillDoc>(product.services, hoaSen, 'monthlyBill', {
      op: 'eq',
      field: 'month',
      value: month,
    });
    expect(bills.map((bill) => bill.monthlyBillID).sort()).toEqual(
      issued.body.roomTickets.map((doc) => `${doc.contractID}_${month}`).sort(),
    );
    expect(bills.find((bill) => bill.total === 1_900_000)).toMatchObject({
      status: 1,
      paidAmount: 0,
      payments: [],
    });
    const again = await call('PATCH', '/odata/HouseTicket', 'chunha', {
      houseTicketID: ticket.houseTicketID,
      issue: true,
    });
    expectError(again, 409, BILL_MESSAGES.alreadyIssued);
    expect(
      await listInHouse(product.services, hoaSen, 'monthlyBill', { op: 'eq', field: 'month', value: month }),
    ).toHaveLength(bills.length);
    expect(await entriesOf(product.services, 'issue', ticket.houseTicketID)).toMatchObject([
      { entity: 'houseTicket', houseID: hoaSen, details: { bills: bills.length } },
    ]);
  });
});

describe('POST /api/HouseTicket/Draft', () => {
  it('drafts now (201), returns the existing draft after (200); nothing to bill is 409; refusals', async () => {
    const url = '/api/HouseTicket/Draft';
    expectError(await call('POST', url, 'chunha', { houseID: binhAn }), 409, BILL_MESSAGES.nothingToIssue);
    const rooms = await call<ODataCollection<{ roomID: string; status: string }>>(
      'GET',
      `/odata/Room?houseID=${binhAn}`,
      'chunha',
    );
    const empty = rooms.body.value.find((room) => room.status === 'empty');
    const contract = await call('POST', '/odata/Contract', 'chunha', {
      roomID: empty?.roomID,
      startDate: `${month}-01`,
      endDate: '2099-12-31',
      representative: { occupantName: 'Trần Văn Bình', gender: 1, phoneNumber: '0938111222' },
    });
    expect(contract.status, JSON.stringify(contract.body)).toBe(201);

    expectError(await call('POST', url, 'chunha2', { houseID: binhAn }), 404, MSG.notFound);
    expectFieldError(
      await call('POST', url, 'chunha', { houseID: binhAn, month: '2026-13' }),
      'month',
      'Tháng lập bảng kê không hợp lệ (định dạng yyyy-mm).',
    );
    expect(await ticketsOf(binhAn)).toEqual([]);

    const first = await call<Ticket>('POST', url, 'chunha', { houseID: binhAn });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ houseTicketID: `${binhAn}_${month}`, status: 'Draft' });
    expect(first.body.roomTickets).toHaveLength(1);
    const second = await call<Ticket>('POST', url, 'chunha', { houseID: binhAn, month });
    expect(second.status).toBe(200);
    expect(second.body.houseTicketID).toBe(first.body.houseTicketID);
    expect(await ticketsOf(binhAn)).toHaveLength(1);
  });
});

describe('GET /api/Dashboard/Billing', () => {
  it('summarises the month for the landlord and staff; refuses the tenant and another landlord', async () => {
    const reply: ApiReply<BillingSummary> = await call<BillingSummary>(
      'GET',
      `/api/Dashboard/Billing?houseID=${hoaSen}&month=${month}`,
      'nhanvien',
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ month, billsPaid: 0, amountPaid: 0 });
    expect(reply.body.rooms).toBeGreaterThan(0);
    expect(reply.body.billsIssued).toBeGreaterThan(0);
    expect(reply.body.amountOwed).toBe(reply.body.amountIssued);
    expect(reply.body.draftTicketID).toBeUndefined();
    const draft = await call<BillingSummary>('GET', `/api/Dashboard/Billing?houseID=${binhAn}`, 'chunha');
    expect(draft.body).toMatchObject({ month, draftTicketID: `${binhAn}_${month}`, billsIssued: 0 });

    expectError(
      await call('GET', `/api/Dashboard/Billing?houseID=${hoaSen}`, 'nguoithue'),
      403,
      MSG.forbidden,
    );
    expectError(await call('GET', `/api/Dashboard/Billing?houseID=${hoaSen}`, 'chunha2'), 404, MSG.notFound);
    expectFieldError(
      await call('GET', `/api/Dashboard/Billing?houseID=${hoaSen}&month=11-2026`, 'chunha'),
      'month',
      'Tháng không hợp lệ (định dạng yyyy-mm).',
    );
  });
});
