import type { BillLine, OneTimeCharge } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractDoc, MonthlyBillDoc, RoomDoc } from '../../api/src/domain/shared/model.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { aMonthlyBill, DEFAULT_BILL_LINES } from '../support/billBuilders.js';
import { aDevice } from '../support/builders.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type TestProduct,
} from '../support/product.js';
import { expectError, expectFieldError, MSG, type ODataCollection } from './helpers.js';

/**
 * Spec §7's calls written exactly as the spec (and a client made from it) writes them: the nested
 * expands of a room and a contract, `lessees` for a contract's occupants, and a one-time charge's
 * `chargeID` and `total`.
 */

type Entity = Record<string, unknown>;
type ChargeReply = OneTimeCharge & { '@odata.etag': string };

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
let october: MonthlyBillDoc;
let november: MonthlyBillDoc;
/** An ended contract of the same room, from before the tenant's. */
let before = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  const room = (await houseDocs<RoomDoc>(product.services).read(tenancy.houseID, tenancy.roomID)) as RoomDoc;
  await aDevice(product.services, room, { deviceName: 'Máy lạnh' });
  october = await aMonthlyBill(product.services, tenancy, { month: '2025-10' });
  november = await aMonthlyBill(product.services, tenancy, { month: '2025-11' });
  before = await aContractBefore();
});
afterAll(() => product?.stop());

function get<T = Entity>(path: string, user = 'chunha') {
  return api.request<T>('GET', path, { token: token[user] as string });
}

function send<T = Entity>(method: string, path: string, body: unknown, user = 'chunha') {
  return api.request<T>(method, path, { token: token[user] as string, body });
}

const list = (reply: { body: ODataCollection<Entity> }) => reply.body.value;
const ids = (value: unknown, field: string) => (value as Entity[]).map((item) => item[field]);

describe('the room call of spec §7', () => {
  it('Room?roomID=…&$expand=contracts,monthlyBills($expand=billDetails),lesseeInfors,vehicles', async () => {
    const reply = await get<ODataCollection<Entity>>(
      `/odata/Room?roomID=${tenancy.roomID}&$expand=contracts,monthlyBills($expand=billDetails),lesseeInfors,vehicles`,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [room] = list(reply);
    // Newest first: the tenant's, then the ended one.
    expect(ids(room?.contracts, 'contractID')).toEqual([tenancy.contractID, before]);
    expect(ids(room?.monthlyBills, 'monthlyBillID')).toEqual([november.monthlyBillID, october.monthlyBillID]);
    for (const bill of room?.monthlyBills as Entity[]) expect(bill.billDetails).toEqual(DEFAULT_BILL_LINES);
    expect(ids(room?.lesseeInfors, 'occupantName')).toEqual(['Lê Minh Tuấn']);
    expect(ids(room?.vehicles, 'contractID')).toEqual([tenancy.contractID]);
  });

  it('the options inside billDetails’ parentheses: $filter, $select, $orderby, $count', async () => {
    const reply = await get<ODataCollection<Entity>>(
      `/odata/Room?roomID=${tenancy.roomID}&$select=roomName&$expand=monthlyBills($select=month;$orderby=month;$top=1;$count=true;$expand=billDetails($filter=kind eq 'water';$select=description,amount))`,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const water = DEFAULT_BILL_LINES.find((line) => line.kind === 'water') as BillLine;
    expect(list(reply)).toEqual([
      {
        roomName: expect.any(String),
        'monthlyBills@odata.count': 2,
        monthlyBills: [
          { month: '2025-10', billDetails: [{ description: water.description, amount: water.amount }] },
        ],
      },
    ]);
  });
});

describe('the contract calls of spec §7', () => {
  const contracts = () =>
    `/odata/Contract?HouseID=${tenancy.houseID}&$filter=contractID eq '${tenancy.contractID}'`;

  it('…&$expand=room($select=roomName),renterRepresentative,lessees,lessorInfo: lessees are the occupants', async () => {
    const reply = await get<ODataCollection<Entity>>(
      `${contracts()}&$expand=room($select=roomName),renterRepresentative,lessees,lessorInfo`,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [contract] = list(reply);
    expect(contract?.room).toEqual({ roomName: expect.any(String) });
    expect(contract?.renterRepresentative).toMatchObject({ occupantName: 'Lê Minh Tuấn' });
    expect(contract?.lessorInfo).toMatchObject({ status: expect.any(Number) });
    const ours = list(await get<ODataCollection<Entity>>(`${contracts()}&$expand=lesseeInfors`))[0];
    expect(contract?.lessees).toEqual(ours?.lesseeInfors);
    expect(ids(contract?.lessees, 'occupantName')).toEqual(['Lê Minh Tuấn']);
    // One contract read by id names them the same way.
    const one = await get(`/odata/Contract/${tenancy.contractID}?$expand=lessees($select=occupantName)`);
    expect(one.body.lessees).toEqual([{ occupantName: 'Lê Minh Tuấn' }]);
  });

  it('…&$expand=room($expand=devices) gives the room’s devices', async () => {
    const reply = await get<ODataCollection<Entity>>(
      `${contracts()}&$expand=room($expand=devices($select=deviceName))`,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const room = list(reply)[0]?.room as Entity;
    expect(room.roomID).toBe(tenancy.roomID);
    expect(room.devices).toEqual([{ deviceName: 'Máy lạnh' }]);
  });

  it('…&$expand=monthlyBills($expand=billDetails), and GetContractBills with it', async () => {
    const reply = await get<ODataCollection<Entity>>(
      `${contracts()}&$expand=monthlyBills($expand=billDetails)`,
    );
    const bills = list(reply)[0]?.monthlyBills as Entity[];
    expect(ids(bills, 'monthlyBillID')).toEqual([november.monthlyBillID, october.monthlyBillID]);
    expect(
      bills.every((bill) => JSON.stringify(bill.billDetails) === JSON.stringify(DEFAULT_BILL_LINES)),
    ).toBe(true);
    const byContract = await get<ODataCollection<Entity>>(
      `/odata/MonthlyBill/GetContractBills/${tenancy.contractID}?$expand=billDetails($filter=kind eq 'rent')`,
    );
    expect(byContract.status, JSON.stringify(byContract.body)).toBe(200);
    expect(list(byContract).map((bill) => ids(bill.billDetails, 'kind'))).toEqual([['rent'], ['rent']]);
  });

  it('four levels deep: a house’s room’s contracts’ room’s devices', async () => {
    const reply = await get<ODataCollection<Entity>>(
      `/odata/House?$filter=houseID eq '${tenancy.houseID}'&$select=houseName&$expand=rooms($filter=roomID eq '${tenancy.roomID}';$select=roomName;$expand=contracts($filter=status eq 1;$select=contractID;$expand=room($select=roomID;$expand=devices($select=deviceName))))`,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [house] = list(reply);
    expect(house).toEqual({
      houseName: 'Nhà trọ Hoa Sen',
      rooms: [
        {
          roomName: expect.any(String),
          contracts: [
            {
              contractID: tenancy.contractID,
              room: { roomID: tenancy.roomID, devices: [{ deviceName: 'Máy lạnh' }] },
            },
          ],
        },
      ],
    });
  });

  it('a tenant, nested too, sees only their own contract of the room', async () => {
    const landlord = await get(
      `/odata/Contract/${tenancy.contractID}?$expand=room($expand=contracts($select=contractID))`,
    );
    expect(ids((landlord.body.room as Entity).contracts, 'contractID')).toEqual([tenancy.contractID, before]);
    const tenant = await get<ODataCollection<Entity>>(
      '/odata/Contract?$expand=room($expand=contracts($select=contractID),monthlyBills($select=monthlyBillID))',
      'nguoithue',
    );
    expect(tenant.status, JSON.stringify(tenant.body)).toBe(200);
    const room = list(tenant)[0]?.room as Entity;
    expect(room.contracts).toEqual([{ contractID: tenancy.contractID }]);
    expect(ids(room.monthlyBills, 'monthlyBillID')).toEqual([november.monthlyBillID, october.monthlyBillID]);
  });

  it('a nested navigation the type does not have is a 400 naming it', async () => {
    expectError(await get(`${contracts()}&$expand=room($expand=nope)`), 400, MSG.unknownField('nope'));
    expectError(
      await get(`${contracts()}&$expand=room($expand=devices($filter=nope eq 1))`),
      400,
      MSG.unknownField('nope'),
    );
  });
});

/** An ended contract of the tenant's room, from before theirs. */
async function aContractBefore(): Promise<string> {
  const current = (await houseDocs<ContractDoc>(product.services).read(
    tenancy.houseID,
    tenancy.contractID,
  )) as ContractDoc;
  const contractID = `${tenancy.contractID.slice(0, 8)}-before`;
  await houseDocs<ContractDoc>(product.services).create({
    ...current,
    id: contractID,
    contractID,
    status: 3,
    startDate: '2024-01-01',
    endDate: '2024-12-31',
    lesseeAccountID: 'someone-else',
  });
  return contractID;
}

describe('one-time charges under the spec’s names (chargeID, total)', () => {
  let charge: ChargeReply;

  it('POST with `total` creates the charge; the reply carries both names', async () => {
    const reply = await send<ChargeReply>('POST', '/odata/OneTimeCharge', {
      contractID: tenancy.contractID,
      description: 'Sửa vòi nước',
      total: 250_000,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ amount: 250_000, total: 250_000 });
    expect(reply.body.chargeID).toBe(reply.body.oneTimeChargeID);
    charge = reply.body;
    expectFieldError(
      await send('POST', '/odata/OneTimeCharge', {
        contractID: tenancy.contractID,
        description: 'Phí',
        amount: 1_000,
        total: 2_000,
      }),
      'total',
      'Chỉ gửi số tiền một lần: amount hoặc total.',
    );
  });

  it('GET ?chargeID= and ?oneTimeChargeID=, $filter, $orderby and $select on total and chargeID', async () => {
    for (const name of ['chargeID', 'oneTimeChargeID']) {
      const reply = await get<ODataCollection<ChargeReply>>(
        `/odata/OneTimeCharge?${name}=${charge.oneTimeChargeID}`,
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.value.map((row) => row.chargeID)).toEqual([charge.oneTimeChargeID]);
    }
    const scope = `/odata/OneTimeCharge?contractID=${tenancy.contractID}`;
    await send('POST', '/odata/OneTimeCharge', {
      contractID: tenancy.contractID,
      description: 'Phí nhỏ',
      amount: 5_000,
    });
    const filtered = await get<ODataCollection<Entity>>(
      `${scope}&$filter=total gt 100000&$select=chargeID,total`,
    );
    expect(filtered.status, JSON.stringify(filtered.body)).toBe(200);
    expect(filtered.body.value).toEqual([{ chargeID: charge.oneTimeChargeID, total: 250_000 }]);
    const ordered = await get<ODataCollection<Entity>>(`${scope}&$orderby=total&$select=total`);
    expect(ordered.body.value).toEqual([{ total: 5_000 }, { total: 250_000 }]);
    const one = await get<ODataCollection<Entity>>(
      `/odata/OneTimeCharge?chargeID=${charge.oneTimeChargeID}&$filter=total lt 1000`,
    );
    expect(one.body.value).toEqual([]);
  });

  it('PATCH /odata/OneTimeCharge names the charge by chargeID; two different ids are refused', async () => {
    const paid = await send<ChargeReply>('PATCH', '/odata/OneTimeCharge', {
      chargeID: charge.oneTimeChargeID,
      payment: { amount: 50_000 },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ chargeID: charge.oneTimeChargeID, paidAmount: 50_000, total: 250_000 });
    expectFieldError(
      await send('PATCH', '/odata/OneTimeCharge', {
        oneTimeChargeID: charge.oneTimeChargeID,
        chargeID: october.monthlyBillID.slice(0, 36),
        payment: { amount: 1 },
      }),
      'oneTimeChargeID',
      MSG.idMismatch('Mã khoản phí'),
    );
  });
});
