import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../../api/src/local/host.js';
import type { SessionDoc } from '../../api/src/domain/shared/model.js';
import type { StoredDoc } from '../../api/src/store/store.js';
import { apiClient, DEMO_PASSWORDS, startTestProduct, type TestProduct } from '../support/product.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
});
afterAll(async () => product?.stop());

describe('timers fired on demand by the local host', () => {
  it('nightlyMaintenance removes expired sessions and stale login counters, and keeps live ones', async () => {
    const session = await api.login('chunha', DEMO_PASSWORDS.chunha as string);
    const sessions = product.services.store.container<SessionDoc>('sessions');
    const live = await sessions.query({ partitionKey: session.userID, top: 10 });
    expect(live.items).toHaveLength(1);
    const expired: SessionDoc = {
      ...(live.items[0] as SessionDoc),
      id: 'expiredsession1',
      sessionID: 'expiredsession1',
      expiresOn: '2020-01-01T00:00:00.000Z',
    };
    delete expired._etag;
    await sessions.create(expired);
    const throttle = product.services.store.container<StoredDoc & Record<string, unknown>>('throttle');
    await throttle.create({
      id: 'login:account:old',
      pk: 'login:account:old',
      type: 'throttle',
      failures: [1],
      lockedUntil: 0,
      updatedAt: 1,
    });

    const reply = await api.request<{ status: boolean }>('POST', '/_dev/timers/nightlyMaintenance');
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe(true);

    expect(await sessions.read(session.userID, 'expiredsession1')).toBeUndefined();
    expect(await throttle.read('login:account:old', 'login:account:old')).toBeUndefined();
    const after = await api.request('GET', '/odata/House', { token: session.token.accessToken });
    expect(after.status).toBe(200);
  });

  it('an unknown timer is a 404 with a Vietnamese message', async () => {
    const reply = await api.request<{ errorMessage: string }>('POST', '/_dev/timers/khongCo');
    expect(reply.status).toBe(404);
    expect(reply.body.errorMessage).toBe('Đường dẫn API không tồn tại.');
  });
});

/** An address of this machine that is not its loopback, to call the local host as another machine would. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

describe('the dev routes answer this machine only', () => {
  it('a timer fired or the outbox read from another address is a 404, and the timer does not run', async () => {
    const address = outsideAddress();
    expect(address, 'this machine has no non-loopback IPv4 address to call from').toBeDefined();
    const outside = apiClient(product.url.replace(/\/\/[^/:]+:/, `//${address}:`));
    const session = await api.login('chunha', DEMO_PASSWORDS.chunha as string);
    const sessions = product.services.store.container<SessionDoc>('sessions');
    const [live] = (await sessions.query({ partitionKey: session.userID, top: 1 })).items;
    const expired = { ...(live as SessionDoc), id: 'expiredsession2', sessionID: 'expiredsession2' };
    expired.expiresOn = '2020-01-01T00:00:00.000Z';
    delete expired._etag;
    await sessions.create(expired);

    const fired = await outside.request<{ errorMessage: string }>('POST', '/_dev/timers/nightlyMaintenance');
    expect(fired.status).toBe(404);
    expect(fired.body.errorMessage).toBe('Đường dẫn API không tồn tại.');
    expect(await sessions.read(session.userID, 'expiredsession2')).toBeDefined();
    const page = await outside.request('GET', '/_dev/outbox?format=json');
    expect(page.status).toBe(404);
    // The same machine through its loopback still may.
    expect((await api.request('POST', '/_dev/timers/nightlyMaintenance')).status).toBe(200);
    expect(await sessions.read(session.userID, 'expiredsession2')).toBeUndefined();
  });

  it('loopback is 127.0.0.0/8 and ::1, also IPv4-mapped; anything else is not', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of [
      '192.0.2.2',
      '10.0.0.1',
      '::ffff:192.0.2.2',
      'fd00::2',
      '',
      undefined,
      '127.0.0.1.evil',
    ]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});
