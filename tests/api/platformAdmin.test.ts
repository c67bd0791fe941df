/**
 * The platform around the houses, through the real handlers and the local payment sandbox: a landlord
 * buys rooms and extends the account, the super admin approves, the read-only rule after the term,
 * the expiry reminders timer, landlord accounts, the payment report and the system log.
 */
import {
  ACCOUNT_EXPIRY_MESSAGES,
  PLATFORM_REQUEST_MESSAGES,
  ROLE,
  type AccountPlan,
  type HMAccount,
  type IncomeMonth,
  type PaymentUrlReply,
  type PlatformRequest,
  type SystemLog,
  type SystemPayment,
} from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseDoc, OutboxMessageDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { vietnamDate } from '../../api/src/domain/shared/time.js';
import { findUserByUsername, createUser } from '../../api/src/useCases/shared/users.js';
import { apiClient, startTestProduct, type TestProduct } from '../support/product.js';
import { expectError, expectFieldError, MSG, type ApiSession, type ODataCollection } from './helpers.js';

const EXPIRED_LANDLORD = { username: 'chunhahethan', password: 'Chunhahethan@123456' };

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const s: Record<'admin' | 'chunha' | 'chunha2' | 'nhanvien' | 'nguoithue', ApiSession> = {} as never;
const token = (name: keyof typeof s) => s[name].token.accessToken;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  Object.assign(s, await api.loginDemoUsers(['admin', 'chunha', 'chunha2', 'nhanvien', 'nguoithue']));
});
afterAll(() => product?.stop());

function users() {
  return product.services.store.container<UserDoc>('users');
}

async function account(username: string): Promise<UserDoc> {
  return (await findUserByUsername(product.services, username)) as UserDoc;
}

/** Sets (or removes) the paid term of a demo landlord, as the product stores it. */
async function setTerm(username: string, lastDay: string | undefined): Promise<void> {
  const { accountExpiresOn: _old, ...rest } = await account(username);
  await users().replace(lastDay === undefined ? rest : { ...rest, accountExpiresOn: lastDay });
}

function daysFromToday(days: number): string {
  return vietnamDate(new Date(Date.now() + days * 86_400_000));
}

/** On the sandbox's card page, presses "Thanh toán": the sandbox notifies the API before it returns. */
async function payInSandbox(paymentURL: string): Promise<void> {
  const page = await fetch(paymentURL);
  expect(page.status).toBe(200);
  const formToken = /name="token" value="([0-9a-f]+)"/.exec(await page.text())?.[1] ?? '';
  const reply = await fetch(`${new URL(paymentURL).origin}/paymentv2/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: formToken, outcome: 'success' }).toString(),
    redirect: 'manual',
  });
  expect(reply.status).toBe(302);
}

async function ask(
  who: string,
  path: 'RequestForBuyingMoreRoom' | 'RequestForExtendHMAccountExpiration',
  body: unknown,
) {
  return api.request<PaymentUrlReply>('POST', `/api/Payment/${path}`, { token: who, body });
}

async function paidRequests(filter = ''): Promise<PlatformRequest[]> {
  const reply = await api.request<ODataCollection<PlatformRequest>>(
    'GET',
    `/odata/House/PaidRequests${filter ? `?$filter=${encodeURIComponent(filter)}` : ''}`,
    { token: token('admin') },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.value;
}

async function plan(who: string): Promise<AccountPlan> {
  const reply = await api.request<{ status: boolean; data: AccountPlan }>('GET', '/api/User/AccountPlan', {
    token: who,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}

describe('buying rooms', () => {
  it('asked, paid in the sandbox, approved by the super admin: the quota rises and the landlord is told', async () => {
    const before = await plan(token('chunha'));
    const reply = await ask(token('chunha'), 'RequestForBuyingMoreRoom', { rooms: 5 });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true, errorMessage: '', paymentURL: expect.any(String) });
    const paymentURL = reply.body.paymentURL ?? '';
    expect(paymentURL.startsWith(`${product.paymentSandbox?.url}/paymentv2/vpcpay.html?`)).toBe(true);

    const unresolved = await api.request<ODataCollection<PlatformRequest>>(
      'GET',
      '/odata/House/UnresolvedRequests',
      {
        token: token('admin'),
      },
    );
    expect(unresolved.body['@odata.context']).toMatch(/\$metadata#PlatformRequest$/);
    const asked = unresolved.body.value.find((row) => row.requestedBy === s.chunha.userID && row.rooms === 5);
    expect(asked).toMatchObject({
      status: 'awaitingPayment',
      fullName: 'Nguyễn Văn Hùng',
      amount: 5 * 10_000 * 12,
    });
    const requestID = asked?.requestID ?? '';

    await payInSandbox(paymentURL);
    const waiting = await paidRequests("status eq 'paid'");
    expect(waiting.map((row) => row.requestID)).toContain(requestID);
    expect((await plan(token('chunha'))).roomQuota).toBe(before.roomQuota);

    const approved = await api.request<PlatformRequest>(
      'GET',
      `/odata/House/RequestPaid?requestID=${requestID}`,
      {
        token: token('admin'),
      },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      requestID,
      status: 'approved',
      roomQuotaAfter: (before.roomQuota ?? 0) + 5,
    });
    expect((await plan(token('chunha'))).roomQuota).toBe((before.roomQuota ?? 0) + 5);
    // Approving again: the same answer, nothing added.
    const again = await api.request('GET', `/odata/House/RequestPaid?requestID=${requestID}`, {
      token: token('admin'),
    });
    expect(again.status).toBe(200);
    expect((await plan(token('chunha'))).roomQuota).toBe((before.roomQuota ?? 0) + 5);

    const told = await product.services.store.container<OutboxMessageDoc>('platform').query({
      partitionKey: 'platformRequests',
      filter: { op: 'eq', field: 'subjectID', value: requestID },
    });
    expect(told.items.map((message) => message.event).sort()).toEqual([
      'paymentReceived',
      'platformRequestApproved',
    ]);
  });

  it('bad input is a 400 naming the field; refusals are Vietnamese 4xx', async () => {
    expectFieldError(
      await ask(token('chunha'), 'RequestForBuyingMoreRoom', { rooms: 0 }),
      'rooms',
      'Số phòng mua thêm phải từ 1 đến 1000.',
    );
    expectFieldError(
      await ask(token('chunha'), 'RequestForBuyingMoreRoom', { rooms: 'năm' }),
      'rooms',
      'Số phòng mua thêm phải là số.',
    );
    expectFieldError(
      await ask(token('chunha'), 'RequestForExtendHMAccountExpiration', { years: 9 }),
      'years',
      'Số năm gia hạn phải từ 1 đến 5.',
    );
    expectFieldError(
      await ask(token('chunha'), 'RequestForBuyingMoreRoom', { rooms: 1, price: 0 }),
      'price',
      MSG.unknownField('price'),
    );
    // A demo account without a limit has nothing to extend.
    expectError(
      await ask(token('chunha'), 'RequestForExtendHMAccountExpiration', { years: 1 }),
      403,
      PLATFORM_REQUEST_MESSAGES.noExpiry,
    );
    for (const who of ['nhanvien', 'nguoithue', 'admin'] as const) {
      expectError(await ask(token(who), 'RequestForBuyingMoreRoom', { rooms: 1 }), 403, MSG.forbidden);
    }
    expectFieldError(
      await api.request('GET', '/odata/House/RequestPaid?requestID=%20', { token: token('admin') }),
      'requestID',
      PLATFORM_REQUEST_MESSAGES.requestIDInvalid,
    );
    expectError(
      await api.request('GET', '/odata/House/RequestPaid?requestID=khong-co-yeu-cau', {
        token: token('admin'),
      }),
      404,
      PLATFORM_REQUEST_MESSAGES.notFound,
    );
    const unpaid = await ask(token('chunha2'), 'RequestForBuyingMoreRoom', { rooms: 1 });
    expect(unpaid.status).toBe(200);
    const [waiting] = (
      await api.request<ODataCollection<PlatformRequest>>(
        'GET',
        `/odata/House/UnresolvedRequests?$filter=${encodeURIComponent(`requestedBy eq '${s.chunha2.userID}'`)}&$top=1`,
        { token: token('admin') },
      )
    ).body.value;
    expectError(
      await api.request('GET', `/odata/House/RequestPaid?requestID=${waiting?.requestID}`, {
        token: token('admin'),
      }),
      409,
      PLATFORM_REQUEST_MESSAGES.notPaid,
    );
  });
});

describe('after the paid term: read, never write, until extended', () => {
  it('the expired demo landlord reads, is refused writes with the reason, and may extend', async () => {
    const thu = await api.login(EXPIRED_LANDLORD.username, EXPIRED_LANDLORD.password);
    const houses = await api.request<ODataCollection<{ houseID: string }>>('GET', '/odata/House', {
      token: thu.token.accessToken,
    });
    expect(houses.status).toBe(200);
    const houseID = houses.body.value[0]?.houseID ?? '';
    const lastDay = (await account(EXPIRED_LANDLORD.username)).accountExpiresOn ?? '';
    const created = await api.request('POST', '/odata/Room', {
      token: thu.token.accessToken,
      body: {
        houseID,
        roomName: 'SM99',
        acreage: 12,
        price: 1_500_000,
        currentElectricityIndex: 0,
        currentWaterIndex: 0,
      },
    });
    expectError(created, 403, ACCOUNT_EXPIRY_MESSAGES.landlordReadOnly(lastDay));
    expectError(
      await api.request('PATCH', `/odata/House/${houseID}`, {
        token: thu.token.accessToken,
        body: { houseName: 'Đổi' },
      }),
      403,
      ACCOUNT_EXPIRY_MESSAGES.landlordReadOnly(lastDay),
    );
    expectError(
      await ask(thu.token.accessToken, 'RequestForBuyingMoreRoom', { rooms: 1 }),
      403,
      ACCOUNT_EXPIRY_MESSAGES.landlordReadOnly(lastDay),
    );
    expect(await plan(thu.token.accessToken)).toMatchObject({ expired: true, accountExpiresOn: lastDay });
    const extension = await ask(thu.token.accessToken, 'RequestForExtendHMAccountExpiration', { years: 1 });
    expect(extension.body).toMatchObject({ status: true, errorMessage: '' });
    const logout = await api.request('POST', '/api/User/Logout', {
      token: thu.token.accessToken,
      body: { refreshToken: thu.token.refreshToken },
    });
    expect(logout.status).toBe(200);
  });

  it("chunha's term ends: chunha and the staff are refused, the tenant is not; an approved extension lifts it at once", async () => {
    await setTerm('chunha', daysFromToday(-1));
    const hoaSen = s.nguoithue.houseID as string;
    const room = {
      houseID: hoaSen,
      roomName: 'HH01',
      acreage: 12,
      price: 1_000_000,
      currentElectricityIndex: 0,
      currentWaterIndex: 0,
    };
    const lastDay = daysFromToday(-1);
    expectError(
      await api.request('POST', '/odata/Room', { token: token('chunha'), body: room }),
      403,
      ACCOUNT_EXPIRY_MESSAGES.landlordReadOnly(lastDay),
    );
    expectError(
      await api.request('POST', '/odata/Room', { token: token('nhanvien'), body: room }),
      403,
      ACCOUNT_EXPIRY_MESSAGES.staffReadOnly(lastDay),
    );
    expect(
      (await api.request('GET', `/odata/Room?houseID=${hoaSen}`, { token: token('nhanvien') })).status,
    ).toBe(200);
    const issue = await api.request('POST', '/odata/Issue', {
      token: token('nguoithue'),
      body: {
        contractID: s.nguoithue.contractID,
        title: 'Bóng đèn hỏng',
        description: 'Bóng đèn nhà tắm không sáng',
      },
    });
    expect(issue.status, JSON.stringify(issue.body)).toBe(201);

    const extension = await ask(token('chunha'), 'RequestForExtendHMAccountExpiration', { years: 1 });
    await payInSandbox(extension.body.paymentURL ?? '');
    const [request] = await paidRequests(`status eq 'paid' and requestedBy eq '${s.chunha.userID}'`);
    const approved = await api.request<PlatformRequest>(
      'GET',
      `/odata/House/RequestPaid?requestID=${request?.requestID}`,
      {
        token: token('admin'),
      },
    );
    expect(approved.body).toMatchObject({
      status: 'approved',
      accountExpiresOnAfter: daysFromToday(0).replace(/^(\d{4})/, (year) => String(Number(year) + 1)),
    });
    const createdNow = await api.request('POST', '/odata/Room', { token: token('chunha'), body: room });
    expect(createdNow.status, JSON.stringify(createdNow.body)).toBe(201);
    await setTerm('chunha', undefined);
  });

  it('a disabled staff member writes nothing: the next request is refused', async () => {
    const house = (await product.services.store
      .container<HouseDoc>('houses')
      .read(s.nguoithue.houseID as string, s.nguoithue.houseID as string)) as HouseDoc;
    const staff = await createUser(product.services, {
      username: 'nhanvienkhoa',
      password: 'Nhanvien@2026x',
      roleID: ROLE.staff,
      fullName: 'Nhân viên bị khóa',
      extra: { assignedHouseIDs: [house.houseID] },
    });
    await product.services.store
      .container<HouseDoc>('houses')
      .replace({ ...house, staffIDs: [...house.staffIDs, staff.userID] });
    const session = await api.login('nhanvienkhoa', 'Nhanvien@2026x');
    await users().replace({ ...(await account('nhanvienkhoa')), disabled: true });
    const reply = await api.request('POST', '/odata/Room', {
      token: session.token.accessToken,
      body: {
        houseID: house.houseID,
        roomName: 'KH01',
        acreage: 12,
        price: 1,
        currentElectricityIndex: 0,
        currentWaterIndex: 0,
      },
    });
    expectError(reply, 401, MSG.unauthenticated);
  });
});

describe('the expiry reminders timer', () => {
  it('fired locally, it writes the reminder due once', async () => {
    await setTerm('chunha2', daysFromToday(7));
    const fire = () => api.request<{ status: boolean }>('POST', '/_dev/timers/accountExpiryReminders');
    expect((await fire()).status).toBe(200);
    expect((await fire()).status).toBe(200);
    const reminders = await product.services.store.container<OutboxMessageDoc>('platform').query({
      partitionKey: 'accountExpiry',
      filter: { op: 'eq', field: 'subjectID', value: s.chunha2.userID },
    });
    expect(reminders.items.map((message) => [message.event, message.subject])).toEqual([
      ['accountExpiring', 'Tài khoản Nhà trọ hết hạn sau 7 ngày'],
    ]);
    await setTerm('chunha2', undefined);
  });
});

describe('landlord accounts', () => {
  it('lists every landlord with quota and rooms used; disabling ends their session at once, enabling lets them back', async () => {
    const list = await api.request<{ status: boolean; data: HMAccount[] }>(
      'GET',
      '/api/User/GetAllHMAccounts',
      {
        token: token('admin'),
      },
    );
    expect(list.status).toBe(200);
    const byName = new Map(list.body.data.map((row) => [row.username, row]));
    expect(byName.get('chunha2')).toMatchObject({
      roomQuota: 20,
      roomsUsed: 6,
      houses: 1,
      disabled: false,
      expired: false,
    });
    expect(byName.get('chunhahethan')).toMatchObject({ expired: true, roomsUsed: 4 });
    expect(byName.has('nhanvien')).toBe(false);

    const chunha2 = await api.login('chunha2', 'Chunha2@123456');
    const disabled = await api.request('POST', '/api/User/DisableHMAccount', {
      token: token('admin'),
      body: { userID: chunha2.userID },
    });
    expect(disabled.body).toEqual({ status: true, data: { userID: chunha2.userID, disabled: true } });
    expectError(
      await api.request('GET', '/odata/House', { token: chunha2.token.accessToken }),
      401,
      MSG.unauthenticated,
    );
    expectError(
      await api.request('POST', '/api/User/Login', {
        body: { username: 'chunha2', password: 'Chunha2@123456' },
      }),
      401,
      MSG.accountDisabled,
    );
    await api.request('POST', '/api/User/EnableHMAccount', {
      token: token('admin'),
      body: { userID: chunha2.userID },
    });
    // Every session of chunha2 ended; a new login works.
    s.chunha2 = await api.login('chunha2', 'Chunha2@123456');
    expectFieldError(
      await api.request('POST', '/api/User/DisableHMAccount', {
        token: token('admin'),
        body: { userID: '' },
      }),
      'userID',
      'Mã tài khoản (userID) không hợp lệ.',
    );
    expectError(
      await api.request('POST', '/api/User/DisableHMAccount', {
        token: token('admin'),
        body: { userID: s.nhanvien.userID },
      }),
      404,
      'Không tìm thấy tài khoản chủ trọ.',
    );
  });
});

describe('income and the system log', () => {
  it('the payment report lists confirmed platform payments, paged; income by month sums them', async () => {
    const page = await api.request<ODataCollection<SystemPayment>>(
      'GET',
      '/odata/SystemPaymentReport?$top=2&$count=true',
      {
        token: token('admin'),
      },
    );
    expect(page.status).toBe(200);
    expect(page.body.value).toHaveLength(2);
    expect(page.body['@odata.nextLink']).toContain('%24skip=2');
    const all = await api.request<ODataCollection<SystemPayment>>('GET', '/odata/SystemPaymentReport', {
      token: token('admin'),
    });
    expect(all.body.value.length).toBe(page.body['@odata.count']);
    // The demo's registrations and chunha's demo purchase, and the payments of the tests above.
    expect(all.body.value.map((row) => row.target)).toEqual(
      expect.arrayContaining(['registration', 'roomPurchase', 'accountExtension']),
    );
    const month = vietnamDate(new Date()).slice(0, 7);
    const history = await api.request<ODataCollection<IncomeMonth>>(
      'GET',
      `/odata/SystemPaymentReport/IncomeHistory?from=${month}&to=${month}`,
      {
        token: token('admin'),
      },
    );
    const thisMonth = all.body.value.filter((row) =>
      vietnamDate(new Date(row.confirmedOn)).startsWith(month),
    );
    expect(history.body.value).toEqual([
      expect.objectContaining({
        month,
        total: thisMonth.reduce((sum, row) => sum + row.amount, 0),
        count: thisMonth.length,
      }),
    ]);
    expect(
      (
        await api.request<ODataCollection<IncomeMonth>>('GET', '/odata/SystemPaymentReport/IncomeHistory', {
          token: token('admin'),
        })
      ).body.value,
    ).toHaveLength(12);
    expectFieldError(
      await api.request('GET', '/odata/SystemPaymentReport/IncomeHistory?from=2026-13', {
        token: token('admin'),
      }),
      'from',
      'from phải là tháng dạng yyyy-mm (ví dụ 2026-11).',
    );
  });

  it('the latest 50 entries by default, a period, one user; bad parameters are 400s naming them', async () => {
    const latest = await api.request<ODataCollection<SystemLog>>(
      'GET',
      '/odata/SystemLog/GetLatestLogs?latest=50',
      {
        token: token('admin'),
      },
    );
    expect(latest.status).toBe(200);
    expect(latest.body.value.length).toBeGreaterThan(3);
    expect(latest.body.value.length).toBeLessThanOrEqual(50);
    const times = latest.body.value.map((row) => row.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(
      latest.body.value.some((row) => row.action === 'approve' && row.entity === 'platformRequest'),
    ).toBe(true);
    const five = await api.request<ODataCollection<SystemLog>>(
      'GET',
      '/odata/SystemLog/GetLatestLogs?latest=5',
      { token: token('admin') },
    );
    expect(five.body.value).toHaveLength(5);

    const today = vietnamDate(new Date());
    const period = await api.request<ODataCollection<SystemLog>>(
      'GET',
      `/odata/SystemLog/GetLogsFromTo?from=${today}&to=${today}`,
      {
        token: token('admin'),
      },
    );
    expect(period.body.value.length).toBeGreaterThan(0);
    const own = await api.request<ODataCollection<SystemLog>>(
      'GET',
      `/odata/SystemLog/GetUserLogs?userID=${s.chunha.userID}`,
      {
        token: token('admin'),
      },
    );
    expect(own.body.value.length).toBeGreaterThan(0);
    expect(own.body.value.every((row) => row.userID === s.chunha.userID)).toBe(true);

    expectFieldError(
      await api.request('GET', '/odata/SystemLog/GetLatestLogs?latest=0', { token: token('admin') }),
      'latest',
      'Số dòng (latest) phải từ 1 đến 500.',
    );
    expectFieldError(
      await api.request('GET', `/odata/SystemLog/GetLogsFromTo?to=${today}`, { token: token('admin') }),
      'from',
      'Vui lòng chọn ngày bắt đầu (from).',
    );
    expectFieldError(
      await api.request('GET', '/odata/SystemLog/GetLogsFromTo?from=2026-11-20&to=2026-11-01', {
        token: token('admin'),
      }),
      'from',
      'Ngày bắt đầu (from) phải trước hoặc bằng ngày kết thúc (to).',
    );
    expectFieldError(
      await api.request('GET', '/odata/SystemLog/GetUserLogs?userID=%3Cx%3E', { token: token('admin') }),
      'userID',
      'Mã người dùng (userID) không hợp lệ.',
    );
  });
});

describe('the fee table', () => {
  it('read and replaced by the super admin; a new price applies to the next request', async () => {
    const read = await api.request<{ data: { isDefault: boolean } }>('GET', '/api/MetaData/PlatformPricing', {
      token: token('admin'),
    });
    expect(read.body.data).toMatchObject({ isDefault: true, pricing: { pricePerRoomMonth: 10_000 } });
    expectFieldError(
      await api.request('POST', '/api/MetaData/SetPlatformPricing', {
        token: token('admin'),
        body: { pricePerRoomMonth: -1, minimumYearFee: 0, monthsPerTerm: 12 },
      }),
      'pricePerRoomMonth',
      'Giá mỗi phòng không được âm.',
    );
    const set = await api.request('POST', '/api/MetaData/SetPlatformPricing', {
      token: token('admin'),
      body: { pricePerRoomMonth: 12_000, minimumYearFee: 300_000, monthsPerTerm: 12 },
    });
    expect(set.status).toBe(200);
    const asked = await ask(token('chunha2'), 'RequestForBuyingMoreRoom', { rooms: 2 });
    expect(Number(new URL(asked.body.paymentURL ?? '').searchParams.get('vnp_Amount')) / 100).toBe(
      2 * 12_000 * 12,
    );
    await api.request('POST', '/api/MetaData/SetPlatformPricing', {
      token: token('admin'),
      body: { pricePerRoomMonth: 10_000, minimumYearFee: 300_000, monthsPerTerm: 12 },
    });
  });
});

describe('every super-admin route is refused to every other role', () => {
  const ADMIN_ROUTES: Array<[string, string, unknown?]> = [
    ['GET', '/odata/House/UnresolvedRequests'],
    ['GET', '/odata/House/PaidRequests'],
    ['GET', '/odata/House/RequestPaid?requestID=demo-request-2'],
    ['GET', '/api/User/GetAllHMAccounts'],
    ['POST', '/api/User/DisableHMAccount', { userID: 'demo-request-2' }],
    ['POST', '/api/User/EnableHMAccount', { userID: 'demo-request-2' }],
    ['GET', '/odata/SystemPaymentReport'],
    ['GET', '/odata/SystemPaymentReport/IncomeHistory'],
    ['GET', '/odata/SystemLog/GetLatestLogs?latest=50'],
    ['GET', '/odata/SystemLog/GetLogsFromTo?from=2026-01-01&to=2026-01-02'],
    ['GET', `/odata/SystemLog/GetUserLogs?userID=demo-request-2`],
    ['GET', '/api/MetaData/PlatformPricing'],
    [
      'POST',
      '/api/MetaData/SetPlatformPricing',
      { pricePerRoomMonth: 1, minimumYearFee: 1, monthsPerTerm: 1 },
    ],
  ];
  it('403 for landlords, staff and tenants, and nothing is approved', async () => {
    for (const who of ['chunha', 'chunha2', 'nhanvien', 'nguoithue'] as const) {
      for (const [method, path, body] of ADMIN_ROUTES) {
        const reply = await api.request(method, path, { token: token(who), ...(body ? { body } : {}) });
        expect([who, method, path, reply.status]).toEqual([who, method, path, 403]);
      }
    }
    const [waiting] = await paidRequests("requestID eq 'demo-request-2'");
    expect(waiting?.status).toBe('paid');
  });
});
