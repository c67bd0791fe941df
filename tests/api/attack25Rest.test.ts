/**
 * Issue 25's writes nobody attacked yet, through the real handlers on both stores: deleting an issue
 * report and an expense, a contract's fees (added, removed), a device made in a room, a settlement's
 * refund and a reservation's deposit, and a tenant's erasure request. Every refusal is a 4xx with a
 * Vietnamese message that writes nothing (no audit entry waiting); every accepted write leaves one.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuditOutboxDoc, FeeDoc, RoomDoc } from '../../api/src/domain/shared/model.js';
import { moveAuditEntries } from '../../api/src/useCases/shared/audit.js';
import { listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { onBothStores, type ProductOnAStore } from '../support/bothStores.js';
import { apiClient, tenancyOf, type ApiReply } from '../support/product.js';
import { expectError, type ApiSession } from './helpers.js';

type Reply = ApiReply<Record<string, unknown> & { errorMessage?: string }>;
const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(100_000);

onBothStores((start) => {
  let product: ProductOnAStore;
  let api: ReturnType<typeof apiClient>;
  const s: Record<string, ApiSession> = {};
  let [binhAn, hoaSen] = ['', ''];
  let tenancy = { contractID: '', houseID: '', roomID: '' };
  let otherRoom = undefined as unknown as RoomDoc;

  beforeAll(async () => {
    product = await start();
    api = apiClient(product.url);
    Object.assign(s, await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']));
    const houseOf = (name: string) => s.chunha?.houses.find((h) => h.houseName === name)?.houseID ?? '';
    [binhAn, hoaSen] = [houseOf('Nhà trọ Bình An'), houseOf('Nhà trọ Hoa Sen')];
    tenancy = tenancyOf(s.nguoithue);
    otherRoom = (await listInHouse<RoomDoc>(product.services, binhAn, 'room'))[0] as RoomDoc;
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  const call = (who: string | undefined, method: string, path: string, body?: unknown, ifMatch?: string) =>
    api.request(method as 'POST', path, {
      ...(who ? { token: s[who]?.token.accessToken as string } : {}),
      ...(body === undefined ? {} : { body: body as object }),
      ...(ifMatch ? { headers: { 'if-match': ifMatch } } : {}),
    }) as Promise<Reply>;
  const waiting = async () =>
    (
      await product.services.store.container<AuditOutboxDoc>('houses').query({
        filter: { op: 'eq', field: 'type', value: 'auditOutbox' },
      })
    ).items.map((doc) => `${doc.entry.action} ${doc.entry.entity} ${doc.entry.entityID}`);
  /** A refusal's message (one, or one per field for a 400 of validation) is written in Vietnamese. */
  const vietnamese = (reply: Reply, label: string) => {
    const body = reply.body as unknown;
    const messages = Array.isArray(body)
      ? (body as { errorMessage?: string }[]).map((item) => item.errorMessage)
      : [(body as { errorMessage?: string }).errorMessage];
    expect(messages.length, label).toBeGreaterThan(0);
    for (const message of messages) expect(message ?? '', label).toMatch(/[À-ỹ]/u);
  };
  /** Each attempt is refused with one of the statuses and a Vietnamese message, and no entry waits. */
  const refused = async (attempts: [string | undefined, string, string, unknown, number[]][]) => {
    await moveAuditEntries(product.services);
    for (const [who, method, path, body, statuses] of attempts) {
      const reply = await call(who, method, path, body);
      const label = `${who} ${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`;
      expect(statuses, `${label}: ${reply.status} ${JSON.stringify(reply.body)?.slice(0, 200)}`).toContain(
        reply.status,
      );
      vietnamese(reply, label);
    }
    expect(await waiting()).toEqual([]);
  };
  /** The accepted write leaves exactly these entries. */
  const entries = async (expected: string[]) => {
    expect((await waiting()).sort()).toEqual(expected.sort());
    await moveAuditEntries(product.services);
  };

  it('an issue report’s deletion: outsiders refused, the tenant cancels once, a second delete is a 404', async () => {
    const made = await call('nguoithue', 'POST', '/odata/Issue', {
      contractID: tenancy.contractID,
      title: 'Vòi nước rỉ',
      description: 'Vòi ở bồn rửa rỉ nước cả ngày.',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.issueID as string;
    await moveAuditEntries(product.services);
    const path = `/odata/Issue/${id}`;
    await refused([
      [undefined, 'DELETE', path, undefined, [401]],
      ['chunha2', 'DELETE', path, undefined, [404]],
      ['nhanvien', 'DELETE', path, undefined, [403]],
      ['chunha', 'DELETE', '/odata/Issue/khong-co', undefined, [404]],
      ['chunha', 'DELETE', '/odata/Issue/%00', undefined, [400, 404]],
      ['chunha', 'DELETE', `/odata/Issue/${HUGE.slice(0, 5_000)}`, undefined, [400, 404, 414]],
    ]);
    // Two cancels at once: one goes through, the other finds nothing or a stale report.
    const both = await Promise.all([call('nguoithue', 'DELETE', path), call('nguoithue', 'DELETE', path)]);
    const statuses = both.map((reply) => reply.status).sort();
    expect(statuses[0], JSON.stringify(both.map((r) => r.body))).toBe(204);
    expect([404, 409, 412]).toContain(statuses[1]);
    await entries([`cancel issue ${id}`]);
    await refused([['chunha', 'DELETE', path, undefined, [404]]]);
  });

  it('an expense’s deletion: tenants, another landlord, anonymous refused; two deletes at once delete once', async () => {
    const made = await call('chunha', 'POST', '/odata/Expense', {
      houseID: hoaSen,
      date: '2026-11-01',
      category: 'Sửa chữa',
      amount: 250_000,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.expenseID as string;
    await moveAuditEntries(product.services);
    const path = `/odata/Expense/${id}`;
    // Bad creations write nothing either.
    await refused([
      [
        'chunha',
        'POST',
        '/odata/Expense',
        { houseID: hoaSen, date: '2026-11-01', category: 'x', amount: -1 },
        [400],
      ],
      [
        'chunha',
        'POST',
        '/odata/Expense',
        { houseID: hoaSen, date: '2026-11-01', category: 'x', amount: 1.5 },
        [400],
      ],
      [
        'chunha',
        'POST',
        '/odata/Expense',
        { houseID: hoaSen, date: '2026-11-01', category: 'x', amount: '1' },
        [400],
      ],
      [
        'chunha',
        'POST',
        '/odata/Expense',
        { houseID: hoaSen, date: '2026-11-01', category: HUGE, amount: 1 },
        [400, 413],
      ],
      [
        'chunha2',
        'POST',
        '/odata/Expense',
        { houseID: hoaSen, date: '2026-11-01', category: 'x', amount: 1 },
        [404],
      ],
      [undefined, 'DELETE', path, undefined, [401]],
      ['chunha2', 'DELETE', path, undefined, [404]],
      ['nguoithue', 'DELETE', path, undefined, [403, 404]],
      ['chunha', 'DELETE', '/odata/Expense/khong-co', undefined, [404]],
    ]);
    const stale = await call('chunha', 'DELETE', path, undefined, '"not-its-etag"');
    expect(stale.status, JSON.stringify(stale.body)).toBe(412);
    expect(await waiting()).toEqual([]);
    const both = await Promise.all([call('chunha', 'DELETE', path), call('chunha', 'DELETE', path)]);
    const statuses = both.map((reply) => reply.status).sort();
    expect(statuses[0], JSON.stringify(both.map((r) => r.body))).toBe(204);
    expect([404, 409, 412]).toContain(statuses[1]);
    await entries([`delete expense ${id}`]);
    await refused([['chunha', 'DELETE', path, undefined, [404]]]);
  });

  it('a contract’s fee: added once by the landlord, never by outsiders or with another landlord’s fee; removed once', async () => {
    const theirFee = (await listInHouse<FeeDoc>(product.services, binhAn, 'service'))[0];
    const mine = await call('chunha', 'POST', '/odata/Service', {
      houseID: hoaSen,
      serviceName: 'Phí tấn công',
      price: 10_000,
      unit: 'room',
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const serviceID = mine.body.serviceID as string;
    await moveAuditEntries(product.services);
    const body = { contractID: tenancy.contractID, serviceID };
    await refused([
      [undefined, 'POST', '/odata/ContractService', body, [401]],
      ['chunha2', 'POST', '/odata/ContractService', body, [404]],
      ['nguoithue', 'POST', '/odata/ContractService', body, [403]],
      ['chunha', 'POST', '/odata/ContractService', { ...body, serviceID: theirFee?.serviceID }, [409]],
      ['chunha', 'POST', '/odata/ContractService', { ...body, serviceID: 'khong-co' }, [409]],
      ['chunha', 'POST', '/odata/ContractService', { ...body, contractID: NUL }, [400]],
      ['chunha', 'POST', '/odata/ContractService', { ...body, price: 1 }, [400]],
      ['chunha', 'POST', '/odata/ContractService', { ...body, serviceID: 5 }, [400]],
    ]);
    const both = await Promise.all([
      call('chunha', 'POST', '/odata/ContractService', body),
      call('chunha', 'POST', '/odata/ContractService', body),
    ]);
    const created = both.find((reply) => reply.status === 201) as Reply;
    const id = created.body.contractServiceID as string;
    expect(created.headers.get('etag')).toBeTruthy();
    // The other of two at once is the 409 of a service taken (both stores), not a second subscription.
    const loser = both.find((reply) => reply !== created) as Reply;
    expectError(loser, 409, 'Hợp đồng đã đăng ký dịch vụ này.');
    await entries([`create contractService ${id}`]);
    const path = `/odata/ContractService/${id}`;
    await refused([
      [undefined, 'DELETE', path, undefined, [401]],
      ['chunha2', 'DELETE', path, undefined, [404]],
      ['nguoithue', 'DELETE', path, undefined, [403]],
      ['chunha', 'DELETE', '/odata/ContractService/khong-co', undefined, [404]],
    ]);
    expect((await call('chunha', 'DELETE', path)).status).toBe(204);
    await entries([`delete contractService ${id}`]);
    await refused([['chunha', 'DELETE', path, undefined, [404]]]);
  });

  it('a device in a room: odd input and outsiders refused, one made leaves one entry and its ETag', async () => {
    const room = tenancy.roomID;
    const body = { deviceName: 'Quạt trần', quantity: 1, condition: 'Mới', value: 500_000 };
    const path = `/odata/Device/${room}`;
    await refused([
      [undefined, 'POST', path, body, [401]],
      ['chunha2', 'POST', path, body, [404]],
      ['nguoithue', 'POST', path, body, [403]],
      ['nhanvien', 'POST', `/odata/Device/${otherRoom.roomID}`, body, [403, 404]],
      ['chunha', 'POST', path, { ...body, roomID: otherRoom.roomID }, [400]],
      ['chunha', 'POST', '/odata/Device/khong-co', body, [404]],
      ['chunha', 'POST', path, { ...body, value: -1 }, [400]],
      ['chunha', 'POST', path, { ...body, value: 0.5 }, [400]],
      ['chunha', 'POST', path, { ...body, quantity: 1.5 }, [400]],
      ['chunha', 'POST', path, { ...body, quantity: '1' }, [400]],
      ['chunha', 'POST', path, { ...body, deviceName: HUGE }, [400, 413]],
      ['chunha', 'POST', path, { ...body, value: 1e300 }, [400]],
    ]);
    const made = await call('chunha', 'POST', path, body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.deviceID as string;
    await entries([`create device ${id}`]);
    const again = await call(
      'chunha',
      'PATCH',
      `/odata/Device/${id}`,
      { condition: 'Cũ' },
      made.body['@odata.etag'] as string,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await moveAuditEntries(product.services);
    // A DELETE honours If-Match: the ETag from before the change is a 412 that deletes nothing.
    const stale = await call(
      'chunha',
      'DELETE',
      `/odata/Device/${id}`,
      undefined,
      made.body['@odata.etag'] as string,
    );
    expect(stale.status, JSON.stringify(stale.body)).toBe(412);
    vietnamese(stale, 'stale DELETE');
    expect(await waiting()).toEqual([]);
    const gone = await call(
      'chunha',
      'DELETE',
      `/odata/Device/${id}`,
      undefined,
      again.body['@odata.etag'] as string,
    );
    expect(gone.status, JSON.stringify(gone.body)).toBe(204);
    await entries([`delete device ${id}`]);
  });

  it('refunds and deposits: unknown, malformed, outsiders and tenants refused without a write', async () => {
    const refund = { contractID: tenancy.contractID, refundedOn: '2026-11-20', method: 'cash' };
    const deposit = { reservationID: 'khong-co', depositOutcome: 'refunded' };
    await refused([
      [undefined, 'POST', '/odata/Contract/RecordRefund', refund, [401]],
      ['nguoithue', 'POST', '/odata/Contract/RecordRefund', refund, [403]],
      ['chunha2', 'POST', '/odata/Contract/RecordRefund', refund, [404]],
      // The tenant's contract is active: nothing to refund.
      ['chunha', 'POST', '/odata/Contract/RecordRefund', refund, [400, 409]],
      ['chunha', 'POST', '/odata/Contract/RecordRefund', { ...refund, contractID: 'khong-co' }, [404]],
      ['chunha', 'POST', '/odata/Contract/RecordRefund', { ...refund, method: 'gold' }, [400]],
      ['chunha', 'POST', '/odata/Contract/RecordRefund', { ...refund, note: HUGE }, [400, 413]],
      ['chunha', 'POST', '/odata/Contract/RecordRefund', { ...refund, amount: -5 }, [400]],
      ['chunha', 'POST', '/odata/Contract/RecordRefund', { ...refund, refundedOn: '2026-13-45' }, [400]],
      [undefined, 'PATCH', '/api/Reservation/Deposit', deposit, [401]],
      ['nguoithue', 'PATCH', '/api/Reservation/Deposit', deposit, [403]],
      ['chunha', 'PATCH', '/api/Reservation/Deposit', deposit, [404]],
      ['chunha', 'PATCH', '/api/Reservation/Deposit', { ...deposit, depositOutcome: 'both' }, [400]],
      ['chunha', 'PATCH', '/api/Reservation/Deposit', { ...deposit, reservationID: NUL }, [400]],
    ]);
  });

  it('an erasure request: only the tenant, once; anyone else and odd bodies refused', async () => {
    await refused([
      [undefined, 'POST', '/api/User/MyData/Erasure', {}, [401]],
      ['chunha', 'POST', '/api/User/MyData/Erasure', {}, [400, 403]],
      ['nhanvien', 'POST', '/api/User/MyData/Erasure', {}, [400, 403]],
      ['nguoithue', 'POST', '/api/User/MyData/Erasure', { lesseeInfoID: 'x' }, [400]],
      ['nguoithue', 'POST', '/api/User/MyData/Erasure', [], [400]],
      ['nguoithue', 'POST', '/api/User/MyData/Erasure', { note: HUGE }, [400, 413]],
    ]);
    const both = await Promise.all([
      call('nguoithue', 'POST', '/api/User/MyData/Erasure', {}),
      call('nguoithue', 'POST', '/api/User/MyData/Erasure', {}),
    ]);
    const statuses = both.map((reply) => reply.status).sort();
    expect(statuses[0], JSON.stringify(both.map((r) => r.body))).toBe(200);
    expect([200, 409, 412]).toContain(statuses[1]);
    const pending = await waiting();
    expect(pending, JSON.stringify(pending)).toHaveLength(1);
    expect(pending[0]).toMatch(/^requestErasure lesseeInfo /u);
    await moveAuditEntries(product.services);
    // Asked again later: answered, nothing new written.
    expect((await call('nguoithue', 'POST', '/api/User/MyData/Erasure', {})).status).toBe(200);
    expect(await waiting()).toEqual([]);
  });
});
