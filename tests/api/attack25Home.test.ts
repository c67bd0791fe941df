/**
 * A tenant's house with its children read in one query and filtered in memory, and the bills page read
 * in two queries: the tenant's answer must equal what the store gives a landlord for the same options,
 * restricted to the tenant's own room and tenancy; parallel tenants share the batched query but each gets
 * only their own; careless bills-page parameters get a 4xx or an empty page, never a crash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestProduct, type TestProduct } from '../support/product.js';
import { ROOM_FILTERS, secondTenantIn } from '../support/secondTenant.js';
import { VIETNAMESE, type ApiSession, type ODataCollection } from './helpers.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const s: Record<'chunha' | 'chunha2' | 'nhanvien' | 'nguoithue' | 'thue2', ApiSession> = {} as never;
let hoaSen = '';
let goVap = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  Object.assign(s, await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']));
  hoaSen = s.chunha.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  goVap = s.chunha2.houses[0]?.houseID ?? '';
  const tenancy = await secondTenantIn(api, s.chunha, hoaSen, { phone: '0938555667', plate: '59X-999.98' });
  s.thue2 = tenancy.session;
}, 60_000);
afterAll(() => product?.stop());

const get = (session: ApiSession | undefined, path: string) => api.getAs(session, path);
const text = (body: unknown) => JSON.stringify(body);
type Row = Record<string, unknown>;

const LESSEE_FILTERS = [
  "contains(occupantName,'Tuấn')",
  "contains(occupantName,'tuấn')",
  "startswith(occupantName,'Lê')",
  "startswith(occupantName,'lê')",
  "endswith(occupantName,'Mật')",
  "occupantName in ('Lê Minh Tuấn','Lê Thị Thuê Hai')",
  'gender eq 1 and isRepresentative eq true',
  'phoneNumber ne null',
  "not contains(occupantName,'a')",
];

describe('a tenant’s house with its children, filtered in memory', () => {
  it('each room filter gives the tenant what the store gives the landlord, kept to the tenant’s room', async () => {
    const compared: string[] = [];
    for (const filter of [...ROOM_FILTERS, "price eq '3100000'"]) {
      const expand = encodeURIComponent(`rooms($filter=${filter})`);
      const landlord = await get(s.chunha, `/odata/House?$filter=houseID eq '${hoaSen}'&$expand=${expand}`);
      for (const tenant of [s.nguoithue, s.thue2]) {
        const own = await get(tenant, `/odata/House?$expand=${expand}`);
        expect(own.status, `${filter} ${text(own.body)}`).toBe(landlord.status);
        if (landlord.status !== 200) continue;
        const landlordRooms = ((landlord.body as ODataCollection<Row>).value[0]?.rooms ?? []) as Row[];
        const expected = landlordRooms.filter((room) => room.roomID === tenant.roomID);
        expect((own.body as ODataCollection<Row>).value[0]?.rooms, filter).toEqual(expected);
        compared.push(`${filter}:${expected.length}`);
      }
    }
    // The comparison is not empty: several filters keep the tenants' rooms.
    expect(compared.filter((one) => one.endsWith(':1')).length).toBeGreaterThanOrEqual(8);
  });

  it('each occupant filter gives the tenant the landlord’s answer kept to their tenancy', async () => {
    let found = 0;
    for (const filter of LESSEE_FILTERS) {
      const expand = encodeURIComponent(`lesseeInfos($filter=${filter})`);
      const landlord = await get(s.chunha, `/odata/House?$filter=houseID eq '${hoaSen}'&$expand=${expand}`);
      for (const tenant of [s.nguoithue, s.thue2]) {
        const own = await get(tenant, `/odata/House?$expand=${expand}`);
        expect(own.status, `${filter} ${text(own.body)}`).toBe(landlord.status);
        if (landlord.status !== 200) continue;
        const landlordRows = ((landlord.body as ODataCollection<Row>).value[0]?.lesseeInfos ?? []) as Row[];
        const expected = landlordRows.filter((row) => row.contractID === tenant.contractID);
        const ownRows = ((own.body as ODataCollection<Row>).value[0]?.lesseeInfos ?? []) as Row[];
        const byID = (rows: Row[]) =>
          [...rows].sort((a, b) => String(a.lesseeInfoID).localeCompare(String(b.lesseeInfoID)));
        expect(byID(ownRows), filter).toEqual(byID(expected));
        found += expected.length;
      }
    }
    expect(found, 'some filters keep the tenants’ occupants').toBeGreaterThanOrEqual(6);
  });

  it('the whole home page holds only the tenant’s own room, contract, people and vehicles', async () => {
    const options = [
      'rooms,services,contracts,lesseeInfos,vehicles',
      'rooms($select=roomID,roomName),contracts($select=contractID),lesseeInfos($top=1;$count=true),vehicles($skip=0)',
      'rooms($top=5;$skip=0;$orderby=roomName desc),contracts($orderby=startDate),lesseeInfos($orderby=occupantName)',
      'rooms,rooms',
      'vehicles($filter=licensePlate ne null),contracts($filter=status eq 1)',
      'rooms($skip=1),contracts($top=0)',
    ];
    for (const expand of options) {
      for (const [tenant, other] of [
        [s.nguoithue, s.thue2],
        [s.thue2, s.nguoithue],
      ] as const) {
        for (const extra of [
          '',
          '&$count=true',
          '&$select=houseID,houseName',
          '&$top=1&$skip=0',
          '&$skip=1',
        ]) {
          const reply = await get(tenant, `/odata/House?$expand=${encodeURIComponent(expand)}${extra}`);
          expect(reply.status, `${expand}${extra} ${text(reply.body)}`).toBeLessThan(500);
          const body = text(reply.body);
          expect(body, `${expand}${extra}`).not.toContain(other.contractID as string);
          expect(body, `${expand}${extra}`).not.toContain(other.roomID as string);
          expect(body, `${expand}${extra}`).not.toContain('contractIDs');
          if (tenant === s.nguoithue) expect(body).not.toContain('Bí Mật');
          if (reply.status !== 200) continue;
          const house = (reply.body as ODataCollection<Row>).value[0];
          if (extra === '&$skip=1') expect(house).toBeUndefined();
          if (!house) continue;
          const rooms = house.rooms as Row[] | undefined;
          if (rooms) expect(rooms.every((room) => room.roomID === tenant.roomID)).toBe(true);
          const contracts = house.contracts as Row[] | undefined;
          if (contracts) expect(contracts.every((one) => one.contractID === tenant.contractID)).toBe(true);
          for (const children of ['lesseeInfos', 'vehicles']) {
            const rows = house[children] as Row[] | undefined;
            if (rows)
              expect(
                rows.every((row) => row.contractID === tenant.contractID),
                children,
              ).toBe(true);
          }
        }
      }
    }
  });

  it('counts on the home page count only the tenant’s own house, room and people', async () => {
    for (const tenant of [s.nguoithue, s.thue2]) {
      const top = await get(tenant, '/odata/House?$count=true&$select=houseID');
      expect(top.body).toMatchObject({ '@odata.count': 1, value: [{ houseID: hoaSen }] });
      const none = await get(tenant, "/odata/House?$filter=houseName eq 'x'&$count=true&$expand=rooms");
      expect(none.body).toMatchObject({ '@odata.count': 0, value: [] });
      const nested = await get(
        tenant,
        `/odata/House?$select=houseID&$expand=${encodeURIComponent('rooms($count=true;$select=roomID),lesseeInfos($count=true;$select=lesseeInfoID),contracts($expand=room($select=roomID))')}`,
      );
      const house = (nested.body as ODataCollection<Row>).value[0] as Row;
      expect(house.rooms).toEqual([{ roomID: tenant.roomID }]);
      expect(house['rooms@odata.count']).toBe(1);
      expect(house['lesseeInfos@odata.count']).toBe((house.lesseeInfos as Row[]).length);
      const contracts = house.contracts as Row[];
      expect(contracts.map((one) => [one.contractID, one.room])).toEqual([
        [tenant.contractID, { roomID: tenant.roomID }],
      ]);
    }
  });

  it('50 parallel home pages and contracts of two tenants each get only their own', async () => {
    const tenants = [s.nguoithue, s.thue2];
    const requests = Array.from({ length: 50 }, (_, index) => {
      const tenant = tenants[index % 2] as ApiSession;
      const path =
        index % 3 === 0
          ? `/odata/Contract/${tenant.contractID}?$expand=room,lesseeInfors,vehicles`
          : `/odata/House?$expand=rooms,services,contracts,lesseeInfos,vehicles`;
      return get(tenant, path).then((reply) => ({ tenant, reply, path }));
    });
    for (const { tenant, reply, path } of await Promise.all(requests)) {
      expect(reply.status, path).toBe(200);
      const other = tenant === s.nguoithue ? s.thue2 : s.nguoithue;
      expect(text(reply.body), path).toContain(tenant.roomID as string);
      expect(text(reply.body), path).not.toContain(other.roomID as string);
      expect(text(reply.body), path).not.toContain(other.contractID as string);
    }
  });
});

describe('the bills page', () => {
  const page = (houseID: string, query: string) => `/api/MonthlyBill/HouseMonth?houseID=${houseID}&${query}`;

  it('another landlord, staff of another house, a tenant and an anonymous caller read no bills', async () => {
    const own = await get(s.chunha2, page(goVap, 'status=all&top=50&skip=0'));
    expect(own.status, text(own.body)).toBe(200);
    for (const [name, session] of [
      ['chunha', s.chunha],
      ['nhanvien', s.nhanvien],
      ['nguoithue', s.nguoithue],
      ['anonymous', undefined],
    ] as const) {
      for (const query of ['status=all&top=50&skip=0', 'month=2026-11', '']) {
        const reply = await get(session, page(goVap, query));
        expect([401, 403, 404], `${name} ${query} ${text(reply.body)}`).toContain(reply.status);
      }
    }
  });

  it('careless parameters get a Vietnamese 4xx or a well-formed page, never a crash', async () => {
    const queries = [
      'month=2026-13',
      'month=abc',
      'month=',
      'month=2099-01',
      'month=2000-01',
      'month=2026-11-01',
      'status=whatever',
      'status=',
      'status=all&status=paid',
      'top=100000',
      'top=-1',
      'skip=-1',
      'top=abc',
      'skip=1e9',
      'month=2099-01&status=all&top=50&skip=0',
    ];
    for (const query of queries) {
      const reply = await get(s.chunha2, page(goVap, query));
      expect(reply.status, `${query} ${text(reply.body)}`).toBeLessThan(500);
      if (reply.status >= 400) expect(text(reply.body), query).toMatch(VIETNAMESE);
      else expect(reply.status, query).toBe(200);
    }
  });

  it('50 parallel bills pages of two landlords each get only their own house', async () => {
    const [ownA, ownB] = await Promise.all([
      get(s.chunha2, page(goVap, 'status=all&top=50&skip=0')),
      get(s.chunha, page(hoaSen, 'status=all&top=50&skip=0')),
    ]);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 === 0
          ? get(s.chunha2, page(goVap, 'status=all&top=50&skip=0')).then((reply) => [reply, ownA] as const)
          : get(s.chunha, page(hoaSen, 'status=all&top=50&skip=0')).then((reply) => [reply, ownB] as const),
      ),
    );
    for (const [reply, alone] of replies) {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(alone?.body);
    }
  });
});
