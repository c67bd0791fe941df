// The handover record in Chromium (issue 27 §2): the landlord (chunha, 1280 px) makes the move-in record
// of a new contract from the contract page, adds a photo and signs it; the tenant opens the link on a
// phone (375 px) without an account and signs with a finger; the PDF opens for both, and the landlord
// sees the record locked. The form's rules are in tests/web/handovers.test.tsx, the rest in the
// use-case and API tiers.
import { HANDOVER_MESSAGES } from '@nhatro/common';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { cleanPages, pictureFor, VIEWPORTS } from '../support/browser.js';
import { makePng } from '../support/png.js';
import { pdfText } from '../support/pdfText.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { seeToast, storedSessionInHouse, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const pages = cleanPages(baseURL);
const HOUSE_NAME = 'Nhà trọ Bình An';
const RUN = Date.now().toString(36).slice(-5).toUpperCase();

let contractID = '';

beforeAll(async () => {
  const landlord = await api.login('chunha', DEMO_PASSWORDS.chunha!);
  const token = landlord.token.accessToken;
  const houseID = landlord.houses.find((house) => house.houseName === HOUSE_NAME)?.houseID ?? '';
  const room = await api.request<{ roomID: string }>('POST', '/odata/Room', {
    token,
    body: {
      houseID,
      roomName: `BG${RUN}`,
      acreage: 18,
      floor: 2,
      price: 2_400_000,
      currentElectricityIndex: 500,
      currentWaterIndex: 40,
    },
  });
  expect(room.status, JSON.stringify(room.body)).toBe(201);
  const device = await api.request('POST', '/odata/Device', {
    token,
    body: {
      roomID: room.body.roomID,
      deviceName: 'Điều hoà',
      quantity: 1,
      condition: 'Tốt',
      value: 6_000_000,
    },
  });
  expect(device.status, JSON.stringify(device.body)).toBe(201);
  const contract = await api.request<{ contractID: string }>('POST', '/odata/Contract', {
    token,
    body: {
      roomID: room.body.roomID,
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      representative: {
        occupantName: 'Phạm Thị Lan',
        gender: 0,
        phoneNumber: `0975${String(Date.now()).slice(-6)}`,
      },
    },
  });
  expect(contract.status, JSON.stringify(contract.body)).toBe(201);
  contractID = contract.body.contractID;
});

afterEach(async () => {
  await pages.closePages();
});

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

async function drawWithFinger(cdp: CDPSession, canvas: Locator): Promise<void> {
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('the signature canvas is not visible');
  const point = (t: number) => ({
    x: box.x + box.width * (0.15 + 0.7 * t),
    y: box.y + box.height * (0.5 + 0.3 * Math.sin(t * Math.PI * 2)),
  });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(0)] });
  for (let step = 1; step <= 12; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(step / 12)] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Clicks a PDF button, follows the tab it opens to the file and returns the file's text. */
async function pdfOpenedBy(page: Page, button: Locator): Promise<string> {
  const popup = page.waitForEvent('popup');
  await button.click();
  const tab = await popup;
  await tab.waitForURL((url) => url.pathname.includes('/contract-pdf/'));
  const file = await page.request.get(tab.url());
  await tab.close();
  const bytes = await file.body();
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  return pdfText(new Uint8Array(bytes));
}

describe('a handover record', () => {
  it('is made and signed by the landlord at 1280 px, signed by the tenant at 375 px, and kept as a PDF', async () => {
    const session = await storedSessionInHouse(baseURL, 'chunha', DEMO_PASSWORDS.chunha!, HOUSE_NAME);
    const { page: desk } = await pages.open('desktop', session);
    await desk.goto(`/contracts/${contractID}`);
    const section = desk.getByTestId('handover-section');
    const moveIn = section.getByTestId('handover-moveIn');
    await moveIn.getByTestId('handover-status-moveIn').waitFor();
    expect(await textOf(moveIn.getByTestId('handover-status-moveIn'))).toBe('Chưa lập');

    await moveIn.getByTestId('handover-edit-moveIn').click();
    const dialog = desk.getByTestId('handover-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('handover-electricityIndex').inputValue()).toBe('500');
    await dialog.getByTestId('handover-keyCount').fill('2');
    await dialog.getByTestId('handover-keyNote').fill('Chìa phòng và thẻ từ cổng');
    await dialog.getByTestId('handover-note').fill('Tường mới sơn, sàn sạch.');
    await pictureFor(desk, 'handover-form-desktop');
    await dialog.getByTestId('handover-save').click();
    await seeToast(desk, 'success', HANDOVER_MESSAGES.saved);
    await expect.poll(() => textOf(moveIn.getByTestId('handover-status-moveIn'))).toBe('Chưa ký');
    expect(await textOf(moveIn)).toContain('Điều hoà: Tốt');

    await moveIn
      .getByTestId('handover-photos-moveIn')
      .locator('input[type=file]')
      .setInputFiles({ name: 'phong.png', mimeType: 'image/png', buffer: Buffer.from(makePng()) });
    await seeToast(desk, 'success', 'Đã thêm ảnh vào biên bản.');

    await moveIn.getByTestId('handover-sign-moveIn').click();
    const signDialog = desk.getByTestId('handover-sign-dialog');
    const canvas = signDialog.getByTestId('signature-canvas');
    await canvas.waitFor();
    await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    await drawWithMouse(desk, canvas);
    await signDialog.getByTestId('handover-sign-submit').click();
    await seeToast(desk, 'success', HANDOVER_MESSAGES.signed);
    await expect.poll(() => textOf(moveIn.getByTestId('handover-status-moveIn'))).toBe('Chờ người thuê ký');

    await moveIn.getByTestId('handover-share-moveIn').click();
    const linkField = moveIn.getByTestId('handover-guest-link');
    await linkField.waitFor();
    const url = new URL(await linkField.inputValue());
    expect(url.pathname).toBe(`/guestHandover/${contractID}-moveIn`);
    await pictureFor(desk, 'handover-landlord-desktop');

    const { context, page: phone } = await pages.open('phone');
    await phone.goto(`${url.pathname}${url.search}`);
    await phone.getByRole('heading', { level: 1, name: 'Biên bản bàn giao phòng' }).waitFor();
    expect(await textOf(phone.getByTestId('guest-handover-room'))).toBe(`Phòng BG${RUN} · ${HOUSE_NAME}`);
    expect(await textOf(phone.getByTestId('guest-handover-devices'))).toContain('Điều hoà (SL 1): Tốt');
    const sign = phone.getByTestId('guest-handover-sign');
    expect(await sign.isDisabled()).toBe(true);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await pictureFor(phone, 'handover-guest-phone');
    const pad = phone.getByTestId('signature-canvas');
    await pad.scrollIntoViewIfNeeded();
    await drawWithFinger(await context.newCDPSession(phone), pad);
    await phone.getByTestId('guest-handover-agree').check();
    await expect.poll(() => sign.isEnabled()).toBe(true);
    await sign.click();
    await seeToast(phone, 'success', HANDOVER_MESSAGES.signed);
    await phone.getByTestId('guest-handover-signed').waitFor();
    await pictureFor(phone, 'handover-guest-signed-phone');
    const tenantsCopy = await pdfOpenedBy(phone, phone.getByTestId('guest-handover-pdf'));
    expect(tenantsCopy).toContain('BIÊN BẢN BÀN GIAO PHÒNG');
    expect(tenantsCopy).toContain('Phạm Thị Lan');

    await desk.reload();
    // After the reload the section loads again: wait for the record as the server now has it.
    await moveIn.getByTestId('handover-status-moveIn').filter({ hasText: 'Đã ký đủ hai bên' }).waitFor();
    expect(await moveIn.getByTestId('handover-edit-moveIn').count()).toBe(0);
    const landlordsCopy = await pdfOpenedBy(desk, moveIn.getByTestId('handover-pdf-moveIn'));
    expect(landlordsCopy).toContain('Chìa phòng và thẻ từ cổng');
    expect(landlordsCopy).toContain('Điều hoà');
    await pictureFor(desk, 'handover-locked-desktop');
  });
});
