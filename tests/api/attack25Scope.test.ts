/**
 * The read paths that no longer read the house (or the tenant's own room and contract) before deciding who
 * may see what (issue 25), attacked on the local store and on the Cosmos adapter: another landlord, staff of
 * another house, a tenant of another house, a second tenant of the same house, an anonymous caller and a
 * disabled staff member get a Vietnamese 401/403/404 or an empty page, never another's ids, names, plates
 * or phones; a landlord or staff member whose account does not list the house gets the same replies;
 * scopes that disagree or name the wrong kind of id are refused; the pages built in memory (a room by id,
 * a room's devices) equal the store's answer for the same `$filter` and honour `$count/$top/$skip/$select`;
 * the room quota counts every house of a landlord, listed in their account or not.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEVICE_MODEL } from '../../api/src/domain/shared/odata/model.js';
import { loadODataParser, parseODataQuery } from '../../api/src/domain/shared/odata/parse.js';
import type { Filter } from '../../api/src/domain/shared/query.js';
import { aMonthlyBill, aOneTimeCharge, aRentLine } from '../support/billBuilders.js';
import { onBothStores, type ProductOnAStore } from '../support/bothStores.js';
import { apiClient } from '../support/product.js';
import { ROOM_FILTERS, signedTenancy } from '../support/secondTenant.js';
import { DEVICE_FILTERS, DEVICES, disabledStaff } from '../support/scopeAttack.js';
import { VIETNAMESE, type ApiSession, type ODataCollection } from './helpers.js';

type Row = Record<string, unknown>;
type Target = { houseID: string; houseName: string; roomID: string; contractID: string; secrets: string[] };
const text = (body: unknown) => JSON.stringify(body);
const countOf = (body: unknown) => (body as ODataCollection<unknown>)['@odata.count'];

/** The lists by house, room or contract (`resolveContractScope`). */
const LISTS = [
  '/odata/MonthlyBill',
  '/odata/Bill',
  '/odata/OneTimeCharge',
  '/odata/Issue',
  '/api/LeaveNotice',
];

/** Every list the change touched, scoped to one tenancy's house, room and contract. */
function scopedPaths({ houseID: h, roomID: r, contractID: c }: Target): { own: string[]; house: string[] } {
  return {
    own: [
      ...LISTS.flatMap((list) => [`${list}?roomID=${r}`, `${list}?contractID=${c}`]),
      `/api/BillDispute?contractID=${c}`,
      `/odata/Notification?roomID=${r}`,
      `/odata/Room?roomID=${r}`,
      `/odata/Room?roomID=${r}&houseID=${h}`,
      `/odata/Device?roomID=${r}`,
      `/api/Handover?contractID=${c}`,
      `/api/Debt/Contract?contractID=${c}`,
      // As the room and contract pages ask, naming the house (and room) they know.
      ...['/odata/Bill', '/odata/OneTimeCharge'].map((list) => `${list}?roomID=${r}&houseID=${h}`),
      `/odata/Room?roomID=${r}&houseID=${h}&$expand=contracts,lesseeInfos`,
      `/api/Handover?contractID=${c}&houseID=${h}&roomID=${r}`,
      `/api/Debt/Contract?contractID=${c}&houseID=${h}`,
    ],
    house: [
      ...LISTS.map((list) => `${list}?houseID=${h}`),
      `/api/BillDispute?houseID=${h}`,
      `/odata/Notification?houseID=${h}`,
      `/odata/House/${h}?$expand=rooms,services,contracts,lesseeInfos,vehicles`,
      `/odata/Contract?$expand=room,lesseeInfors,renterRepresentative,vehicles,contractServices`,
      `/api/Debt/House?houseID=${h}`,
      `/api/Residence/Deadlines?houseID=${h}`,
      `/api/Dashboard/Billing?houseID=${h}`,
      `/api/Reservation/Get?houseID=${h}`,
      `/odata/Service?houseID=${h}`,
      `/api/MeterSubmission?houseID=${h}`,
    ],
  };
}

/** A refusal (400 included) in Vietnamese, or a reply holding none of the secrets (and, when `empty`, no rows). */
function expectNothingOf(
  reply: { status: number; body: unknown },
  secrets: string[],
  label: string,
  empty = false,
) {
  if (reply.status === 200) {
    for (const secret of secrets) expect(text(reply.body), `${label} leaks ${secret}`).not.toContain(secret);
    const rows = (reply.body as { value?: unknown }).value;
    if (empty && Array.isArray(rows)) expect(rows, label).toEqual([]);
    return;
  }
  expect([400, 401, 403, 404], `${label} ${text(reply.body)}`).toContain(reply.status);
  expect((reply.body as { errorMessage?: string }).errorMessage, label).toMatch(VIETNAMESE);
}

onBothStores((start) => {
  let product: ProductOnAStore;
  let api: ReturnType<typeof apiClient>;
  const s: Record<string, ApiSession | undefined> = {};
  const t: Record<'a' | 'b' | 'g', Target> = {} as never;
  let hoaSen = '';
  let binhAn = '';
  let goVap = '';
  const get = (session: ApiSession | undefined, path: string) => api.getAs(session, path);
  const rows = (body: unknown) => (body as ODataCollection<Row>).value;
  const tenants = () => [['nguoithue', t.a] as const, ['thue2', t.b] as const, ['thueGoVap', t.g] as const];
  const users = () => product.services.store.container<Row & { id: string; pk: string }>('users');
  async function setAccount(userID: string, field: string, value: unknown) {
    await users().patch(userID, userID, [{ op: 'set', path: `/${field}`, value }]);
  }
  async function emptyRoom(session: ApiSession | undefined, houseID: string) {
    const rooms = rows((await get(session, `/odata/Room?houseID=${houseID}&$filter=status eq 'empty'`)).body);
    return String(rooms[0]?.roomID);
  }

  beforeAll(async () => {
    product = await start();
    await loadODataParser();
    api = apiClient(product.url);
    Object.assign(s, await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']));
    hoaSen = s.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
    binhAn = s.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
    goVap = s.chunha2?.houses[0]?.houseID ?? '';
    const a = s.nguoithue as ApiSession;
    t.a = {
      houseID: hoaSen,
      houseName: 'Nhà trọ Hoa Sen',
      roomID: a.roomID ?? '',
      contractID: a.contractID ?? '',
      secrets: [a.roomID ?? '', a.contractID ?? '', a.lesseeID ?? ''],
    };
    const sign = async (landlord: string, houseID: string, who: string, phone: string, plate: string) => {
      const houseName = s[landlord]?.houses.find((house) => house.houseID === houseID)?.houseName ?? '';
      const roomID = await emptyRoom(s[landlord], houseID);
      const [name, occupant] = [`Phạm Thị ${who}`, `Phạm Văn Ở Cùng ${who}`];
      const token = s[landlord]?.token.accessToken as string;
      const done = await signedTenancy(api, token, { roomID, phone, plate, name, occupant, year: 2031 });
      const secrets = [roomID, done.contractID, name, occupant, phone, plate];
      return [{ houseID, houseName, roomID, contractID: done.contractID, secrets }, done.session] as const;
    };
    [t.b, s.thue2] = await sign('chunha', hoaSen, 'Hai Phòng Bên', '0938555711', '59X-711.11');
    [t.g, s.thueGoVap] = await sign('chunha2', goVap, 'Gò Vấp Kín', '0938555722', '59X-722.22');
    // A bill and a charge of each tenancy, of amounts and a description found nowhere else.
    const amounts = [2_718_281, 3_141_592, 1_414_213];
    for (const [i, target] of [t.a, t.b, t.g].entries()) {
      const amount = amounts[i] as number;
      await aMonthlyBill(product.services, target, { month: '2031-02', billDetails: [aRentLine(amount)] });
      const description = `Phí riêng ${amount}`;
      await aOneTimeCharge(product.services, target, { description, amount: amount + 1 });
      target.secrets.push(String(amount), String(amount + 1), description);
    }
    // An issue and a leave notice each tenant sends, marked with their amount.
    for (const [who, target] of tenants()) {
      const [token, mark] = [s[who]?.token.accessToken as string, target.secrets.at(-3) as string];
      const leaveDate = who === 'nguoithue' ? '2027-06-30' : '2031-06-30';
      const issue = { title: `Sự cố ${mark}`, description: 'Vòi nước rỉ' };
      expect((await api.request('POST', '/odata/Issue', { token, body: issue })).status).toBe(201);
      const notice = { leaveDate, note: `Trả phòng ${mark}` };
      expect((await api.request('POST', '/api/LeaveNotice', { token, body: notice })).status).toBe(200);
    }
    s.nghi = await disabledStaff(api, s.chunha as ApiSession, hoaSen);
  }, 180_000);
  afterAll(() => product?.stop());

  it('outsiders of a tenancy get a Vietnamese refusal or an empty page, never its data', async () => {
    const attacks: Array<[string, Target, boolean]> = [
      // who, whose tenancy, whether its house is theirs too (its house-wide lists are then allowed)
      ['chunha2', t.a, false],
      ['nhanvien', t.g, false],
      ['thueGoVap', t.a, false],
      ['thue2', t.a, true],
      ['nguoithue', t.b, true],
      ['anonymous', t.a, false],
      ['nghi', t.a, false],
      ['chunha', t.g, false],
    ];
    // The data is there to leak: each tenant sees their own bill, bill row, charge, issue and notice.
    for (const [who, target] of tenants()) {
      for (const list of LISTS) {
        const own = text((await get(s[who], `${list}?contractID=${target.contractID}`)).body);
        expect(own, `${who} ${list}`).toMatch(new RegExp(target.secrets.slice(-3).join('|')));
      }
    }
    // The account a bill is paid to: the owner's own (not read again for them) is the one others are shown.
    const paidTo = async (who: string) =>
      rows((await get(s[who], `/odata/MonthlyBill?contractID=${t.a.contractID}`)).body).map(
        (b) => b.transferQR,
      );
    const owners = await paidTo('chunha');
    expect(text(owners)).toContain('2718281');
    for (const who of ['nhanvien', 'nguoithue']) expect(await paidTo(who), who).toEqual(owners);
    let refused = 0;
    for (const [who, target, sameHouse] of attacks) {
      const { own, house } = scopedPaths(target);
      for (const path of [...own, ...house]) {
        const reply = await get(s[who], path);
        const isOwn = own.includes(path);
        const secrets = [...target.secrets, ...(sameHouse ? [] : [target.houseName])];
        expectNothingOf(reply, secrets, `${who} ${path}`, isOwn);
        if (reply.status !== 200) refused += 1;
        if (who === 'anonymous' || who === 'nghi') expect(reply.status, `${who} ${path}`).toBe(401);
      }
    }
    // Staff of Hoa Sen asking Bình An (same landlord, not their house): refused everywhere it names the house.
    for (const path of scopedPaths({ ...t.a, houseID: binhAn }).house.filter((p) => p.includes(binhAn))) {
      const reply = await get(s.nhanvien, path);
      expect([403, 404], `${path} ${text(reply.body)}`).toContain(reply.status);
    }
    expect(refused).toBeGreaterThan(100);
  });

  it('a landlord or staff member whose account does not list the house gets the same replies', async () => {
    const paths = [t.a, t.b].flatMap((target) => {
      const { own, house } = scopedPaths(target);
      return [...own, ...house.filter((p) => !p.startsWith('/odata/Contract?'))];
    });
    paths.push(`/odata/House/${hoaSen}?$expand=lessorInfo,rooms($expand=devices,contracts;$top=3)`);
    const accounts = [
      ['chunha', 'ownedHouseIDs', [binhAn]],
      ['nhanvien', 'assignedHouseIDs', []],
    ] as const;
    for (const [who, field, unlisted] of accounts) {
      const session = s[who] as ApiSession;
      const replies = () =>
        Promise.all(paths.map((path) => get(session, path).then((r) => [path, r.status, r.body] as const)));
      const before = await replies();
      const answered = before.filter(([, status]) => status === 200).length;
      expect(answered, who).toBeGreaterThanOrEqual(who === 'chunha' ? paths.length : paths.length - 4);
      for (const secret of [t.b.secrets[2], ...t.b.secrets.slice(-3)]) expect(text(before)).toContain(secret);
      const listed = (await users().read(session.userID, session.userID))?.[field];
      expect(listed).toEqual(expect.arrayContaining([hoaSen]));
      await setAccount(session.userID, field, unlisted);
      try {
        expect(await replies()).toEqual(before);
        // …and still nothing of another landlord's house.
        for (const path of scopedPaths(t.g).own)
          expectNothingOf(await get(session, path), t.g.secrets, path, true);
      } finally {
        await setAccount(session.userID, field, listed);
      }
    }
  });

  it('scopes that disagree, wrong kinds of ids and unknown ids are refused', async () => {
    const { a, b, g } = t;
    const unknown = randomUUID();
    const refused = async (session: ApiSession | undefined, path: string, status = 404) => {
      const reply = await get(session, path);
      expect(reply.status, `${path} ${text(reply.body)}`).toBe(status);
      expect((reply.body as { errorMessage?: string }).errorMessage, path).toMatch(VIETNAMESE);
    };
    for (const list of LISTS) {
      // A tenant's own room or contract with another house; a landlord's room of A with house B.
      await refused(s.nguoithue, `${list}?roomID=${a.roomID}&houseID=${goVap}`);
      await refused(s.nguoithue, `${list}?contractID=${a.contractID}&houseID=${binhAn}`);
      await refused(s.chunha, `${list}?roomID=${a.roomID}&houseID=${binhAn}`);
      await refused(s.chunha, `${list}?roomID=${a.roomID}&houseID=${goVap}`);
      // Room and contract of different tenancies: the tenant is refused, the landlord gets nothing.
      await refused(s.nguoithue, `${list}?roomID=${a.roomID}&contractID=${b.contractID}`);
      await refused(s.nguoithue, `${list}?roomID=${b.roomID}&contractID=${a.contractID}`);
      const mixed = await get(s.chunha, `${list}?roomID=${a.roomID}&contractID=${b.contractID}`);
      expectNothingOf(mixed, [...a.secrets, ...b.secrets], `${list} mixed`, true);
      await refused(s.chunha, `${list}?roomID=${a.roomID}&contractID=${g.contractID}`);
      // A contract id as a room id and back, an unknown id, a malformed one.
      await refused(s.chunha, `${list}?roomID=${a.contractID}`);
      await refused(s.chunha, `${list}?contractID=${a.roomID}`);
      await refused(s.nguoithue, `${list}?roomID=${a.contractID}`);
      await refused(s.chunha, `${list}?roomID=${unknown}`);
      await refused(s.chunha, `${list}?houseID=${unknown}`);
      await refused(s.chunha, `${list}?roomID=x'y`, 400);
    }
    for (const path of [
      `/odata/Notification?roomID=${a.roomID}&houseID=${goVap}`,
      `/odata/Notification?roomID=${a.contractID}`,
      `/odata/Room?roomID=${a.contractID}`,
      `/odata/Room?roomID=${unknown}`,
      `/odata/Device?roomID=${a.contractID}`,
      `/odata/Device?roomID=${unknown}`,
      `/api/Handover?contractID=${a.roomID}`,
      `/api/Debt/Contract?contractID=${unknown}`,
      `/odata/House/${a.roomID}?$expand=rooms`,
    ]) {
      await refused(s.chunha, path);
      await refused(s.nguoithue, path);
    }
    // A tenant naming their own room with another house's id: their room at most, nothing of that house.
    for (const house of [goVap, binhAn]) {
      const reply = await get(s.nguoithue, `/odata/Room?roomID=${a.roomID}&houseID=${house}`);
      expectNothingOf(reply, [house, ...g.secrets, ...b.secrets], `own room with ${house}`);
      if (reply.status === 200) expect(rows(reply.body).map((room) => room.roomID)).toEqual([a.roomID]);
    }
    // Another room of the tenant's house by id: an empty page, counted as empty.
    const other = await get(s.nguoithue, `/odata/Room?roomID=${b.roomID}&$count=true`);
    expect(other.body).toMatchObject({ value: [], '@odata.count': 0 });
    // A landlord naming their room of A with their house B, or another landlord's: never B's rooms.
    const crossed = await get(s.chunha, `/odata/Room?roomID=${a.roomID}&houseID=${goVap}`);
    expectNothingOf(crossed, g.secrets, 'room of A with house B');
    if (crossed.status === 200) expect(rows(crossed.body).map((room) => room.roomID)).toEqual([a.roomID]);
  });

  it('a room by id and a room’s devices, filtered in memory, equal the store’s answer', async () => {
    const { a } = t;
    const landlord = s.chunha as ApiSession;
    let kept = 0;
    for (const roomID of [a.roomID, t.b.roomID]) {
      for (const filter of ROOM_FILTERS) {
        const f = encodeURIComponent(filter);
        const byID = await get(landlord, `/odata/Room?roomID=${roomID}&$filter=${f}&$count=true`);
        const wide = await get(landlord, `/odata/Room?houseID=${hoaSen}&$filter=${f}&$top=1000`);
        expect(byID.status, `${filter} ${text(byID.body)}`).toBe(wide.status);
        if (wide.status !== 200) continue;
        const expected = rows(wide.body).filter((room) => room.roomID === roomID);
        expect(
          rows(byID.body).map((room) => room.roomID),
          filter,
        ).toEqual(expected.map((room) => room.roomID));
        expect(countOf(byID.body), filter).toBe(expected.length);
        kept += expected.length;
      }
    }
    expect(kept).toBeGreaterThanOrEqual(6);
    // Options on the page of one room: $select, $top, $skip, $count; an unknown field is a 400 as house-wide.
    const select = await get(landlord, `/odata/Room?roomID=${a.roomID}&$select=roomName,price&$count=true`);
    const wideSelect = await get(
      landlord,
      `/odata/Room?houseID=${hoaSen}&$filter=${encodeURIComponent(`roomID eq '${a.roomID}'`)}&$select=roomName,price`,
    );
    expect(rows(select.body)).toEqual(rows(wideSelect.body));
    expect(Object.keys(rows(select.body)[0] ?? {}).filter((key) => !key.startsWith('@'))).toEqual([
      'roomName',
      'price',
    ]);
    const skipped = await get(landlord, `/odata/Room?roomID=${a.roomID}&$skip=1&$count=true`);
    expect(skipped.body).toMatchObject({ value: [], '@odata.count': 1 });
    const unknownField = await get(landlord, `/odata/Room?roomID=${a.roomID}&$filter=secret eq 1`);
    expect(unknownField.status).toBe(400);
    expect((unknownField.body as { errorMessage: string }).errorMessage).toMatch(VIETNAMESE);

    for (const device of DEVICES) {
      const made = await api.request('POST', '/odata/Device', {
        token: landlord.token.accessToken,
        body: { roomID: a.roomID, ...device },
      });
      expect(made.status, text(made.body)).toBe(201);
    }
    const houses = product.services.store.container<Row & { id: string; pk: string }>('houses');
    const ofRoom: Filter[] = [
      { op: 'eq', field: 'type', value: 'device' },
      { op: 'eq', field: 'roomID', value: a.roomID },
    ];
    const names = (docs: Row[]) => docs.map((doc) => String(doc.deviceName));
    let found = 0;
    for (const filter of DEVICE_FILTERS) {
      const path = `/odata/Device?roomID=${a.roomID}&$filter=${encodeURIComponent(filter)}&$count=true`;
      let parsed: Filter;
      try {
        parsed = parseODataQuery(new URLSearchParams({ $filter: filter }), DEVICE_MODEL).filter as Filter;
      } catch {
        // A filter the API does not take: the same Vietnamese 400 for the room's devices.
        const refused = await get(landlord, path);
        expect(refused.status, filter).toBe(400);
        expect((refused.body as { errorMessage: string }).errorMessage).toMatch(VIETNAMESE);
        continue;
      }
      const filtered = { op: 'and' as const, items: [...ofRoom, parsed] };
      const expected = names((await houses.query({ partitionKey: hoaSen, filter: filtered })).items).sort();
      for (const who of [landlord, s.nguoithue]) {
        const reply = await get(who, path);
        expect(reply.status, `${filter} ${text(reply.body)}`).toBe(200);
        expect(names(rows(reply.body)).sort(), filter).toEqual(expected);
        expect(countOf(reply.body), filter).toBe(expected.length);
      }
      found += expected.length;
    }
    expect(found).toBeGreaterThanOrEqual(12);
    // The order made in memory is the store's order (names with and without diacritics, either case).
    for (const [orderBy, desc] of [
      ['deviceName', false],
      ['deviceName', true],
      ['value', true],
    ] as const) {
      const filter: Filter = { op: 'and', items: ofRoom };
      const stored = await houses.query({
        partitionKey: hoaSen,
        filter,
        orderBy: { field: orderBy, desc },
      });
      const order = `${orderBy}${desc ? ' desc' : ''}`;
      const listed = rows((await get(landlord, `/odata/Device?roomID=${a.roomID}&$orderby=${order}`)).body);
      expect(names(listed), order).toEqual(names(stored.items));
    }
    const all = rows((await get(landlord, `/odata/Device?roomID=${a.roomID}&$orderby=value desc`)).body);
    const page = await get(
      landlord,
      `/odata/Device?roomID=${a.roomID}&$orderby=value desc&$top=2&$skip=1&$count=true&$select=deviceName,value`,
    );
    expect(page.body).toMatchObject({
      '@odata.count': all.length,
      value: all.slice(1, 3).map((device) => ({ deviceName: device.deviceName, value: device.value })),
    });
    expect(rows(page.body).every((row) => !('condition' in row) && !('houseID' in row))).toBe(true);
    // Another room's devices: not through the tenant's own room, not for the second tenant.
    const foreign = await get(
      s.thue2,
      `/odata/Device?roomID=${a.roomID}&$filter=${encodeURIComponent("contains(deviceName,'a')")}`,
    );
    expectNothingOf(foreign, ['Daikin', 'Giường gỗ'], 'second tenant devices', true);
  });

  it('the room quota counts every house of the landlord, listed in their account or not', async () => {
    const [landlord, other] = [s.chunha as ApiSession, s.chunha2 as ApiSession];
    const rooms = async (session: ApiSession, houseID: string) =>
      Number(countOf((await get(session, `/odata/Room?houseID=${houseID}&$count=true&$top=1`)).body));
    const used = async (session: ApiSession) => {
      const [whole, line] = await Promise.all(
        ['/api/User/AccountPlan', '/api/User/AccountPlan?part=quota'].map(async (path) => {
          const body = (await get(session, path)).body as { data?: Row } & Row;
          return Number((body.data ?? body).roomsUsed);
        }),
      );
      // The dashboard's line counts what the plan's page counts.
      expect(line).toBe(whole);
      return whole;
    };
    const truth = (await rooms(landlord, hoaSen)) + (await rooms(landlord, binhAn));
    expect(truth).toBeGreaterThan(15);
    expect(await used(landlord)).toBe(truth);
    const listed = (await users().read(landlord.userID, landlord.userID))?.ownedHouseIDs;
    try {
      for (const houses of [
        [hoaSen],
        [binhAn],
        [],
        [hoaSen, binhAn, randomUUID()],
        [binhAn, hoaSen, hoaSen],
      ]) {
        await setAccount(landlord.userID, 'ownedHouseIDs', houses);
        expect(await used(landlord), text(houses)).toBe(truth);
      }
      // One room left: the first new room of Hoa Sen is taken, the next refused (Bình An unlisted).
      await setAccount(landlord.userID, 'ownedHouseIDs', [hoaSen]);
      await setAccount(landlord.userID, 'roomQuota', truth + 1);
      const token = landlord.token.accessToken;
      const room = { houseID: hoaSen, acreage: 20, price: 3_000_000, currentElectricityIndex: 0 };
      const create = (roomName: string) =>
        api.request('POST', '/odata/Room', { token, body: { ...room, roomName, currentWaterIndex: 0 } });
      const first = await create('Q901');
      expect(first.status, text(first.body)).toBe(201);
      const second = await create('Q902');
      expect(second.status, text(second.body)).toBe(409);
      expect((second.body as { errorMessage: string }).errorMessage).toMatch(VIETNAMESE);
      expect(await used(landlord)).toBe(truth + 1);
      // Another landlord's house in one's list counts nothing.
      await setAccount(other.userID, 'ownedHouseIDs', [goVap, hoaSen]);
      expect(await used(other)).toBe(await rooms(other, goVap));
      await setAccount(other.userID, 'ownedHouseIDs', [goVap]);
    } finally {
      await setAccount(landlord.userID, 'ownedHouseIDs', listed);
    }
  });
});
