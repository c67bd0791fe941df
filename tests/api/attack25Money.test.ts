/**
 * The money writes whose audit entry now rides in the change's own batch, attacked through the real
 * handlers on both stores: a transfer assigned to a bill, a month's bills saved and issued, a one-time
 * charge made and deleted, a contract ended. Another landlord, staff without the right or of another
 * house, a tenant, an anonymous caller, and a careless user (twice at once, a stale If-Match, the wrong
 * order, malformed input): every refusal is a Vietnamese 4xx that changes nothing (no document, no entry
 * in the system log, no running total moved); every accepted write leaves exactly one entry; no 500.
 */
import type { SystemLog } from '@nhatro/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  HouseDoc,
  HouseScopedDoc,
  HouseTotalsDoc,
  MonthlyBillDoc,
} from '../../api/src/domain/shared/model.js';
import { houseTotalsID } from '../../api/src/domain/dashboardReport.js';
import { feedSignature } from '../../api/src/useCases/bankTransfers/matching.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { aHouseTicket } from '../support/meterBuilders.js';
import { onBothStores, type ProductOnAStore } from '../support/bothStores.js';
import { apiClient, tenancyOf, type ApiReply } from '../support/product.js';
import {
  checkedSender,
  contractInBinhAn,
  DEMO_BANK_ACCOUNT,
  VIETNAMESE,
  type ApiSession,
  type ODataCollection,
} from './helpers.js';

type Who = 'chunha' | 'chunha2' | 'nhanvien' | 'nguoithue' | undefined;
type Row = { id: string; status: string; '@odata.etag': string };

onBothStores((start) => {
  let product: ProductOnAStore;
  let api: ReturnType<typeof apiClient>;
  const s: Record<string, ApiSession> = {};
  const token: Record<string, string> = {};
  let [hoaSen, binhAn, otherHouse] = ['', '', ''];
  let tenancy = { contractID: '', houseID: '', roomID: '' };
  /** A contract chunha made in Bình An (out of the Hoa Sen staff member's reach), ended below. */
  let binhAnContract = '';
  /** chunha2's bill: its code must look like a code that does not exist to chunha. */
  let foreignCode = '';

  const send = checkedSender(() => api, token, { noServerErrors: true });
  /** Every reply is well formed, never a 5xx, a refusal in Vietnamese. */
  const as = <T = Record<string, unknown>>(
    who: Who,
    method: string,
    path: string,
    body?: unknown,
    etag?: string,
  ) =>
    send<T>(method, path, {
      ...(who ? { user: who } : {}),
      ...(body === undefined ? {} : { body }),
      ...(etag ? { headers: { 'if-match': etag } } : {}),
    });

  beforeAll(async () => {
    product = await start();
    api = apiClient(product.url);
    Object.assign(s, await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue', 'admin']));
    for (const [name, session] of Object.entries(s)) token[name] = session.token.accessToken;
    const houseOf = (name: string) => s.chunha?.houses.find((h) => h.houseName === name)?.houseID ?? '';
    [hoaSen, binhAn] = [houseOf('Nhà trọ Hoa Sen'), houseOf('Nhà trọ Bình An')];
    otherHouse = s.chunha2?.houses[0]?.houseID ?? '';
    tenancy = tenancyOf(s.nguoithue);
    expect(tenancy.houseID).toBe(hoaSen);
    expect(otherHouse).not.toBe('');
    binhAnContract = (
      await contractInBinhAn(send, binhAn, { occupantName: 'Lê Văn Tấn', phoneNumber: '0911222333' })
    ).contractID;
    const foreign = await aMonthlyBill(product.services, {
      houseID: otherHouse,
      roomID: 'phong-la',
      contractID: 'hop-dong-la',
    });
    foreignCode = foreign.billCode;
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  /** The system log's newest entries (the log moves the waiting entries in first). */
  const log = async () => {
    const reply = await api.getAs<ODataCollection<SystemLog>>(
      s.admin,
      '/odata/SystemLog/GetLatestLogs?latest=500',
    );
    expect(reply.status).toBe(200);
    return reply.body.value;
  };
  /** The entries written since `before`, as `action entity entityID`. */
  const since = async (before: SystemLog[]) => {
    const seen = new Set(before.map((row) => row.logID));
    return (await log())
      .filter((row) => !seen.has(row.logID))
      .map((row) => `${row.action} ${row.entity} ${row.entityID}`);
  };
  const totals = async (houseID: string) =>
    JSON.stringify(
      (await houseDocs<HouseTotalsDoc>(product.services).read(houseID, houseTotalsID(houseID)))?.months ?? {},
    );
  /** What a refusal must leave as it was: the house's money documents and running totals. */
  const moneyOf = async (houseID: string) =>
    JSON.stringify([
      await totals(houseID),
      ...(
        await Promise.all(
          (['monthlyBill', 'oneTimeCharge', 'contract', 'houseTicket', 'roomTicket'] as const).map((type) =>
            listInHouse<HouseScopedDoc>(product.services, houseID, type),
          ),
        )
      )
        .flat()
        .map(({ _ts: _t, ...doc }) => doc)
        .sort((a, b) => a.id.localeCompare(b.id)),
    ]);
  const refused = (reply: ApiReply<unknown>, statuses: readonly number[], label: string) => {
    expect(statuses, `${label}: ${reply.status} ${JSON.stringify(reply.body)}`).toContain(reply.status);
    expect(JSON.stringify(reply.body), label).toMatch(VIETNAMESE);
  };
  /** Each attack refused as expected, and nothing of the houses nor the log changed. */
  const allRefused = async (
    attacks: Array<[string, () => Promise<ApiReply<unknown>>, readonly number[]]>,
  ) => {
    const before = [await moneyOf(hoaSen), await moneyOf(binhAn), await moneyOf(otherHouse)];
    const logBefore = await log();
    for (const [label, attack, statuses] of attacks) refused(await attack(), statuses, label);
    expect([await moneyOf(hoaSen), await moneyOf(binhAn), await moneyOf(otherHouse)]).toEqual(before);
    expect(await since(logBefore)).toEqual([]);
  };
  const HUGE = 'Đ'.repeat(200_000);

  // ── Bank transfers assigned by the landlord ──────────────────────────────────────────────────────────
  let feedID = 0;
  /** Transfers into chunha's account with a note naming no bill: they wait to be assigned. */
  const waitingTransfers = async (count: number, amount = 50_000) => {
    const ids = Array.from({ length: count }, () => `FTMONEY${String((feedID += 1)).padStart(4, '0')}`);
    const body = JSON.stringify({
      transactions: ids.map((transactionID) => ({
        transactionID,
        accountNumber: DEMO_BANK_ACCOUNT,
        amount,
        description: 'chuyen tien phong',
        transactedOn: '2026-11-21T08:00:00+07:00',
      })),
    });
    const t = String(Math.floor(Date.now() / 1000));
    const fed = await api.request('POST', '/api/BankFeed/Transactions', {
      rawBody: body,
      headers: {
        'x-bank-feed-signature': `t=${t},v1=${feedSignature(t, body, product.services.config.bankFeedSecret ?? '')}`,
        'content-type': 'application/json',
      },
    });
    expect(fed.status, JSON.stringify(fed.body)).toBe(200);
    const list = await as<{
      value: Array<{ bankTransferID: string; transactionID: string; status: string }>;
    }>('chunha', 'GET', '/odata/BankTransfer?$top=500');
    return ids.map((id) => {
      const found = list.body.value.find((transfer) => transfer.transactionID === id);
      expect(found?.status).toBe('unmatched');
      return found?.bankTransferID ?? '';
    });
  };
  const assign = (who: Who, bankTransferID: unknown, billCode: unknown) =>
    as(who, 'POST', '/api/BankFeed/Assign', { bankTransferID, billCode });
  const paidOn = async (bill: MonthlyBillDoc) =>
    (await houseDocs<MonthlyBillDoc>(product.services).read(bill.houseID, bill.id))?.paidAmount;

  it('assigning a transfer: outsiders, staff without the right, bad input and another landlord’s code are refused, nothing credited or logged', async () => {
    const [transfer] = await waitingTransfers(1);
    const bill = await aMonthlyBill(product.services, tenancy, { month: '2025-01' });
    await allRefused([
      ['another landlord', () => assign('chunha2', transfer, bill.billCode), [404]],
      ['staff', () => assign('nhanvien', transfer, bill.billCode), [403]],
      ['tenant', () => assign('nguoithue', transfer, bill.billCode), [403]],
      ['anonymous', () => assign(undefined, transfer, bill.billCode), [401]],
      ['another landlord’s code', () => assign('chunha', transfer, foreignCode), [404]],
      ['unknown code', () => assign('chunha', transfer, 'NTAAAAAAAA'), [404]],
      ['unknown transfer', () => assign('chunha', 'a'.repeat(32), bill.billCode), [404]],
      ['NUL in the code', () => assign('chunha', transfer, `${bill.billCode}\u0000`), [400]],
      ['NUL in the id', () => assign('chunha', `${transfer}\u0000`, bill.billCode), [400]],
      ['huge code', () => assign('chunha', transfer, HUGE), [400, 413]],
      ['number as code', () => assign('chunha', transfer, 12345678), [400]],
      ['array as id', () => assign('chunha', [transfer], bill.billCode), [400]],
      [
        'an extra amount',
        () =>
          as('chunha', 'POST', '/api/BankFeed/Assign', {
            bankTransferID: transfer,
            billCode: bill.billCode,
            amount: -1,
          }),
        [400],
      ],
    ]);
    expect(await paidOn(bill)).toBe(0);
  });

  it('assigning a transfer: one entry and one credit; the same again, or twice at once, credits and logs nothing more', async () => {
    const [first, second] = await waitingTransfers(2);
    const bill = await aMonthlyBill(product.services, tenancy, { month: '2025-02' });
    const totalsBefore = await totals(hoaSen);
    const logBefore = await log();
    const done = await assign('chunha', first, bill.billCode.toLowerCase());
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await since(logBefore)).toEqual([`assignTransfer monthlyBill ${bill.id}`]);
    expect(await paidOn(bill)).toBe(50_000);
    expect(await totals(hoaSen)).not.toBe(totalsBefore);
    // Assigned already: to the same bill or another, a 409 that changes nothing.
    const other = await aMonthlyBill(product.services, tenancy, { month: '2025-03' });
    await allRefused([
      ['again', () => assign('chunha', first, bill.billCode), [409]],
      ['again elsewhere', () => assign('chunha', first, other.billCode), [409]],
    ]);
    // Twice at once to the same bill: credited once, one entry.
    const logMiddle = await log();
    const both = await Promise.all([
      assign('chunha', second, bill.billCode),
      assign('chunha', second, bill.billCode),
    ]);
    for (const reply of both) expect([200, 409, 412], JSON.stringify(reply.body)).toContain(reply.status);
    expect(both.map((reply) => reply.status)).toContain(200);
    expect(await paidOn(bill)).toBe(100_000);
    expect(await since(logMiddle)).toEqual([`assignTransfer monthlyBill ${bill.id}`]);
  });

  it('assigning one transfer to two bills at once credits one of them only, with one entry', async () => {
    const [transfer] = await waitingTransfers(1);
    const a = await aMonthlyBill(product.services, tenancy, { month: '2025-04' });
    const b = await aMonthlyBill(product.services, tenancy, { month: '2025-05' });
    const logBefore = await log();
    const both = await Promise.all([
      assign('chunha', transfer, a.billCode),
      assign('chunha', transfer, b.billCode),
    ]);
    // The money first: one transfer is one credit, whatever the replies say.
    expect([await paidOn(a), await paidOn(b)].sort()).toEqual([0, 50_000]);
    expect(await since(logBefore)).toHaveLength(1);
    const statuses = both.map((reply) => reply.status).sort();
    expect(statuses[0], JSON.stringify(both.map((reply) => reply.body))).toBe(200);
    expect([409, 412]).toContain(statuses[1]);
  });

  // ── A month's bills saved and issued ─────────────────────────────────────────────────────────────────
  it('a month’s bills: refusals change nothing; a save and an issue leave one entry each; twice at once and again are one issue', async () => {
    const drafted = await as<Row & { houseTicketID: string; roomTickets: Array<{ roomTicketID: string }> }>(
      'chunha',
      'POST',
      '/api/HouseTicket/Draft',
      { houseID: hoaSen },
    );
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
    const { houseTicketID } = drafted.body;
    // A draft of Bình An, out of the Hoa Sen staff member's reach.
    const house = await houseDocs<HouseDoc>(product.services).read(binhAn, binhAn);
    const elsewhere = await aHouseTicket(product.services, house as HouseDoc, '2026-10');
    const path = `/odata/HouseTicket/${houseTicketID}`;
    const patch = (who: Who, body: unknown, etag?: string) => as<Row>(who, 'PATCH', path, body, etag);
    const line = (amount: unknown) => ({ kind: 'other', description: 'Phí vệ sinh', amount });
    const room = (lines: unknown[]) => ({
      roomTickets: [{ roomTicketID: drafted.body.roomTickets[0]?.roomTicketID, lines }],
    });
    await allRefused([
      ['another landlord', () => patch('chunha2', { issue: true }), [404]],
      ['tenant', () => patch('nguoithue', { issue: true }), [403]],
      ['anonymous', () => patch(undefined, { issue: true }), [401]],
      [
        'staff of another house',
        () => as('nhanvien', 'PATCH', `/odata/HouseTicket/${elsewhere.houseTicketID}`, { issue: true }),
        [404],
      ],
      [
        'another landlord’s house',
        () => as('chunha', 'PATCH', `/odata/HouseTicket/${otherHouse}-2026-11`, { issue: true }),
        [404],
      ],
      ['stale If-Match', () => patch('chunha', { issue: true }, 'W/"stale"'), [412]],
      ['issue as text', () => patch('chunha', { issue: 'yes' }), [400]],
      ['NUL in the due date', () => patch('chunha', { dueDate: '2026-12-01\u0000' }), [400]],
      ['unknown room ticket', () => patch('chunha', { roomTickets: [{ roomTicketID: 'khong-co' }] }), [400]],
      ['huge line', () => patch('chunha', room([{ ...line(1000), description: HUGE }])), [400, 413]],
      ['fractional amount', () => patch('chunha', room([line(1000.5)])), [400]],
      ['overflowing amount', () => patch('chunha', room([line(1e300)])), [400]],
      ['amount as text', () => patch('chunha', room([line('1000')])), [400]],
    ]);
    // A save: one entry.
    let logBefore = await log();
    const saved = await patch('chunha', { dueDate: '2026-12-20' }, drafted.body['@odata.etag']);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await since(logBefore)).toEqual([`update houseTicket ${houseTicketID}`]);
    // The draft's old ETag is stale now.
    await allRefused([
      ['old ETag', () => patch('chunha', { issue: true }, drafted.body['@odata.etag']), [412]],
    ]);
    // Issued twice at once: one issue, one entry, the bills once.
    logBefore = await log();
    const both = await Promise.all([
      patch('chunha', { issue: true }, saved.body['@odata.etag']),
      patch('nhanvien', { issue: true }, saved.body['@odata.etag']),
    ]);
    const statuses = both.map((reply) => reply.status).sort();
    expect(statuses[0], JSON.stringify(both.map((reply) => reply.body))).toBe(200);
    expect([409, 412]).toContain(statuses[1]);
    expect(await since(logBefore)).toEqual([`issue houseTicket ${houseTicketID}`]);
    const month = houseTicketID.slice(hoaSen.length + 1);
    const bills = await listInHouse<MonthlyBillDoc>(product.services, hoaSen, 'monthlyBill', {
      op: 'eq',
      field: 'month',
      value: month,
    });
    expect(new Set(bills.map((bill) => bill.contractID)).size).toBe(bills.length);
    expect(bills.map((bill) => bill.contractID)).toContain(tenancy.contractID);
    // Issued already: issuing or saving again is a 409, without or with the current ETag.
    const current = await as<Row>('chunha', 'GET', path);
    await allRefused([
      ['issue again', () => patch('chunha', { issue: true }), [409]],
      [
        'issue again, current ETag',
        () => patch('chunha', { issue: true }, current.body['@odata.etag']),
        [409],
      ],
      ['save after issue', () => patch('chunha', { dueDate: '2026-12-25' }), [409]],
    ]);
  });

  // ── One-time charges made and deleted ────────────────────────────────────────────────────────────────
  it('a one-time charge: refused makes change nothing; one made is one entry and moves the totals', async () => {
    const charge = (who: Who, body: object) =>
      as<Row & { oneTimeChargeID: string }>(who, 'POST', '/odata/OneTimeCharge', {
        contractID: tenancy.contractID,
        description: 'Thay khóa cửa',
        amount: 120_000,
        ...body,
      });
    await allRefused([
      ['another landlord', () => charge('chunha2', {}), [404]],
      ['tenant', () => charge('nguoithue', {}), [403]],
      ['anonymous', () => charge(undefined, {}), [401]],
      ['staff of another house', () => charge('nhanvien', { contractID: binhAnContract }), [404]],
      ['unknown contract', () => charge('chunha', { contractID: 'khong-co-hop-dong' }), [404]],
      ['NUL in the contract', () => charge('chunha', { contractID: `${tenancy.contractID}\u0000` }), [400]],
      ['negative', () => charge('chunha', { amount: -120_000 }), [400]],
      ['zero', () => charge('chunha', { amount: 0 }), [400]],
      ['fractional', () => charge('chunha', { amount: 0.5 }), [400]],
      ['overflowing', () => charge('chunha', { amount: 1e300 }), [400]],
      ['beyond safe integers', () => charge('chunha', { amount: 2 ** 53 + 2 }), [400]],
      ['as text', () => charge('chunha', { amount: '120000' }), [400]],
      ['huge description', () => charge('chunha', { description: HUGE }), [400, 413]],
      ['both amount and total', () => charge('chunha', { total: 1 }), [400]],
    ]);
    const before = await totals(hoaSen);
    const logBefore = await log();
    const made = await charge('nhanvien', { description: 'Thay khóa\u200d cửa 🔑' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await since(logBefore)).toEqual([`create oneTimeCharge ${made.body.oneTimeChargeID}`]);
    expect(await totals(hoaSen)).not.toBe(before);
  });

  it('deleting a charge: staff without the right and outsiders are refused; twice at once deletes once with one entry; a third time is a 404', async () => {
    const made = await as<{ oneTimeChargeID: string }>('chunha', 'POST', '/odata/OneTimeCharge', {
      contractID: tenancy.contractID,
      description: 'Sửa vòi nước',
      amount: 80_000,
    });
    expect(made.status).toBe(201);
    const path = `/odata/OneTimeCharge/${made.body.oneTimeChargeID}`;
    await allRefused([
      ['staff (no delete right)', () => as('nhanvien', 'DELETE', path), [403]],
      ['another landlord', () => as('chunha2', 'DELETE', path), [404]],
      ['tenant', () => as('nguoithue', 'DELETE', path), [403]],
      ['anonymous', () => as(undefined, 'DELETE', path), [401]],
      ['NUL id', () => as('chunha', 'DELETE', `${path}%00`), [400, 404]],
      ['unknown id', () => as('chunha', 'DELETE', '/odata/OneTimeCharge/khong-co-khoan-phi'), [404]],
    ]);
    const logBefore = await log();
    const both = await Promise.all([as('chunha', 'DELETE', path), as('chunha', 'DELETE', path)]);
    const statuses = both.map((reply) => reply.status).sort();
    expect([200, 204], JSON.stringify(both.map((reply) => reply.body))).toContain(statuses[0]);
    expect([404, 412]).toContain(statuses[1]);
    expect(await since(logBefore)).toEqual([`delete oneTimeCharge ${made.body.oneTimeChargeID}`]);
    await allRefused([['deleted already', () => as('chunha', 'DELETE', path), [404]]]);
  });

  // ── A contract ended ─────────────────────────────────────────────────────────────────────────────────
  it('ending a contract: refusals change nothing; twice at once ends it once with one entry; ending it again is a 409', async () => {
    const end = (who: Who, body: object = {}) =>
      as(who, 'POST', '/odata/Contract/TerminateContract', {
        contractID: binhAnContract,
        terminationDate: '2030-03-15',
        reason: 'Chuyển công tác',
        ...body,
      });
    await allRefused([
      ['another landlord', () => end('chunha2'), [404]],
      ['staff of another house', () => end('nhanvien'), [404]],
      ['tenant', () => end('nguoithue', { contractID: tenancy.contractID }), [403, 404]],
      ['anonymous', () => end(undefined), [401]],
      ['unknown contract', () => end('chunha', { contractID: 'khong-co-hop-dong' }), [404]],
      ['huge reason', () => end('chunha', { reason: HUGE }), [400, 413]],
      ['no reason', () => end('chunha', { reason: '   ' }), [400]],
      ['impossible date', () => end('chunha', { terminationDate: '2030-02-30' }), [400]],
      ['date before the start', () => end('chunha', { terminationDate: '2029-12-31' }), [400]],
      ['negative damages', () => end('chunha', { damageCharges: -1 }), [400]],
      ['fractional damages', () => end('chunha', { damageCharges: 0.5 }), [400]],
      ['overflowing damages', () => end('chunha', { damageCharges: 1e300 }), [400]],
      ['damages as text', () => end('chunha', { damageCharges: '1000' }), [400]],
      [
        'a damage line of overflowing amount',
        () => end('chunha', { damages: [{ description: 'Vỡ kính', amount: 1e300 }] }),
        [400],
      ],
      ['meter index negative', () => end('chunha', { electricityIndex: -5 }), [400]],
    ]);
    const logBefore = await log();
    const both = await Promise.all([end('chunha'), end('chunha', { reason: 'Về quê' })]);
    const statuses = both.map((reply) => reply.status).sort();
    expect(statuses[0], JSON.stringify(both.map((reply) => reply.body))).toBe(200);
    expect([409, 412]).toContain(statuses[1]);
    expect(await since(logBefore)).toEqual([`terminate contract ${binhAnContract}`]);
    await allRefused([['ended already', () => end('chunha'), [409]]]);
  });
});
