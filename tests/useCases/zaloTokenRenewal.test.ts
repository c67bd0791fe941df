// Zalo OA access tokens last about 25 hours: the renewal timer renews them with the refresh token
// against Zalo's OAuth endpoint (here a local stand-in speaking Zalo OA API v4), keeps both new tokens
// sealed, and when Zalo refuses tells the super admins and fails the run.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import azureFunctions, { type Timer } from '@azure/functions';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setDepsFactory, useDeps } from '../../api/src/composition/deps.js';
import type { OutboxMessageDoc, PlatformSettingsDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import '../../api/src/functions/zaloToken.js';
import { timerFunctions } from '../../api/src/http/registry.js';
import { setLogSink, type LogRecord } from '../../api/src/telemetry/log.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { zaloAccess } from '../../api/src/useCases/shared/zaloAccess.js';
import {
  getZaloAccessToken,
  renewZaloTokenIfDue,
  setZaloAccessToken,
} from '../../api/src/useCases/zaloToken.js';
import { aSuperAdmin } from '../support/builders.js';
import { actorFor, createHarness, type UseCaseHarness } from '../support/useCaseHarness.js';

const HOUR = 3_600_000;
const APP = { appId: '4318001234567890', appSecret: 'zalo-app-secret-key-XYZ' };

interface Received {
  method: string;
  path: string;
  secretKey: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** Zalo's token endpoint, as documented for OA API v4: a form POST, the app secret in a header. */
let zalo: Server;
let zaloUrl = '';
let mode: 'ok' | 'refuse' = 'ok';
const received: Received[] = [];

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  zalo = createServer((req, res) => {
    void body(req).then((text) => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        secretKey: req.headers.secret_key as string | undefined,
        contentType: req.headers['content-type'],
        form: Object.fromEntries(new URLSearchParams(text)),
      });
      const n = received.length;
      const reply =
        mode === 'ok'
          ? {
              access_token: `renewed-access-token-${n}-abcd`,
              refresh_token: `renewed-refresh-token-${n}`,
              expires_in: '90000',
            }
          : { error: -14014, message: 'Invalid refresh token' };
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => zalo.listen(0, '127.0.0.1', resolve));
  zaloUrl = `http://127.0.0.1:${(zalo.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => zalo.close(() => resolve())));

let h: UseCaseHarness;
let deps: Deps;
let admin: UserDoc;
let records: LogRecord[];

beforeEach(async () => {
  h = createHarness();
  deps = { ...h.deps, config: { ...h.deps.config, zaloApp: { ...APP, oauthUrl: zaloUrl } } };
  const created = await aSuperAdmin(deps);
  admin = { ...created, email: 'quantri@example.vn' };
  await deps.store.container<UserDoc>('users').replace(admin);
  mode = 'ok';
  received.length = 0;
  records = [];
  setLogSink((record) => records.push(record), 'debug');
});
afterEach(async () => {
  setLogSink();
  setDepsFactory();
  await h.close();
});

async function settingsText(): Promise<string> {
  return JSON.stringify(
    await deps.store.container<PlatformSettingsDoc>('platform').read('settings', 'settings'),
  );
}

async function enter(refreshToken?: string) {
  return setZaloAccessToken(actorFor(deps, admin), {
    accessToken: 'entered-access-token-0000-wxyz',
    ...(refreshToken ? { refreshToken } : {}),
    templateID: '245678',
  });
}

describe('renewing the Zalo access token', () => {
  it('shows the expiry, renews before it with the refresh token, and keeps the new tokens sealed', async () => {
    const entered = await enter('entered-refresh-token-1111');
    expect(entered).toMatchObject({ expiresOn: '2026-11-21T04:00:00.000Z', autoRenew: true });

    // 20 hours later more than 3 hours are left: nothing to do, Zalo is not called.
    h.clock.advance(20 * HOUR);
    expect(await renewZaloTokenIfDue(deps)).toEqual({ state: 'notDue' });
    expect(received).toEqual([]);

    h.clock.advance(3 * HOUR);
    const renewed = await renewZaloTokenIfDue(deps);
    expect(renewed).toEqual({
      state: 'renewed',
      expiresOn: new Date(h.clock.now().getTime() + 90_000_000).toISOString(),
    });
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/v4/oa/access_token',
        secretKey: APP.appSecret,
        contentType: 'application/x-www-form-urlencoded',
        form: { app_id: APP.appId, refresh_token: 'entered-refresh-token-1111', grant_type: 'refresh_token' },
      },
    ]);
    expect(await zaloAccess(deps)).toEqual({
      accessToken: 'renewed-access-token-1-abcd',
      templateID: '245678',
    });
    const text = await settingsText();
    for (const token of [
      'entered-access-token',
      'entered-refresh-token',
      'renewed-access-token',
      'renewed-refresh-token',
    ]) {
      expect(text).not.toContain(token);
    }
    const view = await getZaloAccessToken(actorFor(deps, admin));
    expect(view).toMatchObject({
      maskedToken: '••••abcd',
      expiresOn: renewed.state === 'renewed' ? renewed.expiresOn : '',
      lastRenewal: { ok: true },
    });

    // The next renewal spends the refresh token the last one returned (each is usable once).
    h.clock.advance(23 * HOUR);
    expect((await renewZaloTokenIfDue(deps)).state).toBe('renewed');
    expect(received[1]?.form.refresh_token).toBe('renewed-refresh-token-1');
  });

  it('a refusal is recorded, told to the super admin once a day, and fails the timer run', async () => {
    await enter('entered-refresh-token-2222');
    h.clock.advance(23 * HOUR);
    mode = 'refuse';
    useDeps(deps);
    const timer = timerFunctions.find((definition) => definition.name === 'zaloTokenRenewal');
    const fire = () =>
      timer?.handler(
        {
          isPastDue: false,
          schedule: { adjustForDST: false },
          scheduleStatus: { last: '', next: '', lastUpdated: '' },
        } as Timer,
        new azureFunctions.InvocationContext({ functionName: 'zaloTokenRenewal', invocationId: 'renewal-1' }),
      );
    await expect(fire()).rejects.toThrow('1 token renewals failed');
    expect(records).toContainEqual(
      expect.objectContaining({ event: 'zaloToken.renewalFailed', level: 'error' }),
    );

    const view = await getZaloAccessToken(actorFor(deps, admin));
    expect(view.lastRenewal).toMatchObject({ ok: false, error: expect.stringContaining('-14014') });
    const messages = (
      await deps.store.container<OutboxMessageDoc>('platform').query({
        filter: { op: 'eq', field: 'event', value: 'zaloTokenRenewalFailed' },
        top: 10,
      })
    ).items;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      recipient: { userID: admin.userID, email: 'quantri@example.vn' },
      channels: ['email'],
      state: 'pending',
      link: expect.stringContaining('/settingZaloToken'),
    });
    // An hour later it fails again: still one message today.
    h.clock.advance(HOUR);
    await expect(fire()).rejects.toThrow();
    const again = await deps.store.container<OutboxMessageDoc>('platform').query({
      filter: { op: 'eq', field: 'event', value: 'zaloTokenRenewalFailed' },
      top: 10,
    });
    expect(again.items).toHaveLength(1);
  });

  it('without a refresh token, or without the Zalo app, it cannot renew and says why', async () => {
    await enter();
    h.clock.advance(23 * HOUR);
    expect(await renewZaloTokenIfDue(deps)).toMatchObject({
      state: 'blocked',
      reason: expect.stringContaining('refresh token'),
    });
    await enter('entered-refresh-token-3333');
    h.clock.advance(23 * HOUR);
    const { zaloApp: _app, ...config } = deps.config;
    expect(await renewZaloTokenIfDue({ ...deps, config })).toMatchObject({
      state: 'blocked',
      reason: expect.stringContaining('ZALO_APP_ID'),
    });
    expect(received).toEqual([]);
  });
});
