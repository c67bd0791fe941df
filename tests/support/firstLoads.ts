import { apiClient, DEMO_PASSWORDS } from './product.js';

/**
 * The requests the SPA makes on the first load of each main page, and the main writes, against the
 * demo data of a freshly started product: what the round-trip counts and the simulated-latency figures
 * of `npm run bench` (tests/bench/cosmos.ts) and tests/api/cosmosRoundTrips.test.ts measure.
 */

export interface FirstLoad {
  /** What the row is, in the table. */
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: string;
  token?: string;
  /** The body of each send (a write that changes something each time). */
  body?: () => unknown;
  /** Expected status. */
  status: number;
  /** Round trips on Cosmos (authentication included) this request may take: today's count, held by a test. */
  maxRoundTrips: number;
  /** The round trips issue 25 asks for (a read of a list or entity 2, the dashboard 3, a write its reads + 1). */
  goal: number;
}

/** Signs the demo landlord and tenant in and lists the requests (ids taken from the demo data). */
export async function firstLoads(baseUrl: string): Promise<FirstLoad[]> {
  const api = apiClient(baseUrl);
  const landlord = await api.login('chunha', DEMO_PASSWORDS.chunha ?? '');
  const tenant = await api.login('nguoithue', DEMO_PASSWORDS.nguoithue ?? '');
  // chunha2's Gò Vấp Xanh has last month's bills issued and this month's first floor read: the bills
  // and the meter round are measured where there is something to show (Hoa Sen has no bills yet).
  const collector = await api.login('chunha2', DEMO_PASSWORDS.chunha2 ?? '');
  const billedHouse = collector.houses.find((one) => one.houseName === 'Nhà trọ Gò Vấp Xanh');
  if (!billedHouse) throw new Error('the demo house with bills is missing');
  const token = landlord.token.accessToken;
  const billsPath = `/api/MonthlyBill/HouseMonth?houseID=${billedHouse.houseID}&status=all&top=50&skip=0`;
  // The month the page opens on (the newest with bills): the page asks for it by name from then on.
  const { month: billedMonth, value: billedRows } = (
    await api.request<{ month: string; value: Array<{ monthlyBillID: string; owed: number }> }>(
      'GET',
      billsPath,
      { token: collector.token.accessToken },
    )
  ).body;
  // A bill still owed: paid 1,000 ₫ in cash at each send.
  const owedBill = billedRows.find((row) => row.owed >= 100_000);
  if (!owedBill) throw new Error('the demo house has no bill owed');
  // The tenant's house, room and contract: the landlord's, with a contract, bills and readings.
  const { houseID, roomID, contractID } = tenant;
  if (!houseID || !roomID || !contractID) throw new Error('the demo tenant has no contract');
  if (!landlord.houses.some((house) => house.houseID === houseID))
    throw new Error('not the landlord’s house');
  const expand = 'room,renterRepresentative,lesseeInfors,vehicles,contractServices,lessorInfo';
  const month = new Date().toISOString().slice(0, 7);
  const house = (
    await api.request<{ houseName: string; _etag?: string }>('GET', `/odata/House/${houseID}`, { token })
  ).body;
  let renames = 0;
  // A reading of this month's round, read again a little higher at each send (an update: 200).
  const round = (
    await api.request<{ value: Array<{ roomID: string; kind: string; newIndex: number }> }>(
      'GET',
      `/odata/MeterRecord?houseId=${billedHouse.houseID}&month=${month}&$top=1`,
      { token: collector.token.accessToken },
    )
  ).body.value[0];
  if (!round) throw new Error('the demo house has no reading this month');
  let readings = 0;
  const read = (name: string, path: string, maxRoundTrips: number, goal = 2, who = token): FirstLoad => ({
    name,
    method: 'GET',
    path,
    token: who,
    status: 200,
    maxRoundTrips,
    goal,
  });
  return [
    read('Houses (landlord)', '/odata/House', 2),
    read('Dashboard report', `/odata/DashboardReport?houseID=${houseID}`, 3, 3),
    read('Rooms, first page', `/odata/Room?houseID=${houseID}&$top=50&$count=true`, 2),
    read('One room', `/odata/Room/${roomID}`, 2),
    read(
      'Contracts, first page, every expand',
      `/odata/Contract?HouseID=${houseID}&$top=50&$count=true&$expand=${expand}`,
      3,
    ),
    read('One contract, every expand', `/odata/Contract/${contractID}?$expand=${expand}`, 3),
    read('Bills of the month', billsPath, 2, 2, collector.token.accessToken),
    read('Bills of a month named', `${billsPath}&month=${billedMonth}`, 2, 2, collector.token.accessToken),
    read(
      'Meter round',
      `/odata/MeterRecord?houseId=${billedHouse.houseID}&month=${month}&$top=100`,
      2,
      2,
      collector.token.accessToken,
    ),
    read('Lessees', `/odata/Lessee?houseID=${houseID}&$top=50&$count=true`, 2),
    read('Tenant home (houses with rooms)', '/odata/House?$expand=rooms', 2, 2, tenant.token.accessToken),
    {
      name: 'Rename a house (PATCH)',
      method: 'PATCH',
      path: `/odata/House/${houseID}`,
      token,
      body: () => {
        renames += 1;
        return { houseName: `${house.houseName} ${renames}` };
      },
      status: 200,
      // Its reads: the account and the session (a write checks both, side by side), the house; then
      // the house and its audit entry in one batch. Issue 25's goal for a write: its reads plus one.
      maxRoundTrips: 4,
      goal: 4,
    },
    {
      name: 'Record a cash payment (PATCH)',
      method: 'PATCH',
      path: `/odata/MonthlyBill/${owedBill.monthlyBillID}`,
      token: collector.token.accessToken,
      body: () => ({ payment: { amount: 1000, note: 'Tiền mặt' } }),
      status: 200,
      // The account and the session side by side, the bill, the house's running totals; then the bill,
      // the totals and the audit entry in one batch.
      maxRoundTrips: 5,
      goal: 5,
    },
    {
      name: 'Save a meter reading (POST)',
      method: 'POST',
      path: `/odata/MeterRecord?houseID=${billedHouse.houseID}`,
      token: collector.token.accessToken,
      body: () => {
        readings += 1;
        return { roomID: round.roomID, kind: round.kind, newIndex: round.newIndex + readings };
      },
      status: 200,
      // The account and the session side by side, the house's rooms, meters, records and bill tickets
      // in one query; then the records and the audit entry in one batch.
      maxRoundTrips: 4,
      goal: 4,
    },
  ];
}

/** Sends one request; its status (the body is read, so the request is complete). */
export async function send(baseUrl: string, load: FirstLoad): Promise<number> {
  const headers: Record<string, string> = {};
  if (load.token) headers.authorization = `Bearer ${load.token}`;
  const body = load.body?.();
  if (body !== undefined) headers['content-type'] = 'application/json';
  const reply = await fetch(new URL(load.path, baseUrl), {
    method: load.method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  await reply.arrayBuffer();
  return reply.status;
}
