// Browser tests of the session lifecycle: logout, silent token refresh and session expiry
// (issue "Web app shell"; spec sections 4, 8 and 9). Selectors, texts and storage keys:
// web/TESTING-NOTES.md.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { cleanPages } from '../support/browser.js';
import { chooseHouseIfAsked } from '../support/ui.js';

const baseURL = inject('baseURL');

const SESSION_EXPIRED = 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.';

const pages = cleanPages(baseURL);

afterEach(async () => {
  await pages.closePages();
});

/** A clean page (new tab, empty storage, see `cleanPages`), closed when the test ends. */
async function openPage(): Promise<Page> {
  return (await pages.open('desktop')).page;
}

async function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...window.localStorage }));
}

async function setLocalStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await page.evaluate((values) => {
    for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
  }, entries);
}

async function logInThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Tên đăng nhập').fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A JWT-shaped access token that expired long ago (and whose signature is wrong anyway). */
function expiredAccessToken(userID: string): string {
  const header = base64Url({ alg: 'HS256', typ: 'JWT' });
  const payload = base64Url({ sub: userID, iat: 1_600_000_000, exp: 1_600_000_900 });
  return `${header}.${payload}.${Buffer.from('not-the-signature').toString('base64url')}`;
}

/** The lessee's session in a fresh page, as the login form stores it; the page shows /dashboard. */
async function signedInLessee(page: Page): Promise<Record<string, string>> {
  await logInThroughForm(page, 'nguoithue', 'Nguoithue@123456');
  await page.getByRole('heading', { level: 1, name: 'Tổng quan' }).waitFor();
  await page.locator('[data-testid=tenant-home-room]').waitFor();
  const stored = await localStorageOf(page);
  expect(stored.accessToken).toBeTruthy();
  expect(stored.refreshToken).toBeTruthy();
  return stored;
}

describe('logout', () => {
  it('calls the API (the old token then gets 401), keeps only tutorialSeen in localStorage and goes to /login', async () => {
    const page = await openPage();
    await logInThroughForm(page, 'chunha2', 'Chunha2@123456');
    await chooseHouseIfAsked(page, 'Nhà trọ Gò Vấp Xanh');
    await page.getByRole('heading', { level: 1, name: 'Quản lý chung' }).waitFor();
    await setLocalStorage(page, { tutorialSeen: 'true' });
    const before = await localStorageOf(page);
    expect(before.houseID).toBeTruthy();

    // The old token works until the logout.
    const houseBefore = await page.request.get('/odata/House', {
      headers: { Authorization: `Bearer ${before.accessToken}` },
    });
    expect(houseBefore.status()).toBe(200);

    const logoutRequest = page.waitForRequest(
      (request) => request.url().includes('/api/User/Logout') && request.method() === 'POST',
    );
    const logoutReply = page.waitForResponse((response) => response.url().includes('/api/User/Logout'));
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    const request = await logoutRequest;
    expect(await request.headerValue('authorization')).toBe(`Bearer ${before.accessToken}`);
    const reply = await logoutReply;
    expect(reply.status()).toBe(200);
    expect(await reply.json()).toMatchObject({ status: true, isLogoutSuccess: true });

    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { level: 1, name: 'Đăng nhập' }).waitFor();
    expect(await localStorageOf(page)).toEqual({ tutorialSeen: 'true' });

    const houseAfter = await page.request.get('/odata/House', {
      headers: { Authorization: `Bearer ${before.accessToken}` },
    });
    expect(houseAfter.status()).toBe(401);
    const refreshAfter = await page.request.post('/api/User/RefreshToken', {
      data: { refreshToken: before.refreshToken },
    });
    expect(refreshAfter.status()).toBe(401);

    // Signed out, the guarded page sends the visitor to /.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('expired access token', () => {
  it('is refreshed silently with the refresh token: the page stays and shows its data', async () => {
    const page = await openPage();
    const stored = await signedInLessee(page);
    const corrupted = expiredAccessToken(stored.userID ?? '');
    await setLocalStorage(page, { accessToken: corrupted });

    const refreshReply = page.waitForResponse((response) =>
      response.url().includes('/api/User/RefreshToken'),
    );
    const dataReplies: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/odata/House')) dataReplies.push(response.status());
    });
    await page.goto('/dashboard');
    expect((await refreshReply).status()).toBe(200);
    await page.locator('[data-testid=tenant-home-room]').waitFor();
    expect(await page.locator('[data-testid=tenant-home-room]').textContent()).toContain('Phòng P101');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    // The first call was refused, the retry with the new token succeeded.
    expect(dataReplies.slice(0, 2)).toEqual([401, 200]);

    const after = await localStorageOf(page);
    expect(after.accessToken).toBeTruthy();
    expect(after.accessToken).not.toBe(corrupted);
    expect(after.refreshToken).toBeTruthy();
    expect(after.refreshToken).not.toBe(stored.refreshToken);
    expect(after.role).toBe(stored.role);
    expect(await page.locator('[data-testid=login-session-expired]').count()).toBe(0);
  });

  it('with an unusable refresh token clears the session and ends on /login, which then returns to the page', async () => {
    const page = await openPage();
    const stored = await signedInLessee(page);
    await setLocalStorage(page, {
      accessToken: expiredAccessToken(stored.userID ?? ''),
      refreshToken: `expired-refresh-token-${'x'.repeat(40)}`,
      tutorialSeen: 'true',
    });

    const refreshReply = page.waitForResponse((response) =>
      response.url().includes('/api/User/RefreshToken'),
    );
    await page.goto('/dashboard');
    expect((await refreshReply).status()).toBe(401);
    await page.waitForURL((url) => url.pathname === '/login');
    const expired = page.locator('[data-testid=login-session-expired]');
    await expired.waitFor();
    expect((await expired.textContent())?.trim()).toBe(SESSION_EXPIRED);
    expect(await localStorageOf(page)).toEqual({ tutorialSeen: 'true' });
    expect(await page.evaluate(() => window.sessionStorage.getItem('returnPath'))).toBe('/dashboard');

    // Logging in again leads back to the page the session expired on.
    await page.getByLabel('Tên đăng nhập').fill('nguoithue');
    await page.getByLabel('Mật khẩu', { exact: true }).fill('Nguoithue@123456');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.locator('[data-testid=tenant-home-room]').waitFor();
  });
});
