import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  startTestProduct,
  type ApiReply,
  type TestProduct,
  accessTokens,
} from '../support/product.js';
import {
  expectError,
  expectFieldError,
  MSG as SHARED_MSG,
  type ODataCollection,
  type RoomReply,
} from './helpers.js';

/** Rooms: OData reads, who may see and change what, validation, duplicates, concurrency, deletion, quota. */

type Room = RoomReply & { [key: string]: unknown };

const MSG = {
  ...SHARED_MSG,
  roomNameRequired: 'Tên phòng không được để trống!',
  acreagePositive: 'Diện tích phải lớn hơn 0.',
  acreageNumber: 'Diện tích phải là số.',
  priceNegative: 'Giá thuê không được âm.',
  electricityNegative: 'Chỉ số điện không được âm.',
  waterNegative: 'Chỉ số nước không được âm.',
  floorInteger: 'Tầng phải là số nguyên.',
  activeContract: 'Không thể xóa phòng đang có hợp đồng hiệu lực. Hãy kết thúc hợp đồng trước.',
  reserved: 'Không thể xóa phòng đã được đặt cọc. Hãy hủy đặt cọc trước.',
  duplicate: (name: string) => `Tên phòng "${name}" đã tồn tại trong nhà trọ này.`,
};

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let hoaSen = '';
let binhAn = '';
let phuocLong = '';
let lesseeContractID = '';
/** Room ids of the seeded houses by name. */
const hoaSenRooms = new Map<string, string>();
const binhAnRooms = new Map<string, string>();

async function listRooms(
  houseID: string,
  user = 'chunha',
  extra = '',
): Promise<ApiReply<ODataCollection<Room>>> {
  return api.request<ODataCollection<Room>>('GET', `/odata/Room?houseID=${houseID}${extra}`, {
    token: token[user] as string,
  });
}

async function roomNames(houseID: string, user = 'chunha'): Promise<string[]> {
  const reply = await listRooms(houseID, user, '&$top=1000');
  expect(reply.status).toBe(200);
  return reply.body.value.map((room) => room.roomName);
}

async function readRoom(roomID: string, user = 'chunha'): Promise<ApiReply<Room>> {
  return api.request<Room>('GET', `/odata/Room/${roomID}`, { token: token[user] as string });
}

function newRoom(houseID: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    houseID,
    roomName: 'Phòng mới',
    roomDescription: 'Phòng thoáng mát',
    acreage: 20,
    floor: 4,
    price: 3_000_000,
    currentElectricityIndex: 100,
    currentWaterIndex: 10,
    ...overrides,
  };
}

async function createRoom(body: Record<string, unknown>, user = 'chunha'): Promise<ApiReply<Room>> {
  return api.request<Room>('POST', '/odata/Room', { token: token[user] as string, body });
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'chunhamoi', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  const chunha = sessions.chunha;
  const chunhamoi = sessions.chunhamoi;
  const lessee = sessions.nguoithue;
  hoaSen = chunha?.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  binhAn = chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
  phuocLong = chunhamoi?.houses[0]?.houseID ?? '';
  lesseeContractID = lessee?.contractID ?? '';
  expect(hoaSen && binhAn && phuocLong && lesseeContractID).toBeTruthy();
  for (const [houseID, map] of [
    [hoaSen, hoaSenRooms],
    [binhAn, binhAnRooms],
  ] as const) {
    const reply = await listRooms(houseID, 'chunha', '&$top=1000');
    for (const room of reply.body.value) map.set(room.roomName, room.roomID);
  }
  expect(hoaSenRooms.size).toBe(15);
  expect(binhAnRooms.size).toBe(8);
});
afterAll(async () => product?.stop());

describe('GET /odata/Room?houseID= (OData collection)', () => {
  it('lists a house’s rooms ordered by roomName by default, without storage internals', async () => {
    const reply = await listRooms(hoaSen);
    expect(reply.status).toBe(200);
    expect(reply.body['@odata.context']).toMatch(/\/odata\/\$metadata#Room$/);
    const names = reply.body.value.map((room) => room.roomName);
    expect(names).toEqual([
      'P101',
      'P102',
      'P103',
      'P104',
      'P105',
      'P201',
      'P202',
      'P203',
      'P204',
      'P205',
      'P301',
      'P302',
      'P303',
      'P304',
      'P305',
    ]);
    expect(reply.body['@odata.nextLink']).toBeUndefined();
    for (const room of reply.body.value) {
      expect(room.houseID).toBe(hoaSen);
      expect(room).not.toHaveProperty('id');
      expect(room).not.toHaveProperty('pk');
      expect(room).not.toHaveProperty('type');
      expect(room).not.toHaveProperty('_etag');
      expect(room).not.toHaveProperty('_ts');
    }
    const statuses = Object.fromEntries(reply.body.value.map((room) => [room.roomName, room.status]));
    expect(statuses.P101).toBe('occupied');
    expect(statuses.P102).toBe('reserved');
    expect(statuses.P103).toBe('empty');
  });

  it('pages with $top/$skip/$count and gives an @odata.nextLink that continues the list', async () => {
    const first = await listRooms(hoaSen, 'chunha', '&$top=5&$skip=5&$count=true');
    expect(first.status).toBe(200);
    expect(first.body['@odata.count']).toBe(15);
    expect(first.body.value.map((room) => room.roomName)).toEqual(['P201', 'P202', 'P203', 'P204', 'P205']);
    const nextLink = first.body['@odata.nextLink'];
    expect(nextLink).toBeDefined();
    const next = new URL(nextLink as string);
    expect(next.origin).toBe(new URL(product.url).origin);
    expect(next.pathname).toBe('/odata/Room');
    expect(next.searchParams.get('$skip')).toBe('10');
    expect(next.searchParams.get('$top')).toBe('5');
    expect(next.searchParams.get('houseID')).toBe(hoaSen);
    const second = await api.request<ODataCollection<Room>>('GET', `${next.pathname}${next.search}`, {
      token: token.chunha as string,
    });
    expect(second.status).toBe(200);
    expect(second.body.value.map((room) => room.roomName)).toEqual(['P301', 'P302', 'P303', 'P304', 'P305']);
    expect(second.body['@odata.nextLink']).toBeUndefined();
  });

  it("filters with status eq 'empty', floor and contains(roomName, …)", async () => {
    const empty = await listRooms(hoaSen, 'chunha', `&$filter=${encodeURIComponent("status eq 'empty'")}`);
    expect(empty.status).toBe(200);
    expect(empty.body.value).toHaveLength(13);
    expect(empty.body.value.every((room) => room.status === 'empty')).toBe(true);
    expect(empty.body.value.map((room) => room.roomName)).not.toContain('P101');

    const floor2 = await listRooms(
      hoaSen,
      'chunha',
      `&$filter=${encodeURIComponent('floor eq 2')}&$count=true`,
    );
    expect(floor2.body['@odata.count']).toBe(5);
    expect(floor2.body.value.map((room) => room.roomName)).toEqual(['P201', 'P202', 'P203', 'P204', 'P205']);

    const contains = await listRooms(
      hoaSen,
      'chunha',
      `&$filter=${encodeURIComponent("contains(roomName,'30')")}`,
    );
    expect(contains.body.value.map((room) => room.roomName)).toEqual([
      'P301',
      'P302',
      'P303',
      'P304',
      'P305',
    ]);

    const combined = await listRooms(
      hoaSen,
      'chunha',
      `&$filter=${encodeURIComponent("status eq 'empty' and floor eq 1")}&$orderby=${encodeURIComponent('roomName desc')}`,
    );
    expect(combined.body.value.map((room) => room.roomName)).toEqual(['P105', 'P104', 'P103']);
  });

  it('answers a house of another landlord, or a missing houseID, with an error and no rooms', async () => {
    const other = await listRooms(hoaSen, 'chunha2');
    expectError(other, 404, MSG.notFound);
    const missing = await api.request('GET', '/odata/Room', { token: token.chunha as string });
    expectError(missing, 400, 'Thiếu mã nhà trọ (houseID).');
  });
});

describe('GET /odata/Room?roomID= and /odata/Room/{id}', () => {
  it('expands contracts, lesseeInfos, vehicles, devices and monthlyBills of P101 (spec form)', async () => {
    const roomID = hoaSenRooms.get('P101') as string;
    const reply = await api.request<ODataCollection<Room>>(
      'GET',
      `/odata/Room?roomID=${roomID}&$expand=contracts,lesseeInfos,vehicles,devices,monthlyBills`,
      { token: token.chunha as string },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.value).toHaveLength(1);
    const room = reply.body.value[0] as Room & {
      contracts: Array<Record<string, unknown>>;
      lesseeInfos: Array<Record<string, unknown>>;
      vehicles: Array<Record<string, unknown>>;
      devices: unknown[];
      monthlyBills: unknown[];
    };
    expect(room.roomName).toBe('P101');
    expect(room.status).toBe('occupied');
    expect(room.imageURLs).toEqual([]);
    expect(room.contracts).toHaveLength(1);
    expect(room.contracts[0]).toMatchObject({ contractID: lesseeContractID, roomID, status: 1 });
    expect(room.lesseeInfos).toHaveLength(1);
    expect(room.lesseeInfos[0]).toMatchObject({
      occupantName: 'Lê Minh Tuấn',
      contractID: lesseeContractID,
      isRepresentative: true,
    });
    expect(room.vehicles).toHaveLength(1);
    expect(room.vehicles[0]).toMatchObject({ licensePlate: '59-X3 123.45', vehicleType: 'Xe máy' });
    expect(room.devices).toEqual([]);
    expect(room.monthlyBills).toEqual([]);
  });

  it('GET /odata/Room/{id} returns the room with imageURLs and its etag', async () => {
    const reply = await readRoom(hoaSenRooms.get('P203') as string);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      roomID: hoaSenRooms.get('P203'),
      houseID: hoaSen,
      roomName: 'P203',
      floor: 2,
      status: 'empty',
      images: [],
      imageURLs: [],
    });
    expect(typeof reply.body['@odata.etag']).toBe('string');
    const unknown = await readRoom('00000000-0000-0000-0000-000000000000');
    expectError(unknown, 404, MSG.notFound);
    const malformed = await readRoom('bad');
    expectError(malformed, 400, 'Mã phòng không hợp lệ.');
  });
});

describe('lessee access to rooms', () => {
  it('sees only their own room in GET /odata/Room', async () => {
    const reply = await api.request<ODataCollection<Room>>('GET', '/odata/Room', {
      token: token.nguoithue as string,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.value.map((room) => room.roomName)).toEqual(['P101']);
    const withHouse = await listRooms(hoaSen, 'nguoithue', '&$count=true');
    expect(withHouse.status).toBe(200);
    expect(withHouse.body['@odata.count']).toBe(1);
    expect(withHouse.body.value.map((room) => room.roomName)).toEqual(['P101']);
  });

  it('gets their own room by id, but another room is a 404 and another house too', async () => {
    const own = await readRoom(hoaSenRooms.get('P101') as string, 'nguoithue');
    expect(own.status).toBe(200);
    expect(own.body.roomName).toBe('P101');
    const other = await readRoom(hoaSenRooms.get('P103') as string, 'nguoithue');
    expectError(other, 404, MSG.notFound);
    expect(JSON.stringify(other.body)).not.toContain('P103');
    const spec = await api.request<ODataCollection<Room>>(
      'GET',
      `/odata/Room?roomID=${hoaSenRooms.get('P103')}`,
      {
        token: token.nguoithue as string,
      },
    );
    // Either refused or an empty list: never the other room.
    expect([200, 404]).toContain(spec.status);
    expect(JSON.stringify(spec.body)).not.toContain('P103');
    const otherHouse = await listRooms(binhAn, 'nguoithue');
    expectError(otherHouse, 404, MSG.notFound);
  });

  it('cannot create, change or delete rooms (403) and nothing changes', async () => {
    const roomID = hoaSenRooms.get('P101') as string;
    expectError(
      await createRoom(newRoom(hoaSen, { roomName: 'Lessee room' }), 'nguoithue'),
      403,
      MSG.forbidden,
    );
    const patch = await api.request('PATCH', `/odata/Room/${roomID}`, {
      token: token.nguoithue as string,
      body: { price: 1 },
    });
    expectError(patch, 403, MSG.forbidden);
    const del = await api.request('DELETE', `/odata/Room/${roomID}`, { token: token.nguoithue as string });
    expectError(del, 403, MSG.forbidden);
    expect(await roomNames(hoaSen)).not.toContain('Lessee room');
    expect((await readRoom(roomID)).body.price).not.toBe(1);
  });
});

describe('staff access to rooms (nhanvien: staff of Hoa Sen, roomPermission 3)', () => {
  it('reads Hoa Sen rooms but not Bình An ones (404)', async () => {
    const own = await listRooms(hoaSen, 'nhanvien', '&$count=true');
    expect(own.status).toBe(200);
    expect(own.body['@odata.count']).toBe(15);
    expectError(await listRooms(binhAn, 'nhanvien'), 404, MSG.notFound);
    expectError(await readRoom(binhAnRooms.get('P101') as string, 'nhanvien'), 404, MSG.notFound);
  });

  it('creates and updates a Hoa Sen room', async () => {
    const created = await createRoom(newRoom(hoaSen, { roomName: 'NV-01' }), 'nhanvien');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ houseID: hoaSen, roomName: 'NV-01', status: 'empty' });
    const patched = await api.request<Room>('PATCH', `/odata/Room/${created.body.roomID}`, {
      token: token.nhanvien as string,
      body: { price: 3_300_000 },
    });
    expect(patched.status).toBe(200);
    expect((await readRoom(created.body.roomID)).body.price).toBe(3_300_000);
  });

  it('cannot create, update or read-by-id in Bình An (404) and nothing is written there', async () => {
    const before = await roomNames(binhAn);
    expectError(await createRoom(newRoom(binhAn, { roomName: 'NV-02' }), 'nhanvien'), 404, MSG.notFound);
    const roomID = binhAnRooms.get('P102') as string;
    const original = (await readRoom(roomID)).body;
    const patch = await api.request('PATCH', `/odata/Room/${roomID}`, {
      token: token.nhanvien as string,
      body: { price: 1_000 },
    });
    expectError(patch, 404, MSG.notFound);
    expect(await roomNames(binhAn)).toEqual(before);
    expect((await readRoom(roomID)).body.price).toBe(original.price);
  });

  it('cannot DELETE a room (403: level 3 < 4) and the room is still there', async () => {
    const roomID = hoaSenRooms.get('P305') as string;
    const reply = await api.request('DELETE', `/odata/Room/${roomID}`, { token: token.nhanvien as string });
    expectError(reply, 403, MSG.forbidden);
    expect((await readRoom(roomID)).status).toBe(200);
  });
});

describe('another landlord (chunha2) on chunha’s rooms', () => {
  it('gets 404 on GET, PATCH and DELETE, and nothing changes', async () => {
    const roomID = hoaSenRooms.get('P104') as string;
    const before = (await readRoom(roomID)).body;
    expectError(await readRoom(roomID, 'chunha2'), 404, MSG.notFound);
    const spec = await api.request('GET', `/odata/Room?roomID=${roomID}`, { token: token.chunha2 as string });
    expectError(spec, 404, MSG.notFound);
    const patchById = await api.request('PATCH', `/odata/Room/${roomID}`, {
      token: token.chunha2 as string,
      body: { roomName: 'Bị sửa', price: 1 },
    });
    expectError(patchById, 404, MSG.notFound);
    const patchBody = await api.request('PATCH', '/odata/Room', {
      token: token.chunha2 as string,
      body: { roomID, price: 2 },
    });
    expectError(patchBody, 404, MSG.notFound);
    const del = await api.request('DELETE', `/odata/Room/${roomID}`, { token: token.chunha2 as string });
    expectError(del, 404, MSG.notFound);
    const after = (await readRoom(roomID)).body;
    expect(after).toEqual(before);
  });

  it('cannot create a room in chunha’s house (404) and nothing is written', async () => {
    const before = await roomNames(hoaSen);
    expectError(await createRoom(newRoom(hoaSen, { roomName: 'X-chunha2' }), 'chunha2'), 404, MSG.notFound);
    expect(await roomNames(hoaSen)).toEqual(before);
  });
});

describe('POST /odata/Room', () => {
  it('creates an empty room (201) with the spec’s JSON names; status/ids sent by the client are a 400', async () => {
    const refused = await createRoom(
      newRoom(hoaSen, {
        roomName: '  P401  ',
        status: 'occupied',
        roomID: 'chosen-by-client',
        images: ['x/room-1-abcdef.png'],
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual([
      { field: 'status', errorMessage: 'Trường "status" không tồn tại.' },
      { field: 'roomID', errorMessage: 'Trường "roomID" không tồn tại.' },
      { field: 'images', errorMessage: 'Trường "images" không tồn tại.' },
    ]);
    const reply = await createRoom(newRoom(hoaSen, { roomName: '  P401  ' }));
    expect(reply.status).toBe(201);
    const room = reply.body;
    expect(Object.keys(room).sort()).toEqual(
      [
        '@odata.etag',
        'roomID',
        'houseID',
        'roomName',
        'roomDescription',
        'acreage',
        'floor',
        'price',
        'status',
        'currentElectricityIndex',
        'currentWaterIndex',
        'images',
        'createdOn',
      ].sort(),
    );
    expect(room).toMatchObject({
      houseID: hoaSen,
      roomName: 'P401',
      roomDescription: 'Phòng thoáng mát',
      acreage: 20,
      floor: 4,
      price: 3_000_000,
      status: 'empty',
      currentElectricityIndex: 100,
      currentWaterIndex: 10,
      images: [],
    });
    expect(room.roomID).not.toBe('chosen-by-client');
    expect(Number.isNaN(Date.parse(room.createdOn))).toBe(false);
    const stored = await readRoom(room.roomID);
    expect(stored.status).toBe(200);
    expect(stored.body.roomName).toBe('P401');
    hoaSenRooms.set('P401', room.roomID);
  });

  it('defaults floor to 1 and the description to empty', async () => {
    const {
      floor: _floor,
      roomDescription: _description,
      ...body
    } = newRoom(hoaSen, { roomName: 'P-default' });
    const reply = await createRoom(body);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ floor: 1, roomDescription: '' });
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['an empty name', { roomName: '' }, 'roomName', MSG.roomNameRequired],
    ['a blank name', { roomName: '   ' }, 'roomName', MSG.roomNameRequired],
    ['acreage 0', { acreage: 0 }, 'acreage', MSG.acreagePositive],
    ['a negative acreage', { acreage: -5 }, 'acreage', MSG.acreagePositive],
    ['acreage "abc"', { acreage: 'abc' }, 'acreage', MSG.acreageNumber],
    ['a negative price', { price: -1 }, 'price', MSG.priceNegative],
    [
      'a negative electricity index',
      { currentElectricityIndex: -1 },
      'currentElectricityIndex',
      MSG.electricityNegative,
    ],
    ['a negative water index', { currentWaterIndex: -0.5 }, 'currentWaterIndex', MSG.waterNegative],
    ['floor 1.5', { floor: 1.5 }, 'floor', MSG.floorInteger],
  ];
  for (const [label, overrides, field, message] of invalid) {
    it(`refuses ${label} (400 "${message}") and writes nothing`, async () => {
      const name = `Invalid ${field}`;
      const reply = await createRoom(newRoom(hoaSen, { roomName: name, ...overrides }));
      expectFieldError(reply, field, message);
      const names = await roomNames(hoaSen);
      expect(names).not.toContain(name);
      expect(names.some((item) => item.startsWith('Invalid'))).toBe(false);
    });
  }

  it('refuses a duplicate name in the same house regardless of case and spaces (409)', async () => {
    const before = await roomNames(hoaSen);
    const reply = await createRoom(newRoom(hoaSen, { roomName: 'p103 ' }));
    expectError(reply, 409, MSG.duplicate('p103'));
    expect(reply.body).toMatchObject({ errorMessage: expect.stringContaining('đã tồn tại') });
    const inner = await createRoom(newRoom(hoaSen, { roomName: ' P  103' }));
    // "P  103" is not "P103": whitespace inside is collapsed, not removed.
    expect(inner.status).toBe(201);
    expect(await roomNames(hoaSen)).toHaveLength(before.length + 1);
    const innerAgain = await createRoom(newRoom(hoaSen, { roomName: 'p 103' }));
    expectError(innerAgain, 409, MSG.duplicate('p 103'));
  });

  it('parallel creations of the same name yield exactly one room', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => createRoom(newRoom(binhAn, { roomName: 'Song song' }))),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await roomNames(binhAn)).filter((name) => name === 'Song song')).toHaveLength(1);
  });

  it('accepts a name that only exists in another house', async () => {
    expect(binhAnRooms.has('P105')).toBe(false);
    const reply = await createRoom(newRoom(binhAn, { roomName: 'P105', floor: 1 }));
    expect(reply.status).toBe(201);
    expect(reply.body.houseID).toBe(binhAn);
    expect(await roomNames(binhAn)).toContain('P105');
    binhAnRooms.set('P105', reply.body.roomID);
  });

  it('refuses a malformed or unknown houseID', async () => {
    const malformed = await createRoom(newRoom('bad', { roomName: 'X' }));
    expectFieldError(malformed, 'houseID', 'Mã nhà trọ không hợp lệ.');
    const unknown = await createRoom(newRoom('00000000-0000-0000-0000-000000000000', { roomName: 'X' }));
    expectError(unknown, 404, MSG.notFound);
  });
});

describe('PATCH /odata/Room', () => {
  it('updates with roomID in the body (spec form) and reads back the change', async () => {
    const roomID = hoaSenRooms.get('P204') as string;
    const reply = await api.request<Room>('PATCH', '/odata/Room', {
      token: token.chunha as string,
      body: { roomID, price: 3_450_000, roomDescription: 'Mới sơn lại' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      roomID,
      roomName: 'P204',
      price: 3_450_000,
      roomDescription: 'Mới sơn lại',
    });
    const stored = (await readRoom(roomID)).body;
    expect(stored).toMatchObject({ price: 3_450_000, roomDescription: 'Mới sơn lại', roomName: 'P204' });
  });

  it('updates with /odata/Room/{id}, including a rename, and keeps other fields', async () => {
    const roomID = hoaSenRooms.get('P205') as string;
    const before = (await readRoom(roomID)).body;
    const reply = await api.request<Room>('PATCH', `/odata/Room/${roomID}`, {
      token: token.chunha as string,
      body: { roomName: 'P205A', acreage: 30.5 },
    });
    expect(reply.status).toBe(200);
    const stored = (await readRoom(roomID)).body;
    expect(stored).toMatchObject({
      roomName: 'P205A',
      acreage: 30.5,
      price: before.price,
      floor: before.floor,
    });
    hoaSenRooms.set('P205A', roomID);
    hoaSenRooms.delete('P205');
  });

  it('allows renaming a room to its own name in another case', async () => {
    const roomID = hoaSenRooms.get('P304') as string;
    const reply = await api.request<Room>('PATCH', `/odata/Room/${roomID}`, {
      token: token.chunha as string,
      body: { roomName: 'p304' },
    });
    expect(reply.status).toBe(200);
    expect((await readRoom(roomID)).body.roomName).toBe('p304');
  });

  it('refuses a rename to an existing name (409) and leaves the room unchanged', async () => {
    const roomID = hoaSenRooms.get('P303') as string;
    const reply = await api.request('PATCH', `/odata/Room/${roomID}`, {
      token: token.chunha as string,
      body: { roomName: ' P301' },
    });
    expectError(reply, 409, MSG.duplicate('P301'));
    expect((await readRoom(roomID)).body.roomName).toBe('P303');
  });

  it('refuses invalid values with the schema’s message', async () => {
    const roomID = hoaSenRooms.get('P303') as string;
    const reply = await api.request('PATCH', `/odata/Room/${roomID}`, {
      token: token.chunha as string,
      body: { acreage: 0, floor: 2.5 },
    });
    expectFieldError(reply, 'acreage', MSG.acreagePositive);
    expectFieldError(reply, 'floor', MSG.floorInteger);
    const noID = await api.request('PATCH', '/odata/Room', {
      token: token.chunha as string,
      body: { price: 1 },
    });
    expectError(noID, 400, 'Mã phòng không hợp lệ.');
    const stored = (await readRoom(roomID)).body;
    expect(stored.acreage).toBeGreaterThan(0);
    expect(stored.floor).toBe(3);
  });

  it('cannot change status or move the room to another house through PATCH (400 naming the fields)', async () => {
    const roomID = hoaSenRooms.get('P302') as string;
    const before = (await readRoom(roomID)).body;
    const refused = await api.request<Room>('PATCH', `/odata/Room/${roomID}`, {
      token: token.chunha as string,
      body: { status: 'occupied', houseID: binhAn, price: 2_950_000 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual([
      { field: 'status', errorMessage: 'Trường "status" không tồn tại.' },
      { field: 'houseID', errorMessage: 'Trường "houseID" không tồn tại.' },
    ]);
    expect((await readRoom(roomID)).body).toEqual(before);
    const reply = await api.request<Room>('PATCH', `/odata/Room/${roomID}`, {
      token: token.chunha as string,
      body: { price: 2_950_000 },
    });
    expect(reply.status).toBe(200);
    const stored = (await readRoom(roomID)).body;
    expect(stored).toMatchObject({ status: 'empty', houseID: hoaSen, price: 2_950_000 });
  });

  it('answers a stale If-Match with 412 and the Vietnamese message, without writing', async () => {
    const roomID = hoaSenRooms.get('P301') as string;
    const first = (await readRoom(roomID)).body;
    const staleEtag = first['@odata.etag'] as string;
    expect(staleEtag).toBeTruthy();
    const fresh = await api.request<Room>('PATCH', `/odata/Room/${roomID}`, {
      token: token.chunha as string,
      headers: { 'if-match': staleEtag },
      body: { price: 3_111_000 },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body['@odata.etag']).not.toBe(staleEtag);
    const stale = await api.request('PATCH', `/odata/Room/${roomID}`, {
      token: token.chunha as string,
      headers: { 'if-match': staleEtag },
      body: { price: 9_999_000 },
    });
    expectError(stale, 412, MSG.stale);
    expect((await readRoom(roomID)).body.price).toBe(3_111_000);
  });
});

describe('DELETE /odata/Room/{id}', () => {
  it('deletes an empty room (204) and it is gone', async () => {
    const created = await createRoom(newRoom(hoaSen, { roomName: 'Để xóa' }));
    expect(created.status).toBe(201);
    const reply = await api.request('DELETE', `/odata/Room/${created.body.roomID}`, {
      token: token.chunha as string,
    });
    expect(reply.status).toBe(204);
    expectError(await readRoom(created.body.roomID), 404, MSG.notFound);
    expect(await roomNames(hoaSen)).not.toContain('Để xóa');
    const again = await api.request('DELETE', `/odata/Room/${created.body.roomID}`, {
      token: token.chunha as string,
    });
    expectError(again, 404, MSG.notFound);
  });

  it('refuses P101 (active contract) with 409 and keeps it', async () => {
    const roomID = hoaSenRooms.get('P101') as string;
    const reply = await api.request('DELETE', `/odata/Room/${roomID}`, { token: token.chunha as string });
    expectError(reply, 409, MSG.activeContract);
    expect((await readRoom(roomID)).body).toMatchObject({ roomName: 'P101', status: 'occupied' });
  });

  it('refuses P102 (reserved) with 409 and keeps it', async () => {
    const roomID = hoaSenRooms.get('P102') as string;
    const reply = await api.request('DELETE', `/odata/Room/${roomID}`, { token: token.chunha as string });
    expectError(reply, 409, MSG.reserved);
    expect((await readRoom(roomID)).body).toMatchObject({ roomName: 'P102', status: 'reserved' });
  });

  it('deletes the room’s devices with it', async () => {
    const room = await createRoom(newRoom(hoaSen, { roomName: 'Có thiết bị' }));
    const device = await api.request<{ deviceID: string }>('POST', '/odata/Device', {
      token: token.chunha as string,
      body: { roomID: room.body.roomID, deviceName: 'Quạt', quantity: 1, condition: 'Tốt', value: 300_000 },
    });
    expect(device.status).toBe(201);
    const reply = await api.request('DELETE', `/odata/Room/${room.body.roomID}`, {
      token: token.chunha as string,
    });
    expect(reply.status).toBe(204);
    const gone = await api.request('GET', `/odata/Device/${device.body.deviceID}`, {
      token: token.chunha as string,
    });
    expectError(gone, 404, MSG.notFound);
  });
});

describe('room quota (chunhamoi: quota 10, 4 rooms)', () => {
  it('creates 6 more rooms, then refuses the 7th with 409 naming what is left and “Mua thêm phòng”', async () => {
    const before = await roomNames(phuocLong, 'chunhamoi');
    expect(before).toHaveLength(4);
    for (let index = 1; index <= 6; index += 1) {
      const reply = await createRoom(newRoom(phuocLong, { roomName: `Q${index}` }), 'chunhamoi');
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    }
    const seventh = await createRoom(newRoom(phuocLong, { roomName: 'Q7' }), 'chunhamoi');
    expect(seventh.status).toBe(409);
    const message = (seventh.body as unknown as { errorMessage: string }).errorMessage;
    expect(message).toMatch(/còn tạo được|đã dùng hết/);
    expect(message).toContain('đã dùng hết');
    expect(message).toContain('Mua thêm phòng');
    const after = await roomNames(phuocLong, 'chunhamoi');
    expect(after).toHaveLength(10);
    expect(after).not.toContain('Q7');
  });

  it('lets the landlord create again after deleting a room', async () => {
    const list = await listRooms(
      phuocLong,
      'chunhamoi',
      `&$filter=${encodeURIComponent("roomName eq 'Q6'")}`,
    );
    const q6 = list.body.value[0] as Room;
    const del = await api.request('DELETE', `/odata/Room/${q6.roomID}`, { token: token.chunhamoi as string });
    expect(del.status).toBe(204);
    const reply = await createRoom(newRoom(phuocLong, { roomName: 'Q7' }), 'chunhamoi');
    expect(reply.status).toBe(201);
    expect(await roomNames(phuocLong, 'chunhamoi')).toHaveLength(10);
  });
});
