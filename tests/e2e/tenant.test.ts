// Browser journeys of tenants (role 4) and of the guest contract link: the demo tenant's room and
// contract on a phone, a new tenant opening their account with the code sent to their phone, and
// the representative reading and signing a contract through a guest link without an account.
// The landlord (chunha) acts through the API; each journey makes its own room in 'Nhà trọ Bình An'.
import { CONTRACT_MESSAGES, PASSWORD_MESSAGES, TENANCY_LINK_MESSAGES, type GuestLink } from '@nhatro/common';
import type { OutboxMessage } from '../../api/src/domain/outbox.js';
import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { cleanPages, pictureFor, VIEWPORTS } from '../support/browser.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { seeToast, storedSessionFor, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const HOUSE_NAME = 'Nhà trọ Bình An';
const NOT_FOUND_TITLE = 'Không tìm thấy trang';

const pages = cleanPages(baseURL);
let landlordToken = '';
let houseID = '';

interface ContractReply {
  contractID: string;
  roomID: string;
  representativeAccount: { username: string };
}

interface ServiceReply {
  serviceID: string;
  serviceName: string;
  unit: string;
}

beforeAll(async () => {
  const landlord = await api.login('chunha', DEMO_PASSWORDS.chunha!);
  landlordToken = landlord.token.accessToken;
  houseID = landlord.houses.find((house) => house.houseName === HOUSE_NAME)?.houseID ?? '';
  expect(houseID).not.toBe('');
});

afterEach(async () => {
  await pages.closePages();
});

/** A clean page (new tab, empty storage, or holding `session`), closed when the test ends. */
async function openPage(
  viewport: keyof typeof VIEWPORTS = 'phone',
  session: Record<string, string> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  return pages.open(viewport, session);
}

async function logInThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Tên đăng nhập').fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Opens the phone's navigation drawer and follows one of its links. */
async function navigateByMenu(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: 'Mở menu điều hướng' }).click();
  await page
    .getByRole('navigation', { name: 'Điều hướng chính' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

async function fitsThePhoneWidth(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
}

/** "dd/mm/yyyy" in Vietnam time, as the pages show dates. */
function vietnamDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Ho_Chi_Minh',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
}

/** An empty room of its own in Bình An, then a contract for a new tenant (a fresh phone number). */
async function contractForNewTenant(
  label: string,
): Promise<ContractReply & { phone: string; plate: string }> {
  const room = await api.request<{ roomID: string }>('POST', '/odata/Room', {
    token: landlordToken,
    body: {
      houseID,
      roomName: `T${RUN}-${label}`,
      roomDescription: 'Phòng cho kiểm thử người thuê',
      acreage: 19.5,
      floor: 3,
      price: 2_650_000,
      currentElectricityIndex: 321,
      currentWaterIndex: 45,
    },
  });
  expect(room.status).toBe(201);
  const services = await api.request<{ value: ServiceReply[] }>('GET', `/odata/Service?houseID=${houseID}`, {
    token: landlordToken,
  });
  const parking = services.body.value.find((service) => service.unit === 'vehicle');
  const internet = services.body.value.find((service) => service.unit === 'room');
  expect(parking && internet).toBeTruthy();
  const unique = String(Date.now() + label.charCodeAt(0));
  const phone = `09${unique.slice(-8)}`;
  const plate = `59C${unique.slice(-6)}`;
  const contract = await api.request<ContractReply>('POST', '/odata/Contract', {
    token: landlordToken,
    body: {
      roomID: room.body.roomID,
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      deposit: 2_650_000,
      deposited: true,
      representative: { occupantName: `Đỗ Thu Hà ${label}`, gender: 0, phoneNumber: phone },
      occupants: [{ occupantName: `Vũ Minh Khôi ${label}`, gender: 1 }],
      vehicles: [{ vehicleType: 'Xe máy', licensePlate: plate }],
      services: [{ serviceID: parking!.serviceID, vehicleIndex: 0 }, { serviceID: internet!.serviceID }],
    },
  });
  expect(contract.status, JSON.stringify(contract.body)).toBe(201);
  expect(contract.body.representativeAccount.username).toBe(phone);
  return { ...contract.body, phone, plate };
}

/** Clicks 'Tải hợp đồng PDF' and checks that a PDF arrives in the tab it opens. */
async function expectPdfFrom(context: BrowserContext, button: Locator): Promise<void> {
  const pdf = context.waitForEvent('response', {
    predicate: (response) => new URL(response.url()).pathname.endsWith('.pdf'),
    timeout: 30_000,
  });
  await button.click();
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
}

describe('the demo tenant (nguoithue)', () => {
  it("sees their room and their contract on a phone, and a landlord's page is the 404 page", async () => {
    const tenant = await api.login('nguoithue', DEMO_PASSWORDS.nguoithue!);
    const contracts = await api.request<{
      value: Array<{
        contractID: string;
        startDate: string;
        endDate: string;
        room: { roomName: string; currentElectricityIndex: number };
        lessorInfo: { fullName: string; phoneNumber: string };
        lesseeInfors: Array<{ occupantName: string }>;
        vehicles: Array<{ licensePlate: string }>;
      }>;
    }>('GET', '/odata/Contract?$expand=room,lesseeInfors,vehicles,lessorInfo', {
      token: tenant.token.accessToken,
    });
    const [own] = contracts.body.value;
    expect(own).toBeDefined();

    const { page } = await openPage('phone');
    await logInThroughForm(page, 'nguoithue', DEMO_PASSWORDS.nguoithue!);
    expect(pathOf(page)).toBe('/dashboard');

    await navigateByMenu(page, 'Phòng của tôi');
    await page.waitForURL((url) => url.pathname === '/lesseeRoomDetail');
    await page.getByRole('heading', { level: 1, name: 'Phòng của tôi' }).waitFor();
    await expect.poll(() => textOf(page.getByTestId('tenant-room-name'))).toBe(`Phòng ${own!.room.roomName}`);
    expect(await textOf(page.getByTestId('tenant-house-name'))).toBe('Nhà trọ Hoa Sen');
    expect(await textOf(page.getByTestId('tenant-house-address'))).toContain('12 Võ Văn Ngân');
    expect(await textOf(page.getByTestId('tenant-room-electricity'))).toBe(
      `${new Intl.NumberFormat('vi-VN').format(own!.room.currentElectricityIndex)} kWh`,
    );
    const occupants = page.getByTestId('tenant-occupants');
    await occupants.waitFor();
    for (const { occupantName } of own!.lesseeInfors) {
      await occupants.getByText(occupantName, { exact: true }).waitFor();
    }
    await occupants.getByText('Bạn', { exact: true }).waitFor();
    await page.getByTestId('tenant-bills-empty').getByText('Chưa có hóa đơn').waitFor();
    await page
      .getByTestId('tenant-devices-section')
      .getByRole('heading', { name: 'Thiết bị trong phòng' })
      .waitFor();
    await page.locator('[data-testid=tenant-devices], [data-testid=tenant-devices-empty]').first().waitFor();
    await fitsThePhoneWidth(page);
    await pictureFor(page, 'tenant-room-phone');

    await navigateByMenu(page, 'Hợp đồng của tôi');
    await page.waitForURL((url) => url.pathname === '/lesseeContract');
    await page.getByRole('heading', { level: 1, name: 'Hợp đồng của tôi' }).waitFor();
    expect(await textOf(page.getByTestId('tenant-contract-status'))).toBe('Đang hiệu lực');
    expect(await textOf(page.getByTestId('tenant-lessor-name'))).toBe(own!.lessorInfo.fullName);
    const call = page.getByRole('link', { name: `Gọi ${own!.lessorInfo.phoneNumber}` });
    expect(await call.getAttribute('href')).toBe(`tel:${own!.lessorInfo.phoneNumber}`);
    expect(await textOf(page.getByTestId('tenant-contract-term'))).toBe(
      `${vietnamDate(own!.startDate)} – ${vietnamDate(own!.endDate)}`,
    );
    expect(await textOf(page.getByTestId('tenant-contract-rent'))).toMatch(/^[\d.]+ ₫\/tháng$/);
    for (const { licensePlate } of own!.vehicles) {
      await page.getByTestId('tenant-vehicles').getByText(licensePlate, { exact: true }).waitFor();
    }
    await page
      .getByTestId('tenant-signature')
      .getByText(/^(Chưa ký|Đã ký ngày \d\d\/\d\d\/\d{4})$/)
      .waitFor();
    await page.getByRole('button', { name: 'Tải hợp đồng PDF' }).waitFor();
    await fitsThePhoneWidth(page);
    await pictureFor(page, 'tenant-contract-phone');

    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByTestId('nav-drawer-permanent').waitFor();
    await pictureFor(page, 'tenant-contract-desktop');
    await page
      .getByRole('navigation', { name: 'Điều hướng chính' })
      .getByRole('link', { name: 'Phòng của tôi' })
      .click();
    await page.getByTestId('tenant-room').waitFor();
    await pictureFor(page, 'tenant-room-desktop');

    // A landlord's page looks missing to a tenant.
    await page.goto('/contracts');
    await page.getByTestId('not-found-title').waitFor();
    expect(await textOf(page.getByTestId('not-found-title'))).toBe(NOT_FOUND_TITLE);
    await page.goto('/rooms');
    await page.getByTestId('not-found-title').waitFor();
  });

  it("downloads the contract's PDF from 'Hợp đồng của tôi'", async () => {
    // Signed in through the API (the test above goes through the login form).
    const session = await storedSessionFor(baseURL, 'nguoithue', DEMO_PASSWORDS.nguoithue!);
    const { context, page } = await openPage('phone', session);
    await page.goto('/lesseeContract');
    await expectPdfFrom(context, page.getByRole('button', { name: 'Tải hợp đồng PDF' }));
  });
});

describe('a new tenant opening their account with the code sent to their phone', () => {
  it('types the code and a password of their own on the link of the message, then lands on their pages', async () => {
    const contract = await contractForNewTenant('A');
    const newPassword = `NhaMoi${RUN}9`;
    const outbox = await api.request<{ data: OutboxMessage[] }>('GET', '/_dev/outbox?format=json');
    const message = outbox.body.data.find(
      (each) => each.event === 'tenancyLinkCode' && each.subjectID === contract.contractID,
    );
    const code = /Mã xác nhận: (\d{6})/.exec(message?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    // No account before they confirm.
    const early = await api.request('POST', '/api/User/Login', {
      body: { username: contract.phone, password: newPassword },
    });
    expect(early.status).toBe(401);

    const { page } = await openPage('phone');
    await page.goto(new URL(message?.link ?? '').pathname);
    await page.getByRole('heading', { level: 1, name: 'Xác nhận hợp đồng thuê mới' }).waitFor();
    const codeField = page.getByTestId('tenancy-link-code');
    const newField = page.getByTestId('tenancy-link-newPassword');
    const repeatField = page.getByTestId('tenancy-link-confirmPassword');
    // The password rules, under the touched fields.
    await newField.fill('ngan1');
    await repeatField.focus();
    expect(await textOf(page.locator('#tenancy-link-newPassword-helper-text'))).toBe(
      PASSWORD_MESSAGES.newTooShort,
    );
    await newField.fill(newPassword);
    await repeatField.fill(newPassword);
    // A wrong code: the server's message under the field, and the page stays.
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('tenancy-link-submit').click();
    await expect
      .poll(() => textOf(page.locator('#tenancy-link-code-helper-text')))
      .toBe(TENANCY_LINK_MESSAGES.codeInvalid);
    await fitsThePhoneWidth(page);
    await pictureFor(page, 'tenant-tenancy-link-phone');

    await codeField.fill(code);
    await page.getByTestId('tenancy-link-submit').click();
    await page.getByTestId('tenancy-link-done').waitFor();
    await page.getByTestId('tenancy-link-page').getByRole('link', { name: 'Đăng nhập' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await logInThroughForm(page, contract.phone, newPassword);
    expect(pathOf(page)).toBe('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Tổng quan' }).waitFor();

    // Their own room and contract now open.
    await navigateByMenu(page, 'Phòng của tôi');
    await page.waitForURL((url) => url.pathname === '/lesseeRoomDetail');
    await expect.poll(() => textOf(page.getByTestId('tenant-room-name'))).toBe(`Phòng T${RUN}-A`);
    expect(await textOf(page.getByTestId('tenant-room-floor'))).toBe('Tầng 3');
    expect(await textOf(page.getByTestId('tenant-room-water'))).toBe('45 m³');
    await page.getByTestId('tenant-occupants').getByText('Vũ Minh Khôi A', { exact: true }).waitFor();
    await page.getByTestId('tenant-devices-empty').getByText('Phòng chưa có thiết bị nào.').waitFor();
    await navigateByMenu(page, 'Hợp đồng của tôi');
    await page.waitForURL((url) => url.pathname === '/lesseeContract');
    expect(await textOf(page.getByTestId('tenant-contract-rent'))).toBe('2.650.000 ₫/tháng');
    expect(await textOf(page.getByTestId('tenant-contract-deposit'))).toBe('2.650.000 ₫ (đã đặt cọc)');
    expect(await textOf(page.getByTestId('tenant-contract-term'))).toBe('01/12/2026 – 30/11/2027');
    const services = page.getByTestId('tenant-services');
    await services.getByText('Internet', { exact: true }).waitFor();
    await services.getByText(`Xe máy ${contract.plate}`, { exact: true }).waitFor();
    await page.getByTestId('tenant-signature-unsigned').waitFor();

    // Log out, then in again with the new password: straight to the app.
    await page.getByRole('button', { name: 'Mở menu điều hướng' }).click();
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await logInThroughForm(page, contract.phone, newPassword);
    expect(pathOf(page)).toBe('/dashboard');
    await page.goto('/lesseeContract');
    await page.getByTestId('tenant-contract-rent').waitFor();
    expect(pathOf(page)).toBe('/lesseeContract');

    // The landlord ends the contract early: the tenant sees it as ended.
    const ended = await api.request('POST', '/odata/Contract/TerminateContract', {
      token: landlordToken,
      body: {
        contractID: contract.contractID,
        terminationDate: '2026-12-20',
        reason: 'Chuyển công tác',
        damageCharges: 0,
      },
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    await page.reload();
    const endedNotice = page.getByTestId('tenant-contract-ended');
    await endedNotice.waitFor();
    expect(await textOf(endedNotice)).toBe(
      'Hợp đồng này không còn hiệu lực (đã kết thúc sớm), ngày kết thúc: 20/12/2026. Lý do: Chuyển công tác',
    );
    expect(await textOf(page.getByTestId('tenant-contract-status'))).toBe('Đã kết thúc sớm');

    // The code was spent: the link cannot be used again.
    const again = await api.request('POST', '/api/TenancyLink/Confirm', {
      body: { linkID: new URL(message?.link ?? '').pathname.split('/').at(-1), code, newPassword },
    });
    expect(again.status).toBe(400);
  });
});

/** Draws a stroke with touch points (a finger on the phone's screen) across the canvas. */
async function drawWithFinger(cdp: CDPSession, canvas: Locator, from: number, to: number): Promise<void> {
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('the signature canvas is not visible');
  const point = (t: number) => ({
    x: box.x + box.width * (from + (to - from) * t),
    y: box.y + box.height * (0.5 + 0.3 * Math.sin(t * Math.PI * 2)),
  });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(0)] });
  for (let step = 1; step <= 12; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(step / 12)] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** The same with a mouse (a laptop). */
async function drawWithMouse(page: Page, canvas: Locator): Promise<void> {
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('the signature canvas is not visible');
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) {
    await page.mouse.move(box.x + box.width * (0.2 + 0.06 * step), box.y + box.height * (0.6 - 0.03 * step));
  }
  await page.mouse.up();
}

describe('the guest contract link', () => {
  let contract: ContractReply & { phone: string; plate: string };
  let link: GuestLink;
  let guestPath = '';

  beforeAll(async () => {
    contract = await contractForNewTenant('B');
    const reply = await api.request<GuestLink>('POST', `/odata/Contract/${contract.contractID}/GuestLink`, {
      token: landlordToken,
      body: {},
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    link = reply.body;
    const url = new URL(link.url);
    expect(url.pathname).toBe(`/guestContract/${contract.contractID}`);
    guestPath = `${url.pathname}${url.search}`;
  });

  it('lets the representative read and sign on a phone without an account', async () => {
    const { context, page } = await openPage('phone');
    await page.goto(guestPath);
    await page.getByRole('heading', { level: 1, name: 'Hợp đồng thuê phòng' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Điều hướng chính' }).count()).toBe(0);
    expect(await textOf(page.getByTestId('guest-house-name'))).toBe(HOUSE_NAME);
    expect(await textOf(page.getByTestId('guest-room'))).toBe(`T${RUN}-B, tầng 3, 19,5 m²`);
    expect(await textOf(page.getByTestId('guest-representative'))).toBe('Đỗ Thu Hà B');
    expect(await textOf(page.getByTestId('guest-lessor'))).toBe('Nguyễn Văn Hùng');
    expect(await textOf(page.getByTestId('guest-rent'))).toBe('2.650.000 ₫/tháng');
    expect(await textOf(page.getByTestId('guest-deposit'))).toBe('2.650.000 ₫');
    expect(await textOf(page.getByTestId('guest-term'))).toBe('01/12/2026 – 30/11/2027');
    await page.getByTestId('guest-occupant-list').getByText('Vũ Minh Khôi B', { exact: true }).waitFor();
    await page.getByTestId('guest-vehicle-list').getByText(contract.plate, { exact: true }).waitFor();
    await page.getByTestId('guest-service-list').getByText('Internet', { exact: true }).waitFor();
    expect(await textOf(page.getByTestId('guest-link-expiry'))).toContain(vietnamDate(link.expiresOn));

    const sign = page.getByRole('button', { name: 'Tôi đồng ý và ký hợp đồng' });
    const agree = page.getByLabel('Tôi đã đọc và đồng ý với các điều khoản của hợp đồng');
    const clear = page.getByRole('button', { name: 'Xóa chữ ký' });
    const canvas = page.getByTestId('signature-canvas');
    await page.getByText('Ký tên của bạn vào khung này').waitFor();
    expect(await sign.isDisabled()).toBe(true);
    await fitsThePhoneWidth(page);
    await pictureFor(page, 'guest-contract-phone');

    // The canvas is as wide as its box, at the phone's pixel density.
    const size = await canvas.evaluate((element: HTMLCanvasElement) => ({
      width: element.width,
      cssWidth: element.getBoundingClientRect().width,
    }));
    expect(size.width).toBe(Math.round(size.cssWidth * 2));

    const cdp = await context.newCDPSession(page);
    await canvas.scrollIntoViewIfNeeded();
    await drawWithFinger(cdp, canvas, 0.1, 0.5);
    await expect.poll(() => clear.isEnabled()).toBe(true);
    expect(await sign.isDisabled()).toBe(true);
    await agree.check();
    expect(await sign.isEnabled()).toBe(true);

    // 'Xóa chữ ký' empties the pad: nothing to sign with until something is drawn again.
    await clear.click();
    expect(await sign.isDisabled()).toBe(true);
    await drawWithFinger(cdp, canvas, 0.15, 0.45);
    await drawWithFinger(cdp, canvas, 0.5, 0.85);
    await expect.poll(() => sign.isEnabled()).toBe(true);
    await pictureFor(page, 'guest-contract-drawn-phone');

    const signRequest = page.waitForRequest((request) => request.url().includes('/api/GuestContract/Sign'));
    await sign.click();
    const sent = (await signRequest).postDataJSON() as { signature: string; token: string };
    expect(sent.signature).toMatch(/^data:image\/png;base64,/);
    expect((await signRequest).headers().authorization).toBeUndefined();
    await seeToast(page, 'success', CONTRACT_MESSAGES.signed);
    const signed = page.getByTestId('guest-signed');
    await signed.waitFor();

    const stored = await api.request<{ representativeLesseeSignedOn?: string }>(
      'GET',
      `/odata/Contract/${contract.contractID}`,
      { token: landlordToken },
    );
    expect(stored.body.representativeLesseeSignedOn).toBeTruthy();
    expect(await textOf(signed)).toBe(`Đã ký ngày ${vietnamDate(stored.body.representativeLesseeSignedOn!)}`);
    expect(await canvas.count()).toBe(0);
    await pictureFor(page, 'guest-contract-signed-phone');

    // Opening the link again shows it signed, without a pad.
    await page.reload();
    await page.getByTestId('guest-signed').waitFor();
    expect(await page.getByTestId('signature-canvas').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Tôi đồng ý và ký hợp đồng' }).count()).toBe(0);
  });

  it('offers the PDF to the guest', async () => {
    const { context, page } = await openPage('phone');
    await page.goto(guestPath);
    await page.getByRole('heading', { level: 1, name: 'Hợp đồng thuê phòng' }).waitFor();
    await expectPdfFrom(context, page.getByRole('button', { name: 'Tải hợp đồng PDF' }));
  });

  it('signs with a mouse on a laptop', async () => {
    const other = await contractForNewTenant('C');
    const reply = await api.request<GuestLink>('POST', `/odata/Contract/${other.contractID}/GuestLink`, {
      token: landlordToken,
      body: {},
    });
    expect(reply.status).toBe(200);
    const url = new URL(reply.body.url);
    const { page } = await openPage('desktop');
    await page.goto(`${url.pathname}${url.search}`);
    const canvas = page.getByTestId('signature-canvas');
    await canvas.waitFor();
    await page.getByText('Ký tên của bạn vào khung này').waitFor();
    await canvas.scrollIntoViewIfNeeded();
    await drawWithMouse(page, canvas);
    await page.getByLabel('Tôi đã đọc và đồng ý với các điều khoản của hợp đồng').check();
    await pictureFor(page, 'guest-contract-desktop');
    await page.getByRole('button', { name: 'Tôi đồng ý và ký hợp đồng' }).click();
    await seeToast(page, 'success', CONTRACT_MESSAGES.signed);
    await page.getByTestId('guest-signed').waitFor();
  });

  it('shows only the server message for a tampered token, and for the old link once revoked', async () => {
    const { page } = await openPage('phone');
    const token = new URLSearchParams(guestPath.split('?')[1]).get('token') ?? '';
    const tampered = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    await page.goto(`/guestContract/${contract.contractID}?token=${encodeURIComponent(tampered)}`);
    const invalid = page.getByTestId('guest-contract-invalid');
    await invalid.waitFor();
    expect(await textOf(invalid)).toBe(CONTRACT_MESSAGES.guestLinkInvalid);
    expect(await page.getByTestId('guest-contract').count()).toBe(0);
    await pictureFor(page, 'guest-contract-invalid-phone');

    // Still valid before the landlord revokes it.
    await page.goto(guestPath);
    await page.getByTestId('guest-signed').waitFor();

    const revoked = await api.request('DELETE', `/odata/Contract/${contract.contractID}/GuestLink`, {
      token: landlordToken,
    });
    expect(revoked.status).toBe(204);
    await page.goto(guestPath);
    await page.getByTestId('guest-contract-invalid').waitFor();
    expect(await textOf(page.getByTestId('guest-contract-invalid'))).toBe(CONTRACT_MESSAGES.guestLinkInvalid);
    expect(await page.getByTestId('guest-contract').count()).toBe(0);
  });
});
