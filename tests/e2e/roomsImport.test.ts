// Browser tests of the 'Nhập từ Excel' dialog of /rooms: template download, a file with bad rows (count
// shown, error report downloaded and checked with exceljs), a file the server refuses as a whole, and a
// good file whose rooms then appear. Landlord chunha, house 'Nhà trọ Hoa Sen'.
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seeToast, storedSessionInHouse } from '../support/ui.js';
import { cleanPages, downloadedBytes } from '../support/browser.js';
import {
  ROOM_IMPORT_HEADERS,
  XLSX_TYPE,
  buildXlsx,
  columnOf,
  readXlsx,
  roomImportFile,
} from '../support/xlsx.js';

const baseURL = inject('baseURL');
const RUN = Date.now().toString(36).slice(-5).toUpperCase();

/** The landlord's page, kept through the tests (see `cleanPages`). */
let page: Page;
const pages = cleanPages(baseURL);

async function openImportDialog(): Promise<Locator> {
  await page.goto('/rooms');
  await page.getByTestId('room-groups').waitFor();
  await page.getByRole('button', { name: 'Nhập từ Excel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nhập phòng từ Excel' });
  await dialog.waitFor();
  return dialog;
}

async function chooseFile(dialog: Locator, name: string, bytes: Uint8Array): Promise<void> {
  await dialog
    .getByTestId('room-import-file')
    .setInputFiles({ name, mimeType: XLSX_TYPE, buffer: Buffer.from(bytes) });
  await dialog.getByText(name).waitFor();
}

async function downloadBy(click: () => Promise<void>): Promise<{ download: Download; bytes: Uint8Array }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { download, bytes: new Uint8Array(await downloadedBytes(download)) };
}

function cardNamed(name: string): Locator {
  return page
    .locator('[data-testid^=room-card-]')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
}

beforeAll(async () => {
  // Signed in with the house chosen, through the API (the login form is tested in shell-login).
  ({ page } = await pages.open('desktop', await storedSessionInHouse(baseURL, 'chunha', 'Chunha@123456')));
});

afterAll(async () => {
  await pages.closePages();
});

describe("/rooms — 'Nhập từ Excel'", () => {
  it('downloads the template with the token: a workbook with the import columns', async () => {
    const dialog = await openImportDialog();
    const { download, bytes } = await downloadBy(() =>
      dialog.getByRole('button', { name: 'Tải file mẫu' }).click(),
    );
    expect(download.suggestedFilename()).toBe('mau-nhap-phong-trong.xlsx');
    const sheet = await readXlsx(bytes);
    expect(sheet.sheetNames[0]).toBe('Phòng trống');
    expect(sheet.rows[0]).toEqual([...ROOM_IMPORT_HEADERS]);
    await dialog.getByRole('button', { name: 'Đóng' }).click();
  });

  it('reports the two bad rows of a file, lets the user download the report, and creates nothing', async () => {
    const dialog = await openImportDialog();
    const good1 = `NK${RUN}-1`;
    const good2 = `NK${RUN}-2`;
    const file = await roomImportFile([
      { roomName: good1, acreage: 20, floor: 6, price: 2_500_000, electricity: 100, water: 10 },
      {
        roomName: `NK${RUN}-X`,
        acreage: 'hai mươi',
        floor: 6,
        price: 2_500_000,
        electricity: 100,
        water: 10,
      },
      { roomName: good2, acreage: '25,5', floor: 6, price: '2.700.000', electricity: 120, water: 12 },
      { roomName: `NK${RUN}-Y`, acreage: 18, floor: 6, price: -5, electricity: 100, water: 10 },
    ]);
    await chooseFile(dialog, 'phong-co-loi.xlsx', file);
    await dialog.getByRole('button', { name: 'Nhập phòng' }).click();

    const report = dialog.getByTestId('room-import-row-errors');
    await report.waitFor();
    expect(await dialog.getByTestId('room-import-error-count').textContent()).toBe('2');
    expect(await report.textContent()).toContain('Có 2 dòng bị lỗi');

    const { download, bytes } = await downloadBy(() =>
      report.getByRole('button', { name: 'Tải báo cáo lỗi' }).click(),
    );
    expect(download.suggestedFilename()).toBe('loi-nhap-phong.xlsx');
    const sheet = await readXlsx(bytes);
    const errorColumn = columnOf(sheet, 'Lỗi');
    expect(errorColumn).toBeGreaterThanOrEqual(ROOM_IMPORT_HEADERS.length);
    // Row 1 is the header: the bad rooms are on rows 3 and 5.
    expect(sheet.rows[2]?.[errorColumn]).toEqual(expect.stringContaining('Diện tích'));
    expect(sheet.rows[4]?.[errorColumn]).toEqual(expect.stringContaining('Giá thuê'));
    expect(sheet.rows[1]?.[errorColumn]).toBeUndefined();
    expect(sheet.rows[3]?.[errorColumn]).toBeUndefined();

    await dialog.getByRole('button', { name: 'Đóng' }).click();
    await page.reload();
    await page.getByTestId('room-groups').waitFor();
    expect(await cardNamed(good1).count()).toBe(0);
  });

  it('shows the message of a file refused as a whole (JSON 400) and of a failed upload', async () => {
    const dialog = await openImportDialog();
    const withoutColumns = await buildXlsx([
      ['Tên phòng', 'Giá thuê'],
      ['NK-Z', 2_000_000],
    ]);
    await chooseFile(dialog, 'thieu-cot.xlsx', withoutColumns);
    await dialog.getByRole('button', { name: 'Nhập phòng' }).click();
    const alert = dialog.getByTestId('room-import-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Bảng tính thiếu cột');
    expect(await alert.textContent()).toContain('"Diện tích (m²)"');

    await chooseFile(dialog, 'khong-phai-excel.txt', new TextEncoder().encode('xin chào'));
    expect(await dialog.getByText('Vui lòng chọn tệp Excel định dạng .xlsx.').isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Nhập phòng' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Đóng' }).click();
  });

  it('imports a good file with upload progress, toasts the number created and shows the new rooms', async () => {
    const dialog = await openImportDialog();
    const names = [`NK${RUN}-A`, `NK${RUN}-B`];
    const file = await roomImportFile(
      names.map((roomName, index) => ({
        roomName,
        acreage: 20 + index,
        floor: 7,
        price: 2_600_000,
        electricity: 500,
        water: 50,
        description: 'Nhập từ Excel (kiểm thử)',
      })),
    );
    await chooseFile(dialog, 'phong-moi.xlsx', file);
    // Hold the reply until the progress has been seen.
    let releaseImport: () => void = () => undefined;
    const importHeld = new Promise<void>((resolve) => {
      releaseImport = resolve;
    });
    await page.route('**/ExcelImport/ImportEmptyRooms', async (route) => {
      await importHeld;
      await route.fallback();
    });
    await dialog.getByRole('button', { name: 'Nhập phòng' }).click();
    await dialog.getByRole('progressbar', { name: 'Tiến trình nhập phòng' }).waitFor();
    releaseImport();
    await seeToast(page, 'success', 'Nhập thành công 2 phòng từ Excel!');
    await page.unroute('**/ExcelImport/ImportEmptyRooms');
    await dialog.waitFor({ state: 'hidden' });

    const floor = page.getByTestId('rooms-floor-7');
    for (const name of names) await floor.getByRole('heading', { level: 3, name, exact: true }).waitFor();
    expect(await cardNamed(names[0] ?? '').getAttribute('data-status')).toBe('empty');
  });
});
