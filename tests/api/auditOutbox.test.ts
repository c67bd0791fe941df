/**
 * Through the real handlers, on both stores: a house rename writes the house and its audit entry in one
 * batch of the house's partition (issue 25: a write is its reads plus one batch). The entry waits there,
 * out of every reply of the house, until it is moved into the `audit` container: by the system log
 * before it reads, by the outbox timer, or by the houses' change feed. A refused write leaves none.
 */
import type { SystemLog } from '@nhatro/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuditDoc, AuditOutboxDoc, HouseDoc } from '../../api/src/domain/shared/model.js';
import { moveAuditEntries } from '../../api/src/useCases/shared/audit.js';
import { onBothStores, type ProductOnAStore } from '../support/bothStores.js';
import { apiClient } from '../support/product.js';
import { expectError, expectFieldError, type ApiSession, type ODataCollection } from './helpers.js';

onBothStores((start) => {
  let product: ProductOnAStore;
  let api: ReturnType<typeof apiClient>;
  let landlord: ApiSession;
  let admin: ApiSession;
  let houseID: string;

  beforeAll(async () => {
    product = await start();
    api = apiClient(product.url);
    const sessions = await api.loginDemoUsers(['chunha', 'admin']);
    [landlord, admin] = [sessions.chunha as ApiSession, sessions.admin as ApiSession];
    houseID = landlord.houses[0]?.houseID ?? '';
    expect(houseID).not.toBe('');
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  const waiting = async () =>
    (
      await product.services.store.container<AuditOutboxDoc>('houses').query({
        filter: { op: 'eq', field: 'type', value: 'auditOutbox' },
      })
    ).items;

  const rename = (houseName: string, etag?: string) =>
    api.request<{ houseName: string; '@odata.etag': string }>('PATCH', `/odata/House/${houseID}`, {
      token: landlord.token.accessToken,
      body: { houseName },
      ...(etag ? { headers: { 'if-match': etag } } : {}),
    });

  const landlordLog = async () => {
    const reply = await api.getAs<ODataCollection<SystemLog>>(
      admin,
      `/odata/SystemLog/GetUserLogs?userID=${landlord.userID}`,
    );
    expect(reply.status).toBe(200);
    return reply.body.value.filter((row) => row.entity === 'house' && row.entityID === houseID);
  };

  it('saves the rename with its entry in the house, shows it in the system log, and keeps it out of every reply', async () => {
    await moveAuditEntries(product.services);
    const before = await api.getAs<{ '@odata.etag': string }>(landlord, `/odata/House/${houseID}`);
    const logBefore = await landlordLog();

    const renamed = await rename('Nhà trọ Hoa Sen Mới', before.body['@odata.etag']);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.houseName).toBe('Nhà trọ Hoa Sen Mới');
    // The reply's ETag is the stored house's (the batch answers what it wrote): it reads back the same.
    const reread = await api.getAs<{ '@odata.etag': string }>(landlord, `/odata/House/${houseID}`);
    expect(renamed.body['@odata.etag']).toBe(reread.body['@odata.etag']);
    expect(renamed.body['@odata.etag']).not.toBe(before.body['@odata.etag']);
    expect((await rename('Nhà trọ Hoa Sen Mới 2', renamed.body['@odata.etag'])).status).toBe(200);

    const pending = await waiting();
    expect(pending.map((doc) => [doc.pk, doc.entry.action, doc.entry.entity, doc.entry.houseID])).toEqual([
      [houseID, 'update', 'house', houseID],
      [houseID, 'update', 'house', houseID],
    ]);
    expect(pending[0]?.entry).toMatchObject({ userID: landlord.userID, details: { fields: ['houseName'] } });

    // No reply of the house shows the waiting entries.
    for (const path of [
      '/odata/House',
      `/odata/House/${houseID}?$expand=rooms`,
      `/odata/Room?houseID=${houseID}&$count=true`,
      `/odata/Contract?HouseID=${houseID}&$count=true`,
    ]) {
      const reply = await api.getAs(landlord, path);
      expect(reply.status, path).toBe(200);
      expect(JSON.stringify(reply.body), path).not.toMatch(/auditOutbox|"update"/);
    }

    const log = await landlordLog();
    expect(log.length - logBefore.length).toBe(2);
    expect(log[0]).toMatchObject({ action: 'update', houseID, details: { fields: ['houseName'] } });
    expect(await waiting()).toEqual([]);
  });

  it('a refused rename (stale ETag, bad name, another landlord) leaves no entry anywhere', async () => {
    const logBefore = await landlordLog();
    const stale = await rename('Tên cũ', 'W/"datetime\'2020-01-01T00%3A00%3A00Z\'"');
    expectError(stale, 412, /[À-ỹ]/u);
    expectFieldError(await rename(''), 'houseName', 'Tên nhà trọ không được để trống!');
    const other = (await api.loginDemoUsers(['chunha2'])).chunha2 as ApiSession;
    const foreign = await api.request('PATCH', `/odata/House/${houseID}`, {
      token: other.token.accessToken,
      body: { houseName: 'Của tôi' },
    });
    expect([403, 404]).toContain(foreign.status);
    expect(await waiting()).toEqual([]);
    expect(await landlordLog()).toHaveLength(logBefore.length);
  });

  it('a move cut short and run again, or run twice at once, records each entry once', async () => {
    expect((await rename('Nhà trọ Hoa Sen')).status).toBe(200);
    const [entry] = await waiting();
    if (!entry) throw new Error('the rename left no entry');
    // A run that wrote the entry into the trail and stopped before deleting it from the house.
    await product.services.store.container<AuditDoc>('audit').upsert(entry.entry);
    const moved = await Promise.all([moveAuditEntries(product.services), moveAuditEntries(product.services)]);
    expect(moved.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(await waiting()).toEqual([]);
    const copies = await product.services.store.container<AuditDoc>('audit').query({
      filter: { op: 'eq', field: 'id', value: entry.entry.id },
    });
    expect(copies.items).toHaveLength(1);
  });

  it("the change feed's documents: only the audit entries among them are moved", async () => {
    expect((await rename('Nhà trọ Hoa Sen Xanh')).status).toBe(200);
    const pending = await waiting();
    const house = await product.services.store.container<HouseDoc>('houses').read(houseID, houseID);
    const moved = await moveAuditEntries(product.services, [
      house,
      ...pending,
      { type: 'auditOutbox' },
      null,
    ]);
    expect(moved).toBe(pending.length);
    expect(await waiting()).toEqual([]);
    expect(
      (await product.services.store.container<HouseDoc>('houses').read(houseID, houseID))?.houseName,
    ).toBe('Nhà trọ Hoa Sen Xanh');
  });
});
