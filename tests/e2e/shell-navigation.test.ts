// Browser journeys of the app shell: a signed-out visitor sent home and back after login, house
// selection, the side navigation each demo account's real role gives (issue "Web app shell"; spec
// sections 2, 4 and 6). Selectors and texts: web/TESTING-NOTES.md. The guards' other rules (the 404
// content for a role or a permission level, incomplete accounts, one-time passwords) are tests of the
// web tier: tests/web/guards.test.tsx; every item of every role leading to its page and marked current:
// tests/web/navigation.test.tsx.
// Each role logs in once through the API (beforeAll); every test gets a clean page (new tab, empty
// storage, see `cleanPages`) whose localStorage holds that session, as the notes allow ("Tests can
// seed a session").
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  INACTIVE_LANDLORD_NAVIGATION as NAV_INACTIVE_HOUSE_MODERATOR,
  LANDLORD_NAVIGATION as NAV_HOUSE_MODERATOR,
  LESSEE_NAVIGATION as NAV_LESSEE,
  STAFF_NAVIGATION as NAV_STAFF,
  SUPER_ADMIN_NAVIGATION as NAV_SUPER_ADMIN,
  storedSessionFor,
  type NavEntry,
} from '../support/ui.js';
import { cleanPages } from '../support/browser.js';

const baseURL = inject('baseURL');

const PASSWORDS = {
  admin: 'Admin@123456',
  chunha: 'Chunha@123456',
  chunhamoi: 'Chunhamoi@123456',
  nhanvien: 'Nhanvien@123456',
  nguoithue: 'Nguoithue@123456',
} as const;
type DemoUser = keyof typeof PASSWORDS;

const HOUSE_SELECTION_TITLE = 'Chọn nhà trọ bạn muốn quản lý';

const pages = cleanPages(baseURL);
const sessions = new Map<DemoUser, Record<string, string>>();

/** A clean page (no session), closed when the test ends. */
async function openPage(viewport: 'desktop' | 'phone' = 'desktop'): Promise<Page> {
  return (await pages.open(viewport)).page;
}

async function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...window.localStorage }));
}

/** A clean page holding the stored session of `username` (see "Browser storage" in the notes). */
async function signedInPage(
  username: DemoUser,
  extra: Record<string, string> = {},
  viewport: 'desktop' | 'phone' = 'desktop',
): Promise<Page> {
  const stored = sessions.get(username);
  if (!stored) throw new Error(`no session for ${username}`);
  return (await pages.open(viewport, { ...stored, ...extra })).page;
}

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Điều hướng chính' });
}

/** Labels and hrefs of the navigation, read from the DOM (also while a dialog hides it from a11y). */
async function navEntries(page: Page): Promise<NavEntry[]> {
  const links = page.locator('nav[aria-label="Điều hướng chính"] a');
  await links.first().waitFor();
  return links.evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      label: (anchor.textContent ?? '').trim(),
      path: anchor.getAttribute('href') ?? '',
    })),
  );
}

/**
 * Follows one item (the last: never the page open now): the URL becomes its path and only that item is
 * marked as the current page. Every item of every role is followed in tests/web/navigation.test.tsx.
 */
async function expectLastNavItemLeadsToItsPath(page: Page, expected: readonly NavEntry[]): Promise<void> {
  const { label, path } = expected.at(-1)!;
  await mainNav(page).getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  const current = mainNav(page).getByRole('link', { name: label, exact: true });
  await current.and(page.locator('[aria-current="page"]')).waitFor();
  expect(await mainNav(page).locator('[aria-current="page"]').count()).toBe(1);
}

/** Rooms of a house as the API gives them, with the token of the page's session. */
async function roomIDsFromApi(page: Page, houseID: string): Promise<string[]> {
  const { accessToken } = await localStorageOf(page);
  const reply = await page.request.get(`/odata/House/${encodeURIComponent(houseID)}?$expand=rooms`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(reply.status()).toBe(200);
  const house = (await reply.json()) as { rooms: Array<{ roomID: string }> };
  return house.rooms.map((room) => room.roomID).sort();
}

async function roomIDsOnPage(page: Page): Promise<string[]> {
  const cards = page.locator('[data-testid=room-list] [data-testid^=room-card-]');
  await cards.first().waitFor();
  const testIds = await cards.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('data-testid') ?? ''),
  );
  return testIds.map((testId) => testId.replace('room-card-', '')).sort();
}

function houseIdOfCard(testId: string | null): string {
  expect(testId).toMatch(/^house-card-/);
  return (testId ?? '').replace('house-card-', '');
}

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

describe('guards', () => {
  it('sends a signed-out visitor from /dashboard?tab=x to / and, after login, back to /dashboard?tab=x', async () => {
    const page = await openPage();
    await page.goto('/dashboard?tab=x');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Quản lý nhà trọ gọn gàng, minh bạch' }).waitFor();
    expect(await page.evaluate(() => window.sessionStorage.getItem('returnPath'))).toBe('/dashboard?tab=x');

    await page.getByRole('link', { name: 'Đăng nhập' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Tên đăng nhập').fill('nguoithue');
    await page.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORDS.nguoithue);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(pathOf(page)).toBe('/dashboard?tab=x');
    await page.getByRole('heading', { level: 1, name: 'Tổng quan' }).waitFor();
    expect(await page.evaluate(() => window.sessionStorage.getItem('returnPath'))).toBeNull();

    // Signed in, the home page offers the way back to the dashboard.
    await page.goto('/');
    const toDashboard = page.getByRole('link', { name: 'Vào trang quản lý' });
    expect(await toDashboard.getAttribute('href')).toBe('/dashboard');
  });
});

describe('super admin (role 1)', () => {
  it('sees the lessor-registration list on /dashboard', async () => {
    const page = await signedInPage('admin');
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Tổng quan quản trị' }).waitFor();
    const table = page.getByRole('table', { name: 'Danh sách đăng ký chủ trọ' });
    // The seeded ones (other browser tests may have added registrations to the shared product).
    const rows = table
      .locator('tbody tr')
      .filter({ hasText: /Đỗ Quốc Khánh|Huỳnh Ngọc Ánh|Nguyễn Văn Hùng/ });
    await rows.filter({ hasText: 'Đỗ Quốc Khánh' }).waitFor();
    expect((await table.locator('thead th').allTextContents()).map((text) => text.trim())).toEqual([
      'Họ và tên',
      'Số điện thoại',
      'Email',
      'Tên nhà trọ',
      'Địa chỉ',
      'Số phòng',
      'Trạng thái',
      'Ngày đăng ký',
    ]);
    expect(await rows.count()).toBe(3);
    // Newest first, Vietnamese status labels, dd/mm/yyyy, hh:mm in Asia/Ho_Chi_Minh.
    const firstColumn = await rows.locator('td:first-child').allTextContents();
    expect(firstColumn).toEqual(['Đỗ Quốc Khánh', 'Huỳnh Ngọc Ánh', 'Nguyễn Văn Hùng']);
    const firstRow = (await rows.first().locator('td').allTextContents()).map((text) => text.trim());
    expect(firstRow).toEqual([
      'Đỗ Quốc Khánh',
      '0938111222',
      'khanh.do@example.vn',
      'Nhà trọ Khánh Hội',
      '30 Hoàng Diệu, P. 12, Q. 4, TP. Hồ Chí Minh',
      '20',
      'Chờ thanh toán',
      '18/11/2026, 09:15',
    ]);
    expect(await rows.nth(1).locator('td').nth(6).textContent()).toBe('Đã thanh toán');
    expect(await rows.nth(2).locator('td').nth(6).textContent()).toBe('Đã duyệt');
  });

  it('has the admin items in order, the last leading to its page, and no house switcher', async () => {
    const page = await signedInPage('admin');
    await page.goto('/dashboard');
    expect(await navEntries(page)).toEqual(NAV_SUPER_ADMIN);
    expect(await page.locator('[data-testid=nav-user-role]').textContent()).toBe('Quản trị hệ thống');
    expect(await page.locator('[data-testid=nav-user-name]').textContent()).toBe('Quản trị hệ thống');
    expect(await page.locator('[data-testid=house-switcher]').count()).toBe(0);
    await expectLastNavItemLeadsToItsPath(page, NAV_SUPER_ADMIN);
  });
});

describe('house moderator (role 2)', () => {
  it('chooses Hoa Sen among both houses, sees its rooms on /dashboard, then switches to Bình An', async () => {
    const page = await signedInPage('chunha');
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: HOUSE_SELECTION_TITLE }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    await page.locator('[data-testid=house-selection]').waitFor();
    expect(await mainNav(page).count()).toBe(0);
    await page.locator('[data-testid=logout-button]').waitFor();
    // A landlord may add a house here; staff may not (below).
    expect(await page.getByTestId('house-add').textContent()).toBe('Thêm nhà trọ');

    // The demo's Hoa Sen and Bình An, and the houses other journeys made for chunha before this file
    // (their order is not fixed): every house the login gave.
    const houseNames = (JSON.parse(sessions.get('chunha')?.houses ?? '[]') as Array<{ houseName: string }>)
      .map((house) => house.houseName)
      .sort();
    expect(houseNames).toEqual(expect.arrayContaining(['Nhà trọ Bình An', 'Nhà trọ Hoa Sen']));
    const list = page.getByRole('list', { name: 'Danh sách nhà trọ' });
    const cards = list.locator('[data-testid^=house-card-]');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(houseNames.length);
    expect((await list.getByRole('heading', { level: 2 }).allTextContents()).sort()).toEqual(houseNames);
    const hoaSen = cards.filter({ hasText: 'Nhà trọ Hoa Sen' });
    const binhAn = cards.filter({ hasText: 'Nhà trọ Bình An' });
    expect(await hoaSen.textContent()).toContain(
      '12 Võ Văn Ngân, P. Linh Chiểu, TP. Thủ Đức, TP. Hồ Chí Minh',
    );
    expect(await list.getByText('Thông tin chủ trọ chưa đầy đủ').count()).toBe(0);
    const hoaSenID = houseIdOfCard(await hoaSen.getAttribute('data-testid'));
    const binhAnID = houseIdOfCard(await binhAn.getAttribute('data-testid'));

    await hoaSen.click();
    await page.getByRole('heading', { level: 1, name: 'Quản lý chung' }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    await page.getByText('Nhà trọ Hoa Sen — 12 Võ Văn Ngân', { exact: false }).waitFor();
    let stored = await localStorageOf(page);
    expect(stored.houseID).toBe(hoaSenID);
    expect(stored.isUserActive).toBe('true');
    expect(await roomIDsOnPage(page)).toEqual(await roomIDsFromApi(page, hoaSenID));
    const allCount = await page.locator('[data-testid=room-count-all-value]').textContent();
    expect(Number(allCount)).toBe((await roomIDsOnPage(page)).length);

    const switcher = page.locator('[data-testid=house-switcher]');
    expect(await switcher.getAttribute('aria-label')).toMatch(/^Đổi nhà trọ.*Nhà trọ Hoa Sen/);
    await switcher.click();
    const option = page.getByRole('menuitem', { name: /Nhà trọ Bình An/ });
    expect(await option.getAttribute('data-testid')).toBe(`house-switcher-option-${binhAnID}`);
    // Each house, then the landlord's 'Thêm nhà trọ'.
    expect((await page.getByRole('menuitem').allTextContents()).map((text) => text.trim())).toEqual([
      ...(await page.locator('[data-testid^=house-switcher-option-]').allTextContents()),
      'Thêm nhà trọ',
    ]);
    expect(await page.locator('[data-testid^=house-switcher-option-]').count()).toBe(houseNames.length);
    await option.click();
    await page.getByText('Nhà trọ Bình An —', { exact: false }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    stored = await localStorageOf(page);
    expect(stored.houseID).toBe(binhAnID);
    expect(stored.isUserActive).toBe('true');
    expect((await switcher.textContent())?.trim()).toBe('Nhà trọ Bình An');
    const binhAnRooms = await roomIDsFromApi(page, binhAnID);
    await expect.poll(() => roomIDsOnPage(page), { timeout: 10_000 }).toEqual(binhAnRooms);
  });

  it('with an active account has the items in order, the last leading to its page', async () => {
    const stored = sessions.get('chunha')!;
    const houses = JSON.parse(stored.houses ?? '[]') as Array<{ houseID: string; houseName: string }>;
    const hoaSen = houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen');
    expect(hoaSen).toBeDefined();
    const page = await signedInPage('chunha', { houseID: hoaSen!.houseID, isUserActive: 'true' });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Quản lý chung' }).waitFor();
    expect(await navEntries(page)).toEqual(NAV_HOUSE_MODERATOR);
    expect(await page.locator('[data-testid=nav-user-role]').textContent()).toBe('Chủ trọ');
    expect(await page.locator('[data-testid=nav-user-name]').textContent()).toBe('Nguyễn Văn Hùng');
    expect(
      await mainNav(page).getByRole('link', { name: 'Quản lý chung' }).getAttribute('aria-current'),
    ).toBe('page');
    await expectLastNavItemLeadsToItsPath(page, NAV_HOUSE_MODERATOR);
  });

  it('with incomplete lessor information (chunhamoi): the modal, then only "Cài đặt tài khoản"', async () => {
    const page = await signedInPage('chunhamoi');
    await page.goto('/dashboard');
    // Their only house (Phước Long) is chosen for them: the modal comes at once, saying what is missing.
    const houses = JSON.parse(sessions.get('chunhamoi')?.houses ?? '[]') as Array<{
      houseID: string;
      houseName: string;
    }>;
    expect(houses.map((house) => house.houseName)).toEqual(['Nhà trọ Phước Long']);
    const dialog = page.getByRole('dialog', { name: 'Thông tin tài khoản chưa đầy đủ' });
    await dialog.waitFor();
    expect(await page.locator('#incomplete-account-message').textContent()).toBe(
      'Thông tin tài khoản của bạn chưa đầy đủ. Vui lòng vào Cài đặt tài khoản để cập nhật.',
    );
    await dialog.getByTestId('incomplete-account-missing').waitFor();
    expect(
      await dialog.getByTestId('incomplete-account-missing').getByRole('listitem').count(),
    ).toBeGreaterThan(0);
    const stored = await localStorageOf(page);
    expect(stored.houseID).toBe(houses[0]?.houseID);
    expect(stored.isUserActive).toBe('false');
    // Behind the modal, the navigation already offers account settings only.
    expect(await navEntries(page)).toEqual(NAV_INACTIVE_HOUSE_MODERATOR);

    await dialog.getByRole('button', { name: 'Đến Cài đặt tài khoản' }).click();
    await page.waitForURL((url) => url.pathname === '/accountSetting');
    await dialog.waitFor({ state: 'detached' });
    expect((await localStorageOf(page)).isUserActive).toBe('false');
    expect(await navEntries(page)).toEqual(NAV_INACTIVE_HOUSE_MODERATOR);
    await mainNav(page)
      .getByRole('link', { name: 'Cài đặt tài khoản' })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();

    // Any other page tells the user to complete the account first.
    await page.goto('/dashboard');
    const notice = page.locator('[data-testid=incomplete-account-notice]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Thông tin tài khoản chưa đầy đủ');
    expect(await notice.getByRole('link', { name: 'Cài đặt tài khoản' }).getAttribute('href')).toBe(
      '/accountSetting',
    );
    expect(await navEntries(page)).toEqual(NAV_INACTIVE_HOUSE_MODERATOR);
  });
});

describe('staff (role 3)', () => {
  it('gets its only house chosen, then has the items in order, the last leading to its page', async () => {
    const page = await signedInPage('nhanvien');
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Tổng quan phòng' }).waitFor();
    expect(await page.locator('[data-testid^=house-card-]').count()).toBe(0);
    expect(pathOf(page)).toBe('/dashboard');
    expect(await navEntries(page)).toEqual(NAV_STAFF);
    expect(await page.locator('[data-testid=nav-user-role]').textContent()).toBe('Nhân viên');
    expect((await page.locator('[data-testid=house-switcher]').textContent())?.trim()).toBe(
      'Nhà trọ Hoa Sen',
    );
    await expectLastNavItemLeadsToItsPath(page, NAV_STAFF);
  });

  it('with billing rights: a room’s bills and charges (monthlyBillCD, oneTimeBillCD) from the room page', async () => {
    const roomID = sessions.get('nguoithue')?.roomID ?? '';
    const page = await signedInPage('nhanvien', { houseID: sessions.get('nguoithue')?.houseID ?? '' });
    await page.goto(`/rooms/${roomID}`);
    await page.getByTestId('room-bills-link').click();
    await page.waitForURL((url) => url.pathname === `/monthlyBillCD/${roomID}`);
    await page.getByTestId('bill-filter-month').waitFor();
    await page.getByTestId('room-bills-charges-link').click();
    await page.waitForURL((url) => url.pathname === `/oneTimeBillCD/${roomID}`);
    // The tenant's contract is active: staff may add a charge there.
    await page.locator('[data-testid=charge-add]:not([disabled])').waitFor();
    expect(await page.getByTestId('not-found').count()).toBe(0);
  });
});

describe('lessee (role 4)', () => {
  it('has its items in order, the last leading to its page', async () => {
    const page = await signedInPage('nguoithue');
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Tổng quan' }).waitFor();
    await page.getByTestId('tenant-owed-now').waitFor();
    expect(await navEntries(page)).toEqual(NAV_LESSEE);
    expect(await page.locator('[data-testid=nav-user-role]').textContent()).toBe('Người thuê');
    expect(await page.locator('[data-testid=house-switcher]').count()).toBe(0);
    await expectLastNavItemLeadsToItsPath(page, NAV_LESSEE);
  });
});
