/**
 * Issue 25's last write changes attacked through the real handlers on both stores: the house a meter
 * reading names (a hint that must never change the answer), a cash payment's owner shortcut (the
 * transfer account shown is always the house owner's; the running totals add up under payments at
 * once), and a house's creation writing its audit entry in its batch (one entry, none when refused).
 */
import type { MonthlyBill } from '@nhatro/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  AuditDoc,
  AuditOutboxDoc,
  HouseDoc,
  HouseTotalsDoc,
  MeterRecordDoc,
  MonthlyBillDoc,
  RoomDoc,
} from '../../api/src/domain/shared/model.js';
import { houseTotalsID } from '../../api/src/domain/dashboardReport.js';
import { previousMonth, vietnamMonth } from '../../api/src/domain/shared/time.js';
import { moveAuditEntries } from '../../api/src/useCases/shared/audit.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { onBothStores, type ProductOnAStore } from '../support/bothStores.js';
import { aHouseTicket } from '../support/meterBuilders.js';
import { apiClient, tenancyOf } from '../support/product.js';
import { expectError, type ApiSession } from './helpers.js';

type BillReply = MonthlyBill & { '@odata.etag': string; transferQR?: string };

onBothStores((start) => {
  let product: ProductOnAStore;
  let api: ReturnType<typeof apiClient>;
  const s: Record<string, ApiSession> = {};
  let [binhAn, hoaSen, M, P] = ['', '', '', ''];
  let [roomBA, roomHS] = [undefined as unknown as RoomDoc, undefined as unknown as RoomDoc];
  let tenancy = { contractID: '', houseID: '', roomID: '' };

  beforeAll(async () => {
    product = await start();
    const deps = product.services;
    api = apiClient(product.url);
    Object.assign(s, await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']));
    const houseOf = (name: string) => s.chunha?.houses.find((h) => h.houseName === name)?.houseID ?? '';
    [binhAn, hoaSen] = [houseOf('Nhà trọ Bình An'), houseOf('Nhà trọ Hoa Sen')];
    [M, P] = [vietnamMonth(deps.now()), previousMonth(vietnamMonth(deps.now()))];
    tenancy = tenancyOf(s.nguoithue);
    expect(tenancy.houseID).toBe(hoaSen);
    // Bình An's bills of this month are issued; Hoa Sen's of last month are, this month's are not.
    await aHouseTicket(deps, (await houseDocs<HouseDoc>(deps).read(binhAn, binhAn)) as HouseDoc, M, 'Issued');
    await aHouseTicket(deps, (await houseDocs<HouseDoc>(deps).read(hoaSen, hoaSen)) as HouseDoc, P, 'Issued');
    roomBA = (await listInHouse<RoomDoc>(deps, binhAn, 'room'))[0] as RoomDoc;
    roomHS = (await listInHouse<RoomDoc>(deps, hoaSen, 'room')).find(
      (room) => room.roomID !== tenancy.roomID,
    ) as RoomDoc;
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  const records = async () =>
    JSON.stringify(
      (
        await product.services.store.container<MeterRecordDoc>('houses').query({
          filter: { op: 'eq', field: 'type', value: 'meterRecord' },
        })
      ).items
        .map((doc) => `${doc.roomID} ${doc.kind} ${doc.month} ${doc.newIndex}`)
        .sort(),
    );
  const meter = (who: string, method: 'POST' | 'PATCH', body: object, query = '') =>
    api.request<{ errorMessage?: string }>(method, `/odata/MeterRecord${query}`, {
      token: s[who]?.token.accessToken as string,
      body,
    });
  /** The answer to the same request with each hint, which must all be the answer without one. */
  const sameWithEveryHint = async (who: string, method: 'POST' | 'PATCH', body: object, status: number) => {
    for (const query of [
      '',
      `?houseID=${binhAn}`,
      `?houseID=${hoaSen}`,
      `?houseID=${s.chunha2?.houses[0]?.houseID}`,
    ]) {
      const before = await records();
      const reply = await meter(who, method, body, query);
      expect(reply.status, `${query}: ${JSON.stringify(reply.body)}`).toBe(status);
      expect(reply.body.errorMessage ?? '', query).toMatch(/[À-ỹ]/u);
      expect(await records(), query).toBe(before);
    }
  };

  it('meter hint: an issued month is a 409 whichever house is named, and an open one is not refused by the name', async () => {
    // The room's house issued this month; naming the open house does not let it through.
    const issued = { roomID: roomBA.roomID, kind: 'water', newIndex: roomBA.currentWaterIndex + 4 };
    await sameWithEveryHint('chunha', 'POST', issued, 409);
    // Hoa Sen's last month is issued: a reading of it is a 409 too, named Bình An (open last month) or not.
    const last = { roomID: roomHS.roomID, kind: 'water', newIndex: roomHS.currentWaterIndex + 1, month: P };
    await sameWithEveryHint('chunha', 'POST', last, 409);
    // Open in the room's house, issued in the one named: saved once.
    const index = roomHS.currentElectricityIndex + 7;
    const open = { roomID: roomHS.roomID, kind: 'electricity', newIndex: index };
    const reply = await meter('chunha', 'POST', open, `?houseID=${binhAn}`);
    expect([200, 201], JSON.stringify(reply.body)).toContain(reply.status);
    expect(
      (await records()).match(new RegExp(`${roomHS.roomID} electricity ${M} ${index}"`, 'gu')),
    ).toHaveLength(1);
  });

  it('meter hint: rooms of two houses in one PATCH are a 404 with either house named, a tenant’s name changes nothing', async () => {
    const a = { roomID: roomHS.roomID, kind: 'water', newIndex: roomHS.currentWaterIndex + 2 };
    const b = { roomID: roomBA.roomID, kind: 'water', newIndex: roomBA.currentWaterIndex + 2 };
    await sameWithEveryHint('chunha', 'PATCH', { records: [a, b] }, 404);
    await sameWithEveryHint('chunha', 'PATCH', { records: [b, a] }, 404);
    // Staff of Hoa Sen: Bình An's room stays out of reach whatever is named.
    await sameWithEveryHint('nhanvien', 'POST', b, 404);
    // A tenant naming a house (theirs or another): refused as without the name, nothing written.
    const before = await records();
    for (const query of ['', `?houseID=${hoaSen}`, `?houseID=${binhAn}`]) {
      const own = { roomID: tenancy.roomID, kind: 'water', newIndex: 999_999 };
      expectError(await meter('nguoithue', 'POST', own, query), 403, /quyền/u);
    }
    expect(await records()).toBe(before);
  });

  it('meter hint: the same reading twice at once is stored once; an empty, repeated or odd houseID never fails the server', async () => {
    const index = roomHS.currentWaterIndex + 30;
    const body = { roomID: roomHS.roomID, kind: 'water', newIndex: index };
    const both = await Promise.all([
      meter('chunha', 'POST', body, `?houseID=${hoaSen}`),
      meter('chunha', 'POST', body, `?houseID=${hoaSen}`),
    ]);
    // One creates the record; the other finds it (the same value again) or is refused as stale.
    const statuses = both.map((reply) => reply.status).sort();
    expect(
      statuses.filter((status) => status === 201),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    expect([200, 409, 412]).toContain(statuses.find((status) => status !== 201));
    expect((await records()).match(new RegExp(`${roomHS.roomID} water ${M} ${index}"`, 'gu'))).toHaveLength(
      1,
    );
    // The first of repeated names counts; an empty or odd one is the malformed id's 400.
    for (const [query, status] of [
      ['?houseID=', 400],
      [`?houseID=${binhAn}&houseID=${hoaSen}`, 200],
      ['?houseID=%00', 400],
      ['?houseID=%2F..%2F', 400],
    ] as const) {
      const reply = await meter('chunha', 'POST', { ...body, newIndex: index + 1 }, query);
      expect(reply.status, `${query}: ${JSON.stringify(reply.body)}`).toBe(status);
      if (status === 400) expectError(reply, 400, /Mã nhà trọ/u);
    }
  });

  const totals = async (houseID: string) => {
    const doc = await houseDocs<HouseTotalsDoc>(product.services).read(houseID, houseTotalsID(houseID));
    expect(doc?.complete).toBe(true);
    return Object.values(doc?.months ?? {}).reduce((sum, month) => sum + month.paid, 0);
  };
  const pay = (who: string | undefined, id: string, amount: number, ifMatch?: string) =>
    api.request<BillReply>('PATCH', `/odata/MonthlyBill/${id}`, {
      ...(who ? { token: s[who]?.token.accessToken as string } : {}),
      body: { payment: { amount } },
      ...(ifMatch ? { headers: { 'if-match': ifMatch } } : {}),
    });
  const billDoc = (houseID: string, id: string) =>
    houseDocs<MonthlyBillDoc>(product.services).read(houseID, id);

  it('cash: staff of the house pay with the landlord’s account shown; outsiders change nothing', async () => {
    const bill = await aMonthlyBill(product.services, tenancy, { month: '2025-10' });
    const staff = await pay('nhanvien', bill.id, 100_000);
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    const landlordView = await api.getAs<BillReply>(s.chunha as ApiSession, `/odata/MonthlyBill/${bill.id}`);
    expect(staff.body.transferQR).toBeDefined();
    expect(staff.body.transferQR).toBe(landlordView.body.transferQR);
    expect(staff.body['@odata.etag']).toBe(landlordView.body['@odata.etag']);
    const before = JSON.stringify(await billDoc(hoaSen, bill.id));
    for (const [who, statuses] of [
      ['chunha2', [403, 404]],
      ['nguoithue', [403, 404]],
      [undefined, [401]],
    ] as const) {
      const reply = await pay(who, bill.id, 50_000);
      expect(statuses, `${who}: ${JSON.stringify(reply.body)}`).toContain(reply.status);
    }
    // Staff of Hoa Sen paying a bill of Bình An.
    const elsewhere = { houseID: binhAn, roomID: roomBA.roomID, contractID: 'hop-dong-binh-an' };
    const other = await aMonthlyBill(product.services, elsewhere, { month: '2025-10' });
    expectError(await pay('nhanvien', other.id, 50_000), 404, /[À-ỹ]/u);
    expect((await billDoc(binhAn, other.id))?.paidAmount).toBe(0);
    // Overpaying and a stale If-Match.
    const owed = bill.total - 100_000;
    expect((await pay('chunha', bill.id, owed + 1)).status).toBe(400);
    expectError(await pay('chunha', bill.id, 1_000, 'W/"stale"'), 412, /[À-ỹ]/u);
    expect(JSON.stringify(await billDoc(hoaSen, bill.id))).toBe(before);
    // The reply's ETag lets the next payment through.
    const paid = await pay('chunha', bill.id, owed, staff.body['@odata.etag']);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.paidAmount).toBe(bill.total);
  });

  it('cash: two payments at once both count, once each, in the bill and the running totals', async () => {
    const bill = await aMonthlyBill(product.services, tenancy, { month: '2025-09' });
    expect((await pay('chunha', bill.id, 10_000)).status).toBe(200);
    const before = await totals(hoaSen);
    const replies = await Promise.all([pay('chunha', bill.id, 100_000), pay('nhanvien', bill.id, 200_000)]);
    for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await billDoc(hoaSen, bill.id))?.paidAmount).toBe(310_000);
    expect(await totals(hoaSen)).toBe(before + 300_000);
  });

  it('cash and house creation: a house made this session is paid with the owner’s account, one audit entry, its ETag current', async () => {
    await moveAuditEntries(product.services);
    const audit = async (entityID: string) =>
      (
        await product.services.store.container<AuditDoc>('audit').query({
          filter: { op: 'eq', field: 'entityID', value: entityID },
        })
      ).items.filter((doc) => doc.type === 'audit');
    const waiting = async () =>
      (
        await product.services.store.container<AuditOutboxDoc>('houses').query({
          filter: { op: 'eq', field: 'type', value: 'auditOutbox' },
        })
      ).items;
    const oldToken = s.chunha as ApiSession;
    const refused = await api.request('POST', '/odata/House', {
      token: oldToken.token.accessToken,
      body: { houseName: '', houseAddress: '1 Lê Lợi' },
    });
    expect(refused.status).toBe(400);
    expect(await waiting()).toEqual([]);
    const created = await api.request<{ houseID: string; '@odata.etag': string }>('POST', '/odata/House', {
      token: oldToken.token.accessToken,
      body: { houseName: 'Nhà trọ Tấn Công', houseAddress: '9 Lê Lợi, Quận 1' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const houseID = created.body.houseID;
    await moveAuditEntries(product.services);
    expect((await audit(houseID)).map((doc) => [doc.action, doc.entity])).toEqual([['create', 'house']]);
    const renamed = await api.request('PATCH', `/odata/House/${houseID}`, {
      token: (await api.loginDemoUsers(['chunha'])).chunha?.token.accessToken as string,
      body: { houseName: 'Nhà trọ Tấn Công 2' },
      headers: { 'if-match': created.body['@odata.etag'] },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // A bill in the new house: the old token (no new house in it) and a fresh one.
    const bill = await aMonthlyBill(product.services, { houseID, roomID: 'phong-x', contractID: 'hd-x' });
    const fresh = (await api.loginDemoUsers(['chunha'])).chunha as ApiSession;
    const payAs = (session: ApiSession) =>
      api.request<BillReply>('PATCH', `/odata/MonthlyBill/${bill.id}`, {
        token: session.token.accessToken,
        body: { payment: { amount: 1_000 } },
      });
    for (const session of [oldToken, fresh]) {
      const reply = await payAs(session);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const shown = await api.getAs<BillReply>(fresh, `/odata/MonthlyBill/${bill.id}`);
      expect(reply.body.transferQR).toBeDefined();
      expect(reply.body.transferQR).toBe(shown.body.transferQR);
      expect(reply.body['@odata.etag']).toBe(shown.body['@odata.etag']);
    }
    expect((await billDoc(houseID, bill.id))?.paidAmount).toBe(2_000);
  });

  it('a fee’s creation: refused ones (another landlord, a tenant, a second meter fee, a bad price) leave no entry; one made leaves one and answers a current ETag', async () => {
    await moveAuditEntries(product.services);
    const waiting = async () =>
      (
        await product.services.store.container<AuditOutboxDoc>('houses').query({
          filter: { op: 'eq', field: 'type', value: 'auditOutbox' },
        })
      ).items;
    const create = (who: string, body: object) =>
      api.request<{ serviceID: string; '@odata.etag': string }>('POST', '/odata/Service', {
        token: s[who]?.token.accessToken as string,
        body: { houseID: hoaSen, serviceName: 'Phí gửi xe máy', price: 50_000, unit: 'vehicle', ...body },
      });
    for (const [who, body, status] of [
      ['chunha2', {}, 404],
      ['nguoithue', {}, 403],
      ['chunha', { unit: 'kWh', serviceName: 'Điện 2' }, 409],
      ['chunha', { price: -1 }, 400],
    ] as const) {
      const reply = await create(who, body);
      expect(reply.status, `${who}: ${JSON.stringify(reply.body)}`).toBe(status);
    }
    expect(await waiting()).toEqual([]);
    // Staff of the house have no right to the house's fees (the built-in role): refused, no entry.
    expect((await create('nhanvien', {})).status).toBe(403);
    expect(await waiting()).toEqual([]);
    const mine = await create('chunha', {});
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const pending = await waiting();
    expect(pending.map((doc) => [doc.entry.action, doc.entry.entity, doc.entry.entityID])).toEqual([
      ['create', 'service', mine.body.serviceID],
    ]);
    await moveAuditEntries(product.services);
    const trail = await product.services.store.container<AuditDoc>('audit').query({
      filter: { op: 'eq', field: 'entityID', value: mine.body.serviceID },
    });
    expect(trail.items).toHaveLength(1);
    const renamed = await api.request('PATCH', `/odata/Service/${mine.body.serviceID}`, {
      token: s.chunha?.token.accessToken as string,
      body: { serviceName: 'Phí gửi xe', unit: 'vehicle' },
      headers: { 'if-match': mine.body['@odata.etag'] },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });
});
