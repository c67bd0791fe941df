// Browser tests of /settingAdmin and /settingAdmin/{type} ('Phí dịch vụ tòa nhà'): the fee table, the
// tabs ({type} = 'metered' for Điện/Nước, 'fixed' for the rest), create / edit / delete with toasts,
// Điện and Nước that cannot be deleted. Staff getting the 404 page (housePermission 1) is a guard's rule,
// tested in tests/web/guards.test.tsx; a refused creation's toast and an unknown {type} (the 404
// content) are in tests/web/fees.test.tsx.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seeToast, storedSessionInHouse } from '../support/ui.js';
import { cleanPages } from '../support/browser.js';

const baseURL = inject('baseURL');
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const SERVICE_NAME = `Vệ sinh chung ${RUN}`;

/** The landlord's page, kept through the tests (see `cleanPages`). */
let page: Page;
const pages = cleanPages(baseURL);

/** Signed in with 'Nhà trọ Hoa Sen' chosen, through the API (the login form is tested in shell-login). */
function sessionOf(username: string, password: string): Promise<Record<string, string>> {
  return storedSessionInHouse(baseURL, username, password);
}

function table(): Locator {
  return page.getByRole('table', { name: 'Phí dịch vụ' });
}

function rowNamed(name: string): Locator {
  return table()
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
}

async function cellTexts(row: Locator): Promise<string[]> {
  const texts = await row.getByRole('cell').allTextContents();
  return texts.map((text) => text.replace(/\u00a0/g, ' ').trim());
}

async function openFees(path = '/settingAdmin'): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Phí dịch vụ tòa nhà' }).waitFor();
  await table().waitFor();
}

beforeAll(async () => {
  ({ page } = await pages.open('desktop', await sessionOf('chunha', 'Chunha@123456')));
  await page.goto('/dashboard');
});

afterAll(async () => {
  await pages.closePages();
});

describe('/settingAdmin — building service fees', () => {
  it('lists the fees of the selected house: name, price in đồng, unit label; Điện and Nước cannot be deleted', async () => {
    await page
      .getByRole('navigation', { name: 'Điều hướng chính' })
      .getByRole('link', { name: 'Phí dịch vụ tòa nhà' })
      .click();
    await page.waitForURL((url) => url.pathname === '/settingAdmin');
    await table().waitFor();
    const headers = (await table().getByRole('columnheader').allTextContents()).map((text) => text.trim());
    expect(headers).toEqual(['Tên dịch vụ', 'Đơn giá', 'Đơn vị tính', 'Thao tác']);

    expect(await cellTexts(rowNamed('Điện'))).toEqual(['Điện', '3.500 ₫', 'Theo số điện (kWh)', '']);
    expect(await cellTexts(rowNamed('Nước'))).toEqual(['Nước', '18.000 ₫', 'Theo số nước (m³)', '']);
    expect((await cellTexts(rowNamed('Gửi xe máy'))).slice(0, 3)).toEqual([
      'Gửi xe máy',
      '100.000 ₫',
      'Theo xe / tháng',
    ]);

    for (const metered of ['Điện', 'Nước']) {
      const remove = rowNamed(metered).getByTestId('service-delete');
      expect(await remove.isDisabled()).toBe(true);
      expect(await remove.getAttribute('aria-label')).toBe(`Không thể xóa dịch vụ ${metered}`);
    }
    // The reason is in a tooltip (on the wrapper: a disabled button gets no pointer events).
    await rowNamed('Điện').getByTestId('service-delete').locator('xpath=..').hover();
    const tooltip = page.getByRole('tooltip').filter({ hasText: 'Không thể xóa dịch vụ điện hoặc nước' });
    await tooltip.waitFor();
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'hidden' });
    expect(await rowNamed('Internet').getByTestId('service-delete').isDisabled()).toBe(false);
  });

  it('shows one kind of fee per tab: /settingAdmin/metered, /settingAdmin/fixed', async () => {
    await openFees('/settingAdmin/metered');
    expect(await page.getByRole('tab', { name: 'Điện, nước' }).getAttribute('aria-selected')).toBe('true');
    const metered = await table().locator('[data-testid=service-name-cell]').allTextContents();
    expect(metered.sort()).toEqual(['Nước', 'Điện'].sort());

    await page.getByRole('tab', { name: 'Phí cố định' }).click();
    await page.waitForURL((url) => url.pathname === '/settingAdmin/fixed');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid=service-name-cell]')].every(
        (cell) => cell.textContent !== 'Điện' && cell.textContent !== 'Nước',
      ),
    );
    expect(await table().locator('[data-testid=service-name-cell]').allTextContents()).toEqual(
      expect.arrayContaining(['Internet', 'Rác', 'Gửi xe máy']),
    );
  });

  it('creates, edits and deletes a fee with the Vietnamese toasts', async () => {
    await openFees();
    await page.getByRole('button', { name: 'Thêm dịch vụ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thêm dịch vụ' });
    await dialog.waitFor();

    // The units that already exist once per house (kWh, m³) cannot be chosen again.
    expect(await dialog.locator('option[value=kWh]').isDisabled()).toBe(true);
    // Focus passing through the empty name marks nothing; typed, emptied and left, it is marked.
    await dialog.getByLabel('Tên dịch vụ').focus();
    await dialog.getByLabel('Đơn giá (VND)').focus();
    expect(await dialog.locator('#service-name-helper-text').textContent()).not.toContain('để trống');
    await dialog.getByLabel('Tên dịch vụ').fill('x');
    await dialog.getByLabel('Tên dịch vụ').fill('');
    await dialog.getByLabel('Đơn giá (VND)').focus();
    expect(await dialog.locator('#service-name-helper-text').textContent()).toBe(
      'Tên dịch vụ không được để trống!',
    );

    await dialog.getByLabel('Tên dịch vụ').fill(SERVICE_NAME);
    await dialog.getByLabel('Đơn giá (VND)').fill('25.000');
    await dialog.getByLabel('Đơn vị tính').selectOption('person');
    await dialog.getByRole('button', { name: 'Thêm dịch vụ' }).click();
    await seeToast(page, 'success', 'Thêm dịch vụ thành công!');
    await dialog.waitFor({ state: 'hidden' });
    await rowNamed(SERVICE_NAME).waitFor();
    expect((await cellTexts(rowNamed(SERVICE_NAME))).slice(0, 3)).toEqual([
      SERVICE_NAME,
      '25.000 ₫',
      'Theo người / tháng',
    ]);

    await rowNamed(SERVICE_NAME)
      .getByRole('button', { name: `Sửa dịch vụ ${SERVICE_NAME}` })
      .click();
    const editDialog = page.getByRole('dialog', { name: 'Sửa dịch vụ' });
    await editDialog.waitFor();
    expect(await editDialog.getByLabel('Đơn giá (VND)').inputValue()).toBe('25000');
    await editDialog.getByLabel('Đơn giá (VND)').fill('30000');
    await editDialog.getByLabel('Đơn vị tính').selectOption('room');
    await editDialog.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await seeToast(page, 'success', 'Cập nhật dịch vụ thành công!');
    await editDialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('[data-testid^=service-row-]')].some(
          (row) =>
            row.querySelector('[data-testid=service-name-cell]')?.textContent === name &&
            row.querySelector('[data-testid=service-price-cell]')?.textContent?.replace(/\u00a0/g, ' ') ===
              '30.000 ₫',
        ),
      SERVICE_NAME,
    );
    expect((await cellTexts(rowNamed(SERVICE_NAME)))[2]).toBe('Theo phòng / tháng');

    await rowNamed(SERVICE_NAME)
      .getByRole('button', { name: `Xóa dịch vụ ${SERVICE_NAME}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Xóa dịch vụ' });
    await confirm.getByRole('button', { name: 'Xóa dịch vụ' }).click();
    await seeToast(page, 'success', 'Xóa dịch vụ thành công!');
    await rowNamed(SERVICE_NAME).waitFor({ state: 'detached' });
  });
});
