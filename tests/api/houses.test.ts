/**
 * GET /odata/House and /odata/House/{id}: who sees which house, the OData query options
 * and their 400 errors; GET /odata/HMRegistration for the super admin.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ContractDoc,
  HouseScopedDoc,
  LesseeInfoDoc,
  RoomDoc,
  VehicleDoc,
} from '../../api/src/domain/shared/model.js';
import { apiClient, DEMO_PASSWORDS, startTestProduct, type TestProduct } from '../support/product.js';
import { expectError, MSG, type ApiSession, type ODataCollection } from './helpers.js';

type Row = Record<string, unknown>;
type Collection = ODataCollection<Row>;

const HOA_SEN = 'Nhà trọ Hoa Sen';
const BINH_AN = 'Nhà trọ Bình An';
const GO_VAP = 'Nhà trọ Gò Vấp Xanh';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const s: Record<'admin' | 'chunha' | 'chunha2' | 'nhanvien' | 'nguoithue', ApiSession> = {} as never;
let hoaSenID: string;
let binhAnID: string;
let goVapID: string;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  for (const username of ['admin', 'chunha', 'chunha2', 'nhanvien', 'nguoithue'] as const) {
    s[username] = await api.login(username, DEMO_PASSWORDS[username] as string);
  }
  hoaSenID = s.chunha.houses.find((house) => house.houseName === HOA_SEN)?.houseID as string;
  binhAnID = s.chunha.houses.find((house) => house.houseName === BINH_AN)?.houseID as string;
  goVapID = s.chunha2.houses[0]?.houseID as string;
});
afterAll(async () => product?.stop());

/** GET /odata/House with the given system query options (encoded here). */
function list(session: ApiSession, options: Record<string, string> = {}) {
  const query = new URLSearchParams(options).toString();
  return api.request<Collection>('GET', `/odata/House${query ? `?${query}` : ''}`, {
    token: session.token.accessToken,
  });
}

async function names(session: ApiSession, options: Record<string, string> = {}): Promise<string[]> {
  const reply = await list(session, options);
  expect([reply.status, reply.body]).toMatchObject([200, { value: expect.any(Array) }]);
  return reply.body.value.map((house) => house.houseName as string);
}

describe('GET /odata/House — who sees what', () => {
  it('landlord chunha sees exactly its two houses', async () => {
    const reply = await list(s.chunha);
    expect(reply.status).toBe(200);
    expect(reply.body['@odata.context']).toBe(`${product.url}/odata/$metadata#House`);
    expect(reply.body.value.map((house) => house.houseName).sort()).toEqual([BINH_AN, HOA_SEN]);
    for (const house of reply.body.value) {
      // The API shape, without storage or access internals.
      expect(Object.keys(house).sort()).toEqual([
        '@odata.etag',
        'createdOn',
        'houseAddress',
        'houseID',
        'houseName',
      ]);
    }
  });

  it('landlord chunha2 sees only its one house', async () => {
    expect(await names(s.chunha2)).toEqual([GO_VAP]);
  });

  it('staff nhanvien sees only the house it is assigned to', async () => {
    expect(await names(s.nhanvien)).toEqual([HOA_SEN]);
  });

  it('lessee nguoithue sees only the house of their contract', async () => {
    expect(await names(s.nguoithue)).toEqual([HOA_SEN]);
  });

  it('super admin (role 1) → 403 with a Vietnamese message', async () => {
    expectError(await list(s.admin), 403, MSG.forbidden);
  });

  it('no token → 401', async () => {
    expectError(await api.request('GET', '/odata/House'), 401, MSG.unauthenticated);
  });

  it('a $filter cannot reach past the caller scope', async () => {
    expect(await names(s.chunha, { $filter: `houseName eq '${GO_VAP}'` })).toEqual([]);
    expect(
      (await names(s.chunha, { $filter: `houseName ne 'x' or houseName eq '${GO_VAP}'` })).sort(),
    ).toEqual([BINH_AN, HOA_SEN]);
    expect(await names(s.nhanvien, { $filter: `houseName eq '${BINH_AN}'` })).toEqual([]);
    expect(await names(s.nguoithue, { $filter: `houseID eq '${binhAnID}'` })).toEqual([]);
  });
});

describe('GET /odata/House/{id}', () => {
  function get(session: ApiSession | undefined, id: string, query = '') {
    return api.request<Row>(
      'GET',
      `/odata/House/${id}${query}`,
      session ? { token: session.token.accessToken } : {},
    );
  }

  it('own house → 200 with the entity', async () => {
    const reply = await get(s.chunha2, goVapID);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      houseID: goVapID,
      houseName: GO_VAP,
      houseAddress: '210 Quang Trung, P. 10, Q. Gò Vấp, TP. Hồ Chí Minh',
    });
    expect(reply.body).not.toHaveProperty('ownerID');
    expect(reply.body).not.toHaveProperty('staffIDs');
  });

  it("another landlord's house → 404 (its existence is not revealed)", async () => {
    expectError(await get(s.chunha2, hoaSenID), 404, MSG.notFound);
    expectError(await get(s.chunha, goVapID), 404, MSG.notFound);
  });

  it('staff and lessee: their house 200, another house of the same landlord 404', async () => {
    expect((await get(s.nhanvien, hoaSenID)).status).toBe(200);
    expectError(await get(s.nhanvien, binhAnID), 404, MSG.notFound);
    expect((await get(s.nguoithue, hoaSenID)).status).toBe(200);
    expectError(await get(s.nguoithue, binhAnID), 404, MSG.notFound);
  });

  it('an unknown id → 404; super admin → 403; no token → 401', async () => {
    expectError(await get(s.chunha, randomUUID()), 404, MSG.notFound);
    expectError(await get(s.admin, hoaSenID), 403, MSG.forbidden);
    expectError(await get(undefined, hoaSenID), 401, MSG.unauthenticated);
  });

  it('accepts $select and $expand', async () => {
    const reply = await get(s.chunha, hoaSenID, '?$select=houseName&$expand=rooms($select=roomName;$top=1)');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ houseName: HOA_SEN, rooms: [{ roomName: 'P101' }] });
  });
});

describe('lessee expands only their own room and contract', () => {
  let other: { contractID: string; lesseeInfoID: string; vehicleID: string };

  beforeAll(async () => {
    // A second contract in the same house (room P102), so "only their own" is observable.
    const houses = product.services.store.container<HouseScopedDoc>('houses');
    const rooms = await houses.query({
      partitionKey: hoaSenID,
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'room' },
          { op: 'eq', field: 'roomName', value: 'P102' },
        ],
      },
    });
    const room = rooms.items[0] as RoomDoc;
    other = { contractID: randomUUID(), lesseeInfoID: randomUUID(), vehicleID: randomUUID() };
    const contract: ContractDoc = {
      id: other.contractID,
      pk: hoaSenID,
      type: 'contract',
      contractID: other.contractID,
      houseID: hoaSenID,
      roomID: room.roomID,
      status: 1,
      createdOn: new Date().toISOString(),
      startDate: '2026-10-01',
      endDate: '2027-09-30',
      rentFee: room.price,
      deposit: room.price,
      representativeLesseeID: other.lesseeInfoID,
    };
    const person: LesseeInfoDoc = {
      id: other.lesseeInfoID,
      pk: hoaSenID,
      type: 'lesseeInfo',
      lesseeInfoID: other.lesseeInfoID,
      houseID: hoaSenID,
      contractID: other.contractID,
      occupantName: 'Trương Thị Hạnh',
      gender: 0,
      isRepresentative: true,
      status: 1,
    };
    const vehicle: VehicleDoc = {
      id: other.vehicleID,
      pk: hoaSenID,
      type: 'vehicle',
      vehicleID: other.vehicleID,
      houseID: hoaSenID,
      contractID: other.contractID,
      licensePlate: '51-F1 999.99',
      vehicleType: 'Xe máy',
    };
    await houses.batch(hoaSenID, [
      { op: 'create', doc: contract },
      { op: 'create', doc: person },
      { op: 'create', doc: vehicle },
    ]);
  });

  it('$expand=rooms holds only the lessee room; the landlord sees all 15', async () => {
    const reply = await list(s.nguoithue, { $expand: 'rooms' });
    expect(reply.status).toBe(200);
    const rooms = reply.body.value[0]?.rooms as Row[];
    expect(rooms).toHaveLength(1);
    expect(rooms[0]).toMatchObject({
      roomID: s.nguoithue.roomID,
      roomName: 'P101',
      status: 'occupied',
      floor: 1,
    });
    const landlord = await list(s.chunha, { $filter: `houseID eq '${hoaSenID}'`, $expand: 'rooms' });
    expect((landlord.body.value[0]?.rooms as Row[]).length).toBe(15);
  });

  it('a tenant’s house with its room, read in one query, still answers $filter, $count and $select', async () => {
    const own = await list(s.nguoithue, {
      $filter: "startswith(houseName,'Nhà trọ')",
      $count: 'true',
      $select: 'houseName',
      $expand: 'rooms($select=roomName),services($select=serviceName)',
    });
    expect(own.status).toBe(200);
    expect(own.body['@odata.count']).toBe(1);
    const house = own.body.value[0] as Row;
    expect(Object.keys(house).sort()).toEqual(['houseName', 'rooms', 'services']);
    expect(house.rooms).toEqual([{ roomName: 'P101' }]);
    expect((house.services as Row[]).length).toBeGreaterThan(0);
    // The house does not match: no house, and no room of it either.
    const none = await list(s.nguoithue, {
      $filter: "houseName eq 'Không có'",
      $count: 'true',
      $expand: 'rooms',
    });
    expect(none.body).toMatchObject({ '@odata.count': 0, value: [] });
    const skipped = await list(s.nguoithue, { $skip: '1', $expand: 'rooms' });
    expect(skipped.body.value).toEqual([]);
  });

  it('a nested $filter cannot widen the lessee room scope', async () => {
    const reply = await list(s.nguoithue, { $expand: "rooms($filter=roomName eq 'P102')" });
    expect(reply.status).toBe(200);
    expect(reply.body.value[0]?.rooms).toEqual([]);
  });

  it('$expand=contracts,lesseeInfos,vehicles holds only the items of their contract', async () => {
    const reply = await list(s.nguoithue, { $expand: 'contracts,lesseeInfos,vehicles' });
    expect(reply.status).toBe(200);
    const house = reply.body.value[0] as Row;
    expect((house.contracts as Row[]).map((row) => row.contractID)).toEqual([s.nguoithue.contractID]);
    expect((house.lesseeInfos as Row[]).map((row) => row.lesseeInfoID)).toEqual([s.nguoithue.lesseeID]);
    expect((house.lesseeInfos as Row[])[0]?.occupantName).toBe('Lê Minh Tuấn');
    expect((house.vehicles as Row[]).map((row) => row.licensePlate)).toEqual(['59-X3 123.45']);
    // The landlord and the staff see both contracts.
    for (const session of [s.chunha, s.nhanvien]) {
      const all = await list(session, {
        $filter: `houseID eq '${hoaSenID}'`,
        $expand: 'contracts,lesseeInfos,vehicles',
      });
      const row = all.body.value[0] as Row;
      expect((row.contracts as Row[]).map((c) => c.contractID).sort()).toEqual(
        [s.nguoithue.contractID, other.contractID].sort(),
      );
      expect((row.lesseeInfos as Row[]).length).toBe(2);
      expect((row.vehicles as Row[]).length).toBe(2);
    }
  });
});

describe('OData query options on /odata/House (as chunha)', () => {
  it('$filter eq / ne', async () => {
    expect(await names(s.chunha, { $filter: `houseName eq '${HOA_SEN}'` })).toEqual([HOA_SEN]);
    expect(await names(s.chunha, { $filter: `houseName ne '${HOA_SEN}'` })).toEqual([BINH_AN]);
  });

  it('$filter contains and startswith (case-sensitive)', async () => {
    expect(await names(s.chunha, { $filter: "contains(houseName,'Sen')" })).toEqual([HOA_SEN]);
    expect(await names(s.chunha, { $filter: "contains(houseName,'sen')" })).toEqual([]);
    expect(await names(s.chunha, { $filter: "startswith(houseAddress,'88/3 Xô Viết')" })).toEqual([BINH_AN]);
    expect(await names(s.chunha, { $filter: "startswith(houseName,'Hoa')" })).toEqual([]);
  });

  it('$filter tolower inside contains matches Vietnamese text case-insensitively', async () => {
    expect(await names(s.chunha, { $filter: "contains(tolower(houseName),'hoa sen')" })).toEqual([HOA_SEN]);
    expect(await names(s.chunha, { $filter: "contains(tolower(houseName),'bình an')" })).toEqual([BINH_AN]);
    expect(await names(s.chunha, { $filter: "startswith(tolower(houseAddress),'12 võ văn ngân')" })).toEqual([
      HOA_SEN,
    ]);
  });

  it('$filter and / or / not', async () => {
    expect(
      (await names(s.chunha, { $filter: `houseName eq '${HOA_SEN}' or houseName eq '${BINH_AN}'` })).sort(),
    ).toEqual([BINH_AN, HOA_SEN]);
    expect(
      await names(s.chunha, { $filter: `contains(houseName,'Nhà') and not contains(houseName,'Sen')` }),
    ).toEqual([BINH_AN]);
    expect(await names(s.chunha, { $filter: `not (houseName eq '${HOA_SEN}')` })).toEqual([BINH_AN]);
    expect(
      await names(s.chunha, { $filter: `houseName eq '${HOA_SEN}' and houseID eq '${binhAnID}'` }),
    ).toEqual([]);
  });

  it('$filter: "not" binds tighter than "and" (OData operator precedence)', async () => {
    // (not contains(houseName,'Sen')) and contains(houseAddress,'Thủ Đức'): Bình An is in Bình Thạnh,
    // Hoa Sen contains "Sen" → no house. Read as not(A and B) it would wrongly return Bình An.
    expect(
      await names(s.chunha, {
        $filter: "not contains(houseName,'Sen') and contains(houseAddress,'Thủ Đức')",
      }),
    ).toEqual([]);
  });

  it('field names match case-insensitively (HouseID)', async () => {
    expect(await names(s.chunha, { $filter: `HouseID eq '${hoaSenID}'` })).toEqual([HOA_SEN]);
    expect(await names(s.chunha, { $orderby: 'HouseName desc' })).toEqual([HOA_SEN, BINH_AN]);
  });

  it('$orderby asc and desc', async () => {
    expect(await names(s.chunha, { $orderby: 'houseName' })).toEqual([BINH_AN, HOA_SEN]);
    expect(await names(s.chunha, { $orderby: 'houseName asc' })).toEqual([BINH_AN, HOA_SEN]);
    expect(await names(s.chunha, { $orderby: 'houseName desc' })).toEqual([HOA_SEN, BINH_AN]);
    expect(await names(s.chunha, { $orderby: 'houseAddress desc,houseName' })).toEqual([BINH_AN, HOA_SEN]);
  });

  it('$top and $skip, with @odata.nextLink only when $top cuts the list', async () => {
    const first = await list(s.chunha, { $orderby: 'houseName', $top: '1' });
    expect(first.status).toBe(200);
    expect(first.body.value.map((house) => house.houseName)).toEqual([BINH_AN]);
    const next = new URL(first.body['@odata.nextLink'] as string);
    expect(next.origin).toBe(product.url);
    expect(next.pathname).toBe('/odata/House');
    expect(next.searchParams.get('$skip')).toBe('1');
    expect(next.searchParams.get('$top')).toBe('1');
    expect(next.searchParams.get('$orderby')).toBe('houseName');
    // Following the link gives the second page, which is the last one.
    const second = await api.request<Collection>('GET', `${next.pathname}${next.search}`, {
      token: s.chunha.token.accessToken,
    });
    expect(second.body.value.map((house) => house.houseName)).toEqual([HOA_SEN]);
    expect(second.body).not.toHaveProperty('@odata.nextLink');

    expect(await names(s.chunha, { $orderby: 'houseName', $skip: '1' })).toEqual([HOA_SEN]);
    expect(await names(s.chunha, { $skip: '2' })).toEqual([]);
    const all = await list(s.chunha, { $top: '2' });
    expect(all.body.value).toHaveLength(2);
    expect(all.body).not.toHaveProperty('@odata.nextLink');
    expect(await names(s.chunha, { $top: '0' })).toEqual([]);
  });

  it('$count=true adds @odata.count (the total, not the page size); false/absent does not', async () => {
    const counted = await list(s.chunha, { $count: 'true', $top: '1' });
    expect(counted.body['@odata.count']).toBe(2);
    expect(counted.body.value).toHaveLength(1);
    const filtered = await list(s.chunha, { $count: 'true', $filter: "contains(houseName,'Sen')" });
    expect(filtered.body['@odata.count']).toBe(1);
    expect((await list(s.chunha, { $count: 'false' })).body).not.toHaveProperty('@odata.count');
    expect((await list(s.chunha)).body).not.toHaveProperty('@odata.count');
    const keys = Object.keys(counted.body);
    expect(keys.indexOf('@odata.count')).toBeLessThan(keys.indexOf('value'));
  });

  it('$select returns only those keys', async () => {
    const reply = await list(s.chunha, { $select: 'houseName', $orderby: 'houseName' });
    expect(reply.status).toBe(200);
    expect(reply.body.value).toEqual([{ houseName: BINH_AN }, { houseName: HOA_SEN }]);
    const two = await list(s.chunha, { $select: 'houseID,HouseAddress' });
    for (const house of two.body.value)
      expect(Object.keys(house).sort()).toEqual(['houseAddress', 'houseID']);
  });

  it('$expand=rooms with nested $select, $filter, $orderby and $top', async () => {
    const reply = await list(s.chunha, {
      $filter: `houseName eq '${HOA_SEN}'`,
      $select: 'houseName',
      $expand: 'rooms($select=roomName;$filter=floor eq 1;$orderby=roomName desc;$top=2)',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.value).toEqual([
      { houseName: HOA_SEN, rooms: [{ roomName: 'P105' }, { roomName: 'P104' }] },
    ]);
  });

  it('$expand=rooms without options: every room with the contract fields, by floor then name', async () => {
    const reply = await list(s.chunha, { $filter: `houseID eq '${binhAnID}'`, $expand: 'rooms' });
    const rooms = reply.body.value[0]?.rooms as Row[];
    expect(rooms.map((room) => room.roomName)).toEqual([
      'P101',
      'P102',
      'P103',
      'P104',
      'P201',
      'P202',
      'P203',
      'P204',
    ]);
    expect(Object.keys(rooms[0] as Row).sort()).toEqual(
      [
        'acreage',
        'createdOn',
        'currentElectricityIndex',
        'currentWaterIndex',
        'floor',
        'houseID',
        'images',
        'price',
        'roomDescription',
        'roomID',
        'roomName',
        'status',
      ].sort(),
    );
    expect(rooms[0]).toMatchObject({ houseID: binhAnID, floor: 1, status: 'empty', images: [] });
  });

  it('$expand=services and lessorInfo', async () => {
    const reply = await list(s.chunha, {
      $filter: `houseName eq '${HOA_SEN}'`,
      $expand: 'services($select=serviceName,price,unit),lessorInfo',
    });
    expect(reply.status).toBe(200);
    const house = reply.body.value[0] as Row;
    expect(house.services).toEqual(
      expect.arrayContaining([
        { serviceName: 'Điện', price: 3500, unit: 'kWh' },
        { serviceName: 'Nước', price: 18000, unit: 'm3' },
        { serviceName: 'Internet', price: 100000, unit: 'room' },
        { serviceName: 'Rác', price: 20000, unit: 'person' },
        { serviceName: 'Gửi xe máy', price: 100000, unit: 'vehicle' },
      ]),
    );
    expect(house.services).toHaveLength(5);
    expect(house.lessorInfo).toMatchObject({
      status: 1,
      fullName: 'Nguyễn Văn Hùng',
      bankName: 'Vietcombank',
    });
    const goVap = await list(s.chunha2, { $expand: 'lessorInfo($select=status)' });
    expect(goVap.body.value[0]?.lessorInfo).toEqual({ status: 1 });
  });

  it('every seeded landlord’s status is what its fields make it (complete only with CCCD and address)', async () => {
    for (const session of [s.chunha, s.chunha2]) {
      const account = await api.request<{ status: number; missingFields: string[]; citizenID?: string }>(
        'GET',
        '/odata/LessorInfor',
        { token: session.token.accessToken },
      );
      expect(account.status).toBe(200);
      expect(account.body.missingFields).toEqual([]);
      expect(account.body.status).toBe(1);
      expect(account.body.citizenID).toMatch(/^\d{12}$/);
    }
  });
});

describe('OData errors → 400 with a Vietnamese message, never 500', () => {
  it.each([
    ['unknown field in $filter', { $filter: "nope eq 'x'" }, MSG.unknownField('nope')],
    ['unknown option $foo', { $foo: '1' }, MSG.invalidQuery('tùy chọn "$foo" không được hỗ trợ')],
    [
      'unknown function endswith',
      { $filter: "endswith(houseName,'Sen')" },
      MSG.invalidQuery('hàm "endswith" không được hỗ trợ'),
    ],
    ['unknown function length', { $filter: 'length(houseName) eq 3' }, /^Tham số truy vấn không hợp lệ: /],
    ['bad syntax', { $filter: 'houseName eq' }, MSG.invalidQuery('$filter không đúng cú pháp')],
    [
      'bad syntax (unbalanced)',
      { $filter: "(houseName eq 'a'" },
      MSG.invalidQuery('$filter không đúng cú pháp'),
    ],
    [
      'type mismatch houseName eq 1',
      { $filter: 'houseName eq 1' },
      MSG.invalidQuery('giá trị không phù hợp với trường "houseName"'),
    ],
    ['$top=-1', { $top: '-1' }, MSG.invalidQuery('"-1" không phải số nguyên không âm')],
    ['$top=abc', { $top: 'abc' }, MSG.invalidQuery('"abc" không phải số nguyên không âm')],
    ['$skip=1.5', { $skip: '1.5' }, MSG.invalidQuery('"1.5" không phải số nguyên không âm')],
    ['$count=maybe', { $count: 'maybe' }, MSG.invalidQuery('$count phải là true hoặc false')],
    ['unknown expand', { $expand: 'nope' }, MSG.unknownField('nope')],
    ['unknown field in a nested $filter', { $expand: 'rooms($filter=nope eq 1)' }, MSG.unknownField('nope')],
    ['unknown $orderby field', { $orderby: 'nope desc' }, MSG.unknownField('nope')],
    ['unknown $select field', { $select: 'houseName,nope' }, MSG.unknownField('nope')],
    ['$format=xml', { $format: 'xml' }, MSG.invalidQuery('$format chỉ hỗ trợ json')],
    [
      'nested path of a plain field',
      { $filter: "houseName/x eq 'a'" },
      /^(Trường|Tham số truy vấn không hợp lệ)/,
    ],
  ] as const)('%s', async (_name, options, message) => {
    const reply = await list(s.chunha, options as Record<string, string>);
    expectError(reply, 400, message);
  });

  it('a repeated option → 400', async () => {
    const reply = await api.request('GET', '/odata/House?$top=1&$top=2', {
      token: s.chunha.token.accessToken,
    });
    expectError(reply, 400, MSG.invalidQuery('"$top" xuất hiện nhiều lần'));
  });

  it('the same errors on /odata/House/{id}', async () => {
    const reply = await api.request('GET', `/odata/House/${hoaSenID}?$expand=nope`, {
      token: s.chunha.token.accessToken,
    });
    expectError(reply, 400, MSG.unknownField('nope'));
  });
});

describe('GET /odata/HMRegistration', () => {
  function registrations(session: ApiSession, options: Record<string, string> = {}) {
    const query = new URLSearchParams(options).toString();
    return api.request<Collection>('GET', `/odata/HMRegistration${query ? `?${query}` : ''}`, {
      token: session.token.accessToken,
    });
  }

  it('super admin gets the 4 seeded registrations, newest first', async () => {
    const reply = await registrations(s.admin);
    expect(reply.status).toBe(200);
    expect(reply.body['@odata.context']).toBe(`${product.url}/odata/$metadata#HMRegistration`);
    expect(reply.body.value.map((row) => row.fullName)).toEqual([
      'Đỗ Quốc Khánh',
      'Huỳnh Ngọc Ánh',
      'Trần Thị Mai',
      'Nguyễn Văn Hùng',
    ]);
    expect(reply.body.value.map((row) => row.status)).toEqual(['pending', 'paid', 'rejected', 'approved']);
    expect(Object.keys(reply.body.value[0] as Row).sort()).toEqual(
      [
        'createdOn',
        'email',
        'emailVerified',
        'fee',
        'fullName',
        'houseAddress',
        'houseName',
        'papers',
        'phoneNumber',
        'phoneVerified',
        'registrationID',
        'roomQuota',
        'status',
        'termMonths',
      ].sort(),
    );
    expect(reply.body.value[0]).toMatchObject({
      houseName: 'Nhà trọ Khánh Hội',
      roomQuota: 20,
      createdOn: '2026-11-18T02:15:00.000Z',
    });
  });

  it('$filter on status, $orderby, $count', async () => {
    const pending = await registrations(s.admin, { $filter: "status eq 'pending'", $count: 'true' });
    expect(pending.status).toBe(200);
    expect(pending.body['@odata.count']).toBe(1);
    expect(pending.body.value.map((row) => row.fullName)).toEqual(['Đỗ Quốc Khánh']);
    const open = await registrations(s.admin, { $filter: "status eq 'pending' or status eq 'paid'" });
    expect(open.body.value.map((row) => row.status)).toEqual(['pending', 'paid']);
    const oldest = await registrations(s.admin, { $orderby: 'createdOn asc', $select: 'fullName' });
    expect(oldest.body.value).toEqual([
      { fullName: 'Nguyễn Văn Hùng' },
      { fullName: 'Trần Thị Mai' },
      { fullName: 'Huỳnh Ngọc Ánh' },
      { fullName: 'Đỗ Quốc Khánh' },
    ]);
    const quota = await registrations(s.admin, { $filter: 'roomQuota ge 40' });
    expect(quota.body.value.map((row) => row.roomQuota)).toEqual([40, 50]);
  });

  it('landlord, staff and lessee → 403', async () => {
    for (const session of [s.chunha, s.nhanvien, s.nguoithue]) {
      expectError(await registrations(session), 403, MSG.forbidden);
    }
  });

  it('bad query → 400', async () => {
    expectError(
      await registrations(s.admin, { $filter: 'status eq 1' }),
      400,
      /^Tham số truy vấn không hợp lệ/,
    );
    expectError(await registrations(s.admin, { $filter: "roomID eq 'x'" }), 400, MSG.unknownField('roomID'));
  });
});
