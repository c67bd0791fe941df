/**
 * More attacks on the house (and room) a room's or contract's page names beside an id (issue 25), on the
 * local store and on the Cosmos adapter: outsiders (another landlord, staff of another house, a tenant of
 * another house, a second tenant of the same house, an anonymous caller, a disabled staff member) naming
 * their own house, the victim's or both get a Vietnamese 4xx and nothing of the tenancy; careless hints
 * (empty, repeated, another landlord's house, an id of the other kind, an ended tenancy) answer as the
 * request without them, or a 400 for a malformed one; a room's or contract's bills paged in memory equal
 * the store's page of the same bills (nulls, ties, several keys, the client's `$filter`, `$skip` past the
 * end, `$top=0`, a huge `$top`); a `$filter` nested too deep is a 400, not a 500; a tenant's notices page as
 * the landlord's list of their room and never show another tenant's; callers asking together get what they
 * get alone, and no read writes anything.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_TOP } from '../../api/src/domain/shared/odata/parse.js';
import { queryAll } from '../../api/src/useCases/shared/queryAll.js';
import { aMonthlyBill, aOneTimeCharge } from '../support/billBuilders.js';
import { onBothStores, type ProductOnAStore } from '../support/bothStores.js';
import { apiClient } from '../support/product.js';
import { disabledStaff, staffSession } from '../support/scopeAttack.js';
import { secondTenantIn, signedTenancy } from '../support/secondTenant.js';
import { VIETNAMESE, type ApiSession, type ODataCollection } from './helpers.js';

type Page = ODataCollection<Record<string, unknown>> & { '@odata.nextLink'?: string };
const text = (body: unknown) => JSON.stringify(body);
const skipOf = (link?: string) => (link === undefined ? undefined : new URL(link).searchParams.get('$skip'));
/** What a page says, its next link reduced to the `$skip` it asks for (the rest repeats the request). */
const shape = (page: Page, key?: string) => ({
  value: key ? page.value.map((row) => row[key]) : page.value,
  count: page['@odata.count'],
  next: skipOf(page['@odata.nextLink']),
});
/** Amounts only the tenancy's bills and charges carry: seen in a reply, they leaked. */
const SECRETS = ['1234567', '2345678', '3456789', '777001', '777002', '777003'];

onBothStores((start) => {
  let product: ProductOnAStore;
  let api: ReturnType<typeof apiClient>;
  const s: Record<string, ApiSession | undefined> = {};
  let [hoaSen, binhAn, goVap, roomID, contractID, room2, contract2] = ['', '', '', '', '', '', ''];
  let [endedRoom, endedContract] = ['', ''];
  const get = (who: string, path: string) => api.getAs(s[who], path);

  beforeAll(async () => {
    product = await start();
    api = apiClient(product.url);
    Object.assign(s, await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']));
    const chunha = s.chunha as ApiSession;
    const token = chunha.token.accessToken;
    const houseOf = (name: string) => chunha.houses.find((house) => house.houseName === name)?.houseID ?? '';
    [hoaSen, binhAn, goVap] = [houseOf('Nhà trọ Hoa Sen'), houseOf('Nhà trọ Bình An'), ''];
    goVap = s.chunha2?.houses[0]?.houseID ?? '';
    [roomID, contractID] = [s.nguoithue?.roomID ?? '', s.nguoithue?.contractID ?? ''];
    const second = await secondTenantIn(api, chunha, hoaSen, { phone: '0938777001', plate: '59X-777.01' });
    [room2, contract2, s.thue2] = [second.roomID, second.contractID, second.session];
    const tenancyGoVap = { phone: '0938777004', plate: '59X-777.04' };
    s.thueGoVap = (await secondTenantIn(api, s.chunha2 as ApiSession, goVap, tenancyGoVap)).session;
    s.nghi = await disabledStaff(api, chunha, hoaSen);
    s.nvBinhAn = await staffSession(api, chunha, {
      ...{ fullName: 'Phan Thị Bình', phoneNumber: '0933777002', username: 'phanthibinh' },
      ...{ password: 'BinhAnChiNhanh2026', houseIDs: [binhAn] },
    });
    // Bills and charges that tie, lack a field or have it, so an order in memory has something to get wrong.
    const target = { houseID: hoaSen, roomID, contractID };
    const [at, paid] = ['2031-05-01T00:00:00.000Z', { status: 3, paidOn: '2031-03-10T00:00:00.000Z' }];
    for (const [month, amount, over] of [
      ['2031-01', 1_234_567, { createdOn: at, ...paid }],
      ['2031-02', 2_345_678, { createdOn: at }],
      ['2031-03', 3_456_789, { createdOn: '2031-04-01T00:00:00.000Z', ...paid, paidOn: at }],
      ['2031-04', 1_234_567, { createdOn: at }],
    ] as const) {
      await aMonthlyBill(product.services, target, { month, total: amount, ...over });
    }
    for (const amount of [777_001, 777_002, 777_003]) {
      const charge = { description: `Phí ${amount}`, amount, createdOn: at };
      await aOneTimeCharge(product.services, target, {
        ...charge,
        ...(amount === 777_002 ? { paidOn: at } : {}),
      });
    }
    // A bill of the second tenancy: the house's page holds more than the room's.
    await aMonthlyBill(product.services, { houseID: hoaSen, roomID: room2, contractID: contract2 }, {});
    // A stale link: a tenancy of Bình An, billed and then ended (its room empty again).
    const binhAnRooms = await get('chunha', `/odata/Room?houseID=${binhAn}`);
    endedRoom = (binhAnRooms.body as Page).value.find((room) => room.status === 'empty')?.roomID as string;
    const ended = await signedTenancy(api, token, {
      roomID: endedRoom,
      phone: '0938777003',
      plate: '59X-777.03',
    });
    [endedContract, s.ended] = [ended.contractID, ended.session];
    const target2 = { houseID: binhAn, roomID: endedRoom, contractID: endedContract };
    await aMonthlyBill(product.services, target2, { month: '2030-02' });
    const termination = { contractID: endedContract, terminationDate: '2030-03-10', reason: 'Chuyển nhà' };
    const end = await api.request('POST', '/odata/Contract/TerminateContract', { token, body: termination });
    expect(end.status, text(end.body)).toBe(200);
    // Notices: one to each tenant's room and one to the whole house (both tenants).
    for (const [title, rooms] of [
      ['Riêng phòng một 777', [roomID]],
      ['Riêng phòng hai 777', [room2]],
      ['Cả nhà 777', undefined],
    ] as const) {
      const body = { houseID: hoaSen, title, body: 'Thông báo thử', ...(rooms ? { roomIDs: rooms } : {}) };
      const sent = await api.request('POST', '/odata/Notification', { token, body });
      expect(sent.status, text(sent.body)).toBe(201);
    }
  }, 180_000);
  afterAll(() => product?.stop());

  /** The tenancy's reads as its pages ask them, with the hints they send. */
  const hintedPaths = (house: string) => [
    `/odata/Bill?roomID=${roomID}&houseID=${house}`,
    `/odata/MonthlyBill?contractID=${contractID}&houseID=${house}&$expand=billDetails`,
    `/odata/OneTimeCharge?roomID=${roomID}&houseID=${house}`,
    `/odata/OneTimeCharge?contractID=${contractID}&houseID=${house}`,
    `/api/Debt/Contract?contractID=${contractID}&houseID=${house}`,
    `/api/Handover?contractID=${contractID}&houseID=${house}&roomID=${roomID}`,
    `/odata/Room?roomID=${roomID}&houseID=${house}&$expand=contracts,lesseeInfos`,
  ];

  it('outsiders naming their own house, the victim house or both get a Vietnamese 4xx and nothing', async () => {
    const outsiders: Array<[string, string]> = [
      ['chunha2', goVap],
      ['nvBinhAn', binhAn],
      ['thue2', hoaSen],
      ['thueGoVap', goVap],
      ['nghi', hoaSen],
      ['anonymous', hoaSen],
    ];
    let tried = 0;
    for (const [who, own] of outsiders) {
      for (const house of [own, hoaSen, `${own}&houseID=${hoaSen}`, `${hoaSen}&houseID=${own}`]) {
        for (const path of hintedPaths(house)) {
          const reply = await get(who, path);
          if (who === 'thue2' && path.startsWith('/odata/Room')) {
            // A second tenant of the house gets an empty page for another room of it, as the house's list.
            expect([reply.status, (reply.body as Page).value], path).toEqual([200, []]);
          } else {
            expect([400, 401, 403, 404], `${who} ${path} ${reply.status}`).toContain(reply.status);
            expect(text(reply.body), `${who} ${path}`).toMatch(VIETNAMESE);
          }
          const leaked = [...SECRETS, contractID].filter((secret) => text(reply.body).includes(secret));
          expect(leaked, `${who} ${path}`).toEqual([]);
          tried += 1;
        }
      }
    }
    expect(tried).toBe(outsiders.length * 4 * hintedPaths('').length);
  });

  it('careless hints answer as the request without them, a malformed one with a Vietnamese 400', async () => {
    const mine = (paths: string[]) => paths.map((path): [string, string, string] => [path, hoaSen, roomID]);
    const plain: Array<[string, string, string]> = [
      ...mine([
        `/odata/Bill?roomID=${roomID}`,
        `/odata/MonthlyBill?contractID=${contractID}&$expand=billDetails`,
        `/odata/OneTimeCharge?contractID=${contractID}`,
        `/api/Debt/Contract?contractID=${contractID}`,
        `/api/Handover?contractID=${contractID}`,
        `/odata/Room?roomID=${roomID}&$expand=contracts,lesseeInfos`,
        `/odata/Room?roomID=${roomID}&$expand=contracts($filter=status eq 1;$top=1;$count=true)`,
        `/odata/Room?roomID=${roomID}&$expand=contracts($orderby=startDate desc;$select=contractID)&$count=true`,
        `/odata/Room?roomID=${roomID}&$filter=roomName eq 'Không có'&$expand=contracts`,
        // Ids of the other kind, and the second tenancy's room and contract (of the same house).
        `/odata/Bill?roomID=${contractID}`,
        `/odata/OneTimeCharge?contractID=${roomID}`,
        `/api/Debt/Contract?contractID=${roomID}`,
        `/api/Handover?contractID=${roomID}`,
        `/odata/Room?roomID=${contractID}`,
        `/odata/Bill?roomID=${room2}`,
        `/api/Debt/Contract?contractID=${contract2}`,
      ]),
      // A stale link: the ended tenancy of Bình An, and its room (empty again).
      ...[
        `/api/Debt/Contract?contractID=${endedContract}`,
        `/api/Handover?contractID=${endedContract}`,
        `/odata/Bill?roomID=${endedRoom}`,
        `/odata/MonthlyBill?contractID=${endedContract}`,
        `/odata/Room?roomID=${endedRoom}&$expand=contracts`,
      ].map((path): [string, string, string] => [path, binhAn, endedRoom]),
    ];
    let compared = 0;
    for (const who of ['chunha', 'nhanvien', 'nguoithue', 'ended']) {
      for (const [path, own, room] of plain) {
        const without = await get(who, path);
        const lists = /^\/odata\/(Bill|MonthlyBill|OneTimeCharge)\?/.test(path);
        // Lists by room or contract already took a house and refuse one that disagrees; the rest ignore it.
        const hints = lists
          ? [own, `${own}&houseID=${goVap}`]
          : [hoaSen, binhAn, goVap, `${goVap}&houseID=${own}`];
        for (const house of hints) {
          // The handover page names the contract's room too: the right one with its house, else another.
          const extra = path.startsWith('/api/Handover')
            ? `&houseID=${house}&roomID=${house === own ? room : room2}`
            : `&houseID=${house}`;
          const reply = await get(who, path + extra);
          const body = JSON.parse(text(reply.body).replaceAll(extra, '')) as unknown;
          expect({ status: reply.status, body }, `${who} ${path}${extra}`).toEqual({
            status: without.status,
            body: without.body,
          });
          compared += 1;
        }
        if (!path.startsWith('/odata/Room')) {
          // A house id that is no id: refused plainly (never a 500, never the page).
          for (const bad of ['', "x'y", '%00', 'a'.repeat(300)]) {
            const reply = await get(who, `${path}&houseID=${bad}`);
            if (['nguoithue', 'ended'].includes(who) && !path.startsWith('/odata/') && reply.status === 200) {
              continue; // a tenant's house comes from their account: the hint is not read for them
            }
            expect(reply.status, `${who} ${path}&houseID=${bad} ${text(reply.body)}`).toBe(
              without.status === 200 ? 400 : reply.status,
            );
            expect(text(reply.body)).toMatch(VIETNAMESE);
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('a room or contract paged in memory equals the store’s page of the same bills', async () => {
    const queries = [
      '$orderby=paidOn',
      '$orderby=paidOn desc',
      '$orderby=createdOn desc',
      '$orderby=createdOn',
      '$orderby=createdOn,total desc',
      '$orderby=paidOn desc,createdOn',
      '$orderby=status&$top=2&$skip=1&$count=true',
      '$top=0&$count=true',
      '$skip=10&$count=true',
      '$skip=3&$top=1&$count=true',
      '$skip=999999999&$count=true', // the largest the parser takes
      `$top=${MAX_TOP * 10}`,
      '$select=createdOn,paidOn&$orderby=paidOn desc',
      // The client's own filter, read in one query with the room (and the house's document) on Cosmos.
      '$filter=status eq 1 or total gt 2000000&$orderby=total desc&$count=true',
      '$filter=not (status eq 3) and total lt 3000000&$count=true',
      '$filter=paidOn eq null&$orderby=createdOn',
      '$filter=paidOn ne null or createdOn lt 2031-04-02T00:00:00Z&$top=1&$count=true',
    ];
    const ofRoom = `roomID eq '${roomID}'`;
    const rows = new Map<string, number>();
    for (const list of ['/odata/Bill', '/odata/MonthlyBill', '/odata/OneTimeCharge']) {
      for (const query of queries) {
        // The same bills in the house's list, paged by the store.
        const [filter, rest] = query.startsWith('$filter=') ? query.slice(8).split(/&(.*)/) : ['', query];
        const byStore = `$filter=${filter ? `${ofRoom} and (${filter})` : ofRoom}&${rest ?? ''}`;
        const store = await get('chunha', `${list}?houseID=${hoaSen}&${byStore}`);
        const scopes = [
          `roomID=${roomID}`,
          `roomID=${roomID}&houseID=${hoaSen}`,
          `contractID=${contractID}&houseID=${hoaSen}`,
        ];
        for (const scope of scopes) {
          for (const who of ['chunha', 'nhanvien']) {
            const reply = await get(who, `${list}?${scope}&${query}`);
            expect(reply.status, `${who} ${list}?${scope}&${query}`).toBe(200);
            expect(shape(reply.body as Page), `${who} ${list}?${scope}&${query}`).toEqual(
              shape(store.body as Page),
            );
            rows.set(query, (rows.get(query) ?? 0) + (reply.body as Page).value.length);
          }
        }
      }
    }
    // Every query but the empty windows compared rows, not empty pages.
    const empty = [...rows].filter(([, count]) => count === 0).map(([query]) => query);
    expect(empty).toEqual(['$top=0&$count=true', '$skip=10&$count=true', queries[10]]);
  });

  it('a $filter nested past any real query is a Vietnamese 400 on every page, never a 500', async () => {
    const deep = {
      not: (n: number) => `${'not '.repeat(n)}status eq 1`,
      parens: (n: number) => `${'('.repeat(n)}status eq 1${')'.repeat(n)}`,
    };
    const pages = (filter: string): Array<[string, string]> => [
      ['chunha', `/odata/Bill?roomID=${roomID}&houseID=${hoaSen}&$filter=${encodeURIComponent(filter)}`],
      ['chunha', `/odata/OneTimeCharge?houseID=${hoaSen}&$filter=${encodeURIComponent(filter)}`],
      [
        'nguoithue',
        `/odata/Notification?$filter=${encodeURIComponent(filter.replaceAll('status eq 1', "title eq 'x'"))}`,
      ],
    ];
    for (const filter of [deep.not(1000), deep.parens(1000), deep.not(150) + ` and ${deep.parens(150)}`]) {
      for (const [who, path] of pages(filter)) {
        const reply = await get(who, path);
        expect(reply.status, `${who} ${path.slice(0, 60)}`).toBe(400);
        expect(text(reply.body)).toMatch(/\$filter quá phức tạp/);
      }
    }
    // As deep as a real query goes: answered.
    const chain = Array.from({ length: 300 }, () => 'status eq 1').join(' or ');
    for (const [who, path] of [...pages(`${deep.not(20)} or ${deep.parens(20)}`), ...pages(chain)]) {
      expect((await get(who, path)).status, `${who} ${path.slice(0, 60)}`).toBe(200);
    }
  });

  it('a tenant’s notices, paged in memory, page as the landlord’s list of the room and are theirs alone', async () => {
    for (const query of [
      '$count=true',
      '$orderby=title&$count=true',
      '$orderby=title desc,createdOn&$top=2&$skip=1',
      '$top=1&$skip=1&$count=true',
      '$top=0&$count=true',
      '$skip=500&$count=true',
      "$filter=contains(tolower(title),'777')&$count=true",
      `$top=${MAX_TOP * 5}`,
    ]) {
      const tenant = await get('nguoithue', `/odata/Notification?${query}`);
      const landlord = await get('chunha', `/odata/Notification?roomID=${roomID}&${query}`);
      expect(tenant.status, query).toBe(200);
      expect(shape(tenant.body as Page, 'notificationID'), query).toEqual(
        shape(landlord.body as Page, 'notificationID'),
      );
    }
    // Each tenant's own notices and the house's, not the other's; their read marks their own.
    const notices = async (who: string) => ((await get(who, '/odata/Notification')).body as Page).value;
    const titles = async (who: string) => (await notices(who)).map((notice) => notice.title).sort();
    expect(
      [await titles('nguoithue'), await titles('thue2')].map((all) =>
        all.filter((t) => /777/.test(String(t))),
      ),
    ).toEqual([
      ['Cả nhà 777', 'Riêng phòng một 777'],
      ['Cả nhà 777', 'Riêng phòng hai 777'],
    ]);
    const house = (await notices('nguoithue')).find((notice) => notice.title === 'Cả nhà 777');
    const token = s.nguoithue?.token.accessToken as string;
    await api.request('POST', `/odata/Notification/${String(house?.notificationID)}/Read`, { token });
    const readBy = async (who: string) => (await notices(who)).find((n) => n.title === 'Cả nhà 777')?.read;
    expect([await readBy('nguoithue'), await readBy('thue2')]).toEqual([true, false]);
  });

  it('asked together, each caller gets what they get alone, and no read writes anything', async () => {
    const houses = product.services.store.container('houses');
    const snapshot = async () =>
      (await queryAll(houses, {})).map((doc) => `${doc.pk}/${doc.id}/${String(doc._etag)}`).sort();
    const before = await snapshot();
    const asks: Array<[string, string]> = [
      ...['chunha', 'nhanvien', 'nguoithue'].flatMap((who) =>
        hintedPaths(hoaSen).map((path): [string, string] => [who, path]),
      ),
      ['nguoithue', '/odata/Notification?$count=true'],
      ['thue2', '/odata/Notification?$count=true'],
      ['thue2', `/odata/Bill?roomID=${room2}&houseID=${hoaSen}&$count=true`],
      ['thue2', `/api/Debt/Contract?contractID=${contract2}&houseID=${hoaSen}`],
      ['chunha', `/api/Dashboard/Billing?houseID=${hoaSen}&month=2031-01`],
      ['chunha2', `/odata/Bill?roomID=${roomID}&houseID=${goVap}`],
    ];
    const alone: Array<{ status: number; body: unknown }> = [];
    for (const [who, path] of asks) alone.push(await get(who, path));
    for (let round = 0; round < 3; round += 1) {
      const together = await Promise.all(asks.map(([who, path]) => get(who, path)));
      together.forEach((reply, i) => {
        const label = asks[i]?.join(' ');
        expect({ status: reply.status, body: reply.body }, label).toEqual({
          status: alone[i]?.status,
          body: alone[i]?.body,
        });
      });
    }
    expect(alone.filter((reply) => reply.status === 200).length).toBeGreaterThan(20);
    // The billing card counts the rooms it now reads whole (with their names) as the rooms list does.
    const rooms = (await get('chunha', `/odata/Room?houseID=${hoaSen}&$count=true&$top=0`)).body as Page;
    expect((alone.at(-2)?.body as { rooms?: number }).rooms).toBe(rooms['@odata.count']);
    expect(await snapshot()).toEqual(before);
  });
});
