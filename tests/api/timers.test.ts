import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
