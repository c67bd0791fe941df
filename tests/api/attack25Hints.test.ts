/**
 * A house (and room) named beside a room or contract id (issue 25): the room and contract pages send the
 * house they know, so the API reads the object with what its page needs in one query instead of looking
 * it up first. The name is a hint that never widens a right, attacked on the local store and on the
 * Cosmos adapter: the right house, another house of the caller's, another landlord's house and a wrong
 * room all give the answer the request gives without them (the lists by room, which already took a house,
 * keep refusing one that disagrees); another landlord naming their own house, and a tenant of another
 * house, get a Vietnamese 404 for the tenancy's ids; pages built in memory equal the store's pages for the
 * same `$filter`, `$orderby`, `$top`, `$skip` and `$count`. Their round trips: cosmosRoundTrips.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { aMonthlyBill, aOneTimeCharge, aRentLine } from '../support/billBuilders.js';
import { onBothStores, type ProductOnAStore } from '../support/bothStores.js';
import { apiClient } from '../support/product.js';
import { VIETNAMESE, type ApiSession, type ODataCollection } from './helpers.js';

/** Queries both bills and charges take (the SPA's among them), and those of bills alone. */
const BILLING_QUERIES = [
  '',
  '&$count=true&$top=1&$skip=0',
  '&$count=true&$top=1&$skip=1',
  '&$filter=status lt 3&$orderby=createdOn desc&$count=true&$top=24&$skip=0',
  '&$orderby=createdOn desc&$top=100',
];
const BILL_QUERIES = [
  ...BILLING_QUERIES,
  `&$filter=status lt 3&$orderby=month desc,createdOn desc&$count=true&$top=24&$skip=0`,
  `&$filter=month eq '2031-03'&$select=monthlyBillID,total`,
  '&$orderby=total&$top=2',
];

onBothStores((start) => {
  let product: ProductOnAStore;
  let api: ReturnType<typeof apiClient>;
  const s: Record<string, ApiSession> = {};
  let hoaSen = '';
  let binhAn = '';
  let goVap = '';
  let roomID = '';
  let contractID = '';
  let otherRoom = '';
  const get = (who: string, path: string) => api.getAs(s[who], path);

  beforeAll(async () => {
    product = await start();
    api = apiClient(product.url);
    Object.assign(s, await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']));
    const houseOf = (name: string) =>
      s.chunha?.houses.find((house) => house.houseName === name)?.houseID ?? '';
    [hoaSen, binhAn, goVap] = [
      houseOf('Nhà trọ Hoa Sen'),
      houseOf('Nhà trọ Bình An'),
      s.chunha2?.houses[0]?.houseID ?? '',
    ];
    roomID = s.nguoithue?.roomID ?? '';
    contractID = s.nguoithue?.contractID ?? '';
    const rooms = (await get('chunha', `/odata/Room?houseID=${hoaSen}`)).body as ODataCollection<{
      roomID: string;
    }>;
    otherRoom = rooms.value.find((room) => room.roomID !== roomID)?.roomID ?? '';
    // Three bills and two charges of the tenancy, so paging in memory has something to cut.
    const target = { houseID: hoaSen, roomID, contractID };
    for (const [month, amount] of [
      ['2031-01', 1_100_000],
      ['2031-02', 1_200_000],
      ['2031-03', 1_300_000],
    ] as const) {
      await aMonthlyBill(product.services, target, { month, billDetails: [aRentLine(amount)] });
    }
    await aOneTimeCharge(product.services, target, { description: 'Thay khóa', amount: 150_000 });
    await aOneTimeCharge(product.services, target, { description: 'Sửa vòi nước', amount: 90_000 });
  }, 180_000);
  afterAll(() => product?.stop());

  /** Each request without hints, and the hinted forms that must answer the same. */
  const hinted = (): Array<[string, string[]]> => [
    [
      `/api/Debt/Contract?contractID=${contractID}`,
      [`&houseID=${hoaSen}`, `&houseID=${binhAn}`, `&houseID=${goVap}`],
    ],
    [
      `/api/Handover?contractID=${contractID}`,
      [
        `&houseID=${hoaSen}&roomID=${roomID}`,
        `&houseID=${hoaSen}&roomID=${otherRoom}`,
        `&houseID=${binhAn}&roomID=${roomID}`,
        `&houseID=${goVap}&roomID=${roomID}`,
      ],
    ],
    [
      `/odata/Room?roomID=${roomID}&$select=roomID&$expand=contracts,lesseeInfos`,
      [`&houseID=${hoaSen}`, `&houseID=${goVap}`],
    ],
    ...(
      [
        ['/odata/Bill', BILL_QUERIES],
        ['/odata/MonthlyBill', BILL_QUERIES],
        ['/odata/OneTimeCharge', BILLING_QUERIES],
      ] as const
    ).flatMap(([list, queries]) =>
      queries.flatMap((query): Array<[string, string[]]> => [
        [`${list}?roomID=${roomID}${query}`, [`&houseID=${hoaSen}`]],
        [`${list}?contractID=${contractID}${query}`, [`&houseID=${hoaSen}`]],
      ]),
    ),
  ];

  it('the right house, another house and a wrong room give the answer the request gives without them', async () => {
    let compared = 0;
    for (const who of ['chunha', 'nhanvien', 'nguoithue']) {
      for (const [path, hints] of hinted()) {
        const plain = await get(who, path);
        expect(plain.status, `${who} ${path}`).toBe(200);
        for (const hint of hints) {
          const reply = await get(who, path + hint);
          // The next page's link repeats the request, hint included.
          const body = JSON.parse(JSON.stringify(reply.body).replaceAll(hint, '')) as unknown;
          expect({ status: reply.status, body }, `${who} ${path}${hint}`).toEqual({
            status: plain.status,
            body: plain.body,
          });
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    // The pages compared are not empty: the bills, charges and contract are there to be paged.
    const bills = (await get('chunha', `/odata/Bill?roomID=${roomID}&houseID=${hoaSen}&$count=true`)).body;
    expect((bills as ODataCollection<unknown>)['@odata.count']).toBeGreaterThanOrEqual(3);
    const debt = (await get('chunha', `/api/Debt/Contract?contractID=${contractID}&houseID=${hoaSen}`)).body;
    expect(JSON.stringify(debt)).toContain('1300000');
  });

  it('a list by room or contract still refuses a house that disagrees', async () => {
    for (const list of ['/odata/Bill', '/odata/OneTimeCharge']) {
      for (const house of [binhAn, goVap]) {
        const reply = await get('chunha', `${list}?roomID=${roomID}&houseID=${house}`);
        expect(reply.status, `${list} ${house}`).toBe(404);
        expect((reply.body as { errorMessage?: string }).errorMessage).toMatch(VIETNAMESE);
      }
    }
    expect((await get('chunha', `/api/Handover?contractID=${contractID}&houseID=x'y`)).status).toBe(400);
    expect((await get('chunha', `/api/Handover?contractID=${contractID}&roomID=x'y`)).status).toBe(400);
    expect((await get('chunha', `/api/Debt/Contract?contractID=${contractID}&houseID=x'y`)).status).toBe(400);
    // A tenant's own house comes from their account, but a malformed one is refused all the same.
    expect((await get('nguoithue', `/api/Handover?contractID=${contractID}&houseID=x'y`)).status).toBe(400);
    expect((await get('nguoithue', `/api/Handover?contractID=${contractID}&roomID=x'y`)).status).toBe(400);
    expect((await get('nguoithue', `/api/Debt/Contract?contractID=${contractID}&houseID=x'y`)).status).toBe(
      400,
    );
  });

  it('another landlord naming their own house gets a 404 for the tenancy, and nothing of it', async () => {
    for (const [path] of hinted()) {
      const own = path.includes('?') ? `${path}&houseID=${goVap}` : `${path}?houseID=${goVap}`;
      const reply = await get('chunha2', own);
      expect(reply.status, `${own} ${JSON.stringify(reply.body)}`).toBe(404);
      expect((reply.body as { errorMessage?: string }).errorMessage).toMatch(VIETNAMESE);
      expect(JSON.stringify(reply.body)).not.toContain('1300000');
    }
  });
});
