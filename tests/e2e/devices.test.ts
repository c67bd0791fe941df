// Browser tests of /deviceCD/{id} (the devices of a room): add a device with a PNG photo (multipart,
// converted in the browser), see it on the page and on the room page, edit it, remove it; the field
// errors and a failure toast. Landlord chunha, house 'Nhà trọ Hoa Sen', room P103.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seeToast, storedSessionInHouse, textOf } from '../support/ui.js';
import { cleanPages } from '../support/browser.js';
import { makePng } from '../support/png.js';

const baseURL = inject('baseURL');
const ROOM_NAME = 'P103';
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const DEVICE_NAME = `Máy lạnh ${RUN}`;

/** The landlord's page, kept through the tests (see `cleanPages`). */
let page: Page;
const pages = cleanPages(baseURL);
let roomID = '';

function deviceCard(name: string): Locator {
  return page
    .locator('[data-testid^=device-card-]')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

beforeAll(async () => {
  // Signed in with the house chosen, through the API (the login form is tested in shell-login).
  ({ page } = await pages.open('desktop', await storedSessionInHouse(baseURL, 'chunha', 'Chunha@123456')));
});

afterAll(async () => {
  await pages.closePages();
});

describe('/deviceCD/{id} — devices of a room', () => {
  it('is reached from the room page', async () => {
    await page.goto('/rooms');
    await page.getByTestId('room-groups').waitFor();
    await page
      .locator('[data-testid^=room-card-]')
      .filter({ has: page.getByRole('heading', { level: 3, name: ROOM_NAME, exact: true }) })
      .click();
    await page.getByRole('heading', { level: 1, name: `Phòng ${ROOM_NAME}` }).waitFor();
    roomID = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('link', { name: 'Quản lý thiết bị' }).click();
    await page.waitForURL((url) => url.pathname === `/deviceCD/${roomID}`);
    await page.getByRole('heading', { level: 1, name: `Thiết bị phòng ${ROOM_NAME}` }).waitFor();
  });

  it('adds a device with a PNG photo and shows it with its photo', async () => {
    await page.goto(`/deviceCD/${roomID}`);
    await page.getByRole('heading', { level: 1, name: `Thiết bị phòng ${ROOM_NAME}` }).waitFor();
    await page.getByTestId('device-create-button').click();
    const dialog = page.getByRole('dialog', { name: 'Thêm thiết bị' });
    await dialog.waitFor();

    // Errors of fields typed in and left, with the API's messages.
    await dialog.getByLabel('Tên thiết bị').fill('x');
    await dialog.getByLabel('Tên thiết bị').fill('');
    await dialog.getByLabel('Số lượng').fill('0');
    await dialog.getByLabel('Tình trạng').focus();
    expect(await dialog.locator('#device-deviceName-helper-text').textContent()).toBe(
      'Tên thiết bị không được để trống!',
    );
    expect(await dialog.locator('#device-quantity-helper-text').textContent()).toBe(
      'Số lượng phải từ 1 trở lên.',
    );

    await dialog.getByLabel('Tên thiết bị').fill(DEVICE_NAME);
    await dialog.getByLabel('Số lượng').fill('2');
    await dialog.getByLabel('Giá trị (VND)').fill('6.500.000');
    await dialog.getByLabel('Tình trạng').fill('Mới 90%');
    await dialog.getByTestId('device-photo-file').setInputFiles({
      name: 'may-lanh.png',
      mimeType: 'image/png',
      buffer: Buffer.from(makePng({ width: 32, height: 24, rgba: [30, 136, 229, 255] })),
    });
    await dialog.getByRole('img', { name: 'Ảnh đã chọn 1' }).waitFor();
    await dialog.getByRole('button', { name: 'Thêm thiết bị' }).click();

    await seeToast(page, 'success', 'Thêm thiết bị thành công!');
    await dialog.waitFor({ state: 'hidden' });
    const card = deviceCard(DEVICE_NAME);
    await card.waitFor();
    expect(await card.getByTestId('device-quantity').textContent()).toBe('2');
    expect(await card.getByTestId('device-condition').textContent()).toBe('Mới 90%');
    expect(await textOf(card.getByTestId('device-value'))).toBe('6.500.000 ₫');
    const photo = card.getByRole('img', { name: `Ảnh thiết bị ${DEVICE_NAME}` });
    await photo.waitFor();
    await page.waitForFunction(() => {
      const images = [...document.querySelectorAll<HTMLImageElement>('[data-testid=device-photo]')];
      return images.some((image) => image.complete && image.naturalWidth === 32);
    });

    // The room page lists it too.
    await page.goto(`/rooms/${roomID}`);
    await page
      .getByRole('region', { name: 'Thiết bị', exact: true })
      .getByText(`${DEVICE_NAME} × 2`)
      .waitFor();
  });

  it('edits the device and shows a failure toast with the server message', async () => {
    await page.goto(`/deviceCD/${roomID}`);
    const card = deviceCard(DEVICE_NAME);
    await card.waitFor();
    await card.getByRole('button', { name: `Sửa thiết bị ${DEVICE_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Sửa thiết bị' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Tên thiết bị').inputValue()).toBe(DEVICE_NAME);
    await dialog.getByLabel('Số lượng').fill('3');
    await dialog.getByLabel('Tình trạng').fill('Cần bảo trì');
    await dialog.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await seeToast(page, 'success', 'Cập nhật thiết bị thành công!');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('[data-testid^=device-card-]')].some(
          (element) =>
            element.querySelector('h2')?.textContent === name &&
            element.querySelector('[data-testid=device-quantity]')?.textContent === '3',
        ),
      DEVICE_NAME,
    );
    expect(await card.getByTestId('device-condition').textContent()).toBe('Cần bảo trì');

    await page.route('**/odata/Device/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ status: false, errorMessage: 'Thiết bị đang được người khác sửa.' }),
          })
        : route.fallback(),
    );
    await card.getByRole('button', { name: `Sửa thiết bị ${DEVICE_NAME}` }).click();
    await dialog.getByLabel('Số lượng').fill('4');
    await dialog.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await seeToast(page, 'error', 'Cập nhật thiết bị thất bại! Thiết bị đang được người khác sửa.');
    await page.unroute('**/odata/Device/*');
    await dialog.getByRole('button', { name: 'Hủy' }).click();
  });

  it('removes the device after confirmation', async () => {
    await page.goto(`/deviceCD/${roomID}`);
    const card = deviceCard(DEVICE_NAME);
    await card.waitFor();
    await card.getByRole('button', { name: `Xóa thiết bị ${DEVICE_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Xóa thiết bị' });
    await dialog.getByRole('button', { name: 'Xóa thiết bị' }).click();
    await seeToast(page, 'success', 'Xóa thiết bị thành công!');
    await card.waitFor({ state: 'detached' });
  });
});
