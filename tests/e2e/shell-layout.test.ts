// Browser tests of the signed-in layout on phones and desktops, with a screenshot of every role's
// home at 1280 px and 375 px (issue "Web app shell"). Selectors: web/TESTING-NOTES.md.
// Each role logs in once through the API (beforeAll); every test gets fresh contexts whose
// localStorage holds that session, as the notes allow ("Tests can seed a session").
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, type TestContext } from 'vitest';
import { TEST_OUTPUT, VIEWPORTS, launchBrowser, newPage, screenshot } from '../support/browser.js';
import { storedSessionFor } from '../support/ui.js';

const baseURL = inject('baseURL');

const PASSWORDS = {
  admin: 'Admin@123456',
  chunha: 'Chunha@123456',
  chunhamoi: 'Chunhamoi@123456',
  nhanvien: 'Nhanvien@123456',
  nguoithue: 'Nguoithue@123456',
} as const;
type DemoUser = keyof typeof PASSWORDS;
type Viewport = keyof typeof VIEWPORTS;

const NAV_HOUSE_MODERATOR = [
  'Quản lý chung',
  'Quản lý phòng',
  'Quản lý người thuê',
  'Quản lý hợp đồng',
  'Phí dịch vụ tòa nhà',
  'Ghi chỉ số điện nước',
  'Quản lý nhân viên',
  'Cài đặt tài khoản',
];

let browser: Browser;
const sessions = new Map<DemoUser, Record<string, string>>();

beforeAll(async () => {
  browser = await launchBrowser();
  const users = Object.keys(PASSWORDS) as DemoUser[];
  const stored = await Promise.all(
    users.map((username) => storedSessionFor(baseURL, username, PASSWORDS[username])),
  );
  users.forEach((username, index) => sessions.set(username, stored[index]!));
});

afterAll(async () => {
  await browser?.close();
});

/** A page in a fresh context, closed when the test ends. */
async function openPage(test: TestContext, viewport: Viewport): Promise<Page> {
  const { context, page } = await newPage(browser, baseURL, viewport);
  test.onTestFinished(() => context.close());
  return page;
}

async function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...window.localStorage }));
}

/** A fresh context whose localStorage holds `stored`, opened on `path`. */
async function pageWithSession(
  test: TestContext,
  viewport: Viewport,
  stored: Record<string, string>,
  path: string,
) {
  const page = await openPage(test, viewport);
  await page.goto('/favicon.svg');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, stored);
  await page.goto(path);
  return page;
}

function sessionOf(username: DemoUser): Record<string, string> {
  const stored = sessions.get(username);
  if (!stored) throw new Error(`no session for ${username}`);
  return stored;
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Điều hướng chính' });
}

async function navLabels(page: Page): Promise<string[]> {
  const links = mainNav(page).getByRole('link');
  await links.first().waitFor();
  return (await links.allTextContents()).map((label) => label.trim());
}

async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; width: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
}

async function expectNoHorizontalScroll(page: Page, width: number): Promise<void> {
  const { scrollWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** Width in pixels from the PNG header (IHDR). */
function pngWidth(path: string): number {
  return readFileSync(path).readUInt32BE(16);
}

async function saveScreenshot(page: Page, name: string, expectedWidth: number): Promise<void> {
  // Fonts loaded; the file is written anew (an old one must not pass).
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  rmSync(join(TEST_OUTPUT, `${name}.png`), { force: true });
  const path = await screenshot(page, name);
  expect(existsSync(path)).toBe(true);
  expect(path.endsWith(`${name}.png`)).toBe(true);
  const scale = page.viewportSize()?.width === VIEWPORTS.phone.width ? 2 : 1;
  expect(pngWidth(path)).toBe(expectedWidth * scale);
}

async function chooseHouse(page: Page, houseName: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Chọn nhà trọ bạn muốn quản lý' }).waitFor();
  await page.locator('[data-testid^=house-card-]').filter({ hasText: houseName }).click();
}

async function roomListShown(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.locator('[data-testid=room-list] [data-testid^=room-card-]').first().waitFor();
}

describe('phone layout (375 px)', () => {
  it('opens the drawer with the menu button, shows the navigation, and nothing scrolls sideways', async (test) => {
    const page = await pageWithSession(test, 'phone', sessionOf('chunha'), '/dashboard');
    await page.locator('[data-testid^=house-card-]').nth(1).waitFor();
    await expectNoHorizontalScroll(page, 375);
    await chooseHouse(page, 'Nhà trọ Hoa Sen');
    await roomListShown(page, 'Quản lý chung');
    await expectNoHorizontalScroll(page, 375);

    const menuButton = page.getByRole('button', { name: 'Mở menu điều hướng' });
    await menuButton.waitFor();
    expect(await page.locator('[data-testid=nav-drawer-permanent]').count()).toBe(0);
    expect(await mainNav(page).count()).toBe(0);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    await menuButton.click();
    await page.locator('[data-testid=nav-drawer-temporary]').waitFor();
    expect(await navLabels(page)).toEqual(NAV_HOUSE_MODERATOR);
    expect(await page.locator('[data-testid=nav-user-name]').textContent()).toBe('Nguyễn Văn Hùng');
    expect(await page.locator('[data-testid=nav-user-role]').textContent()).toBe('Chủ trọ');
    await page.locator('[data-testid=nav-drawer-temporary] [data-testid=logout-button]').waitFor();
    // Once slid in, the drawer lies within the screen.
    const drawerPaper = page.locator('[data-testid=nav-drawer-temporary] .MuiDrawer-paper');
    await expect.poll(async () => (await drawerPaper.boundingBox())?.x, { timeout: 5_000 }).toBe(0);
    const drawerBox = await drawerPaper.boundingBox();
    expect(drawerBox!.width).toBeLessThanOrEqual(375);
    await expectNoHorizontalScroll(page, 375);

    // Following an item closes the drawer.
    await mainNav(page).getByRole('link', { name: 'Quản lý chung' }).click();
    await mainNav(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});

describe('home of every role, at 1280 px and 375 px (screenshots in test-results/e2e)', () => {
  /** A step on a page signed in as the role and opened on /dashboard. */
  type Prepare = (page: Page) => Promise<void>;

  /**
   * Desktop: `prepareFirstVisit` (e.g. choose the house), wait for the home (`homeShown`), screenshot.
   * Phone: a new context with the same localStorage, wait for the home, screenshot.
   */
  async function screenshotsOfHome(
    test: TestContext,
    role: DemoUser,
    prepareFirstVisit: Prepare,
    homeShown: Prepare,
  ): Promise<void> {
    const desktop = await pageWithSession(test, 'desktop', sessionOf(role), '/dashboard');
    await prepareFirstVisit(desktop);
    await homeShown(desktop);
    await expectNoHorizontalScroll(desktop, 1280);
    // From 900 px the drawer is permanent and there is no menu button.
    await desktop.locator('[data-testid=nav-drawer-permanent]').waitFor();
    await mainNav(desktop).waitFor();
    expect(await desktop.getByRole('button', { name: 'Mở menu điều hướng' }).count()).toBe(0);
    await saveScreenshot(desktop, `${role}-1280`, 1280);

    // Same session (with the house chosen above) on a phone.
    const phone = await pageWithSession(test, 'phone', await localStorageOf(desktop), '/dashboard');
    await homeShown(phone);
    await expectNoHorizontalScroll(phone, 375);
    await phone.getByRole('button', { name: 'Mở menu điều hướng' }).waitFor();
    expect(await phone.locator('[data-testid=nav-drawer-permanent]').count()).toBe(0);
    await saveScreenshot(phone, `${role}-375`, 375);
  }

  const nothing: Prepare = async () => undefined;

  it('super admin: the lessor-registration list', async (test) => {
    await screenshotsOfHome(test, 'admin', nothing, async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Danh sách đăng ký chủ trọ' }).waitFor();
      await page.locator('[data-testid=registration-table] tbody tr').nth(2).waitFor();
    });
  });

  it('house moderator (chunha) after choosing Hoa Sen: the rooms overview', async (test) => {
    await screenshotsOfHome(
      test,
      'chunha',
      (page) => chooseHouse(page, 'Nhà trọ Hoa Sen'),
      (page) => roomListShown(page, 'Quản lý chung'),
    );
  });

  it('staff (nhanvien) after choosing Hoa Sen: the rooms overview', async (test) => {
    await screenshotsOfHome(
      test,
      'nhanvien',
      (page) => chooseHouse(page, 'Nhà trọ Hoa Sen'),
      (page) => roomListShown(page, 'Tổng quan phòng'),
    );
  });

  it('lessee (nguoithue): the own room', async (test) => {
    await screenshotsOfHome(test, 'nguoithue', nothing, async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Tổng quan' }).waitFor();
      await page.locator('[data-testid=lessee-room-name]').waitFor();
    });
  });

  it('house moderator with incomplete information (chunhamoi) after the modal: the notice', async (test) => {
    await screenshotsOfHome(
      test,
      'chunhamoi',
      async (page) => {
        await chooseHouse(page, 'Nhà trọ Phước Long');
        const dialog = page.getByRole('dialog', { name: 'Thông tin tài khoản chưa đầy đủ' });
        await dialog.waitFor();
        await dialog.getByRole('button', { name: 'Để sau' }).click();
        await dialog.waitFor({ state: 'detached' });
      },
      async (page) => {
        await page.locator('[data-testid=incomplete-account-notice]').waitFor();
        expect((await localStorageOf(page)).isUserActive).toBe('false');
      },
    );
  });
});
