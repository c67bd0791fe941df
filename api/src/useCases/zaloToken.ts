import { LEVEL, ROLE, type ZaloTokenInput, type ZaloTokenView } from '@nhatro/common';
import { requireSuperAdmin } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import { SETTINGS_PARTITION, type UserDoc, type ZaloSettings } from '../domain/shared/model.js';
import { vietnamDate } from '../domain/shared/time.js';
import { renewZaloAccessToken, ZALO_ACCESS_TOKEN_SECONDS } from '../messaging/zaloOAuth.js';
import { StoreError, type StoredDoc } from '../store/store.js';
import { tracedMethods } from '../telemetry/tracing.js';
import { audit, type Actor } from './shared/actor.js';
import type { Deps } from './shared/deps.js';
import { outboxCreate } from './shared/outboxMessages.js';
import { writePlatformSettings } from './shared/platformSettings.js';
import { storedZalo, zaloSecretBox as box } from './shared/zaloAccess.js';

/**
 * The Zalo Official Account tokens (and ZNS template) the super admin enters on /settingZaloToken, kept
 * in the platform settings document (`platform` container, pk = id = 'settings'), sealed (secretBox.ts:
 * encrypted, the key wrapped in Key Vault): never in plain text in the store, never returned, never
 * audited. The access token lasts about 25 hours; the refresh token (3 months, usable once) renews it
 * before it expires (the `zaloTokenRenewal` timer, hourly). A failed renewal is recorded, logged, and
 * told to the super admins through the outbox (e-mail, SMS), once a day.
 */

const HOUR_MS = 3_600_000;
/** Renewed when less than this is left (the timer runs every hour: three chances before it expires). */
export const RENEW_BEFORE_MS = 3 * HOUR_MS;
/** A refresh token is valid for 3 months. */
const REFRESH_TOKEN_MS = 90 * 24 * HOUR_MS;
/** Who renews: the timer, not a person. */
const RENEWAL_USER = 'system:zaloTokenRenewal';

const NO_KEY = 'Chưa cấu hình khóa bảo vệ bí mật (SECRETS_KEY_URL): không lưu được Zalo token.';

/** `••••abcd`: enough for the super admin to recognise the token, nothing to use it. */
function masked(hint: string | undefined): string {
  return hint ? `••••${hint}` : '••••';
}

function hintOf(token: string): string | undefined {
  return token.length >= 12 ? token.slice(-4) : undefined;
}

/** The access token's end: recorded, or (a token saved before expiries were) 25 h after it was saved. */
function expiresOn(zalo: ZaloSettings): string {
  return (
    zalo.accessTokenExpiresOn ??
    new Date(Date.parse(zalo.updatedOn) + ZALO_ACCESS_TOKEN_SECONDS * 1000).toISOString()
  );
}

function renewalBlocked(deps: Deps, zalo: ZaloSettings): string | undefined {
  if (!zalo.sealedRefreshToken) return 'Chưa có refresh token: nhập refresh token cùng access token.';
  if (!deps.config.zaloApp) return 'Máy chủ chưa cấu hình ứng dụng Zalo (ZALO_APP_ID, ZALO_APP_SECRET).';
  return undefined;
}

function view(deps: Deps, zalo: ZaloSettings | undefined): ZaloTokenView {
  if (!zalo) return { configured: false };
  const blocked = renewalBlocked(deps, zalo);
  return {
    configured: true,
    maskedToken: masked(zalo.tokenHint ?? (zalo.accessToken ? hintOf(zalo.accessToken) : undefined)),
    ...(zalo.templateID ? { templateID: zalo.templateID } : {}),
    updatedOn: zalo.updatedOn,
    expiresOn: expiresOn(zalo),
    autoRenew: blocked === undefined,
    ...(blocked ? { autoRenewBlocked: blocked } : {}),
    ...(zalo.refreshTokenExpiresOn ? { refreshTokenExpiresOn: zalo.refreshTokenExpiresOn } : {}),
    ...(zalo.lastRenewal ? { lastRenewal: zalo.lastRenewal } : {}),
  };
}

/** `GET /api/MetaData/ZaloAccessToken`: whether a token is set (masked), until when, and its renewal. */
export async function getZaloAccessToken(actor: Actor): Promise<ZaloTokenView> {
  requireSuperAdmin(actor.user, LEVEL.read);
  return view(actor.deps, await storedZalo(actor.deps));
}

/**
 * `POST /api/MetaData/SetZaloAccessToken` `{ accessToken, refreshToken?, templateID? }`: replaces the
 * tokens, sealed (the template is kept when not given). Only the `zalo` field of the settings is written
 * (a patch), so a billing day saved at the same moment is not lost.
 */
export async function setZaloAccessToken(actor: Actor, input: ZaloTokenInput): Promise<ZaloTokenView> {
  requireSuperAdmin(actor.user, LEVEL.update);
  const { deps, user } = actor;
  const sealer = box(deps);
  if (!sealer) throw AppError.badRequest(NO_KEY);
  const previous = await storedZalo(deps);
  const templateID = input.templateID ?? previous?.templateID;
  const now = deps.now();
  const hint = hintOf(input.accessToken);
  const zalo: ZaloSettings = {
    sealedAccessToken: await sealer.seal(input.accessToken),
    ...(input.refreshToken
      ? {
          sealedRefreshToken: await sealer.seal(input.refreshToken),
          refreshTokenExpiresOn: new Date(now.getTime() + REFRESH_TOKEN_MS).toISOString(),
        }
      : {}),
    ...(hint ? { tokenHint: hint } : {}),
    accessTokenExpiresOn: new Date(now.getTime() + ZALO_ACCESS_TOKEN_SECONDS * 1000).toISOString(),
    ...(templateID ? { templateID } : {}),
    updatedOn: now.toISOString(),
    updatedBy: user.userID,
  };
  await writePlatformSettings(deps, user.userID, { zalo });
  await audit(actor, {
    action: 'update',
    entity: 'settings',
    entityID: SETTINGS_PARTITION,
    details: {
      zaloToken: masked(hint),
      refreshToken: input.refreshToken ? 'đã nhập' : 'không có',
      templateID: templateID ?? null,
      replaced: Boolean(previous),
    },
  });
  return view(deps, zalo);
}

export type ZaloRenewalOutcome =
  | { state: 'none' | 'notDue' }
  | { state: 'blocked'; reason: string; expiresOn: string }
  | { state: 'renewed'; expiresOn: string }
  | { state: 'failed'; error: string; expiresOn: string };

/** The super admins, who hear about a failed renewal. */
async function superAdmins(deps: Deps): Promise<UserDoc[]> {
  const page = await deps.store.container<UserDoc>('users').query({
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'user' },
        { op: 'eq', field: 'roleID', value: ROLE.superAdmin },
      ],
    },
    top: 20,
  });
  return page.items;
}

/** One message a day to each super admin while renewals fail (outbox: e-mail and SMS; Zalo may be down). */
async function tellSuperAdmins(deps: Deps, error: string, expires: string): Promise<void> {
  const day = vietnamDate(deps.now());
  const platform = deps.store.container<StoredDoc>('platform');
  for (const admin of await superAdmins(deps)) {
    const recipient = {
      userID: admin.userID,
      ...(admin.fullName ? { name: admin.fullName } : {}),
      ...(admin.email ? { email: admin.email } : {}),
      ...(admin.phoneNumber ? { phoneNumber: admin.phoneNumber } : {}),
    };
    const op = outboxCreate(
      deps,
      SETTINGS_PARTITION,
      {
        event: 'zaloTokenRenewalFailed',
        recipient,
        subject: 'Không gia hạn được Zalo token',
        body:
          `Hệ thống không gia hạn được access token Zalo (${error}). Token hết hạn lúc ${expires} (UTC); ` +
          'sau đó tin nhắn Zalo sẽ không gửi được. Vui lòng nhập token mới ở trang Nhập Zalo token.',
        link: `${deps.config.webOrigin}/settingZaloToken`,
        channels: ['email', 'sms'],
      },
      { idempotencyKey: `zaloTokenRenewalFailed:${admin.userID}:${day}` },
    );
    try {
      await platform.create(op.doc);
    } catch (createError) {
      // Already told today.
      if (!(createError instanceof StoreError && createError.code === 'conflict')) throw createError;
    }
  }
}

/**
 * The renewal timer's work: renews the access token when less than {@link RENEW_BEFORE_MS} is left,
 * with the sealed refresh token; stores both new tokens sealed. A failure is recorded on the settings
 * and told to the super admins; the caller reports the run as failed.
 */
export async function renewZaloTokenIfDue(
  deps: Deps,
  options: { fetch?: typeof fetch } = {},
): Promise<ZaloRenewalOutcome> {
  const zalo = await storedZalo(deps);
  if (!zalo) return { state: 'none' };
  const expires = expiresOn(zalo);
  const now = deps.now();
  if (Date.parse(expires) - now.getTime() > RENEW_BEFORE_MS) return { state: 'notDue' };
  const blocked = renewalBlocked(deps, zalo);
  const sealer = box(deps);
  const app = deps.config.zaloApp;
  if (blocked || !sealer || !app || !zalo.sealedRefreshToken) {
    return { state: 'blocked', reason: blocked ?? NO_KEY, expiresOn: expires };
  }
  try {
    const renew = deps.config.telemetryEnabled
      ? tracedMethods({ renewZaloAccessToken }, 'zalo', ['renewZaloAccessToken']).renewZaloAccessToken
      : renewZaloAccessToken;
    const tokens = await renew({
      oauthUrl: app.oauthUrl,
      appId: app.appId,
      appSecret: app.appSecret,
      refreshToken: await sealer.open(zalo.sealedRefreshToken),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    const hint = hintOf(tokens.accessToken);
    const expiresOnNow = new Date(now.getTime() + tokens.expiresInSeconds * 1000).toISOString();
    const { accessToken: _plain, tokenHint: _hint, ...kept } = zalo;
    const renewed: ZaloSettings = {
      ...kept,
      sealedAccessToken: await sealer.seal(tokens.accessToken),
      sealedRefreshToken: await sealer.seal(tokens.refreshToken),
      ...(hint ? { tokenHint: hint } : {}),
      accessTokenExpiresOn: expiresOnNow,
      refreshTokenExpiresOn: new Date(now.getTime() + REFRESH_TOKEN_MS).toISOString(),
      lastRenewal: { at: now.toISOString(), ok: true },
    };
    await writePlatformSettings(deps, RENEWAL_USER, { zalo: renewed });
    return { state: 'renewed', expiresOn: expiresOnNow };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await writePlatformSettings(deps, RENEWAL_USER, {
      zalo: { ...zalo, lastRenewal: { at: now.toISOString(), ok: false, error: message.slice(0, 300) } },
    });
    await tellSuperAdmins(deps, message, expires);
    return { state: 'failed', error: message, expiresOn: expires };
  }
}
