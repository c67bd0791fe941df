/**
 * Sloppy requests are refused instead of half-understood: unknown fields, an id in the body that
 * disagrees with the path, and an empty PATCH (a no-op). Replies carry the usual OData pieces:
 * the `ETag` header on single entities and a `$metadata` document `@odata.context` points at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDoc } from '../../api/src/domain/shared/model.js';
import { moveAuditEntries } from '../../api/src/useCases/shared/audit.js';
import { apiClient, DEMO_PASSWORDS, startTestProduct, type TestProduct } from '../support/product.js';
import { expectError, houseObjects, MSG } from './helpers.js';

type Entity = Record<string, unknown> & { '@odata.etag': string };

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
let token = '';
/** One object of each entity set of chunha's Hoa Sen: path, id field, its label, a change. */
let targets: Array<{
  set: string;
  id: string;
  field: string;
  label: string;
  change: Record<string, unknown>;
}>;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const chunha = await api.login('chunha', DEMO_PASSWORDS.chunha as string);
  token = chunha.token.accessToken;
  const { house, room, fee, device } = await houseObjects(api, chunha, 'Nhà trọ Hoa Sen', {
    roomIndex: 1,
    deviceName: 'Quạt trần',
    value: 500_000,
  });
  targets = [
    {
      set: 'House',
      id: house,
      field: 'houseID',
      label: 'Mã nhà trọ',
      change: { houseName: 'Nhà trọ Hoa Sen 2' },
    },
    { set: 'Room', id: room, field: 'roomID', label: 'Mã phòng', change: { price: 2_345_000 } },
    {
      set: 'Device',
      id: device,
      field: 'deviceID',
      label: 'Mã thiết bị',
      change: { condition: 'Hơi cũ' },
    },
    {
      set: 'Service',
      id: fee,
      field: 'serviceID',
      label: 'Mã dịch vụ',
      change: { price: 4_000 },
    },
  ];
});
afterAll(async () => product?.stop());

/** One entity by id; fees have no single-entity route, so a fee is read from its house's list. */
async function read(set: string, id: string) {
  if (set !== 'Service') return api.request<Entity>('GET', `/odata/${set}/${id}`, { token });
  const list = await api.request<{ value: Entity[] }>(
    'GET',
    `/odata/Service?houseID=${targetOf('House').id}&$filter=serviceID eq '${id}'`,
    { token },
  );
  return { ...list, body: list.body.value[0] as Entity };
}

function targetOf(set: string) {
  const found = targets.find((candidate) => candidate.set === set);
  if (!found) throw new Error(`no target ${set}`);
  return found;
}

function patch(set: string, id: string | undefined, body: unknown, headers: Record<string, string> = {}) {
  return api.request<Entity>('PATCH', id ? `/odata/${set}/${id}` : `/odata/${set}`, { token, body, headers });
}

async function auditCount(entityID: string): Promise<number> {
  await moveAuditEntries(product.services);
  return product.services.store
    .container<AuditDoc>('audit')
    .count({ filter: { op: 'eq', field: 'entityID', value: entityID } });
}

/** The entity without its short-lived photo read URLs (signed anew on every read). */
function stable(entity: Entity): Record<string, unknown> {
  const { imageURLs: _imageURLs, ...rest } = entity;
  return rest;
}

describe('unknown fields are a 400 naming the field', () => {
  it('PATCH /odata/House with billingDay → 400 "Trường "billingDay" không tồn tại.", nothing changes', async () => {
    const house = targetOf('House');
    const before = (await read('House', house.id)).body;
    const reply = await patch('House', house.id, { billingDay: 5 });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual([{ field: 'billingDay', errorMessage: 'Trường "billingDay" không tồn tại.' }]);
    expect((await read('House', house.id)).body).toEqual(before);
  });

  it('every entity set refuses an unknown field on create and on both PATCH forms', async () => {
    for (const target of targets) {
      for (const id of [target.id, undefined]) {
        const body = { ...(id ? {} : { [target.field]: target.id }), ...target.change, zzUnknown: true };
        const reply = await patch(target.set, id, body);
        expect(reply.status, `${target.set} ${id ?? '(id in body)'}`).toBe(400);
        expect(reply.body).toEqual([
          { field: 'zzUnknown', errorMessage: 'Trường "zzUnknown" không tồn tại.' },
        ]);
      }
    }
    const created = await api.request('POST', '/odata/Room', {
      token,
      body: {
        houseID: targetOf('House').id,
        roomName: 'P999',
        acreage: 10,
        price: 1,
        currentElectricityIndex: 0,
        currentWaterIndex: 0,
        status: 'occupied',
      },
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual([{ field: 'status', errorMessage: 'Trường "status" không tồn tại.' }]);
  });

  it('login and token payloads are strict too', async () => {
    const reply = await api.request('POST', '/api/User/Login', {
      body: { username: 'chunha', password: 'x', remember: true },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual([{ field: 'remember', errorMessage: 'Trường "remember" không tồn tại.' }]);
  });
});

describe('an id in the body that disagrees with the path is a 400', () => {
  it('for every entity set: 400 naming the id field, nothing changes; the same id is fine', async () => {
    for (const target of targets) {
      const other = targets.find((candidate) => candidate.set !== target.set)?.id as string;
      const before = stable((await read(target.set, target.id)).body);
      const reply = await patch(target.set, target.id, { [target.field]: other, ...target.change });
      expect(reply.status, target.set).toBe(400);
      expect(reply.body).toEqual([{ field: target.field, errorMessage: MSG.idMismatch(target.label) }]);
      expect(stable((await read(target.set, target.id)).body)).toEqual(before);
      const same = await patch(target.set, target.id, { [target.field]: target.id, ...target.change });
      expect(same.status, `${target.set}: ${JSON.stringify(same.body)}`).toBe(200);
    }
  });

  it('POST /odata/Device/{roomID} with another roomID in the body → 400, no device is created', async () => {
    const room = targetOf('Room').id;
    const other = '00000000-0000-4000-8000-000000000000';
    const reply = await api.request('POST', `/odata/Device/${room}`, {
      token,
      body: { roomID: other, deviceName: 'Tivi', quantity: 1, condition: 'Tốt', value: 1 },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual([{ field: 'roomID', errorMessage: MSG.idMismatch('Mã phòng') }]);
    const devices = await api.request<{ value: Array<{ deviceName: string }> }>(
      'GET',
      `/odata/Device?roomID=${room}`,
      { token },
    );
    expect(devices.body.value.map((device) => device.deviceName)).not.toContain('Tivi');
  });
});

describe('an empty PATCH is a no-op', () => {
  it('for every entity set: 200 with the unchanged entity, the same ETag, no audit entry', async () => {
    for (const target of targets) {
      const before = (await read(target.set, target.id)).body;
      const audits = await auditCount(target.id);
      for (const body of [{}, { [target.field]: target.id }]) {
        const reply = await patch(target.set, target.id, body);
        expect(reply.status, target.set).toBe(200);
        expect(stable(reply.body)).toEqual(stable(before));
        expect(reply.headers.get('etag')).toBe(before['@odata.etag']);
      }
      expect(stable((await read(target.set, target.id)).body)).toEqual(stable(before));
      expect(await auditCount(target.id)).toBe(audits);
    }
  });

  it('a PATCH that repeats the stored values changes nothing either', async () => {
    const room = targetOf('Room');
    const before = (await read('Room', room.id)).body;
    const reply = await patch('Room', room.id, { roomName: before.roomName, price: before.price });
    expect(reply.status).toBe(200);
    expect(reply.body['@odata.etag']).toBe(before['@odata.etag']);
  });

  it('an empty PATCH with a stale If-Match is still a 412', async () => {
    const device = targetOf('Device');
    const reply = await patch('Device', device.id, {}, { 'if-match': '"stale"' });
    expectError(reply, 412, /Dữ liệu đã được người khác thay đổi/);
  });
});

describe('ETag header and $metadata', () => {
  it('single-entity reads, creates and patches send the ETag header equal to @odata.etag', async () => {
    for (const target of targets) {
      if (target.set !== 'Service') {
        const got = await read(target.set, target.id);
        expect(got.headers.get('etag'), target.set).toBe(got.body['@odata.etag']);
      }
      const changed = await patch(target.set, target.id, target.change);
      expect(changed.headers.get('etag'), target.set).toBe(changed.body['@odata.etag']);
    }
    const created = await api.request<Entity>('POST', '/odata/Service', {
      token,
      body: { houseID: targetOf('House').id, serviceName: 'Gửi xe', price: 100_000, unit: 'vehicle' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBe(created.body['@odata.etag']);
  });

  it('GET /odata/$metadata (no token) is OData v4 CSDL with every entity set and its key', async () => {
    const reply = await api.request<string>('GET', '/odata/$metadata');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('odata-version')).toBe('4.0');
    const xml = reply.body;
    expect(xml).toContain('<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">');
    for (const [set, key] of [
      ['House', 'houseID'],
      ['Room', 'roomID'],
      ['Device', 'deviceID'],
      ['Service', 'serviceID'],
      ['HMRegistration', 'registrationID'],
    ]) {
      expect(xml).toContain(`<EntitySet Name="${set}" EntityType="NhaTro.${set}"/>`);
      expect(xml).toMatch(
        new RegExp(`<EntityType Name="${set}">\\s*<Key><PropertyRef Name="${key}"/></Key>`),
      );
    }
    expect(xml).toContain('<Property Name="createdOn" Type="Edm.DateTimeOffset"/>');
    expect(xml).toContain('<NavigationProperty Name="rooms" Type="Collection(NhaTro.Room)"/>');
    expect(xml).toContain('<ComplexType Name="LessorInfo">');
    expect(xml).toContain('<Property Name="lessorInfo" Type="NhaTro.LessorInfo"/>');
    // Fields kept from clients are not described either.
    expect(xml).not.toMatch(/Name="citizenID"/);
  });

  it('@odata.context of a collection points at that $metadata', async () => {
    const list = await api.request<{ '@odata.context': string }>('GET', '/odata/House', { token });
    const context = new URL(list.body['@odata.context']);
    expect(context.hash).toBe('#House');
    const metadata = await fetch(new URL(context.pathname, product.url));
    expect(metadata.status).toBe(200);
  });
});
