/**
 * The landlord's own account (lessor info, CCCD photos, changing a password), their staff, and password
 * recovery, through the real handlers and Azurite.
 */
import {
  LESSOR_INFO_MESSAGES,
  PASSWORD_RECOVERY_MESSAGES,
  STAFF_MESSAGES,
  type AddedStaff,
  type LessorAccount,
  type StaffMember,
} from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../api/src/domain/outbox.js';
import { RECOVERY_REPLY_FLOOR_MS } from '../../api/src/domain/passwordRecovery.js';
import { makePng } from '../support/png.js';
import {
  apiClient,
  DEMO_PASSWORDS,
  startTestProduct,
  type TestProduct,
  accessTokens,
} from '../support/product.js';
import { expectError, expectFieldError, MSG, requestFrom, type SasReply } from './helpers.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let phuocLong = '';
let hoaSen = '';
let binhAn = '';

type AccountReply = LessorAccount & { '@odata.etag': string };

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'chunhamoi', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  phuocLong = sessions.chunhamoi?.houses[0]?.houseID ?? '';
  const houses = sessions.chunha?.houses ?? [];
  hoaSen = houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  binhAn = houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
});
afterAll(() => product?.stop());

function call<T>(
  method: string,
  path: string,
  body?: unknown,
  user = 'chunhamoi',
  headers?: Record<string, string>,
) {
  return api.request<T>(method, path, {
    ...(user ? { token: token[user] as string } : {}),
    ...(body === undefined ? {} : { body }),
    ...(headers ? { headers } : {}),
  });
}

async function outbox(): Promise<OutboxMessage[]> {
  const reply = await api.request<{ data: OutboxMessage[] }>('GET', '/_dev/outbox?format=json');
  return reply.body.data;
}

async function uploadIdentityPhoto(user: string): Promise<string> {
  const sas = await call<SasReply>('GET', '/api/BlobAccess/GetLessorInforContainerSAS', undefined, user);
  expect(sas.status, JSON.stringify(sas.body)).toBe(200);
  const put = await fetch(sas.body.uploadURL, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/png' },
    body: makePng(),
  });
  expect(put.status).toBe(201);
  return sas.body.blobName;
}

describe('the landlord’s own details (GET/PATCH /odata/LessorInfor)', () => {
  it('chunhamoi starts incomplete; completing the info turns status 2 → 1 everywhere; photos come back readable', async () => {
    const before = await call<AccountReply>('GET', '/odata/LessorInfor');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ status: 2, imageURLs: [] });
    expect(before.body.missingFields).toEqual([
      'fullName',
      'phoneNumber',
      'citizenID',
      'address',
      'bankName',
      'bankAccountNumber',
    ]);
    expect(before.headers.get('etag')).toBe(before.body['@odata.etag']);

    const front = await uploadIdentityPhoto('chunhamoi');
    const back = await uploadIdentityPhoto('chunhamoi');
    const reply = await call<AccountReply>(
      'PATCH',
      '/odata/LessorInfor',
      {
        fullName: 'Võ Thanh Bình',
        phoneNumber: '0912 000 111',
        email: 'binh.vo@example.com',
        citizenID: '079088004321',
        citizenIDFrontImage: front,
        citizenIDBackImage: back,
        address: '5 Đỗ Xuân Hợp, P. Phước Long B, TP. Thủ Đức',
        bankName: 'MB Bank',
        bankAccountNumber: '0912000111',
      },
      'chunhamoi',
      { 'if-match': before.body['@odata.etag'] },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      status: 1,
      missingFields: [],
      bankName: 'MBBank',
      phoneNumber: '0912000111',
    });
    const photo = await fetch(reply.body.imageURLs[0]?.url ?? '');
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');

    // The next login's houses say complete; tenants and staff see the landlord without CCCD or photos.
    const again = await api.login('chunhamoi', DEMO_PASSWORDS.chunhamoi as string);
    expect(again.houses.map((house) => house.lessorInfo)).toEqual([{ status: 1 }]);
    const expanded = await call<{ value: Array<{ lessorInfo: Record<string, unknown> }> }>(
      'GET',
      `/odata/House?$expand=lessorInfo`,
    );
    expect(expanded.body.value[0]?.lessorInfo).toMatchObject({ status: 1, citizenID: '079088004321' });
    expect(JSON.stringify(expanded.body)).not.toContain('lessor-');
    // The photos are read only through the owner's GET; the generic read URL refuses them.
    const generic = await call(
      'GET',
      `/api/BlobAccess/GetReadURL?container=lessee-infor&blobName=${encodeURIComponent(front)}`,
    );
    expect(generic.status).toBe(404);
    expect(
      await call(
        'GET',
        `/api/BlobAccess/GetReadURL?container=lessee-infor&blobName=${encodeURIComponent(front)}`,
        undefined,
        'chunha',
      ),
    ).toMatchObject({ status: 404 });
  });

  it('a stale If-Match: 412; bad input: 400 naming each field; unknown fields refused', async () => {
    const stale = await call('PATCH', '/odata/LessorInfor', { fullName: 'Khác' }, 'chunhamoi', {
      'if-match': 'W/"cu"',
    });
    expectError(stale, 412, MSG.stale);
    const bad = await call('PATCH', '/odata/LessorInfor', {
      phoneNumber: '123',
      bankName: 'Ngân hàng Không Có',
      bankAccountNumber: 'abc',
      status: 1,
    });
    expectFieldError(bad, 'bankName', LESSOR_INFO_MESSAGES.bankUnknown);
    expectFieldError(bad, 'bankAccountNumber', LESSOR_INFO_MESSAGES.bankAccountNumber);
    expectFieldError(bad, 'status', MSG.unknownField('status'));
    const foreign = await call('PATCH', '/odata/LessorInfor', {
      citizenIDFrontImage: `${phuocLong}/lessor-1767225600000-abc123.png`,
    });
    expectFieldError(foreign, 'citizenIDFrontImage', LESSOR_INFO_MESSAGES.imageInvalid);
  });

  it('every bank of the NAPAS VietQR list is accepted by short name, full name or BIN', async () => {
    for (const [typed, saved] of [
      ['Co-opBank', 'Co-opBank'],
      ['970457', 'Woori Bank'],
      ['Ngân hàng TNHH MTV Standard Chartered Bank Việt Nam', 'Standard Chartered'],
      ['Bac A Bank', 'Bac A Bank'],
    ] as const) {
      const reply = await call<AccountReply>('PATCH', '/odata/LessorInfor', { bankName: typed });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.bankName).toBe(saved);
    }
  });

  it('someone else’s receiving account number: 409', async () => {
    const taken = await call('PATCH', '/odata/LessorInfor', { bankAccountNumber: '0071000123456' });
    expectError(taken, 409, LESSOR_INFO_MESSAGES.bankAccountTaken);
  });

  it('only a landlord: staff, tenants and the super admin get 403; anonymous 401', async () => {
    for (const user of ['nhanvien', 'nguoithue']) {
      expectError(await call('GET', '/odata/LessorInfor', undefined, user), 403, MSG.forbidden);
      expectError(await call('PATCH', '/odata/LessorInfor', { fullName: 'X' }, user), 403, MSG.forbidden);
      expectError(
        await call('GET', '/api/BlobAccess/GetLessorInforContainerSAS', undefined, user),
        403,
        MSG.forbidden,
      );
    }
    expectError(await call('GET', '/odata/LessorInfor', undefined, ''), 401, MSG.unauthenticated);
  });
});

describe('staff (/api/Staff/*)', () => {
  let added: AddedStaff;

  it('AddStaff: a one-time password shown once; the staff member signs in to the chosen houses and must change it', async () => {
    const reply = await call<{ status: boolean; data: AddedStaff }>(
      'POST',
      '/api/Staff/AddStaff',
      { fullName: 'Lý Văn Ghi', phoneNumber: '0933444555', username: 'lyvanghi', houseIDs: [binhAn] },
      'chunha',
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    added = reply.body.data;
    expect(added).toMatchObject({
      username: 'lyvanghi',
      houses: [{ houseID: binhAn, houseName: 'Nhà trọ Bình An' }],
      mustChangePassword: true,
    });
    const session = await api.login('lyvanghi', added.oneTimePassword);
    expect(session.houses.map((house) => house.houseID)).toEqual([binhAn]);
    // Until they choose their own password, only ChangePassword and Logout answer.
    expectError(
      await api.request('GET', `/odata/Room?houseID=${binhAn}`, { token: session.token.accessToken }),
      403,
      /mật khẩu mới/,
    );
    const changed = await api.request('POST', '/api/User/ChangePassword', {
      token: session.token.accessToken,
      body: { oldPassword: added.oneTimePassword, newPassword: 'GhiDienNuoc2026' },
    });
    expect(changed.status).toBe(200);
    const rooms = await api.request('GET', `/odata/Room?houseID=${binhAn}`, {
      token: session.token.accessToken,
    });
    expect(rooms.status).toBe(200);
  });

  it('AddStaff refusals: a taken username 409 with the reason; another landlord’s house 404; bad input 400 naming fields', async () => {
    const taken = await call(
      'POST',
      '/api/Staff/AddStaff',
      { fullName: 'Trùng', phoneNumber: '0933444556', username: 'nhanvien', houseIDs: [binhAn] },
      'chunha',
    );
    expectError(taken, 409, 'Tên đăng nhập đã được sử dụng.');
    const foreign = await call(
      'POST',
      '/api/Staff/AddStaff',
      { fullName: 'Lạ', phoneNumber: '0933444557', username: 'nguoila', houseIDs: [binhAn] },
      'chunha2',
    );
    expectError(foreign, 404, MSG.notFound);
    const bad = await call('POST', '/api/Staff/AddStaff', { fullName: '', houseIDs: [] }, 'chunha');
    expectFieldError(bad, 'houseIDs', STAFF_MESSAGES.housesRequired);
    expectFieldError(bad, 'fullName', 'Họ tên không được để trống!');
    expectFieldError(bad, 'username', STAFF_MESSAGES.username);
  });

  it('GetHouseStaffs lists a house’s staff with their houses; another landlord 404, staff and tenants 403, no houseID 400', async () => {
    const reply = await call<{ status: boolean; data: StaffMember[] }>(
      'GET',
      `/api/Staff/GetHouseStaffs?houseID=${hoaSen}`,
      undefined,
      'chunha',
    );
    expect(reply.status).toBe(200);
    expect(
      reply.body.data.map((member) => [member.username, member.houses.map((house) => house.houseName)]),
    ).toEqual([['nhanvien', ['Nhà trọ Hoa Sen']]]);
    expect(JSON.stringify(reply.body)).not.toMatch(/passwordHash|oneTimePassword/);
    expectError(
      await call('GET', `/api/Staff/GetHouseStaffs?houseID=${hoaSen}`, undefined, 'chunha2'),
      404,
      MSG.notFound,
    );
    expectError(
      await call('GET', `/api/Staff/GetHouseStaffs?houseID=${hoaSen}`, undefined, 'nhanvien'),
      403,
      MSG.forbidden,
    );
    expectError(
      await call('GET', `/api/Staff/GetHouseStaffs?houseID=${hoaSen}`, undefined, 'nguoithue'),
      403,
      MSG.forbidden,
    );
    expectFieldError(
      await call('GET', '/api/Staff/GetHouseStaffs', undefined, 'chunha'),
      'houseID',
      STAFF_MESSAGES.houseIDRequired,
    );
  });

  it('DisableStaffAccount: another landlord 404; then the staff member’s session ends at once', async () => {
    const session = await api.login('lyvanghi', 'GhiDienNuoc2026');
    expectError(
      await call('DELETE', `/api/Staff/DisableStaffAccount?userID=${added.userID}`, undefined, 'chunha2'),
      404,
      STAFF_MESSAGES.notFound,
    );
    const reply = await call(
      'DELETE',
      `/api/Staff/DisableStaffAccount?userID=${added.userID}`,
      undefined,
      'chunha',
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectError(
      await api.request('GET', `/odata/Room?houseID=${binhAn}`, { token: session.token.accessToken }),
      401,
      MSG.unauthenticated,
    );
    expectError(
      await api.request('POST', '/api/User/RefreshToken', {
        body: { refreshToken: session.token.refreshToken },
      }),
      401,
      MSG.invalidRefreshToken,
    );
    const list = await call<{ data: StaffMember[] }>(
      'GET',
      `/api/Staff/GetHouseStaffs?houseID=${binhAn}`,
      undefined,
      'chunha',
    );
    expect(list.body.data).toEqual([]);
    expectFieldError(
      await call('DELETE', '/api/Staff/DisableStaffAccount?userID=..', undefined, 'chunha'),
      'userID',
      STAFF_MESSAGES.userIDInvalid,
    );
  });
});

describe('POST /api/User/ChangePassword from account settings', () => {
  it('any role; every other session of the account ends, this one goes on', async () => {
    const other = token.chunha2 as string;
    const current = await api.login('chunha2', DEMO_PASSWORDS.chunha2 as string);
    const reply = await api.request('POST', '/api/User/ChangePassword', {
      token: current.token.accessToken,
      body: { oldPassword: DEMO_PASSWORDS.chunha2, newPassword: 'ChuNhaHai2026' },
    });
    expect(reply.status).toBe(200);
    expectError(await api.request('GET', '/odata/House', { token: other }), 401, MSG.unauthenticated);
    expect((await api.request('GET', '/odata/House', { token: current.token.accessToken })).status).toBe(200);
  });
});

describe('password recovery (/api/ForgotPassword/*)', () => {
  const ask = (emailOrPhoneNumber: string, from = '127.0.0.1') =>
    requestFrom(
      product.url,
      from,
      'GET',
      `/api/ForgotPassword/RequestPasswordChange?emailOrPhoneNumber=${encodeURIComponent(emailOrPhoneNumber)}`,
    );

  it('the same answer, no sooner than the floor, for a known and an unknown contact; the link reaches only the known one', async () => {
    const started = Date.now();
    const known = await ask('hung.nguyen@nhatro.local');
    const knownMs = Date.now() - started;
    const unknownStarted = Date.now();
    const unknown = await ask('khong.co.ai@nhatro.local');
    const unknownMs = Date.now() - unknownStarted;
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ status: true, message: PASSWORD_RECOVERY_MESSAGES.requested });
    expect(knownMs).toBeGreaterThanOrEqual(RECOVERY_REPLY_FLOOR_MS - 5);
    expect(unknownMs).toBeGreaterThanOrEqual(RECOVERY_REPLY_FLOOR_MS - 5);
    const sent = (await outbox()).filter((message) => message.event === 'passwordRecovery');
    expect(sent).toEqual([
      expect.objectContaining({ recipient: expect.objectContaining({ email: 'hung.nguyen@nhatro.local' }) }),
    ]);
  });

  it('the link sets a new password once; every session ends; the old password fails, the new one works', async () => {
    expect((await ask('0987 654 321', '127.0.0.2')).status).toBe(200);
    const message = (await outbox()).find(
      (candidate) =>
        candidate.event === 'passwordRecovery' && candidate.recipient.phoneNumber === '0987654321',
    );
    expect(message?.channels).toEqual(['zalo', 'sms']);
    const resetToken = decodeURIComponent(
      new URL(message?.link ?? 'http://x/').pathname.split('/ChangePassword/')[1] ?? '',
    );

    const weak = await api.request('POST', '/api/ForgotPassword/ChangePassword', {
      body: { token: resetToken, newPassword: 'ngan' },
    });
    expectFieldError(weak, 'newPassword', 'Mật khẩu mới phải có ít nhất 8 ký tự.');
    const reply = await api.request('POST', '/api/ForgotPassword/ChangePassword', {
      body: { token: resetToken, newPassword: 'NguoiThue2027' },
    });
    expect(reply.body).toEqual({ status: true, message: PASSWORD_RECOVERY_MESSAGES.changed });
    expectError(await call('GET', '/odata/Contract', undefined, 'nguoithue'), 401, MSG.unauthenticated);
    expectError(
      await api.request('POST', '/api/User/Login', {
        body: { username: 'nguoithue', password: DEMO_PASSWORDS.nguoithue },
      }),
      401,
      MSG.wrongCredentials,
    );
    expect((await api.login('nguoithue', 'NguoiThue2027')).status).toBe(true);
    const reuse = await api.request('POST', '/api/ForgotPassword/ChangePassword', {
      body: { token: resetToken, newPassword: 'LanNuaNhe2027' },
    });
    expectFieldError(reuse, 'token', PASSWORD_RECOVERY_MESSAGES.linkInvalid);
  });

  it('bad input names the field; garbage tokens are the same 400; too many requests 429 with Retry-After', async () => {
    expectFieldError(await ask(''), 'emailOrPhoneNumber', PASSWORD_RECOVERY_MESSAGES.contactRequired);
    expectFieldError(
      await ask('không phải'),
      'emailOrPhoneNumber',
      PASSWORD_RECOVERY_MESSAGES.contactInvalid,
    );
    for (const garbage of ['x', 'a'.repeat(22) + '.' + 'b'.repeat(43), '../../etc/passwd']) {
      const reply = await api.request('POST', '/api/ForgotPassword/ChangePassword', {
        body: { token: garbage, newPassword: 'HopLe2026abc' },
      });
      expectFieldError(reply, 'token', PASSWORD_RECOVERY_MESSAGES.linkInvalid);
    }
    // One address asking for one contact waits from its 3rd request: 1 minute, then 2, 4…
    const typed = 'lam.phien@nhatro.local';
    for (let n = 0; n < 3; n += 1) expect((await ask(typed, '127.0.0.3')).status).toBe(200);
    const limited = await ask(typed, '127.0.0.3');
    expectError(limited, 429, PASSWORD_RECOVERY_MESSAGES.tooManyRequests(1));
    expect(limited.headers.get('retry-after')).toBe('60');
  });

  it('strangers naming someone’s contact from other addresses never lock its owner out (issue 21, defect 4)', async () => {
    const typed = 'hung.nguyen@nhatro.local';
    for (const from of ['127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.7', '127.0.0.8', '127.0.0.9']) {
      expect((await ask(typed, from)).status).toBe(200);
    }
    const owner = await ask(typed, '127.0.0.10');
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ status: true, message: PASSWORD_RECOVERY_MESSAGES.requested });
  });
});
