import type { Locator, Page } from 'playwright-core';

/** Logs in through the form and picks the house (unless it is the only one), as a landlord or staff member would. */
export async function signIn(
  target: Page,
  username: string,
  password: string,
  houseName = 'Nhà trọ Hoa Sen',
): Promise<void> {
  await target.goto('/login');
  await target.getByLabel('Tên đăng nhập').fill(username);
  await target.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await target.getByRole('button', { name: 'Đăng nhập' }).click();
  await chooseHouseIfAsked(target, houseName);
  await target.getByTestId('house-switcher').waitFor();
  await target.waitForURL((url) => url.pathname === '/dashboard');
}

/**
 * Picks `houseName` on the house chooser when it is shown: whoever manages a single house gets it
 * chosen for them (the app bar's house menu, or the incomplete-account modal, comes instead).
 */
export async function chooseHouseIfAsked(target: Page, houseName: string): Promise<void> {
  const chooser = target.getByRole('list', { name: 'Danh sách nhà trọ' });
  await chooser
    .or(target.getByTestId('house-switcher'))
    .or(target.getByTestId('incomplete-account-dialog'))
    .first()
    .waitFor();
  if (await chooser.isVisible()) await chooser.getByRole('button', { name: new RegExp(houseName) }).click();
}

export function toast(target: Page, kind: 'success' | 'error', text: string): Locator {
  return target.locator(`.Toastify__toast--${kind}`, { hasText: text });
}

/**
 * Closes every toast shown now, as a person taps them away before tapping what they cover: a toast
 * stays 5 s (longer while the pointer rests on it) and, on a phone, covers the app bar and the top of
 * the page, so the next click would wait for it to go. The click is dispatched on each close button
 * (no wait for its slide-in to end).
 */
export async function closeToasts(target: Page): Promise<void> {
  await target.evaluate(() => {
    for (const button of document.querySelectorAll<HTMLButtonElement>(
      '#toast-root .Toastify__close-button',
    )) {
      button.click();
    }
  });
}

/** Waits for the toast, then closes the toasts shown (`closeToasts`). */
export async function seeToast(
  target: Page,
  kind: 'success' | 'error',
  text: string,
  options: { timeout?: number } = {},
): Promise<void> {
  await toast(target, kind, text).first().waitFor(options);
  await closeToasts(target);
}

/** Text content with the no-break spaces of amounts (`1.500.000 ₫`) as plain spaces. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\u00a0/g, ' ');
}

interface LoginReply {
  token: { accessToken: string; refreshToken: string };
  role: unknown;
  houses?: unknown[];
  userID: string;
  username: string;
  fullName?: string;
  houseID?: string;
  lesseeID?: string;
  contractID?: string;
  roomID?: string;
}

/**
 * Logs in through the API and returns the localStorage keys the web app keeps for that session
 * (see web/TESTING-NOTES.md), so a test can open a signed-in page without the form.
 */
export async function storedSessionFor(
  baseURL: string,
  username: string,
  password: string,
): Promise<Record<string, string>> {
  const response = await fetch(new URL('/api/User/Login', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`login ${username}: HTTP ${response.status}`);
  const reply = (await response.json()) as LoginReply;
  const stored: Record<string, string> = {
    accessToken: reply.token.accessToken,
    refreshToken: reply.token.refreshToken,
    role: JSON.stringify(reply.role),
    userID: reply.userID,
    fullName: reply.fullName ?? reply.username,
    houses: JSON.stringify(reply.houses ?? []),
    isUserActive: 'true',
  };
  // A lessee's house comes with the login; roles 2 and 3 choose theirs.
  for (const key of ['houseID', 'lesseeID', 'contractID', 'roomID'] as const) {
    const value = reply[key];
    if (value !== undefined) stored[key] = value;
  }
  return stored;
}

/**
 * The localStorage of `username` logged in with `houseName` chosen, as the login form and the house
 * list leave it (`houseID`, and `isUserActive` false when the house's lessor information is incomplete).
 * Logs in through the API: for tests of landlords and staff that are not about logging in.
 */
export async function storedSessionInHouse(
  baseURL: string,
  username: string,
  password: string,
  houseName = 'Nhà trọ Hoa Sen',
): Promise<Record<string, string>> {
  const stored = await storedSessionFor(baseURL, username, password);
  const houses = JSON.parse(stored.houses ?? '[]') as Array<{
    houseID: string;
    houseName: string;
    lessorInfo?: { status?: number };
  }>;
  const house = houses.find((candidate) => candidate.houseName === houseName);
  if (!house) throw new Error(`${username} has no house named ${houseName}`);
  return { ...stored, houseID: house.houseID, isUserActive: String(house.lessorInfo?.status !== 2) };
}

/** An entry of the side navigation: its label and where it leads. */
export interface NavEntry {
  label: string;
  path: string;
}

/** A landlord's navigation once their information is complete (spec §4), in order. */
export const LANDLORD_NAVIGATION: readonly NavEntry[] = [
  { label: 'Quản lý chung', path: '/dashboard' },
  { label: 'Quản lý phòng', path: '/rooms' },
  { label: 'Quản lý người thuê', path: '/lessees' },
  { label: 'Khai báo cư trú', path: '/residence' },
  { label: 'Quản lý hợp đồng', path: '/contracts' },
  { label: 'Phí dịch vụ tòa nhà', path: '/settingAdmin' },
  { label: 'Ghi chỉ số điện nước', path: '/MeterRecord' },
  { label: 'Hóa đơn', path: '/monthlyBills' },
  { label: 'Chi phí', path: '/expenses' },
  { label: 'Lợi nhuận', path: '/profitReport' },
  { label: 'Thông báo', path: '/notifications' },
  { label: 'Quản lý nhân viên', path: '/staffManage' },
  { label: 'Dữ liệu cá nhân', path: '/personalData' },
  { label: 'Cài đặt tài khoản', path: '/accountSetting' },
];

/** A landlord's navigation while their information is incomplete (status 2). */
export const INACTIVE_LANDLORD_NAVIGATION: readonly NavEntry[] = [
  { label: 'Cài đặt tài khoản', path: '/accountSetting' },
];

/** The demo staff member's navigation (nhanvien: rooms level 3, no service fees, billing rights). */
export const STAFF_NAVIGATION: readonly NavEntry[] = [
  { label: 'Quản lý phòng', path: '/rooms' },
  { label: 'Quản lý người thuê', path: '/lessees' },
  { label: 'Khai báo cư trú', path: '/residence' },
  { label: 'Quản lý hợp đồng', path: '/contracts' },
  { label: 'Ghi chỉ số điện nước', path: '/MeterRecord' },
  { label: 'Hóa đơn', path: '/monthlyBills' },
  // Staff with billing rights draft and issue the month's bills (docs/billing.md, "Who may do what").
  { label: 'Lập hóa đơn tháng', path: '/billDraft' },
  // The house's expenses and profit: billing rights from BILLING_LEVELS.addCharge (docs/expenses.md).
  { label: 'Chi phí', path: '/expenses' },
  { label: 'Lợi nhuận', path: '/profitReport' },
];

/** A tenant's navigation, in order. */
export const LESSEE_NAVIGATION: readonly NavEntry[] = [
  { label: 'Tổng quan', path: '/dashboard' },
  { label: 'Hóa đơn', path: '/lesseeBills' },
  { label: 'Báo sự cố', path: '/lesseeIssues' },
  { label: 'Phòng của tôi', path: '/lesseeRoomDetail' },
  { label: 'Hợp đồng của tôi', path: '/lesseeContract' },
  { label: 'Dữ liệu cá nhân', path: '/myData' },
];

/** The super admin's navigation, in order. */
export const SUPER_ADMIN_NAVIGATION: readonly NavEntry[] = [
  { label: 'Danh sách đăng ký chủ trọ', path: '/adminLessorRegister' },
  { label: 'Danh sách tài khoản', path: '/hmAccountsManage' },
  { label: 'Thu nhập', path: '/hmBillManage' },
  { label: 'Yêu cầu gia hạn', path: '/extendManagement' },
  { label: 'Cài đặt hệ thống', path: '/timeBill' },
  { label: 'Nhật ký hệ thống', path: '/systemLog' },
  { label: 'Nhập Zalo token', path: '/settingZaloToken' },
  { label: 'Ngưỡng thuế cho thuê', path: '/rentTaxThreshold' },
];

/**
 * A date or month field (MUI X date picker): the group of its day, month and year sections, found by its
 * label (exactly, unless a pattern is given).
 */
export function dateField(scope: Page | Locator, label: string | RegExp): Locator {
  return scope.getByRole('group', { name: label, exact: typeof label === 'string' });
}

/**
 * Types a day (`yyyy-mm-dd`) or a month (`yyyy-mm`) into a date field the way a person does, whatever the
 * browser's language: into its first section, day then month then year (dd/mm/yyyy, mm/yyyy).
 */
export async function fillDate(scope: Page | Locator, label: string | RegExp, iso: string): Promise<void> {
  const field = dateField(scope, label);
  await field.locator('[role="spinbutton"]').first().click();
  const [year = '', month = '', day] = iso.split('-');
  await field.page().keyboard.type(day === undefined ? `${month}${year}` : `${day}${month}${year}`);
}

/** What a date field shows, as the person reads it: `dd/mm/yyyy` (a month field: `mm/yyyy`). */
export async function dateShown(scope: Page | Locator, label: string | RegExp): Promise<string> {
  return dateField(scope, label).locator('input').inputValue();
}
