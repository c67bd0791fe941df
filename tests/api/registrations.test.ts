/**
 * A landlord signs up through the real handlers: the public registration with a paper uploaded to
 * Azurite, the registrant's token, both verifications with codes read from the outbox, the fee paid in
 * the local VNPay sandbox, and the super admin's list, approval, rejection and deletion; every refusal a
 * Vietnamese 4xx, every super-admin route closed to the other roles.
 */
import {
  REGISTRATION_MESSAGES,
  REGISTRATION_TOKEN_HEADER,
  VERIFICATION_MESSAGES,
  type Registration,
} from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, registrationMessages } from '../support/registrationBuilders.js';
import { makePng } from '../support/png.js';
import { apiClient, startTestProduct, type ApiReply, type TestProduct } from '../support/product.js';
import { expectError, expectFieldError, MSG, type ODataCollection } from './helpers.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<'admin' | 'chunha' | 'nhanvien' | 'nguoithue', string> = {} as never;
let sequence = 0;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['admin', 'chunha', 'nhanvien', 'nguoithue']);
  for (const [name, session] of Object.entries(sessions)) {
    token[name as keyof typeof token] = session.token.accessToken;
  }
});
afterAll(async () => product?.stop());

type RegistrationReply = Registration & { '@odata.etag': string; registrationToken?: string };

async function uploadPaper(): Promise<string> {
  const sas = await api.request<{ blobName: string; uploadURL: string }>(
    'GET',
    '/api/BlobAccess/GetHMRegistrationDataContainerSAS?extension=png',
  );
  expect(sas.status).toBe(200);
  const put = await fetch(sas.body.uploadURL, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/png' },
    body: makePng(),
  });
  expect(put.status).toBe(201);
  return sas.body.blobName;
}

async function form(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  sequence += 1;
  return {
    fullName: 'Phạm Minh Tâm',
    phoneNumber: `08612${String(sequence).padStart(5, '0')}`,
    email: `tam${sequence}@example.vn`,
    houseName: 'Nhà trọ Minh Tâm',
    houseAddress: '45 Lê Lợi, P. Bến Thành, Q. 1, TP. Hồ Chí Minh',
    roomQuota: 15,
    papers: [await uploadPaper()],
    ...overrides,
  };
}

async function register(
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; key: string; reply: RegistrationReply }> {
  const reply = await api.request<RegistrationReply>('POST', '/odata/HMRegistration', {
    body: await form(overrides),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { id: reply.body.registrationID, key: reply.body.registrationToken as string, reply: reply.body };
}

const asRegistrant = (key: string) => ({ headers: { [REGISTRATION_TOKEN_HEADER]: key } });

function requestCode(channel: 'email' | 'sms', id: string, key: string): Promise<ApiReply> {
  const route = channel === 'email' ? 'RequestEmailVerify' : 'RequestSMSVerify';
  return api.request('POST', `/api/Verify/${route}`, { body: { key: id }, ...asRegistrant(key) });
}

function checkCode(channel: 'email' | 'sms', id: string, code: string): Promise<ApiReply> {
  const route = channel === 'email' ? 'VerifyEmail' : 'VerifyPhoneNumber';
  return api.request('GET', `/api/Verify/${route}?Key=${encodeURIComponent(id)}&VerifyToken=${code}`);
}

async function verifyBoth(id: string, key: string): Promise<void> {
  for (const channel of ['email', 'sms'] as const) {
    expect((await requestCode(channel, id, key)).status).toBe(200);
    const checked = await checkCode(channel, id, await latestCode(product.services, id, channel));
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
  }
}

/** The sandbox's card page, its 'Thanh toán' button, and the way back through the API: the result page. */
async function payInSandbox(paymentURL: string): Promise<string> {
  const html = await (await fetch(paymentURL)).text();
  const formToken = /name="token" value="([0-9a-f]+)"/.exec(html)?.[1] ?? '';
  const paid = await fetch(`${new URL(paymentURL).origin}/paymentv2/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: formToken, outcome: 'success' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(302);
  const back = await fetch(paid.headers.get('location') ?? '', { redirect: 'manual' });
  return back.headers.get('location') ?? '';
}

async function paid(overrides: Record<string, unknown> = {}) {
  const registered = await register(overrides);
  await verifyBoth(registered.id, registered.key);
  const reply = await api.request<{ status: boolean; errorMessage: string; paymentURL: string }>(
    'GET',
    `/api/Payment/RequestPaymentURLForHMRegistration?registrationID=${registered.id}`,
    asRegistrant(registered.key),
  );
  expect(reply.body).toMatchObject({ status: true, errorMessage: '' });
  const landing = await payInSandbox(reply.body.paymentURL);
  expect(landing).toMatch(/\/paymentLessorSuccessful\/[A-Za-z0-9]{24}$/);
  return registered;
}

describe('POST /odata/HMRegistration (public)', () => {
  it('201 with the pending registration, its fee and the registration token (once); the token never shows again', async () => {
    const { id, key, reply } = await register({ roomQuota: 25 });
    expect(reply).toMatchObject({
      status: 'pending',
      roomQuota: 25,
      fee: 3_000_000,
      termMonths: 12,
      emailVerified: false,
      phoneVerified: false,
    });
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reply).not.toHaveProperty('tokenHash');
    const own = await api.request<RegistrationReply>('GET', `/odata/HMRegistration/${id}`, asRegistrant(key));
    expect(own.status).toBe(200);
    expect(own.headers.get('etag')).toBe(own.body['@odata.etag']);
    expect(own.body).not.toHaveProperty('registrationToken');
    expect(JSON.stringify(own.body)).not.toMatch(/tokenHash/);
  });

  it('400 naming each bad field, in Vietnamese; an unknown field is named too', async () => {
    const missing = await api.request('POST', '/odata/HMRegistration', { body: {} });
    expect(missing.status).toBe(400);
    const fields = (missing.body as Array<{ field: string }>).map((item) => item.field).sort();
    expect(fields).toEqual([
      'email',
      'fullName',
      'houseAddress',
      'houseName',
      'papers',
      'phoneNumber',
      'roomQuota',
    ]);
    expectFieldError(
      await api.request('POST', '/odata/HMRegistration', { body: await form({ phoneNumber: '12345' }) }),
      'phoneNumber',
      'Số điện thoại phải là số di động Việt Nam gồm 10 chữ số, bắt đầu bằng 0.',
    );
    expectFieldError(
      await api.request('POST', '/odata/HMRegistration', { body: await form({ roomQuota: 1001 }) }),
      'roomQuota',
      'Số phòng đăng ký phải từ 1 đến 1000.',
    );
    expectFieldError(
      await api.request('POST', '/odata/HMRegistration', { body: await form({ status: 'approved' }) }),
      'status',
      MSG.unknownField('status'),
    );
    expectFieldError(
      await api.request('POST', '/odata/HMRegistration', {
        body: await form({ papers: ['reg-abcdefgh/registration-1767225600000-abc123.png'] }),
      }),
      'papers',
      'Không tìm thấy tệp đã tải lên. Vui lòng tải lại tệp.',
    );
  });

  it('a phone number that is already someone’s username registers like any other (no account enumeration)', async () => {
    const reply = await api.request<RegistrationReply>('POST', '/odata/HMRegistration', {
      body: await form({ phoneNumber: '0903123456' }),
    });
    expect(reply.status).toBe(201);
    expect(reply.body.status).toBe('pending');
  });

  it('the prices the form shows are public', async () => {
    const reply = await api.request('GET', '/api/HMRegistration/Pricing');
    expect(reply).toMatchObject({
      status: 200,
      body: { status: true, data: { pricePerRoomMonth: 10_000, minimumYearFee: 300_000, monthsPerTerm: 12 } },
    });
  });
});

describe('/api/Verify (Key = the registration id)', () => {
  it('asking needs the registration token; the spec’s messages; once a minute (429, Retry-After)', async () => {
    const { id, key } = await register();
    expectError(await requestCode('email', id, 'wrong-token'), 404, REGISTRATION_MESSAGES.notFound);
    expectError(
      await api.request('POST', '/api/Verify/RequestEmailVerify', { body: { key: id } }),
      404,
      REGISTRATION_MESSAGES.notFound,
    );
    const email = await requestCode('email', id, key);
    expect(email.body).toMatchObject({
      status: true,
      message: VERIFICATION_MESSAGES.emailSent,
      data: { channel: 'email', sentTo: expect.stringMatching(/^ta•••@example\.vn$/) },
    });
    const sms = await requestCode('sms', id, key);
    expect(sms.body).toMatchObject({ status: true, message: VERIFICATION_MESSAGES.smsSent });
    const again = await requestCode('sms', id, key);
    expectError(again, 429, /^Vui lòng đợi \d+ giây rồi gửi lại mã\.$/);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expectFieldError(
      await api.request('POST', '/api/Verify/RequestSMSVerify', {
        body: { key: id, phone: '1' },
        ...asRegistrant(key),
      }),
      'phone',
      MSG.unknownField('phone'),
    );
    // The codes went through the outbox, one channel each.
    const messages = await registrationMessages(product.services, id);
    expect(messages.map((message) => message.channels)).toEqual([['email'], ['sms']]);
  });

  it('checking: wrong codes get the spec’s messages, the right ones verify; an unknown key is a wrong code', async () => {
    const { id, key } = await register();
    await requestCode('email', id, key);
    await requestCode('sms', id, key);
    const emailCode = await latestCode(product.services, id, 'email');
    const smsCode = await latestCode(product.services, id, 'sms');
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expectError(await checkCode('email', id, wrong(emailCode)), 400, VERIFICATION_MESSAGES.emailCodeInvalid);
    expectError(await checkCode('sms', id, wrong(smsCode)), 400, VERIFICATION_MESSAGES.phoneCodeInvalid);
    expectError(
      await checkCode('sms', 'no-such-registration', smsCode),
      400,
      VERIFICATION_MESSAGES.phoneCodeInvalid,
    );
    expectFieldError(await checkCode('sms', id, 'abc'), 'VerifyToken', 'Mã xác thực gồm 6 chữ số.');
    expectFieldError(
      await api.request('GET', `/api/Verify/VerifyEmail?VerifyToken=${emailCode}`),
      'Key',
      VERIFICATION_MESSAGES.keyInvalid,
    );

    expect((await checkCode('email', id, emailCode)).body).toEqual({
      status: true,
      message: VERIFICATION_MESSAGES.emailVerified,
      data: { emailVerified: true, phoneVerified: false },
    });
    expect((await checkCode('sms', id, smsCode)).body).toMatchObject({
      message: VERIFICATION_MESSAGES.phoneVerified,
      data: { emailVerified: true, phoneVerified: true },
    });
    // Single use.
    expectError(await checkCode('sms', id, smsCode), 409, VERIFICATION_MESSAGES.phoneAlreadyVerified);
  });
});

describe('the registrant (X-Registration-Token)', () => {
  it('reads and changes their own while pending; a wrong token is a 404; fields of the super admin are unknown', async () => {
    const { id, key } = await register();
    expectError(
      await api.request('GET', `/odata/HMRegistration/${id}`, asRegistrant('wrong')),
      404,
      REGISTRATION_MESSAGES.notFound,
    );
    const changed = await api.request<RegistrationReply>('PATCH', `/odata/HMRegistration/${id}`, {
      body: { houseName: 'Nhà trọ Minh Tâm 2', roomQuota: 40 },
      ...asRegistrant(key),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ houseName: 'Nhà trọ Minh Tâm 2', roomQuota: 40, fee: 4_800_000 });
    const viaBody = await api.request<RegistrationReply>('PATCH', '/odata/HMRegistration', {
      body: { registrationID: id, roomQuota: 41 },
      ...asRegistrant(key),
    });
    expect(viaBody.body.roomQuota).toBe(41);
    expectFieldError(
      await api.request('PATCH', `/odata/HMRegistration/${id}`, {
        body: { status: 'approved' },
        ...asRegistrant(key),
      }),
      'status',
      MSG.unknownField('status'),
    );
    expectFieldError(
      await api.request('PATCH', `/odata/HMRegistration/${id}`, {
        body: { registrationID: 'another-one-123', roomQuota: 2 },
        ...asRegistrant(key),
      }),
      'registrationID',
      MSG.idMismatch('Mã đăng ký'),
    );
  });

  it('pays only once both are verified; the sandbox’s notification makes it paid; then nothing changes it', async () => {
    const { id, key } = await register();
    const early = await api.request(
      'GET',
      `/api/Payment/RequestPaymentURLForHMRegistration?registrationID=${id}`,
      asRegistrant(key),
    );
    expect(early.body).toEqual({
      status: false,
      errorMessage: REGISTRATION_MESSAGES.verifyBeforePaying,
      paymentURL: null,
    });
    expectError(
      await api.request('GET', `/api/Payment/RequestPaymentURLForHMRegistration?registrationID=${id}`),
      404,
      REGISTRATION_MESSAGES.notFound,
    );
    const done = await paid();
    const after = await api.request<RegistrationReply>(
      'GET',
      `/odata/HMRegistration/${done.id}`,
      asRegistrant(done.key),
    );
    expect(after.body).toMatchObject({
      status: 'paid',
      payments: [expect.objectContaining({ amount: 1_800_000 })],
    });
    expectError(
      await api.request('PATCH', `/odata/HMRegistration/${done.id}`, {
        body: { roomQuota: 2 },
        ...asRegistrant(done.key),
      }),
      409,
      REGISTRATION_MESSAGES.notEditable,
    );
    expectError(
      await api.request('DELETE', `/odata/HMRegistration/${done.id}`, asRegistrant(done.key)),
      409,
      REGISTRATION_MESSAGES.withdrawBlocked,
    );
  });

  it('withdraws a pending registration', async () => {
    const { id, key } = await register();
    expect((await api.request('DELETE', `/odata/HMRegistration/${id}`, asRegistrant(key))).status).toBe(204);
    expectError(
      await api.request('GET', `/odata/HMRegistration/${id}`, asRegistrant(key)),
      404,
      REGISTRATION_MESSAGES.notFound,
    );
  });
});

describe('the super admin', () => {
  it('lists registrations by status (OData); other roles 403, nobody signed in 401', async () => {
    await paid();
    const list = await api.request<ODataCollection<RegistrationReply>>(
      'GET',
      "/odata/HMRegistration?$filter=status eq 'paid'&$count=true&$orderby=createdOn desc",
      { token: token.admin },
    );
    expect(list.status).toBe(200);
    expect(list.body['@odata.count']).toBeGreaterThanOrEqual(2);
    expect(list.body.value.every((item) => item.status === 'paid')).toBe(true);
    expect(JSON.stringify(list.body)).not.toMatch(/tokenHash|registrationToken/);
    for (const role of ['chunha', 'nhanvien', 'nguoithue'] as const) {
      expectError(
        await api.request('GET', '/odata/HMRegistration', { token: token[role] }),
        403,
        MSG.forbidden,
      );
    }
    expectError(await api.request('GET', '/odata/HMRegistration'), 401, MSG.unauthenticated);
    expectError(
      await api.request('GET', '/odata/HMRegistration?$filter=nope eq 1', { token: token.admin }),
      400,
      MSG.unknownField('nope'),
    );
  });

  it('reads one with its papers’ read URLs; other roles get 403 on every registration route', async () => {
    const { id, reply } = await register();
    const one = await api.request<RegistrationReply>('GET', `/odata/HMRegistration/${id}`, {
      token: token.admin,
    });
    expect(one.body.papers).toEqual(reply.papers);
    const link = await api.request<{ url: string }>(
      'GET',
      `/api/BlobAccess/GetReadURL?container=hm-registration&blobName=${encodeURIComponent(reply.papers[0] as string)}`,
      { token: token.admin },
    );
    expect(link.status).toBe(200);
    const file = await fetch(link.body.url);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(makePng()));
    for (const role of ['chunha', 'nhanvien', 'nguoithue'] as const) {
      const as = { token: token[role] };
      expectError(await api.request('GET', `/odata/HMRegistration/${id}`, as), 403, MSG.forbidden);
      expectError(
        await api.request('PATCH', `/odata/HMRegistration/${id}`, { ...as, body: { status: 'approved' } }),
        403,
        MSG.forbidden,
      );
      expectError(await api.request('DELETE', `/odata/HMRegistration/${id}`, as), 403, MSG.forbidden);
      expect(
        (
          await api.request(
            'GET',
            `/api/BlobAccess/GetReadURL?container=hm-registration&blobName=${encodeURIComponent(reply.papers[0] as string)}`,
            as,
          )
        ).status,
      ).toBe(404);
    }
    // A bearer token decides: a registrant's token beside another role's bearer opens nothing.
    expectError(
      await api.request('GET', `/odata/HMRegistration/${id}`, {
        token: token.chunha,
        headers: { [REGISTRATION_TOKEN_HEADER]: 'x' },
      }),
      403,
      MSG.forbidden,
    );
  });

  it('approves a paid registration: the new landlord logs in with the e-mailed password, replaces it and has the house', async () => {
    expectError(
      await api.request('PATCH', `/odata/HMRegistration/${(await register()).id}`, {
        token: token.admin,
        body: { status: 'approved' },
      }),
      409,
      REGISTRATION_MESSAGES.onlyPaidApproved,
    );
    const phone = '0862999001';
    const { id } = await paid({ phoneNumber: phone, houseName: 'Nhà trọ Duyệt API', roomQuota: 12 });
    expectFieldError(
      await api.request('PATCH', `/odata/HMRegistration/${id}`, {
        token: token.admin,
        body: { roomQuota: 3 },
      }),
      'roomQuota',
      MSG.unknownField('roomQuota'),
    );
    const approved = await api.request<RegistrationReply>('PATCH', '/odata/HMRegistration', {
      token: token.admin,
      body: { registrationID: id, status: 'approved' },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', roomQuota: 12 });

    const mail = (await registrationMessages(product.services, id)).find(
      (message) => message.event === 'landlordAccountOpened' && message.channels.includes('email'),
    );
    const password = /Mật khẩu dùng một lần: (\S+)\./.exec(mail?.body ?? '')?.[1] ?? '';
    const first = await api.login(phone, password);
    expect(first).toMatchObject({ mustChangePassword: true });
    expectError(
      await api.request('GET', '/odata/House', { token: first.token.accessToken }),
      403,
      'Bạn cần đặt mật khẩu mới thay cho mật khẩu dùng một lần trước khi tiếp tục.',
    );
    const changed = await api.request('POST', '/api/User/ChangePassword', {
      token: first.token.accessToken,
      body: { oldPassword: password, newPassword: 'ChuTroMoi@2026' },
    });
    expect(changed.status).toBe(200);
    const session = await api.login(phone, 'ChuTroMoi@2026');
    expect(session.houses).toEqual([
      expect.objectContaining({ houseName: 'Nhà trọ Duyệt API', lessorInfo: { status: 2 } }),
    ]);
    expectError(
      await api.request('DELETE', `/odata/HMRegistration/${id}`, { token: token.admin }),
      409,
      REGISTRATION_MESSAGES.deleteBlocked,
    );
  });

  it('rejects with a reason (400 naming it without one) and deletes a rejected registration', async () => {
    const { id } = await register();
    expectFieldError(
      await api.request('PATCH', `/odata/HMRegistration/${id}`, {
        token: token.admin,
        body: { status: 'rejected' },
      }),
      'rejectionReason',
      REGISTRATION_MESSAGES.rejectionReasonRequired,
    );
    expectFieldError(
      await api.request('PATCH', `/odata/HMRegistration/${id}`, {
        token: token.admin,
        body: { status: 'paid' },
      }),
      'status',
      'Trạng thái chỉ có thể là "approved" (duyệt) hoặc "rejected" (từ chối).',
    );
    const rejected = await api.request<RegistrationReply>('PATCH', `/odata/HMRegistration/${id}`, {
      token: token.admin,
      body: { status: 'rejected', rejectionReason: 'Thông tin nhà trọ không rõ ràng' },
    });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Thông tin nhà trọ không rõ ràng',
    });
    expect((await api.request('DELETE', `/odata/HMRegistration/${id}`, { token: token.admin })).status).toBe(
      204,
    );
    expectError(
      await api.request('DELETE', `/odata/HMRegistration/${id}`, { token: token.admin }),
      404,
      REGISTRATION_MESSAGES.notFound,
    );
  });
});
