// What an operator relies on in Azure, through the real handlers: GET /api/health, the X-Request-Id of
// every reply (errors included), and the structured log lines (ids, never personal data or secrets).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setDepsFactory, useDeps } from '../../api/src/composition/deps.js';
import { ConfigError } from '../../api/src/config/index.js';
import { setLogSink, type LogRecord } from '../../api/src/telemetry/log.js';
import type { Store } from '../../api/src/store/store.js';
import { apiClient, DEMO_PASSWORDS, startTestProduct, type TestProduct } from '../support/product.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const lines: { record: LogRecord; line: string }[] = [];

const UNAVAILABLE = 'Hệ thống đang tạm gián đoạn. Vui lòng thử lại sau ít phút.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  setLogSink((record, line) => lines.push({ record, line }), 'debug');
});
afterEach(() => {
  // Each test that swaps the services puts the product's own back.
  useDeps(product.services);
});
afterAll(async () => {
  setLogSink();
  await product?.stop();
});

/** A store whose every container refuses, as Cosmos DB does when the identity lacks its role. */
function unreachableStore(store: Store): Store {
  return {
    kind: store.kind,
    version: () => undefined,
    close: () => Promise.resolve(),
    container: () => {
      throw new Error('connect ECONNREFUSED cosmos-standin.documents.azure.com:443');
    },
  };
}

describe('GET /api/health', () => {
  it('answers 200 anonymously when the store and the blob account answer, with no data', async () => {
    const reply = await api.request('GET', '/api/health');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true });
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 with a neutral Vietnamese message, no internals, when the store fails', async () => {
    useDeps({ ...product.services, store: unreachableStore(product.services.store) });
    lines.length = 0;
    const reply = await api.request('GET', '/api/health');
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ status: false, errorMessage: UNAVAILABLE });
    expect(JSON.stringify(reply.body)).not.toMatch(/ECONNREFUSED|cosmos/i);
    expect(lines.map(({ record }) => record)).toContainEqual(
      expect.objectContaining({ event: 'health.failed', check: 'store', level: 'error' }),
    );
  });

  it('answers 503 when the blob account refuses', async () => {
    const blobs = product.services.blobs;
    useDeps({
      ...product.services,
      blobs: {
        ...blobs,
        accountUrl: blobs.accountUrl,
        blobExists: () => Promise.reject(new Error('403 AuthorizationPermissionMismatch')),
      },
    });
    const reply = await api.request('GET', '/api/health');
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ status: false, errorMessage: UNAVAILABLE });
  });

  it('answers 503 when the app cannot start (a configuration error), and so does every endpoint', async () => {
    setDepsFactory(
      () => Promise.reject(new ConfigError('Thiếu cấu hình bắt buộc trên Azure: COSMOS_ENDPOINT')),
      {
        log: () => undefined,
      },
    );
    const health = await api.request('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: false, errorMessage: UNAVAILABLE });
    const login = await api.request('POST', '/api/User/Login', {
      body: { username: 'chunha', password: 'x' },
    });
    expect(login.status).toBe(503);
    expect(login.headers.get('retry-after')).toBe('5');
    expect(login.headers.get('x-request-id')).toMatch(UUID);
    setDepsFactory();
  });
});

describe('X-Request-Id', () => {
  it('is sent back on success, on refusals and on errors, new for each request', async () => {
    const ok = await api.request('GET', '/api/health');
    const unauthenticated = await api.request('GET', '/odata/House');
    const badRequest = await api.request('POST', '/api/User/Login', { body: {} });
    const notFound = await api.request('GET', '/odata/Room/khong-co', {
      token: (await api.login('chunha', DEMO_PASSWORDS.chunha as string)).token.accessToken,
    });
    const ids = [ok, unauthenticated, badRequest, notFound].map((reply) => reply.headers.get('x-request-id'));
    expect([ok.status, unauthenticated.status, badRequest.status, notFound.status]).toEqual([
      200, 401, 400, 404,
    ]);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps a well-formed incoming id and replaces a malformed one', async () => {
    const kept = await api.request('GET', '/api/health', {
      headers: { 'x-request-id': 'gateway-7f3a9c21.trace' },
    });
    expect(kept.headers.get('x-request-id')).toBe('gateway-7f3a9c21.trace');
    for (const bad of ['short', 'bad id with spaces', '<script>alert(1)</script>', 'x'.repeat(300)]) {
      const replaced = await api.request('GET', '/api/health', { headers: { 'x-request-id': bad } });
      expect(replaced.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it('is written in the log line of the request, with the operation and the user', async () => {
    const session = await api.login('chunha', DEMO_PASSWORDS.chunha as string);
    lines.length = 0;
    const reply = await api.request('GET', `/odata/Room?houseID=${session.houses[0]?.houseID ?? ''}`, {
      token: session.token.accessToken,
      headers: { 'x-request-id': 'trace-rooms-0001' },
    });
    expect(reply.status).toBe(200);
    const line = lines.find(
      ({ record }) => record.requestId === 'trace-rooms-0001' && record.event === 'request',
    );
    expect(line?.record).toMatchObject({
      level: 'info',
      operation: expect.any(String),
      userID: session.userID,
      houseID: session.houses[0]?.houseID,
      status: 200,
      method: 'GET',
    });
    expect(() => JSON.parse(line?.line ?? '')).not.toThrow();
  });
});

describe('log lines hold no personal data or secrets', () => {
  it('logins (one by e-mail address) and an occupant written with a phone number and an ID card number', async () => {
    lines.length = 0;
    const password = DEMO_PASSWORDS.chunha as string;
    const session = await api.login('chunha', password);
    const wrong = await api.request('POST', '/api/User/Login', {
      body: { username: 'chunha', password: 'Sai-mat-khau-123' },
    });
    expect(wrong.status).toBe(401);
    const email = 'tran.thi.hoa@example.vn';
    const byEmail = await api.request('POST', '/api/User/Login', { body: { username: email, password } });
    expect(byEmail.status).toBe(401);
    const tenant = await api.login('nguoithue', DEMO_PASSWORDS.nguoithue as string);
    const phone = '0987654321';
    const citizenID = '079303009876';
    const created = await api.request<{ lesseeInfoID: string }>('POST', '/odata/LesseeInfor', {
      token: session.token.accessToken,
      body: {
        contractID: tenant.contractID,
        occupantName: 'Trần Thị Hoa',
        gender: 'nữ',
        phoneNumber: phone,
        citizenID,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // A refused write writes its input nowhere either.
    await api.request('POST', '/odata/LesseeInfor', {
      token: session.token.accessToken,
      body: {
        contractID: tenant.contractID,
        occupantName: 'Trần Thị Hoa',
        phoneNumber: '12',
        citizenID: citizenID,
      },
    });
    expect(lines.filter(({ record }) => record.event === 'request').length).toBeGreaterThanOrEqual(5);
    const text = lines.map(({ line }) => line).join('\n');
    for (const secret of [
      password,
      'Sai-mat-khau-123',
      session.token.accessToken,
      session.token.refreshToken,
      phone,
      citizenID,
      email,
      'Trần Thị Hoa',
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const { record } of lines) expect(record.requestId).toEqual(expect.any(String));
  });
});

describe('GET /api/System/Environment', () => {
  it('tells the super admin which deployment this is; nobody else', async () => {
    const admin = await api.login('admin', DEMO_PASSWORDS.admin as string);
    const reply = await api.request('GET', '/api/System/Environment', { token: admin.token.accessToken });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true, data: { environment: 'development' } });
    const landlord = await api.login('chunha', DEMO_PASSWORDS.chunha as string);
    const refused = await api.request('GET', '/api/System/Environment', {
      token: landlord.token.accessToken,
    });
    expect(refused.status).toBe(403);
    expect((await api.request('GET', '/api/System/Environment')).status).toBe(401);
  });
});
