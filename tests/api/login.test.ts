/**
 * POST /api/User/Login (every demo account, validation, wrong credentials, body limits),
 * the audit trail of sessions, and the host's routing errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDoc, SessionDoc } from '../../api/src/domain/shared/model.js';
import type { Filter } from '../../api/src/store/store.js';
import { apiClient, DEMO_PASSWORDS, startTestProduct, type TestProduct } from '../support/product.js';
import { EXPECTED_ROLES, expectError, MSG, VIETNAMESE } from './helpers.js';

interface LoginReply {
  status: boolean;
  token: { accessToken: string; refreshToken: string };
  role: Record<string, unknown>;
  houses: Array<{ houseID: string; houseName: string; houseAddress: string; lessorInfo: { status: number } }>;
  userID: string;
  username: string;
  fullName: string;
  lesseeID?: string;
  houseID?: string;
  contractID?: string;
  roomID?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const sessions: Record<string, LoginReply> = {};
const raw: Record<string, string> = {};

async function loginReply(username: string, password: string) {
  return api.request<LoginReply>('POST', '/api/User/Login', { body: { username, password } });
}

async function auditEntries(filter: Filter): Promise<AuditDoc[]> {
  const page = await product.services.store.container<AuditDoc>('audit').query({ filter, top: 1000 });
  return page.items;
}

async function sessionCount(userID: string): Promise<number> {
  return product.services.store.container<SessionDoc>('sessions').count({ partitionKey: userID });
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  // Every demo account logs in once; the tests below read these replies.
  for (const username of ['admin', 'chunha', 'chunha2', 'chunhamoi', 'nhanvien', 'nguoithue']) {
    const password = DEMO_PASSWORDS[username] as string;
    // chunha2 types spaces around both fields: they are trimmed (checked below).
    const reply =
      username === 'chunha2'
        ? await loginReply(` ${username} `, `  ${password}\t`)
        : await loginReply(username, password);
    if (reply.status !== 200)
      throw new Error(`login ${username}: ${reply.status} ${JSON.stringify(reply.body)}`);
    sessions[username] = reply.body;
    raw[username] = JSON.stringify(reply.body);
  }
});
afterAll(async () => product?.stop());

describe('POST /api/User/Login — success', () => {
  it.each([
    ['admin', 1, 'Quản trị hệ thống'],
    ['chunha', 2, 'Nguyễn Văn Hùng'],
    ['chunha2', 2, 'Phạm Thị Lan'],
    ['chunhamoi', 2, 'Võ Thanh Bình'],
    ['nhanvien', 3, 'Trần Thị Mai'],
    ['nguoithue', 4, 'Lê Minh Tuấn'],
  ] as const)(
    '%s gets role %i with its permission levels and a token pair',
    async (username, roleID, name) => {
      const session = sessions[username] as LoginReply;
      expect(session.status).toBe(true);
      expect(session.username).toBe(username);
      expect(session.fullName).toBe(name);
      expect(session.userID).toMatch(UUID);
      expect(session.role).toEqual(EXPECTED_ROLES[roleID]);
      expect(session.token.accessToken.split('.')).toHaveLength(3);
      expect(session.token.refreshToken.split('.')).toHaveLength(3);
      expect(session.token.refreshToken.startsWith(`${session.userID}.`)).toBe(true);
      // No storage internals or secrets leak into the reply.
      expect(raw[username]).not.toContain('scrypt$');
      expect(raw[username]).not.toContain('passwordHash');
      expect(raw[username]).not.toContain('"pk"');
    },
  );

  it('landlord chunha gets its two houses (by name) with complete lessor info', () => {
    const houses = (sessions.chunha as LoginReply).houses;
    expect(houses.map((house) => house.houseName)).toEqual(['Nhà trọ Bình An', 'Nhà trọ Hoa Sen']);
    for (const house of houses) {
      expect(Object.keys(house).sort()).toEqual(['houseAddress', 'houseID', 'houseName', 'lessorInfo']);
      expect(house.houseID).toMatch(UUID);
      expect(house.lessorInfo).toEqual({ status: 1 });
    }
    expect(houses[1]?.houseAddress).toBe('12 Võ Văn Ngân, P. Linh Chiểu, TP. Thủ Đức, TP. Hồ Chí Minh');
  });

  it('chunha2 gets only its own house', () => {
    expect((sessions.chunha2 as LoginReply).houses.map((house) => house.houseName)).toEqual([
      'Nhà trọ Gò Vấp Xanh',
    ]);
  });

  it('staff nhanvien gets only the house it is assigned to, with the landlord lessor status', () => {
    const houses = (sessions.nhanvien as LoginReply).houses;
    const hoaSen = (sessions.chunha as LoginReply).houses.find(
      (house) => house.houseName === 'Nhà trọ Hoa Sen',
    );
    expect(houses).toEqual([hoaSen]);
    expect(houses[0]?.lessorInfo.status).toBe(1);
  });

  it('new landlord chunhamoi gets its house with lessorInfo.status 2 (incomplete)', () => {
    const houses = (sessions.chunhamoi as LoginReply).houses;
    expect(houses).toHaveLength(1);
    expect(houses[0]).toMatchObject({ houseName: 'Nhà trọ Phước Long', lessorInfo: { status: 2 } });
  });

  it('super admin and lessee get an empty house list', () => {
    expect((sessions.admin as LoginReply).houses).toEqual([]);
    expect((sessions.nguoithue as LoginReply).houses).toEqual([]);
  });

  it('lessee gets lesseeID, houseID, contractID and roomID of their contract; others do not', async () => {
    const lessee = sessions.nguoithue as LoginReply;
    const hoaSen = (sessions.chunha as LoginReply).houses.find(
      (house) => house.houseName === 'Nhà trọ Hoa Sen',
    );
    expect(lessee.houseID).toBe(hoaSen?.houseID);
    for (const key of ['lesseeID', 'contractID', 'roomID'] as const) expect(lessee[key]).toMatch(UUID);
    // The IDs are those of the seeded contract, room P101 and its representative.
    const houses = product.services.store.container<{ id: string; pk: string; [key: string]: unknown }>(
      'houses',
    );
    const contract = await houses.read(lessee.houseID as string, lessee.contractID as string);
    expect(contract).toMatchObject({
      type: 'contract',
      roomID: lessee.roomID,
      representativeLesseeID: lessee.lesseeID,
    });
    const room = await houses.read(lessee.houseID as string, lessee.roomID as string);
    expect(room).toMatchObject({ type: 'room', roomName: 'P101', status: 'occupied' });
    for (const username of ['admin', 'chunha', 'nhanvien']) {
      const session = sessions[username] as LoginReply;
      for (const key of ['lesseeID', 'houseID', 'contractID', 'roomID'])
        expect(session).not.toHaveProperty(key);
    }
  });

  it('trims the username and password (" chunha2 " logs in as chunha2)', () => {
    // beforeAll sent ' chunha2 ' and the password padded with spaces and a tab.
    const session = sessions.chunha2 as LoginReply;
    expect(session.username).toBe('chunha2');
    expect(session.role).toEqual(EXPECTED_ROLES[2]);
    expect(session.houses).toHaveLength(1);
  });

  it('every token issued works on GET /odata/House for the roles that may list houses', async () => {
    for (const username of ['chunha', 'chunha2', 'chunhamoi', 'nhanvien', 'nguoithue']) {
      const reply = await api.request('GET', '/odata/House', {
        token: sessions[username]?.token.accessToken,
      });
      expect([username, reply.status]).toEqual([username, 200]);
    }
  });
});

describe('POST /api/User/Login — rejected input', () => {
  const bothRequired = [
    { field: 'username', errorMessage: MSG.usernameRequired },
    { field: 'password', errorMessage: MSG.passwordRequired },
  ];

  it('empty fields → 400 with exactly the two Vietnamese field messages', async () => {
    const reply = await api.request('POST', '/api/User/Login', { body: { username: '', password: '' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(bothRequired);
  });

  it('whitespace-only fields count as empty (trimmed) → 400', async () => {
    const reply = await api.request('POST', '/api/User/Login', {
      body: { username: '   ', password: ' \t ' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(bothRequired);
  });

  it('missing fields and an empty body → 400 with the same messages', async () => {
    const missing = await api.request('POST', '/api/User/Login', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(bothRequired);
    const empty = await api.request('POST', '/api/User/Login', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual(bothRequired);
  });

  it('only the password empty → 400 naming only the password', async () => {
    const reply = await api.request('POST', '/api/User/Login', {
      body: { username: 'chunha', password: '' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual([{ field: 'password', errorMessage: MSG.passwordRequired }]);
  });

  it('wrong password → 401 status:false with the Vietnamese message and no token', async () => {
    const reply = await loginReply('chunha', 'Sai@123456');
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ status: false, errorMessage: MSG.wrongCredentials });
    expect(reply.body).not.toHaveProperty('token');
  });

  it('unknown user → the same 401 message (no account enumeration)', async () => {
    const reply = await loginReply('khongtontai', 'Matkhau@123456');
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ status: false, errorMessage: MSG.wrongCredentials });
    expect(reply.body).not.toHaveProperty('token');
  });

  it('malformed JSON → 400 with a Vietnamese message', async () => {
    const reply = await api.request('POST', '/api/User/Login', {
      rawBody: '{"username": "chunha", "password":',
      headers: { 'content-type': 'application/json' },
    });
    expectError(reply, 400, MSG.malformedJson);
  });

  it('wrong types → 400 list: username 123', async () => {
    const reply = await api.request<Array<{ field?: string; errorMessage: string }>>(
      'POST',
      '/api/User/Login',
      {
        body: { username: 123, password: DEMO_PASSWORDS.chunha },
      },
    );
    expect(reply.status).toBe(400);
    expect(Array.isArray(reply.body)).toBe(true);
    expect(reply.body).toHaveLength(1);
    expect(reply.body[0]?.field).toBe('username');
    expect(reply.body[0]?.errorMessage).toMatch(VIETNAMESE);
  });

  it('wrong types → 400 list: an array body and a string body', async () => {
    for (const body of [[{ username: 'chunha', password: DEMO_PASSWORDS.chunha }], 'chunha', null]) {
      const reply = await api.request<Array<{ field?: string; errorMessage: string }>>(
        'POST',
        '/api/User/Login',
        {
          body,
        },
      );
      expect(reply.status).toBe(400);
      expect(Array.isArray(reply.body)).toBe(true);
      expect(reply.body.length).toBeGreaterThan(0);
      for (const item of reply.body) expect(item.errorMessage).toMatch(VIETNAMESE);
    }
  });

  it('a form-encoded body → 415 with a Vietnamese message', async () => {
    const reply = await api.request('POST', '/api/User/Login', {
      rawBody: 'username=chunha&password=Chunha%40123456',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(reply, 415, MSG.unsupportedMediaType);
  });

  it('a 20 KB body (login limit 16 KB) → 413 and nothing is written', async () => {
    const userID = sessions.chunha?.userID as string;
    const sessionsBefore = await sessionCount(userID);
    const auditBefore = (await auditEntries({ op: 'eq', field: 'entityID', value: userID })).length;
    // A valid login padded to 20 KB: if the limit did not hold it would open a session.
    const reply = await api.request('POST', '/api/User/Login', {
      body: { username: 'chunha', password: DEMO_PASSWORDS.chunha, padding: 'x'.repeat(20 * 1024) },
    });
    expectError(reply, 413, /^Dữ liệu gửi lên quá lớn/);
    expect(await sessionCount(userID)).toBe(sessionsBefore);
    expect((await auditEntries({ op: 'eq', field: 'entityID', value: userID })).length).toBe(auditBefore);
  });

  it('the 413 message of the 16 KB login limit states a real limit (not "tối đa 0 MB")', async () => {
    const reply = await api.request<{ errorMessage: string }>('POST', '/api/User/Login', {
      body: { username: 'chunha', password: 'x', padding: 'x'.repeat(20 * 1024) },
    });
    expect(reply.status).toBe(413);
    expect(reply.body.errorMessage).not.toContain('tối đa 0 MB');
  });

  it('a body over the host limit (30 MB) → 413 from the host', async () => {
    const reply = await api.request('POST', '/api/User/Login', {
      rawBody: new Uint8Array(31 * 1024 * 1024).fill(0x20),
      headers: { 'content-type': 'application/json' },
    });
    expectError(reply, 413, 'Dữ liệu gửi lên quá lớn (tối đa 30 MB).');
  });
});

describe('audit trail of sessions', () => {
  it('records login, loginFailed and logout with userID, ip and at', async () => {
    // The failed attempts are those of the tests above ('Sai@123456' for chunha, 'khongtontai').
    const before = Date.now();
    const chunha = sessions.chunha as LoginReply;
    const logout = await api.request('POST', '/api/User/Logout', {
      token: chunha.token.accessToken,
      body: { refreshToken: chunha.token.refreshToken },
    });
    expect(logout.status).toBe(200);

    const logins = await auditEntries({
      op: 'and',
      items: [
        { op: 'eq', field: 'action', value: 'login' },
        { op: 'eq', field: 'userID', value: chunha.userID },
      ],
    });
    // The one successful login of beforeAll (the padded 20 KB one was refused before it ran).
    expect(logins).toHaveLength(1);
    for (const entry of logins) {
      expect(entry).toMatchObject({ action: 'login', userID: chunha.userID, username: 'chunha', roleID: 2 });
      expect(entry.ip).toBe('127.0.0.1');
      expect(Date.parse(entry.at)).not.toBeNaN();
    }

    const failures = await auditEntries({
      op: 'and',
      items: [
        { op: 'eq', field: 'action', value: 'loginFailed' },
        { op: 'eq', field: 'entityID', value: chunha.userID },
      ],
    });
    expect(failures.length).toBeGreaterThanOrEqual(1);
    const failure = failures[0];
    expect(failure).toHaveProperty('userID');
    expect(Date.parse(failure?.at as string)).toBeLessThanOrEqual(before);
    expect(failure).toMatchObject({
      action: 'loginFailed',
      entity: 'user',
      entityID: chunha.userID,
      ip: '127.0.0.1',
      details: { username: 'chunha' },
    });
    // The password tried is never recorded.
    expect(JSON.stringify(failures)).not.toContain('Sai@123456');

    const logouts = await auditEntries({
      op: 'and',
      items: [
        { op: 'eq', field: 'action', value: 'logout' },
        { op: 'eq', field: 'userID', value: chunha.userID },
      ],
    });
    expect(logouts).toHaveLength(1);
    expect(logouts[0]).toMatchObject({ action: 'logout', userID: chunha.userID, ip: '127.0.0.1' });
    const at = Date.parse(logouts[0]?.at as string);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('a failed login of an unknown username is recorded without an account', async () => {
    const entries = await auditEntries({
      op: 'and',
      items: [
        { op: 'eq', field: 'action', value: 'loginFailed' },
        { op: 'eq', field: 'details.username', value: 'khongtontai' },
      ],
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userID: null, entityID: null, ip: '127.0.0.1' });
  });
});

describe('API routing', () => {
  it('unknown /api path → 404 JSON with a Vietnamese message', async () => {
    const reply = await api.request('GET', '/api/Nope');
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expectError(reply, 404, MSG.routeNotFound);
    const odata = await api.request('GET', '/odata/Nope');
    expectError(odata, 404, MSG.routeNotFound);
  });

  it('wrong method → 405 with a Vietnamese message', async () => {
    const reply = await api.request('GET', '/api/User/Login');
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expectError(reply, 405, MSG.methodNotAllowed);
    const house = await api.request('DELETE', '/odata/House');
    expectError(house, 405, MSG.methodNotAllowed);
  });

  it('405 names the allowed methods in an Allow header (RFC 9110 §15.5.6)', async () => {
    const reply = await api.request('GET', '/api/User/Login');
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('POST');
  });

  it('routes match case-insensitively, as the Functions host does', async () => {
    const reply = await api.request('POST', '/api/user/login', { body: {} });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual([
      { field: 'username', errorMessage: MSG.usernameRequired },
      { field: 'password', errorMessage: MSG.passwordRequired },
    ]);
  });
});
