// Browser tests of the signed-in layout on phones and desktops: every role's home at 1280 px and 375 px
// (issue "Web app shell"). Selectors: web/TESTING-NOTES.md. The size each home is drawn at (CSS width ×
// device pixel ratio) is measured; with E2E_SCREENSHOTS=1 each is also saved as a PNG in
// test-results/e2e and the PNG's width checked.
// Each role logs in once through the API (beforeAll); every test gets clean pages (new tab, empty
// storage, see `cleanPages`) whose localStorage holds that session, as the notes allow ("Tests can
// seed a session").
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { SAVE_SCREENSHOTS, TEST_OUTPUT, VIEWPORTS, cleanPages, screenshot } from '../support/browser.js';
import { LANDLORD_NAVIGATION, chooseHouseIfAsked, storedSessionFor } from '../support/ui.js';

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

const NAV_HOUSE_MODERATOR = LANDLORD_NAVIGATION.map((entry) => entry.label);

const pages = cleanPages(baseURL);
const sessions = new Map<DemoUser, Record<string, string>>();

beforeAll(async () => {
  const users = Object.keys(PASSWORDS) as DemoUser[];
  const stored = await Promise.all(
    users.map((username) => storedSessionFor(baseURL, username, PASSWORDS[username])),
  );
  users.forEach((username, index) => sessions.set(username, stored[index]!));
});

afterEach(async () => {
  await pages.closePages();
});

async function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...window.localStorage }));
}

/** A clean page whose localStorage holds `stored`, opened on `path`; closed when the test ends. */
async function pageWithSession(viewport: Viewport, stored: Record<string, string>, path: string) {
  const { page } = await pages.open(viewport, stored);
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

/**
 * The home is drawn `expectedWidth` CSS pixels wide at the device's pixel ratio (2 on the phone), i.e.
 * a screenshot of it is `expectedWidth × ratio` pixels wide; with E2E_SCREENSHOTS=1 it is saved too.
 */
async function expectDrawnWidth(page: Page, name: string, expectedWidth: number): Promise<void> {
  const scale = page.viewportSize()?.width === VIEWPORTS.phone.width ? 2 : 1;
  const drawn = await page.evaluate(() => ({ width: window.innerWidth, ratio: window.devicePixelRatio }));
  expect(drawn).toEqual({ width: expectedWidth, ratio: scale });
  if (!SAVE_SCREENSHOTS) return;
  // Fonts loaded; the file is written anew (an old one must not pass).
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  rmSync(join(TEST_OUTPUT, `${name}.png`), { force: true });
  const path = await screenshot(page, name);
  expect(existsSync(path)).toBe(true);
  expect(path.endsWith(`${name}.png`)).toBe(true);
  expect(pngWidth(path)).toBe(expectedWidth * scale);
}

async function roomListShown(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.locator('[data-testid=room-list] [data-testid^=room-card-]').first().waitFor();
}

describe('phone layout (375 px)', () => {
  it('opens the drawer with the menu button, shows the navigation, and nothing scrolls sideways', async () => {
    const page = await pageWithSession('phone', sessionOf('chunha'), '/dashboard');
    await page.locator('[data-testid^=house-card-]').nth(1).waitFor();
    await expectNoHorizontalScroll(page, 375);
    await chooseHouseIfAsked(page, 'Nhà trọ Hoa Sen');
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

describe('home of every role, at 1280 px and 375 px (screenshots in test-results/e2e with E2E_SCREENSHOTS=1)', () => {
  /** A step on a page signed in as the role and opened on /dashboard. */
  type Prepare = (page: Page) => Promise<void>;

  /**
   * Desktop: `prepareFirstVisit` (e.g. choose the house), wait for the home (`homeShown`), its size.
   * Phone: a new page with the same localStorage, wait for the home, its size.
   */
  async function homeAtBothSizes(
    role: DemoUser,
    prepareFirstVisit: Prepare,
    homeShown: Prepare,
  ): Promise<void> {
    const desktop = await pageWithSession('desktop', sessionOf(role), '/dashboard');
    await prepareFirstVisit(desktop);
    await homeShown(desktop);
    await expectNoHorizontalScroll(desktop, 1280);
    // From 900 px the drawer is permanent and there is no menu button.
    await desktop.locator('[data-testid=nav-drawer-permanent]').waitFor();
    await mainNav(desktop).waitFor();
    expect(await desktop.getByRole('button', { name: 'Mở menu điều hướng' }).count()).toBe(0);
    await expectDrawnWidth(desktop, `${role}-1280`, 1280);

    // Same session (with the house chosen above) on a phone.
    const phone = await pageWithSession('phone', await localStorageOf(desktop), '/dashboard');
    await homeShown(phone);
    await expectNoHorizontalScroll(phone, 375);
    await phone.getByRole('button', { name: 'Mở menu điều hướng' }).waitFor();
    expect(await phone.locator('[data-testid=nav-drawer-permanent]').count()).toBe(0);
    await expectDrawnWidth(phone, `${role}-375`, 375);
  }

  const nothing: Prepare = async () => undefined;

  it('super admin: the lessor-registration list', async () => {
    await homeAtBothSizes('admin', nothing, async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Tổng quan quản trị' }).waitFor();
      await page.locator('[data-testid=registration-table] tbody tr').nth(2).waitFor();
    });
  });

  it('house moderator (chunha) after choosing Hoa Sen: the rooms overview', async () => {
    await homeAtBothSizes(
      'chunha',
      (page) => chooseHouseIfAsked(page, 'Nhà trọ Hoa Sen'),
      (page) => roomListShown(page, 'Quản lý chung'),
    );
  });

  it('staff (nhanvien) after choosing Hoa Sen: the rooms overview', async () => {
    await homeAtBothSizes(
      'nhanvien',
      (page) => chooseHouseIfAsked(page, 'Nhà trọ Hoa Sen'),
      (page) => roomListShown(page, 'Tổng quan phòng'),
    );
  });

  it('lessee (nguoithue): what is owed first', async () => {
    await homeAtBothSizes('nguoithue', nothing, async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Tổng quan' }).waitFor();
      await page.locator('[data-testid=tenant-owed-now]').waitFor();
    });
  });

  it('house moderator with incomplete information (chunhamoi) after the modal: the notice', async () => {
    await homeAtBothSizes(
      'chunhamoi',
      async (page) => {
        await chooseHouseIfAsked(page, 'Nhà trọ Phước Long');
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
