// Browser tests of the lessee screens: /lessees (server search without accents, status filter, the
// temporary-residence export and the Excel import), /lessees/{id} (details, edit with If-Match, the
// representative's delete refused), /createLesseeInfo filled from the QR code of a CCCD (a real QR image
// made here and read by jsQR in the browser), /vehicleAndLesseeAdd/{contractID} (plates, per-vehicle fee)
// and /lesseeCD/{roomID}. Landlord chunha, house 'Nhà trọ Hoa Sen', whose demo data has one active
// contract (room P101, representative Lê Minh Tuấn). The tests of this file run in order and share one
// session: the occupant added from the QR code is edited, gets a vehicle and is removed at the end.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { cleanPages, downloadedBytes, pictureFor } from '../support/browser.js';
import { makePng } from '../support/png.js';
import { dateShown, fillDate, seeToast, storedSessionInHouse } from '../support/ui.js';
import { XLSX_TYPE, buildXlsx } from '../support/xlsx.js';

const baseURL = inject('baseURL');
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const DIGITS = String(Date.now()).slice(-8);
/** A name without digits (the QR parser refuses them), different on every run. */
const NAME_SUFFIX = [...RUN].map((c) => (/\d/.test(c) ? 'ABCDEFGHIK'[Number(c)] : c)).join('');
const CARD = {
  citizenID: `0792${DIGITS}`,
  oldID: `27${DIGITS.slice(1)}`,
  name: `Trần Thị Thu ${NAME_SUFFIX[0]}${NAME_SUFFIX.slice(1).toLowerCase()}`,
  birth: '02091998',
  gender: 'Nữ',
  address: 'Số 12 đường Lý Thường Kiệt, Phường 7, Quận 10, TP. Hồ Chí Minh',
  issue: '15062021',
};
const CARD_QR = [
  CARD.citizenID,
  CARD.oldID,
  CARD.name,
  CARD.birth,
  CARD.gender,
  CARD.address,
  CARD.issue,
].join('|');
const PLATE = `59-Y1 ${DIGITS.slice(0, 3)}.${DIGITS.slice(3, 5)}`;
const PLACE_OF_ISSUE = 'Cục Cảnh sát quản lý hành chính về trật tự xã hội';

/** The landlord's page, kept through the tests (see `cleanPages`). */
let page: Page;
const pages = cleanPages(baseURL);
let storedSession: Record<string, string> = {};
let newLesseeID = '';
let contractID = '';
let contractRoomID = '';

// ---------------------------------------------------------------------------------------------------
// A small QR encoder (byte mode, error correction L, versions 1–10, mask 0): no QR library is installed,
// and the scanner must read a real QR image, not be handed its text.

const L_BLOCKS: Record<number, [number, Array<[number, number]>]> = {
  1: [7, [[1, 19]]],
  2: [10, [[1, 34]]],
  3: [15, [[1, 55]]],
  4: [20, [[1, 80]]],
  5: [26, [[1, 108]]],
  6: [18, [[2, 68]]],
  7: [20, [[2, 78]]],
  8: [24, [[2, 97]]],
  9: [30, [[2, 116]]],
  10: [
    18,
    [
      [2, 68],
      [2, 69],
    ],
  ],
};
const ALIGNMENT: Record<number, number[]> = {
  1: [],
  2: [6, 18],
  3: [6, 22],
  4: [6, 26],
  5: [6, 30],
  6: [6, 34],
  7: [6, 22, 38],
  8: [6, 24, 42],
  9: [6, 26, 46],
  10: [6, 28, 50],
};

function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i -= 1) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

function reedSolomon(data: number[], degree: number): number[] {
  const divisor = new Array<number>(degree).fill(0);
  divisor[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i += 1) {
    for (let j = 0; j < degree; j += 1) {
      divisor[j] = gfMultiply(divisor[j] ?? 0, root);
      if (j + 1 < degree) divisor[j] = (divisor[j] ?? 0) ^ (divisor[j + 1] ?? 0);
    }
    root = gfMultiply(root, 0x02);
  }
  const result = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() ?? 0);
    result.push(0);
    for (let i = 0; i < degree; i += 1) result[i] = (result[i] ?? 0) ^ gfMultiply(divisor[i] ?? 0, factor);
  }
  return result;
}

/** The modules (true = dark) of a QR code holding `text` as UTF-8. */
function qrMatrix(text: string): boolean[][] {
  const bytes = [...new TextEncoder().encode(text)];
  const dataCodewordsOf = (version: number) =>
    (L_BLOCKS[version]?.[1] ?? []).reduce((sum, [count, size]) => sum + count * size, 0);
  let version = 1;
  while (version <= 10 && 4 + (version < 10 ? 8 : 16) + 8 * bytes.length > dataCodewordsOf(version) * 8) {
    version += 1;
  }
  const blockPlan = L_BLOCKS[version];
  if (blockPlan === undefined) throw new Error('Text too long for this QR encoder.');
  const [ecLength, groups] = blockPlan;
  const capacity = dataCodewordsOf(version) * 8;
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1);
  };
  push(0b0100, 4);
  push(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) push(byte, 8);
  push(0, Math.min(4, capacity - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) push(pad, 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8)
    data.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));
  const blocks: number[][] = [];
  let offset = 0;
  for (const [count, size] of groups) {
    for (let b = 0; b < count; b += 1) {
      blocks.push(data.slice(offset, offset + size));
      offset += size;
    }
  }
  const corrections = blocks.map((block) => reedSolomon(block, ecLength));
  const codewords: number[] = [];
  const longest = Math.max(...blocks.map((block) => block.length));
  for (let i = 0; i < longest; i += 1)
    for (const block of blocks) if (i < block.length) codewords.push(block[i] ?? 0);
  for (let i = 0; i < ecLength; i += 1) for (const block of corrections) codewords.push(block[i] ?? 0);

  const size = version * 4 + 17;
  const modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const set = (x: number, y: number, dark: boolean) => {
    (modules[y] as boolean[])[x] = dark;
    (reserved[y] as boolean[])[x] = true;
  };
  const bit = (value: number, i: number) => ((value >>> i) & 1) !== 0;
  for (let i = 0; i < size; i += 1) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy += 1) {
      for (let dx = -4; dx <= 4; dx += 1) {
        const [x, y] = [cx + dx, cy + dy];
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        set(x, y, distance !== 2 && distance !== 4);
      }
    }
  }
  const centres = ALIGNMENT[version] ?? [];
  const last = centres.length - 1;
  centres.forEach((cx, i) =>
    centres.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy += 1) {
        for (let dx = -2; dx <= 2; dx += 1) set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    }),
  );
  const format = 0b01 << 3; // level L, mask 0
  let remainder = format;
  for (let i = 0; i < 10; i += 1) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  const formatBits = ((format << 10) | remainder) ^ 0x5412;
  for (let i = 0; i <= 5; i += 1) set(8, i, bit(formatBits, i));
  set(8, 7, bit(formatBits, 6));
  set(8, 8, bit(formatBits, 7));
  set(7, 8, bit(formatBits, 8));
  for (let i = 9; i < 15; i += 1) set(14 - i, 8, bit(formatBits, i));
  for (let i = 0; i < 8; i += 1) set(size - 1 - i, 8, bit(formatBits, i));
  for (let i = 8; i < 15; i += 1) set(8, size - 15 + i, bit(formatBits, i));
  set(8, size - 8, true);
  if (version >= 7) {
    let rem = version;
    for (let i = 0; i < 12; i += 1) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const versionBits = (version << 12) | rem;
    for (let i = 0; i < 18; i += 1) {
      set(size - 11 + (i % 3), Math.floor(i / 3), bit(versionBits, i));
      set(Math.floor(i / 3), size - 11 + (i % 3), bit(versionBits, i));
    }
  }
  let index = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vertical = 0; vertical < size; vertical += 1) {
      for (let j = 0; j < 2; j += 1) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vertical : vertical;
        if ((reserved[y] as boolean[])[x]) continue;
        const dark = index < codewords.length * 8 && bit(codewords[index >>> 3] ?? 0, 7 - (index & 7));
        index += 1;
        (modules[y] as boolean[])[x] = dark !== ((x + y) % 2 === 0);
      }
    }
  }
  return modules;
}

/** A phone photo (JPEG) of a card's back lying on a table, its QR code drawn from `text` in the browser. */
async function qrPhoto(target: Page, text: string): Promise<Buffer> {
  const bytes = await target.evaluate(async (matrix) => {
    const scale = 5;
    const quiet = 4;
    const side = (matrix.length + quiet * 2) * scale;
    const canvas = new OffscreenCanvas(1200, 900);
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('no canvas');
    context.fillStyle = '#b9a88f';
    context.fillRect(0, 0, 1200, 900);
    context.fillStyle = '#eef0ea';
    context.fillRect(180, 170, 840, 540);
    const left = 600 - side / 2;
    const top = 440 - side / 2;
    context.fillStyle = '#ffffff';
    context.fillRect(left, top, side, side);
    context.fillStyle = '#1b1b1b';
    matrix.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) context.fillRect(left + (x + quiet) * scale, top + (y + quiet) * scale, scale, scale);
      }),
    );
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    return [...new Uint8Array(await blob.arrayBuffer())];
  }, qrMatrix(text));
  return Buffer.from(bytes);
}

// ---------------------------------------------------------------------------------------------------

/** A phone page holding the same session (a clean tab, see `cleanPages`), closed when the test ends. */
async function phoneWithSession(): Promise<Page> {
  const { page: phone } = await pages.open('phone', storedSession);
  onTestFinished(() => phone.close());
  return phone;
}

/** The message under a form field ('' while it has none: the line is reserved). */
async function helperText(scope: Locator | Page, fieldID: string): Promise<string> {
  return ((await scope.locator(`#${fieldID}-helper-text`).textContent()) ?? '').replace(/\u200b/g, '').trim();
}

/** An API call with the page's session, as another browser tab of the same landlord would make it. */
async function api(
  target: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  return target.evaluate(
    async ({ path: url, method, body }) => {
      const response = await fetch(url, {
        method: method ?? 'GET',
        headers: {
          Authorization: `Bearer ${window.localStorage.getItem('accessToken') ?? ''}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    },
    { path, method: init.method, body: init.body },
  );
}

async function expectNoHorizontalScroll(target: Page): Promise<void> {
  const widths = await target.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

function fact(target: Page, field: string): Locator {
  return target.getByTestId(`lessee-fact-${field}`);
}

async function readSheet(download: Download): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await downloadedBytes(download)) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push(
      (row.values as unknown[])
        .slice(1)
        .map((value) => (value === null || value === undefined ? '' : String(value))),
    );
  });
  return rows;
}

beforeAll(async () => {
  // Signed in with the house chosen, through the API (the login form is tested in shell-login).
  storedSession = await storedSessionInHouse(baseURL, 'chunha', 'Chunha@123456');
  page = (await pages.open('desktop', storedSession)).page;
  // The jsQR path on every browser: Chromium on Linux has no BarcodeDetector anyway.
  await page.addInitScript(() => {
    delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
  });
  await page.goto('/dashboard');
});

afterAll(async () => {
  await pages.closePages();
});

describe('/lessees — the occupants of the selected house', () => {
  it('finds a lessee by name without accents (asking the server once typing pauses) and opens them', async () => {
    await page.getByRole('link', { name: 'Quản lý người thuê' }).click();
    await page.waitForURL((url) => url.pathname === '/lessees');
    await page.getByRole('heading', { level: 1, name: 'Quản lý người thuê' }).waitFor();
    const tuan = page.getByTestId('lessee-row').filter({ hasText: 'Lê Minh Tuấn' });
    await tuan.waitFor();
    expect(await tuan.textContent()).toContain('Phòng P101');
    expect(await tuan.textContent()).toContain('0987654321');
    await tuan.getByTestId('lessee-row-representative').waitFor();

    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/odata/Lessee' && url.searchParams.has('search')) {
        searches.push(url.searchParams.get('search') ?? '');
        expect(url.searchParams.get('$count')).toBe('true');
        expect(url.searchParams.get('$top')).toBe('20');
      }
    });
    const searchBox = page.getByLabel('Tìm theo tên, số điện thoại hoặc CCCD');
    const answered = page.waitForResponse((response) => response.url().includes('search=le%20minh%20tuan'));
    await searchBox.pressSequentially('le minh tuan', { delay: 40 });
    await answered;
    await page.waitForFunction(() => new URL(window.location.href).searchParams.get('q') === 'le minh tuan');
    expect(searches.at(-1)).toBe('le minh tuan');
    // Debounced: not one request per keystroke.
    expect(searches.length).toBeLessThan(6);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=lessee-row]').length === 1);
    expect(await page.getByTestId('lessee-row').textContent()).toContain('Lê Minh Tuấn');

    await searchBox.fill('không có ai tên này');
    await page.getByText('Không tìm thấy người thuê phù hợp').waitFor();
    await page.getByRole('button', { name: 'Xóa bộ lọc' }).click();
    expect(await searchBox.inputValue()).toBe('');
    await tuan.waitFor();

    // A phone number finds them too, and the status filter goes to the server as $filter.
    await searchBox.fill('0987654321');
    await page.waitForFunction(() => new URL(window.location.href).searchParams.get('q') === '0987654321');
    await tuan.waitFor();
    const filtered = page.waitForResponse((response) =>
      decodeURIComponent(response.url()).includes('$filter=status eq 2'),
    );
    await page.getByLabel('Trạng thái').selectOption('2');
    await filtered;
    await page.getByText('Không tìm thấy người thuê phù hợp').waitFor();
    await page.getByLabel('Trạng thái').selectOption('1');
    await tuan.waitFor();

    await tuan.getByRole('link', { name: 'Lê Minh Tuấn' }).click();
    await page.waitForURL((url) => /^\/lessees\/[\w-]+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Lê Minh Tuấn' }).waitFor();
    expect(await fact(page, 'citizenID').textContent()).toBe('079203004567');
    expect(await fact(page, 'dateOfBirth').textContent()).toBe('14/05/2003');
    expect(await fact(page, 'gender').textContent()).toBe('Nam');
    expect(await page.getByTestId('lessee-representative').textContent()).toBe('Đại diện');
    // The contract's motorbike without an owner counts as the representative's.
    await page.getByTestId('lessee-vehicles').getByText('59-X3 123.45').waitFor();
    await page.getByTestId('lessee-room-link').filter({ hasText: 'Phòng P101' }).waitFor();
    contractID =
      ((await page.getByTestId('lessee-contract-link').getAttribute('href')) ?? '').split('/').pop() ?? '';
    contractRoomID =
      ((await page.getByTestId('lessee-room-link').getAttribute('href')) ?? '').split('/').pop() ?? '';
    expect(contractID).not.toBe('');
    expect(contractRoomID).not.toBe('');

    // The representative cannot be deleted: the server's reason stays in the dialog.
    await page.getByTestId('lessee-delete-button').click();
    const dialog = page.getByRole('dialog', { name: 'Xóa người thuê' });
    await dialog.getByRole('button', { name: 'Xóa người thuê' }).click();
    const reason = 'Không thể xóa người đại diện của hợp đồng. Hãy chọn người đại diện khác trước khi xóa.';
    await dialog.getByTestId('lessee-delete-dialog-error').filter({ hasText: reason }).waitFor();
    await seeToast(page, 'error', `Xóa người thuê thất bại! ${reason}`);
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});

/** The built file of the jsQR package (`web/dist/.vite/manifest.json`), e.g. `assets/c-….js`. */
function jsqrChunkFile(): string {
  const manifestPath = join(import.meta.dirname, '..', '..', 'web', 'dist', '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const entry = Object.entries(manifest).find(([source]) => /node_modules\/jsqr\//i.test(source));
  if (!entry) throw new Error('the web build has no jsQR chunk');
  return entry[1].file;
}

describe('/createLesseeInfo — a new occupant filled in from the QR code of a CCCD', () => {
  it('reads a photo of the card’s QR code with jsQR (loaded only then), fills the form and saves', async () => {
    // The jsQR chunk, as the build's manifest names it (chunks are named by their hash alone).
    const jsqrChunk = `/${jsqrChunkFile()}`;
    const jsqrRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === jsqrChunk) jsqrRequests.push(request.url());
    });
    await page.goto('/lessees');
    await page.getByTestId('lessee-create-button').click();
    await page.waitForURL((url) => url.pathname === '/createLesseeInfo');
    const form = page.getByRole('form', { name: 'Thêm người thuê' });
    await form.waitFor();

    // Errors of touched fields, with the server's messages.
    await form.getByRole('button', { name: 'Thêm người thuê' }).click();
    expect(await helperText(form, 'lessee-occupantName')).toBe('Họ tên không được để trống!');
    expect(await helperText(form, 'lessee-gender')).toBe('Giới tính không được để trống!');
    expect(await helperText(form, 'lessee-roomID')).toBe('Cần chọn phòng hoặc hợp đồng của người thuê.');
    await form.getByLabel('Số điện thoại').fill('12345');
    await form.getByLabel('Dân tộc').focus();
    expect(await helperText(form, 'lessee-phoneNumber')).toBe(
      'Số điện thoại phải là số di động Việt Nam gồm 10 chữ số, bắt đầu bằng 0.',
    );
    await form.getByLabel('Số điện thoại').fill('0912345678');
    expect(await helperText(form, 'lessee-phoneNumber')).toBe('');

    // Only rooms with an active contract are offered: the demo's P101 is one.
    const roomSelect = form.getByTestId('lessee-roomID');
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLSelectElement>('[data-testid=lessee-roomID]')?.options.length ?? 0) > 1,
    );
    await roomSelect.selectOption(contractRoomID);
    expect(await roomSelect.locator('option:checked').textContent()).toBe('Phòng P101');

    expect(jsqrRequests).toHaveLength(0);
    await form.getByRole('button', { name: 'Quét mã QR CCCD' }).click();
    const scanner = page.getByRole('dialog', { name: 'Quét mã QR CCCD' });
    await scanner.waitFor();
    // No camera here (and camera=() in the Permissions-Policy): the photo is the way in.
    await scanner.getByTestId('cccd-scanner-camera-unavailable').waitFor();

    // Another QR code (a web address) is refused.
    await scanner.getByTestId('cccd-scanner-file').setInputFiles({
      name: 'qr-khac.jpg',
      mimeType: 'image/jpeg',
      buffer: await qrPhoto(page, 'https://dichvucong.gov.vn/'),
    });
    await scanner
      .getByTestId('cccd-scanner-hint')
      .filter({ hasText: 'Mã QR này không phải mã trên CCCD gắn chip.' })
      .waitFor();
    expect(jsqrRequests).toHaveLength(1);

    // A photo without a QR code.
    await scanner.getByTestId('cccd-scanner-file').setInputFiles({
      name: 'trang.png',
      mimeType: 'image/png',
      buffer: Buffer.from(makePng({ width: 400, height: 300, rgba: [240, 240, 240, 255] })),
    });
    await scanner
      .getByTestId('cccd-scanner-hint')
      .filter({ hasText: 'Không tìm thấy mã QR trong ảnh.' })
      .waitFor();

    await scanner.getByTestId('cccd-scanner-file').setInputFiles({
      name: 'cccd-mat-sau.jpg',
      mimeType: 'image/jpeg',
      buffer: await qrPhoto(page, CARD_QR),
    });
    await scanner.waitFor({ state: 'hidden' });
    await form.getByTestId('lessee-scan-result').filter({ hasText: CARD.name }).waitFor();
    expect(await form.getByLabel('Số CCCD/CMND').inputValue()).toBe(CARD.citizenID);
    expect(await form.getByLabel('Họ và tên').inputValue()).toBe(CARD.name);
    expect(await dateShown(form, 'Ngày sinh')).toBe('02/09/1998');
    expect(await form.getByTestId('lessee-gender').inputValue()).toBe('0');
    expect(await form.getByLabel('Địa chỉ thường trú').inputValue()).toBe(CARD.address);
    expect(await dateShown(form, 'Ngày cấp')).toBe('15/06/2021');
    expect(await form.getByLabel('Nơi cấp').inputValue()).toBe(PLACE_OF_ISSUE);
    expect(await form.getByLabel('Quốc tịch').inputValue()).toBe('Việt Nam');
    expect(await form.getByLabel('Ghi chú').inputValue()).toBe(`Số CMND cũ: ${CARD.oldID}`);
    expect(await helperText(form, 'lessee-occupantName')).toBe('');
    expect(await helperText(form, 'lessee-gender')).toBe('');
    expect(jsqrRequests).toHaveLength(1);

    // A portrait, converted to PNG and uploaded with the lessee SAS.
    await form.getByTestId('lessee-photo-file-portraitImage').setInputFiles({
      name: 'chan-dung.png',
      mimeType: 'image/png',
      buffer: Buffer.from(makePng({ width: 30, height: 40, rgba: [120, 90, 200, 255] })),
    });
    await form.getByTestId('lessee-photo-portraitImage').locator('img').waitFor();
    await form.getByLabel('Nghề nghiệp').fill('Nhân viên văn phòng');
    await form.getByLabel('Địa chỉ tạm trú').fill('Phòng P101, Nhà trọ Hoa Sen');
    await form.getByLabel('Nơi ở hiện tại').fill('Phòng P101, 12 Võ Văn Ngân, TP. Thủ Đức');
    await fillDate(form, 'Ngày bắt đầu tạm trú', '2026-09-01');
    await fillDate(form, 'Ngày kết thúc tạm trú', '2026-08-01');
    await form.getByLabel('Ghi chú').focus();
    expect(await helperText(form, 'lessee-residentialEndDate')).toBe(
      'Ngày kết thúc tạm trú phải sau ngày bắt đầu.',
    );
    await fillDate(form, 'Ngày kết thúc tạm trú', '2027-08-31');
    await page.evaluate(() => window.scrollTo(0, 0));
    await pictureFor(page, 'lessee-create-1280');

    await form.getByRole('button', { name: 'Thêm người thuê' }).click();
    await seeToast(page, 'success', 'Tạo người thuê mới thành công!');
    await page.waitForURL((url) => /^\/lessees\/[\w-]+$/.test(url.pathname));
    newLesseeID = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('heading', { level: 1, name: CARD.name }).waitFor();
    expect(await fact(page, 'citizenID').textContent()).toBe(CARD.citizenID);
    expect(await fact(page, 'dateOfBirth').textContent()).toBe('02/09/1998');
    expect(await fact(page, 'dateOfIssue').textContent()).toBe('15/06/2021');
    expect(await fact(page, 'gender').textContent()).toBe('Nữ');
    expect(await fact(page, 'placeOfIssue').textContent()).toBe(PLACE_OF_ISSUE);
    expect(await fact(page, 'residentialEndDate').textContent()).toBe('31/08/2027');
    expect(await fact(page, 'residentialAddress').textContent()).toBe(
      'Phòng P101, 12 Võ Văn Ngân, TP. Thủ Đức',
    );
    // The portrait through its own read URL; the card photos were not given.
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-testid=lessee-photo-portraitImage] img');
      return image !== null && image.complete && image.naturalWidth === 30;
    });
    expect(await page.getByTestId('lessee-photo-citizenIDFrontImage').locator('img').count()).toBe(0);
    expect(await page.getByTestId('lessee-representative').count()).toBe(0);
  });

  it('edits the occupant (toast) and, when someone else saved first, says so and saves on the second try', async () => {
    expect(newLesseeID).not.toBe('');
    await page.goto(`/lessees/${newLesseeID}`);
    await page.getByRole('heading', { level: 1, name: CARD.name }).waitFor();
    await page.getByTestId('lessee-edit-button').click();
    const dialog = page.getByRole('dialog', { name: 'Sửa thông tin người thuê' });
    const form = dialog.getByRole('form', { name: 'Sửa thông tin người thuê' });
    await form.waitFor();
    expect(await form.getByLabel('Họ và tên').inputValue()).toBe(CARD.name);
    const save = form.getByRole('button', { name: 'Lưu thay đổi' });
    expect(await save.isDisabled()).toBe(true);
    await form.getByLabel('Nghề nghiệp').fill('Kế toán');
    await form.getByLabel('Số CCCD/CMND').fill('1234');
    await form.getByLabel('Nơi làm việc').focus();
    expect(await helperText(form, 'lessee-citizenID')).toBe(
      'Số CCCD phải gồm 12 chữ số (hoặc CMND cũ 9 chữ số).',
    );
    await form.getByLabel('Số CCCD/CMND').fill(CARD.citizenID);
    const patch = page.waitForRequest(
      (request) =>
        request.method() === 'PATCH' && request.url().includes(`/odata/LesseeInfor/${newLesseeID}`),
    );
    await save.click();
    const sent = await patch;
    expect(sent.headers()['if-match']).toBeTruthy();
    expect(sent.postDataJSON()).toEqual({ currentJob: 'Kế toán' });
    await seeToast(page, 'success', 'Chỉnh sửa thông tin thành công!');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      () => document.querySelector('[data-testid=lessee-fact-currentJob]')?.textContent === 'Kế toán',
    );

    // Another tab changes the workplace while this form is open: 412, a Vietnamese message, then it saves.
    await page.getByTestId('lessee-edit-button').click();
    await form.waitFor();
    const other = await api(page, `/odata/LesseeInfor/${newLesseeID}`, {
      method: 'PATCH',
      body: { workPlace: 'Công ty Sao Mai' },
    });
    expect(other.status).toBe(200);
    await form.getByLabel('Dân tộc').fill('Kinh');
    await save.click();
    await seeToast(
      page,
      'error',
      'Chỉnh sửa thông tin thất bại! Thông tin người thuê vừa được người khác thay đổi.',
    );
    expect(await dialog.isVisible()).toBe(true);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=lessee-fact-workPlace]')?.textContent === 'Công ty Sao Mai',
    );
    await save.click();
    await seeToast(page, 'success', 'Chỉnh sửa thông tin thành công!');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      () => document.querySelector('[data-testid=lessee-fact-ethnicity]')?.textContent === 'Kinh',
    );
    expect(await fact(page, 'workPlace').textContent()).toBe('Công ty Sao Mai');
  });
});

describe('/vehicleAndLesseeAdd/{contractID} — vehicles and occupants of a contract', () => {
  it('refuses a bad plate in Vietnamese, adds a good one for the new occupant and subscribes it to the parking fee', async () => {
    expect(contractID).not.toBe('');
    await page.goto(`/lessees/${newLesseeID}`);
    await page.getByRole('link', { name: 'Xe và người ở' }).click();
    await page.waitForURL((url) => url.pathname === `/vehicleAndLesseeAdd/${contractID}`);
    await page.getByRole('heading', { level: 1, name: 'Xe và người ở — Phòng P101' }).waitFor();
    const occupants = page.getByTestId('contract-occupants');
    await occupants.getByText(CARD.name).waitFor();
    await occupants.getByText('Lê Minh Tuấn').waitFor();

    await page.getByTestId('vehicle-add-button').click();
    const dialog = page.getByRole('dialog', { name: 'Thêm xe' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Loại xe').locator('option').allTextContents()).toEqual([
      'Xe máy',
      'Xe đạp',
      'Ô tô',
      'Xe điện',
    ]);
    await dialog.getByLabel('Biển số').fill('ABC');
    await dialog.getByLabel('Mô tả (màu, hiệu xe…)').focus();
    expect(await helperText(dialog, 'vehicle-licensePlate')).toBe(
      'Biển số xe không đúng định dạng (ví dụ 59-X3 123.45 hoặc 51F-123.45).',
    );
    await dialog.getByLabel('Biển số').fill('');
    expect(await helperText(dialog, 'vehicle-licensePlate')).toBe('Biển số xe không được để trống!');
    // A bicycle needs no plate.
    await dialog.getByLabel('Loại xe').selectOption('Xe đạp');
    expect(await helperText(dialog, 'vehicle-licensePlate')).toBe('Xe đạp không cần biển số.');
    await dialog.getByLabel('Loại xe').selectOption('Xe máy');

    // The demo's plate, written differently: the server's 409 lands under the plate.
    await dialog.getByLabel('Biển số').fill('59x3-12345');
    await dialog.getByRole('button', { name: 'Thêm xe' }).click();
    const duplicate = 'Biển số 59X3-12345 đã được đăng ký trong nhà trọ này.';
    await seeToast(page, 'error', `Thêm xe thất bại! ${duplicate}`);
    expect(await helperText(dialog, 'vehicle-licensePlate')).toBe(duplicate);

    await dialog.getByLabel('Biển số').fill(PLATE);
    await dialog.getByLabel('Chủ xe').selectOption({ label: CARD.name });
    await dialog.getByLabel('Mô tả (màu, hiệu xe…)').fill('Honda Vision trắng');
    await dialog.getByRole('button', { name: 'Thêm xe' }).click();
    await seeToast(page, 'success', 'Thêm xe thành công!');
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('vehicle-card').filter({ hasText: PLATE });
    await card.waitFor();
    expect(await card.textContent()).toContain(`Chủ xe: ${CARD.name}`);
    expect(await card.textContent()).toContain('Chưa đăng ký phí xe.');

    // The per-vehicle fee: a failure says the spec's words, then it is subscribed.
    await page.route('**/odata/ContractService', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ status: false, errorMessage: 'Hợp đồng đã đăng ký dịch vụ này.' }),
          })
        : route.fallback(),
    );
    await card.getByTestId('vehicle-fee-button').click();
    const feeDialog = page.getByRole('dialog', { name: 'Đăng ký phí xe' });
    await feeDialog.waitFor();
    expect(await feeDialog.getByLabel('Phí theo xe').locator('option:checked').textContent()).toContain(
      'Gửi xe máy',
    );
    await feeDialog.getByRole('button', { name: 'Đăng ký phí' }).click();
    await seeToast(page, 'error', 'Thêm giá xe thất bại :((');
    await feeDialog
      .getByTestId('vehicle-fee-error')
      .filter({ hasText: 'Hợp đồng đã đăng ký dịch vụ này.' })
      .waitFor();
    await page.unroute('**/odata/ContractService');
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/odata/ContractService'),
    );
    await feeDialog.getByRole('button', { name: 'Đăng ký phí' }).click();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(body.contractID).toBe(contractID);
    expect(typeof body.vehicleID).toBe('string');
    expect(typeof body.serviceID).toBe('string');
    await seeToast(page, 'success', 'Tạo bản ghi mới thành công!');
    await card.getByTestId('vehicle-fees').getByText('Gửi xe máy').waitFor();
    expect(await card.getByTestId('vehicle-fee-button').count()).toBe(0);

    // The occupant's page lists the vehicle registered to them.
    await page.goto(`/lessees/${newLesseeID}`);
    await page.getByTestId('lessee-vehicles').getByText(PLATE).waitFor();
  });
});

describe('/lesseeCD/{roomID} — the occupants of a room’s active contract', () => {
  it('marks the new occupant as moved out and back, then removes them with their vehicle', async () => {
    await page.goto(`/lesseeCD/${contractRoomID}`);
    await page.getByRole('heading', { level: 1, name: 'Người ở phòng P101' }).waitFor();
    const occupant = page.getByTestId('room-occupant').filter({ hasText: CARD.name });
    await occupant.waitFor();
    const representative = page.getByTestId('room-occupant').filter({ hasText: 'Lê Minh Tuấn' });
    await representative.getByTestId('room-occupant-representative').waitFor();
    // The representative cannot move out or be removed before another one is named.
    expect(await representative.getByRole('button', { name: 'Đã chuyển đi' }).count()).toBe(0);
    expect(await representative.getByRole('button', { name: 'Xóa' }).count()).toBe(0);

    await occupant.getByRole('button', { name: 'Đã chuyển đi' }).click();
    await seeToast(page, 'success', 'Chỉnh sửa thông tin thành công!');
    await occupant.getByTestId('room-occupant-status').filter({ hasText: 'Đã chuyển đi' }).waitFor();
    await occupant.getByRole('button', { name: 'Đang ở lại' }).click();
    await occupant.getByTestId('room-occupant-status').filter({ hasText: 'Đang ở' }).waitFor();
    await pictureFor(page, 'lessees-room-1280');

    // Its vehicle goes first, from the contract's vehicle page.
    await page.getByRole('link', { name: 'Xe của phòng' }).click();
    await page.waitForURL((url) => url.pathname === `/vehicleAndLesseeAdd/${contractID}`);
    await page.getByRole('button', { name: `Xóa xe ${PLATE}` }).click();
    const vehicleDialog = page.getByRole('dialog', { name: 'Xóa xe' });
    await vehicleDialog.getByRole('button', { name: 'Xóa xe' }).click();
    await seeToast(page, 'success', 'Xóa xe thành công!');
    await page.waitForFunction(
      (plate) =>
        ![...document.querySelectorAll('[data-testid=vehicle-plate]')].some((el) => el.textContent === plate),
      PLATE,
    );

    await page.goto(`/lesseeCD/${contractRoomID}`);
    await occupant.getByRole('button', { name: 'Xóa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Xóa người thuê' });
    expect(await dialog.textContent()).toContain(CARD.name);
    await dialog.getByRole('button', { name: 'Xóa người thuê' }).click();
    await seeToast(page, 'success', 'Xóa người thuê thành công!');
    await occupant.waitFor({ state: 'detached' });
    await page.goto(`/lessees/${newLesseeID}`);
    await page.getByText('Không tìm thấy người thuê', { exact: true }).waitFor();
  });

  it('says when a room has no active contract and links to the contract form', async () => {
    const rooms = await api(
      page,
      `/odata/Room?houseID=${storedSession.houseID ?? ''}&$filter=status eq 'empty'&$top=1`,
    );
    const room = (rooms.body as { value: Array<{ roomID: string }> }).value[0];
    expect(room).toBeDefined();
    await page.goto(`/lesseeCD/${room?.roomID ?? ''}`);
    await page.getByText('Phòng chưa có hợp đồng hiệu lực').waitFor();
    expect(await page.getByRole('link', { name: 'Tạo hợp đồng' }).getAttribute('href')).toBe(
      `/createContract?roomID=${room?.roomID ?? ''}`,
    );
  });
});

describe('/lessees — Excel: the temporary-residence list and the import of tenants', () => {
  it('downloads the temporary-residence list of the house as .xlsx', async () => {
    await page.goto('/lessees');
    await page.getByTestId('lessee-row').first().waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất danh sách tạm trú' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const rows = await readSheet(download);
    expect(rows.some((row) => row.includes('Lê Minh Tuấn'))).toBe(true);
  });

  it('imports tenants: the template, a sheet refused with its “Lỗi” column, then a good sheet (“Import thành công!”)', async () => {
    const roomName = `NT${RUN}`;
    const created = await api(page, '/odata/Room', {
      method: 'POST',
      body: {
        houseID: storedSession.houseID,
        roomName,
        acreage: 20,
        floor: 9,
        price: 2_600_000,
        currentElectricityIndex: 0,
        currentWaterIndex: 0,
      },
    });
    expect(created.status).toBe(201);

    await page.goto('/lessees');
    await page.getByRole('button', { name: 'Nhập từ Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nhập người thuê từ Excel' });
    await dialog.waitFor();
    const templateDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Tải file mẫu' }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    const templateRows = await readSheet(template);
    expect(templateRows.flat()).toEqual(expect.arrayContaining(['Phòng', 'Họ tên', 'Đại diện']));

    const headers = [
      'Phòng',
      'Họ tên',
      'Giới tính',
      'Ngày sinh',
      'Số điện thoại',
      'Số CCCD',
      'Quê quán',
      'Đại diện',
      'Ngày bắt đầu',
      'Ngày kết thúc',
      'Tiền thuê',
      'Tiền cọc',
      'Nơi thường trú',
      'Nghề nghiệp',
    ];
    const phone = `09${DIGITS}`;
    const row = (room: string) => [
      room,
      'Đỗ Văn Nhập',
      'Nam',
      '12/03/1995',
      phone,
      `0791${DIGITS}`,
      'Huế',
      'x',
      '01/09/2026',
      '31/08/2027',
      2_600_000,
      2_600_000,
      'Huế',
      'Thợ điện',
    ];
    await dialog.getByTestId('lessee-import-file').setInputFiles({
      name: 'nguoi-thue-sai.xlsx',
      mimeType: XLSX_TYPE,
      buffer: Buffer.from(await buildXlsx([headers, row('KHÔNG-CÓ-PHÒNG')], { sheetName: 'Người thuê' })),
    });
    await dialog.getByRole('button', { name: 'Nhập người thuê' }).click();
    await dialog.getByTestId('lessee-import-row-errors').waitFor();
    expect(await dialog.getByTestId('lessee-import-error-count').textContent()).toBe('1');
    const reportDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Tải báo cáo lỗi' }).click();
    const report = await readSheet(await reportDownload);
    const errorColumn = report[0]?.indexOf('Lỗi') ?? -1;
    expect(errorColumn).toBeGreaterThanOrEqual(0);
    expect(report[1]?.[errorColumn]).toContain('KHÔNG-CÓ-PHÒNG');

    await dialog.getByTestId('lessee-import-file').setInputFiles({
      name: 'nguoi-thue.xlsx',
      mimeType: XLSX_TYPE,
      buffer: Buffer.from(await buildXlsx([headers, row(roomName)], { sheetName: 'Người thuê' })),
    });
    await dialog.getByRole('button', { name: 'Nhập người thuê' }).click();
    await seeToast(page, 'success', 'Import thành công!');
    const result = dialog.getByTestId('lessee-import-result');
    await result.getByText('Đã nhập 1 người thuê vào 1 hợp đồng.').waitFor();
    // The representative's username and where their code went (no password for the landlord).
    expect(await result.locator('tbody tr').count()).toBe(1);
    expect(await result.locator('tbody tr td').nth(2).textContent()).toBe(phone);
    expect(await result.locator('tbody tr td').nth(3).textContent()).toBe(`•••••••${phone.slice(-3)}`);
    await dialog.getByRole('button', { name: 'Đóng' }).click();
    await page.getByLabel('Tìm theo tên, số điện thoại hoặc CCCD').fill('do van nhap');
    await page
      .getByTestId('lessee-row')
      .filter({ hasText: `Phòng ${roomName}` })
      .waitFor();
  });
});

describe('Phone (375 px) and desktop (1280 px)', () => {
  it('fits a 375 px phone without horizontal scrolling (screenshots at 1280 and 375 px)', async () => {
    await page.goto('/lessees');
    await page.getByTestId('lessee-row').first().waitFor();
    await pictureFor(page, 'lessees-1280');

    const phone = await phoneWithSession();
    await phone.goto('/lessees');
    await phone.getByRole('heading', { level: 1, name: 'Quản lý người thuê' }).waitFor();
    await phone.getByTestId('lessee-row').first().waitFor();
    await expectNoHorizontalScroll(phone);
    await pictureFor(phone, 'lessees-375');

    await phone.getByTestId('lessee-row').filter({ hasText: 'Lê Minh Tuấn' }).getByRole('link').click();
    await phone.getByRole('heading', { level: 1, name: 'Lê Minh Tuấn' }).waitFor();
    await expectNoHorizontalScroll(phone);
    await pictureFor(phone, 'lessee-detail-375');

    await phone.goto(`/createLesseeInRoom/${contractRoomID}`);
    const form = phone.getByRole('form', { name: 'Thêm người thuê' });
    await form.waitFor();
    await phone.waitForFunction(
      (roomID) => document.querySelector<HTMLSelectElement>('[data-testid=lessee-roomID]')?.value === roomID,
      contractRoomID,
    );
    await expectNoHorizontalScroll(phone);
    await pictureFor(phone, 'lessee-create-375');
    await form.getByRole('button', { name: 'Quét mã QR CCCD' }).tap();
    await phone
      .getByRole('dialog', { name: 'Quét mã QR CCCD' })
      .getByTestId('cccd-scanner-camera-unavailable')
      .waitFor();
    await pictureFor(phone, 'lessee-scanner-375');
    await phone.getByRole('button', { name: 'Đóng' }).tap();

    await phone.goto(`/vehicleAndLesseeAdd/${contractID}`);
    await phone.getByTestId('vehicle-card').first().waitFor();
    await expectNoHorizontalScroll(phone);
    await pictureFor(phone, 'vehicles-375');

    await phone.goto(`/lesseeCD/${contractRoomID}`);
    await phone.getByTestId('room-occupant').first().waitFor();
    await expectNoHorizontalScroll(phone);
    await pictureFor(phone, 'lessees-room-375');

    await page.goto(`/vehicleAndLesseeAdd/${contractID}`);
    await page.getByTestId('vehicle-card').first().waitFor();
    await pictureFor(page, 'vehicles-1280');
  });
});
