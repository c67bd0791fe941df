// Browser tests of the login form (issue "Web app shell"; spec sections 2, 5 and 8): the form against
// the real API, the keyboard alone, the phone layout. The form's rules (when a required message shows,
// an empty form sending nothing, a 400 reply as toasts) are tests of the web tier:
// tests/web/login.test.tsx. Selectors and texts: web/TESTING-NOTES.md. Wrong-password budget: this
// file uses exactly one.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { cleanPages } from '../support/browser.js';

const baseURL = inject('baseURL');

const USERNAME_REQUIRED = 'Tên đăng nhập không được để trống!';
const PASSWORD_REQUIRED = 'Mật khẩu không được để trống!';
const WRONG_CREDENTIALS = 'Tên đăng nhập hoặc mật khẩu không đúng!';

const pages = cleanPages(baseURL);

afterEach(async () => {
  await pages.closePages();
});

/** A clean page (new tab, empty storage, see `cleanPages`), closed when the test ends. */
async function openPage(viewport: 'desktop' | 'phone' = 'desktop'): Promise<Page> {
  return (await pages.open(viewport)).page;
}

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

async function openLoginForm(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('heading', { level: 1, name: 'Đăng nhập' }).waitFor();
}

function usernameError(page: Page) {
  return page.locator('#username-helper-text');
}

function passwordError(page: Page) {
  return page.locator('#password-helper-text');
}

async function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...window.localStorage }));
}

describe('login page', () => {
  it('shows the title, both labelled fields (username focused) and the forgot-password link', async () => {
    const page = await openPage();
    await openLoginForm(page);

    const form = page.getByRole('form', { name: 'Đăng nhập' });
    await form.waitFor();
    await form.getByLabel('Tên đăng nhập').waitFor();
    await form.getByLabel('Mật khẩu', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('username');
    expect(await page.getByLabel('Mật khẩu', { exact: true }).getAttribute('type')).toBe('password');

    const forgot = page.getByRole('link', { name: 'Quên mật khẩu?' });
    expect(await forgot.getAttribute('href')).toBe('/forgotPassword');
  });

  it('fits a 375 px phone, its field messages included', async () => {
    const page = await openPage('phone');
    await openLoginForm(page);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    expect(await usernameError(page).textContent()).toBe(USERNAME_REQUIRED);
    expect(await passwordError(page).textContent()).toBe(PASSWORD_REQUIRED);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('opens /forgotPassword on the first click of "Quên mật khẩu?" right after the page opened', async () => {
    const page = await openPage();
    await openLoginForm(page);
    // The username field has the focus (autofocus); a visitor clicks the link straight away.
    await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgotPassword', { timeout: 3_000 });
  });

  it("shows the server's error above the form after a wrong password, with a spinner meanwhile, and stores no token", async () => {
    const page = await openPage();
    await openLoginForm(page);
    // Hold the reply a moment so the spinner can be seen.
    let releaseLogin: () => void = () => undefined;
    const loginHeld = new Promise<void>((resolve) => {
      releaseLogin = resolve;
    });
    await page.route('**/api/User/Login', async (route) => {
      await loginHeld;
      await route.continue();
    });

    await page.getByLabel('Tên đăng nhập').fill('chunha2');
    await page.getByLabel('Mật khẩu', { exact: true }).fill('SaiMatKhau@999');
    const submit = page.getByRole('button', { name: 'Đăng nhập', exact: true });
    await submit.click();

    const spinner = page.locator('[data-testid=login-submit]').getByRole('progressbar', {
      name: 'Đang đăng nhập',
    });
    await spinner.waitFor();
    expect(await page.locator('[data-testid=login-submit]').isDisabled()).toBe(true);

    const loginReply = page.waitForResponse((response) => response.url().includes('/api/User/Login'));
    releaseLogin();
    expect((await loginReply).status()).toBe(401);

    const alert = page.getByRole('alert').filter({ hasText: WRONG_CREDENTIALS });
    await alert.waitFor();
    expect((await page.locator('[data-testid=login-error]').textContent())?.trim()).toBe(WRONG_CREDENTIALS);
    const alertBox = await alert.boundingBox();
    const formBox = await page.getByRole('form', { name: 'Đăng nhập' }).boundingBox();
    expect(alertBox).not.toBeNull();
    expect(formBox).not.toBeNull();
    expect(alertBox!.y + alertBox!.height).toBeLessThanOrEqual(formBox!.y);

    await spinner.waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid=login-submit]').isDisabled()).toBe(false);
    const stored = await localStorageOf(page);
    expect(stored.accessToken).toBeUndefined();
    expect(stored.refreshToken).toBeUndefined();
    expect(pathOf(page)).toBe('/login');
    // No field message: both fields hold values.
    expect(await usernameError(page).count()).toBe(0);
    expect(await passwordError(page).count()).toBe(0);
  });

  it('works with the keyboard alone: Tab from username reaches password, Enter submits trimmed values; /login then leads on to /dashboard', async () => {
    const page = await openPage();
    await openLoginForm(page);
    const sent: unknown[] = [];
    await page.route('**/api/User/Login', async (route) => {
      const body: unknown = route.request().postDataJSON();
      sent.push(body);
      const { username, password } = body as { username?: string; password?: string };
      // Untrimmed values never reach the server (they would count as a failed login there).
      if (username !== 'nhanvien' || password !== 'Nhanvien@123456') {
        await route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ status: false, errorMessage: WRONG_CREDENTIALS, value: WRONG_CREDENTIALS }),
        });
        return;
      }
      await route.continue();
    });

    expect(await page.evaluate(() => document.activeElement?.id)).toBe('username');
    await page.keyboard.type('  nhanvien  ');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
    await page.keyboard.type(' Nhanvien@123456 ');
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.pathname === '/dashboard');
    // Staff of one house: it is chosen for them, so the dashboard opens at once.
    await page.getByRole('heading', { level: 1, name: 'Tổng quan phòng' }).waitFor();
    expect(sent).toEqual([{ username: 'nhanvien', password: 'Nhanvien@123456' }]);
    const stored = await localStorageOf(page);
    expect(stored.accessToken).toBeTruthy();
    expect(JSON.parse(stored.role ?? 'null')).toMatchObject({ roleID: 3 });

    // Signed in, /login sends the user on to /dashboard.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Tổng quan phòng' }).waitFor();
  });
});
