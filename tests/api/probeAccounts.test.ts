/**
 * The permanent probe's account and platform-money cases (issue 21), through the real handlers:
 * another landlord creating a contract (or importing tenants) with the phone of someone who was a
 * tenant elsewhere learns nothing and moves nothing, and a registration changed after its payment opened
 * is not credited by that payment.
 */
import {
  REGISTRATION_MESSAGES,
  REGISTRATION_TOKEN_HEADER,
  STAFF_MESSAGES,
  type LesseeImportAccount,
  type Registration,
} from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../support/png.js';
import { apiClient, startTestProduct, type TestProduct } from '../support/product.js';
import { latestCode } from '../support/registrationBuilders.js';
import { tenantConfirmsOverHttp } from '../support/tenancyLinks.js';
import { lesseeImportFile, type LesseeRow } from '../support/xlsx.js';
import { expectError, expectFieldError } from './helpers.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<'admin' | 'chunha' | 'chunha2', string> = {} as never;
let binhAn = '';
let otherHouse = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['admin', 'chunha', 'chunha2']);
  for (const [name, session] of Object.entries(sessions))
    token[name as keyof typeof token] = session.token.accessToken;
  binhAn = sessions.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID as string;
  otherHouse = sessions.chunha2?.houses[0]?.houseID as string;
  expect(binhAn && otherHouse).toBeTruthy();
});
afterAll(async () => product?.stop());

async function call<T>(user: keyof typeof token, method: string, path: string, body?: unknown) {
  const reply = await api.request<T>(method, path, {
    token: token[user],
    ...(body === undefined ? {} : { body }),
  });
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
}

async function anEmptyRoom(user: keyof typeof token, houseID: string, roomName: string): Promise<string> {
  const room = await call<{ roomID: string }>(user, 'POST', '/odata/Room', {
    houseID,
    roomName,
    acreage: 18,
    floor: 1,
    price: 2_500_000,
    currentElectricityIndex: 0,
    currentWaterIndex: 0,
  });
  return room.roomID;
}

type ContractReply = Record<string, unknown> & {
  contractID: string;
  representativeAccount: Record<string, unknown>;
};

function contractBody(roomID: string, phoneNumber: string, occupantName: string) {
  return {
    roomID,
    startDate: '2030-01-01',
    endDate: '2030-12-31',
    deposit: 2_500_000,
    representative: { occupantName, gender: 'nữ', phoneNumber },
  };
}

/** Days from now to `iso`, rounded to the hour (the real clock runs while the test does). */
function aboutDays(iso: string): number {
  return Math.round((Date.parse(iso) - Date.now()) / 3_600_000) / 24;
}

/** What a reply tells beyond its own ids: the fields a landlord could compare between two numbers. */
function told(reply: ContractReply) {
  const {
    contractID: _contract,
    roomID: _room,
    representativeLesseeID: _lessee,
    ['@odata.etag']: _etag,
    createdOn: _created,
    // The room's own meters, read at move-in: another room, other meters.
    moveInMeterIDs: _meters,
    representativeAccount,
    ...rest
  } = reply;
  // The real clock runs between two requests: the expiry is told as "in about three days".
  const { username: _username, expiresOn, ...account } = representativeAccount;
  return { ...rest, account: { ...account, expiresIn: aboutDays(String(expiresOn)) } };
}

describe('another landlord creating a contract with a foreign tenant’s phone', () => {
  // Same last three digits, so that even the masked numbers look alike.
  const TENANT_PHONE = '0939100567';
  const UNKNOWN_PHONE = '0939200567';
  const TENANT_PASSWORD = 'ChiLan@2030';

  it('moves nothing, resets nothing, reveals nothing: the same reply as for an unknown number', async () => {
    // chunha's tenant, with her own password; her contract then ends.
    const first = await call<ContractReply>(
      'chunha',
      'POST',
      '/odata/Contract',
      contractBody(await anEmptyRoom('chunha', binhAn, 'Dò TK 1'), TENANT_PHONE, 'Trần Thị Lan Thật'),
    );
    await tenantConfirmsOverHttp(api, first.contractID, TENANT_PASSWORD);
    await call('chunha', 'POST', '/odata/Contract/TerminateContract', {
      contractID: first.contractID,
      terminationDate: '2030-02-01',
      reason: 'Chuyển đi',
    });
    const before = await api.login(TENANT_PHONE, TENANT_PASSWORD);

    // chunha2 signs a room to her number, and another room to a number nobody has.
    const known = await call<ContractReply>(
      'chunha2',
      'POST',
      '/odata/Contract',
      contractBody(await anEmptyRoom('chunha2', otherHouse, 'Dò TK 2'), TENANT_PHONE, 'Người Thuê Mới'),
    );
    const unknown = await call<ContractReply>(
      'chunha2',
      'POST',
      '/odata/Contract',
      contractBody(await anEmptyRoom('chunha2', otherHouse, 'Dò TK 3'), UNKNOWN_PHONE, 'Người Thuê Mới'),
    );
    expect(told(known)).toEqual(told(unknown));
    expect(known.representativeAccount).toMatchObject({ linkPending: true, sentTo: '•••••••567' });
    const read = await call<Record<string, unknown>>(
      'chunha2',
      'GET',
      `/odata/Contract/${known.contractID}?$expand=lesseeInfors,renterRepresentative`,
    );
    expect(JSON.stringify([known, read])).not.toMatch(/Lan Thật|oneTimePassword|lesseeAccountID/);

    // Her account is where it was, with her password; the old sessions still work.
    const after = await api.login(TENANT_PHONE, TENANT_PASSWORD);
    expect(after).toMatchObject({ userID: before.userID, contractID: first.contractID, houseID: binhAn });
    const stillIn = await api.request('GET', '/odata/Contract', { token: before.token.accessToken });
    expect(stillIn.status).toBe(200);
  });

  it('the tenant import answers alike for her number and an unknown one', async () => {
    await anEmptyRoom('chunha2', otherHouse, 'Dò TK 4');
    await anEmptyRoom('chunha2', otherHouse, 'Dò TK 5');
    const row = (room: string, phone: string): LesseeRow => ({
      room,
      name: 'Người Thuê Nhập',
      gender: 'Nữ',
      birth: '15/03/1998',
      phone,
      representative: 'x',
      start: '01/01/2030',
      end: '31/12/2030',
    });
    const form = new FormData();
    form.append('houseID', otherHouse);
    const file = await lesseeImportFile([row('Dò TK 4', TENANT_PHONE), row('Dò TK 5', '0939300567')]);
    form.append('file', new Blob([file]), 'nguoi-thue.xlsx');
    const reply = await api.request<{ data: { accounts: LesseeImportAccount[] } }>(
      'POST',
      '/ExcelImport/ImportLessee',
      { token: token.chunha2, rawBody: form },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [hers, nobodys] = reply.body.data.accounts.map(
      ({ roomName: _room, username: _user, expiresOn, ...rest }) => ({
        ...rest,
        expiresIn: aboutDays(expiresOn),
      }),
    );
    expect(hers).toEqual(nobodys);
    expect(JSON.stringify(reply.body)).not.toMatch(/Lan Thật|oneTimePassword/);
    expect(await api.login(TENANT_PHONE, TENANT_PASSWORD)).toMatchObject({ houseID: binhAn });
  });

  it('a staff username shaped like a phone number is refused, whether or not the number is someone’s', async () => {
    for (const username of [TENANT_PHONE, '0939999888']) {
      expectFieldError(
        await api.request('POST', '/api/Staff/AddStaff', {
          token: token.chunha2,
          body: { fullName: 'Nhân viên dò', phoneNumber: '0938000555', username, houseIDs: [otherHouse] },
        }),
        'username',
        STAFF_MESSAGES.usernameNeedsLetter,
      );
    }
  });
});

describe('a registration changed after its payment opened', () => {
  it('the old payment’s success credits nothing and the registration cannot be approved', async () => {
    const sas = await api.request<{ blobName: string; uploadURL: string }>(
      'GET',
      '/api/BlobAccess/GetHMRegistrationDataContainerSAS?extension=png',
    );
    await fetch(sas.body.uploadURL, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/png' },
      body: makePng(),
    });
    const created = await api.request<Registration & { registrationToken: string }>(
      'POST',
      '/odata/HMRegistration',
      {
        body: {
          fullName: 'Người Đăng Ký Dò',
          phoneNumber: '0862777001',
          email: 'dangkydo@example.vn',
          houseName: 'Nhà trọ Dò Phí',
          houseAddress: '1 Đường Dò',
          roomQuota: 1,
          papers: [sas.body.blobName],
        },
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.registrationID;
    const asRegistrant = { headers: { [REGISTRATION_TOKEN_HEADER]: created.body.registrationToken } };
    for (const [ask, check, channel] of [
      ['RequestEmailVerify', 'VerifyEmail', 'email'],
      ['RequestSMSVerify', 'VerifyPhoneNumber', 'sms'],
    ] as const) {
      expect(
        (await api.request('POST', `/api/Verify/${ask}`, { body: { key: id }, ...asRegistrant })).status,
      ).toBe(200);
      const code = await latestCode(product.services, id, channel);
      expect((await api.request('GET', `/api/Verify/${check}?Key=${id}&VerifyToken=${code}`)).status).toBe(
        200,
      );
    }
    const payment = await api.request<{ paymentURL: string }>(
      'GET',
      `/api/Payment/RequestPaymentURLForHMRegistration?registrationID=${id}`,
      asRegistrant,
    );
    const oldAmount = Number(new URL(payment.body.paymentURL).searchParams.get('vnp_Amount')) / 100;

    // While the gateway's page is open, the registrant asks for 1,000 rooms.
    const changed = await api.request<Registration>('PATCH', `/odata/HMRegistration/${id}`, {
      body: { roomQuota: 1000 },
      ...asRegistrant,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.fee).toBeGreaterThan(oldAmount);

    // The old page is paid in the sandbox, whose signed notification reaches the API.
    const html = await (await fetch(payment.body.paymentURL)).text();
    const formToken = /name="token" value="([0-9a-f]+)"/.exec(html)?.[1] ?? '';
    const paid = await fetch(`${new URL(payment.body.paymentURL).origin}/paymentv2/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: formToken, outcome: 'success' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    await fetch(paid.headers.get('location') ?? '', { redirect: 'manual' });

    const after = await api.request<Registration>('GET', `/odata/HMRegistration/${id}`, asRegistrant);
    expect(after.body).toMatchObject({
      roomQuota: 1000,
      status: 'pending',
      payments: [expect.objectContaining({ amount: oldAmount, credited: false })],
    });
    expectError(
      await api.request('PATCH', `/odata/HMRegistration/${id}`, {
        token: token.admin,
        body: { status: 'approved' },
      }),
      409,
      REGISTRATION_MESSAGES.onlyPaidApproved,
    );
    const login = await api.request('POST', '/api/User/Login', {
      body: { username: '0862777001', password: 'KhongBiet@123' },
    });
    expect(login.status).toBe(401);
  });
});
