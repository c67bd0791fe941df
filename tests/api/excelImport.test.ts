import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  startTestProduct,
  type ApiReply,
  type TestProduct,
  accessTokens,
} from '../support/product.js';
import { makePng } from '../support/png.js';
import {
  buildXlsx,
  columnOf,
  readXlsx,
  roomImportFile,
  ROOM_IMPORT_HEADERS,
  XLSX_TYPE,
  type RoomRow,
} from '../support/xlsx.js';
import { expectError as expectErrorReply, MSG as SHARED_MSG, type RoomReply } from './helpers.js';

/** Importing empty rooms from Excel: template, all-or-nothing import, error report, numbers, quota, access. */

type Room = RoomReply;

interface RawReply {
  status: number;
  headers: Headers;
  bytes: Uint8Array<ArrayBuffer>;
  /** The JSON body, when the reply is JSON. */
  json?: unknown;
}

const MSG = {
  ...SHARED_MSG,
  notSpreadsheet: 'Tệp tải lên không phải bảng tính Excel (.xlsx) hợp lệ.',
  noFile: 'Chưa chọn tệp Excel để nhập.',
  noRows: 'Bảng tính không có dòng dữ liệu nào dưới dòng tiêu đề.',
  houseIDInvalid: 'Mã nhà trọ không hợp lệ.',
  missingColumn: (column: string) =>
    `Bảng tính thiếu cột "${column}". Hãy dùng mẫu tải về từ hộp thoại nhập phòng.`,
};

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let hoaSen = '';
let binhAn = '';
let phuocLong = '';

async function raw(method: string, path: string, user: string, body?: FormData): Promise<RawReply> {
  const response = await fetch(new URL(path, product.url), {
    method,
    headers: { authorization: `Bearer ${token[user]}` },
    ...(body ? { body } : {}),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const reply: RawReply = { status: response.status, headers: response.headers, bytes };
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    reply.json = JSON.parse(Buffer.from(bytes).toString('utf8'));
  }
  return reply;
}

async function importFile(
  houseID: string | undefined,
  file: Uint8Array<ArrayBuffer> | undefined,
  user = 'chunha',
  fileName = 'phong-trong.xlsx',
): Promise<RawReply> {
  const form = new FormData();
  if (houseID !== undefined) form.append('houseID', houseID);
  if (file) form.append('file', new Blob([file], { type: XLSX_TYPE }), fileName);
  return raw('POST', '/ExcelImport/ImportEmptyRooms', user, form);
}

function expectError(reply: RawReply | ApiReply, status: number, message: string | RegExp): void {
  expectErrorReply('bytes' in reply ? { status: reply.status, body: reply.json } : reply, status, message);
}

async function rooms(houseID: string, user = 'chunha'): Promise<Room[]> {
  const reply = await api.request<{ value: Room[] }>('GET', `/odata/Room?houseID=${houseID}&$top=1000`, {
    token: token[user] as string,
  });
  expect(reply.status).toBe(200);
  return reply.body.value;
}

async function roomCount(houseID: string, user = 'chunha'): Promise<number> {
  const reply = await api.request<{ '@odata.count': number }>(
    'GET',
    `/odata/Room?houseID=${houseID}&$count=true&$top=1`,
    { token: token[user] as string },
  );
  expect(reply.status).toBe(200);
  return reply.body['@odata.count'];
}

function row(roomName: string, overrides: Partial<RoomRow> = {}): RoomRow {
  return {
    roomName,
    acreage: 20,
    floor: 1,
    price: 2_500_000,
    electricity: 1000,
    water: 100,
    description: 'Nhập từ Excel',
    ...overrides,
  };
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'chunhamoi', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  const chunha = sessions.chunha;
  hoaSen = chunha?.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  binhAn = chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
  phuocLong = sessions.chunhamoi?.houses[0]?.houseID ?? '';
  expect(hoaSen && binhAn && phuocLong).toBeTruthy();
});
afterAll(async () => product?.stop());

describe('GET /ExcelImport/Template/EmptyRooms', () => {
  it('returns an .xlsx whose first sheet’s header row holds exactly the seven template columns', async () => {
    const reply = await raw('GET', '/ExcelImport/Template/EmptyRooms', 'chunha');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(reply.headers.get('content-disposition')).toContain('.xlsx');
    const sheet = await readXlsx(reply.bytes);
    expect(sheet.rows[0]).toEqual([...ROOM_IMPORT_HEADERS]);
  });

  it('is refused to a lessee (403)', async () => {
    const reply = await raw('GET', '/ExcelImport/Template/EmptyRooms', 'nguoithue');
    expectError(reply, 403, MSG.forbidden);
  });

  it('has an empty data sheet with number formats and input checks, examples on “Ví dụ”', async () => {
    const reply = await raw('GET', '/ExcelImport/Template/EmptyRooms', 'chunha');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.bytes.buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Phòng trống', 'Ví dụ', 'Hướng dẫn']);
    const data = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(data.actualRowCount).toBe(1);
    // Columns: A name, B acreage, C floor, D price, E electricity, F water, G description.
    expect(data.getColumn('B').numFmt).toBe('0.0');
    expect(data.getColumn('D').numFmt).toBe('#,##0');
    expect(data.getColumn('E').numFmt).toBe('#,##0.##');
    expect(data.getColumn('G').numFmt).toBe('@');
    const floor = data.getCell('C2').dataValidation;
    expect(floor).toMatchObject({
      type: 'list',
      formulae: ['"0,1,2,3,4,5,6,7,8,9,10"'],
      errorStyle: 'warning',
    });
    expect(data.getCell('C501').dataValidation).toMatchObject({ type: 'list' });
    expect(data.getCell('B2').dataValidation).toMatchObject({ type: 'decimal', operator: 'between' });
    expect(data.getCell('D100').dataValidation).toMatchObject({
      type: 'whole',
      error: expect.stringContaining('Giá thuê'),
    });
    expect(data.getCell('F2').dataValidation).toMatchObject({ type: 'decimal' });
    const examples = workbook.getWorksheet('Ví dụ') as ExcelJS.Worksheet;
    expect(examples.getRow(1).values).toEqual([undefined, ...ROOM_IMPORT_HEADERS]);
    expect(examples.getCell('A2').value).toBe('P101');
    expect(examples.getCell('D3').value).toBe(3_200_000);
    expect(examples.getCell('D3').numFmt).toBe('#,##0');
  });

  it('imports nothing sent back as downloaded; the “Ví dụ” rows copied into it make two rooms', async () => {
    const house = await api.request<{ houseID: string }>('POST', '/odata/House', {
      token: token.chunha as string,
      body: { houseName: 'Nhà trọ Mẫu', houseAddress: '1 Nguyễn Huệ, Q. 1' },
    });
    expect(house.status).toBe(201);
    const template = await raw('GET', '/ExcelImport/Template/EmptyRooms', 'chunha');
    expectError(await importFile(house.body.houseID, template.bytes), 400, MSG.noRows);
    expect(await rooms(house.body.houseID)).toEqual([]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.bytes.buffer);
    const data = workbook.worksheets[0] as ExcelJS.Worksheet;
    (workbook.getWorksheet('Ví dụ') as ExcelJS.Worksheet).eachRow((row, rowNumber) => {
      if (rowNumber > 1) data.addRow((row.values as ExcelJS.CellValue[]).slice(1));
    });
    const filled = new Uint8Array(await workbook.xlsx.writeBuffer());
    const reply = await importFile(house.body.houseID, filled);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.json).toEqual({ status: true, data: { created: 2 } });
    const created = await rooms(house.body.houseID);
    expect(created.map((room) => room.roomName)).toEqual(['P101', 'P102']);
    expect(created[1]).toMatchObject({ acreage: 25.5, price: 3_200_000, status: 'empty' });
  });
});

describe('POST /ExcelImport/ImportEmptyRooms', () => {
  it('imports a good 3-row file (200 {status:true,data:{created:3}}) and the rooms exist as written', async () => {
    const before = await roomCount(hoaSen);
    const file = await roomImportFile([
      row('A101', { acreage: 18, floor: 1, price: 2_600_000, electricity: 500, water: 50 }),
      row('A102', {
        acreage: 22.5,
        floor: 1,
        price: 2_900_000,
        electricity: 0,
        water: 0,
        description: undefined,
      }),
      row('A201', {
        acreage: 30,
        floor: 2,
        price: 3_500_000,
        electricity: 12.5,
        water: 7,
        description: 'Góc',
      }),
    ]);
    const reply = await importFile(hoaSen, file);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.json).toEqual({ status: true, data: { created: 3 } });
    expect(await roomCount(hoaSen)).toBe(before + 3);
    const imported = (await rooms(hoaSen)).filter((room) => room.roomName.startsWith('A'));
    expect(imported).toHaveLength(3);
    expect(imported[0]).toMatchObject({
      roomName: 'A101',
      houseID: hoaSen,
      acreage: 18,
      floor: 1,
      price: 2_600_000,
      currentElectricityIndex: 500,
      currentWaterIndex: 50,
      roomDescription: 'Nhập từ Excel',
      status: 'empty',
    });
    expect(imported[1]).toMatchObject({ roomName: 'A102', acreage: 22.5, roomDescription: '' });
    expect(imported[2]).toMatchObject({ roomName: 'A201', floor: 2, currentElectricityIndex: 12.5 });
  });

  it('imports a sheet LibreOffice Calc saved: its cached SUM, a "3.500.000 đ" price, NFD text stored as NFC', async () => {
    // tests/fixtures/sheets/make-libreoffice-sheet.sh: written by openpyxl, opened and saved by Calc.
    const file = readFileSync(
      join(import.meta.dirname, '..', 'fixtures', 'sheets', 'libreoffice-rooms.xlsx'),
    );
    const reply = await importFile(hoaSen, new Uint8Array(file), 'chunha', 'libreoffice-rooms.xlsx');
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.json).toEqual({ status: true, data: { created: 3 } });
    const imported = (await rooms(hoaSen)).filter((room) => room.roomName.startsWith('LO'));
    expect(imported.map((room) => [room.roomName, room.price, room.currentElectricityIndex])).toEqual([
      ['LO101', 2_600_000, 1200],
      ['LO102', 3_000_000, 1210],
      ['LO201', 3_500_000, 0],
    ]);
    expect(imported[0]).toMatchObject({ acreage: 18.5, currentWaterIndex: 85 });
    // Typed on a Mac (decomposed), stored composed: copying it gives the same letters.
    expect(imported[0]?.roomDescription).toBe('Phòng góc, cửa sổ hướng đông'.normalize('NFC'));
    expect(imported[0]?.roomDescription).not.toBe('Phòng góc, cửa sổ hướng đông'.normalize('NFD'));
  });

  it('accepts Vietnamese number formats ("2.800.000", "25,5", "3.200.000 đ")', async () => {
    const file = await roomImportFile([
      row('VN1', { acreage: '25,5', floor: '2', price: '2.800.000', electricity: '1.250', water: '135' }),
      row('VN2', { acreage: '19', floor: 3, price: '3.200.000 đ', electricity: '0', water: '12,5' }),
    ]);
    const reply = await importFile(binhAn, file);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.json).toEqual({ status: true, data: { created: 2 } });
    const byName = new Map((await rooms(binhAn)).map((room) => [room.roomName, room]));
    expect(byName.get('VN1')).toMatchObject({
      acreage: 25.5,
      floor: 2,
      price: 2_800_000,
      currentElectricityIndex: 1250,
      currentWaterIndex: 135,
    });
    expect(byName.get('VN2')).toMatchObject({
      acreage: 19,
      floor: 3,
      price: 3_200_000,
      currentWaterIndex: 12.5,
    });
  });

  it('finds the header below a title row', async () => {
    const file = await buildXlsx([
      ['Danh sách phòng trống — Nhà trọ Bình An'],
      [...ROOM_IMPORT_HEADERS],
      ['T1', 20, 1, 2_000_000, 0, 0, null],
    ]);
    const reply = await importFile(binhAn, file);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.json).toEqual({ status: true, data: { created: 1 } });
    expect((await rooms(binhAn)).map((room) => room.roomName)).toContain('T1');
  });

  it('acreage "abc" and an existing room name → 400 spreadsheet with “Lỗi” on exactly those rows; nothing written', async () => {
    const before = await roomCount(hoaSen);
    const file = await roomImportFile([
      row('B1'),
      row('B2', { acreage: 'abc' }),
      row('B3'),
      row('p101 '),
      row('B5'),
    ]);
    const reply = await importFile(hoaSen, file);
    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(reply.headers.get('x-import-error-rows')).toBe('2');
    const report = await readXlsx(reply.bytes);
    const errorColumn = columnOf(report, 'Lỗi');
    expect(errorColumn).toBe(ROOM_IMPORT_HEADERS.length);
    const errors = report.rows.slice(1).map((cells) => cells[errorColumn]);
    expect(errors[0]).toBeUndefined();
    expect(errors[1]).toBe('Diện tích phải là số.');
    expect(errors[2]).toBeUndefined();
    expect(errors[3]).toBe('Tên phòng "p101" đã tồn tại trong nhà trọ này.');
    expect(errors[4]).toBeUndefined();
    // The user's data comes back untouched next to the messages.
    expect(report.rows[2]?.slice(0, 2)).toEqual(['B2', 'abc']);
    expect(await roomCount(hoaSen)).toBe(before);
    const names = (await rooms(hoaSen)).map((room) => room.roomName);
    for (const name of ['B1', 'B3', 'B5']) expect(names).not.toContain(name);
  });

  it('accepts the error report back once the rows are fixed (the “Lỗi” column is ignored)', async () => {
    const before = await roomCount(hoaSen);
    const first = await importFile(
      hoaSen,
      await roomImportFile([row('F1'), row('F2', { acreage: 'hai mươi' })]),
    );
    expect(first.status).toBe(400);
    const report = await readXlsx(first.bytes);
    expect(report.rows[0]?.[ROOM_IMPORT_HEADERS.length]).toBe('Lỗi');
    const fixed = report.rows.map((cells, index) => (index === 2 ? ['F2', 21, ...cells.slice(2)] : cells));
    const second = await importFile(hoaSen, await buildXlsx(fixed));
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(second.json).toEqual({ status: true, data: { created: 2 } });
    expect(await roomCount(hoaSen)).toBe(before + 2);
    const f2 = (await rooms(hoaSen)).find((room) => room.roomName === 'F2');
    expect(f2?.acreage).toBe(21);
  });

  it('reads the columns by header, in any order, and accepts “m2” for “m²”', async () => {
    const file = await buildXlsx([
      ['Mô tả', 'Giá thuê', 'Tên phòng', 'Chỉ số nước đầu', 'Tầng', 'Diện tích (m2)', 'Chỉ số điện đầu'],
      ['Đảo cột', 2_700_000, 'G1', 9, 2, 17, 8],
    ]);
    const reply = await importFile(binhAn, file);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const g1 = (await rooms(binhAn)).find((room) => room.roomName === 'G1');
    expect(g1).toMatchObject({
      roomDescription: 'Đảo cột',
      price: 2_700_000,
      currentWaterIndex: 9,
      floor: 2,
      acreage: 17,
      currentElectricityIndex: 8,
    });
  });

  it('a duplicate name within the file and a negative price → 400 on exactly those rows; nothing written', async () => {
    const before = await roomCount(hoaSen);
    const file = await roomImportFile([row('C1'), row('C2', { price: -100 }), row('c1 '), row('C4')]);
    const reply = await importFile(hoaSen, file);
    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(reply.headers.get('x-import-error-rows')).toBe('2');
    const report = await readXlsx(reply.bytes);
    const errorColumn = columnOf(report, 'Lỗi');
    expect(errorColumn).toBeGreaterThan(0);
    const errors = report.rows.slice(1).map((cells) => cells[errorColumn]);
    expect(errors[0]).toBeUndefined();
    expect(errors[1]).toBe('Giá thuê không được âm.');
    expect(errors[2]).toBe('Tên phòng "c1" trùng với dòng 2.');
    expect(errors[3]).toBeUndefined();
    expect(await roomCount(hoaSen)).toBe(before);
    expect((await rooms(hoaSen)).map((room) => room.roomName)).not.toContain('C1');
  });

  it('reports missing required values and a fractional floor with the column names', async () => {
    const file = await roomImportFile([
      row('D1', { acreage: undefined }),
      row('', { floor: 1 }),
      row('D3', { floor: 1.5 }),
    ]);
    const reply = await importFile(hoaSen, file);
    expect(reply.status).toBe(400);
    const report = await readXlsx(reply.bytes);
    const errorColumn = columnOf(report, 'Lỗi');
    const errors = report.rows.slice(1).map((cells) => String(cells[errorColumn]));
    expect(errors[0]).toMatch(/^Diện tích phải/);
    expect(errors[1]).toBe('Tên phòng không được để trống!');
    expect(errors[2]).toBe('Tầng phải là số nguyên.');
    expect((await rooms(hoaSen)).map((room) => room.roomName)).not.toContain('D1');
  });

  it('refuses a file that is not a spreadsheet (400, Vietnamese) and writes nothing', async () => {
    const before = await roomCount(hoaSen);
    const text = await importFile(
      hoaSen,
      new TextEncoder().encode('Tên phòng;Diện tích\nX1;20\n'),
      'chunha',
      'rooms.xlsx',
    );
    expectError(text, 400, MSG.notSpreadsheet);
    const png = await importFile(hoaSen, makePng(), 'chunha', 'rooms.xlsx');
    expectError(png, 400, MSG.notSpreadsheet);
    expect(await roomCount(hoaSen)).toBe(before);
  });

  it('refuses a sheet missing a column (400 naming the column) and writes nothing', async () => {
    const before = await roomCount(hoaSen);
    const headers = ROOM_IMPORT_HEADERS.filter((header) => header !== 'Giá thuê');
    const file = await buildXlsx([[...headers], ['M1', 20, 1, 0, 0, 'x']]);
    const reply = await importFile(hoaSen, file);
    expectError(reply, 400, MSG.missingColumn('Giá thuê'));
    const twoMissing = await buildXlsx([
      ['Tên phòng', 'Tầng', 'Giá thuê', 'Chỉ số điện đầu', 'Chỉ số nước đầu', 'Mô tả'],
    ]);
    const second = await importFile(hoaSen, twoMissing);
    expectError(second, 400, /thiếu cột "Diện tích \(m²\)"/);
    expect(await roomCount(hoaSen)).toBe(before);
  });

  it('refuses a sheet with only the header (400)', async () => {
    const reply = await importFile(hoaSen, await roomImportFile([]));
    expectError(reply, 400, MSG.noRows);
  });

  it('refuses a request without a file or without a houseID (400)', async () => {
    expectError(await importFile(hoaSen, undefined), 400, MSG.noFile);
    expectError(await importFile(undefined, await roomImportFile([row('N1')])), 400, MSG.houseIDInvalid);
    expect((await rooms(hoaSen)).map((room) => room.roomName)).not.toContain('N1');
  });

  it('over the quota → 409 with how many rooms are left and “Mua thêm phòng”; nothing written', async () => {
    expect(await roomCount(phuocLong, 'chunhamoi')).toBe(4);
    const seven = Array.from({ length: 7 }, (_, index) => row(`Q${index + 1}`));
    const reply = await importFile(phuocLong, await roomImportFile(seven), 'chunhamoi');
    expectError(reply, 409, /còn tạo được 6 phòng/);
    expect((reply.json as { errorMessage: string }).errorMessage).toContain('Mua thêm phòng');
    expect(await roomCount(phuocLong, 'chunhamoi')).toBe(4);

    const six = await importFile(phuocLong, await roomImportFile(seven.slice(0, 6)), 'chunhamoi');
    expect(six.status, JSON.stringify(six.json)).toBe(200);
    expect(six.json).toEqual({ status: true, data: { created: 6 } });
    expect(await roomCount(phuocLong, 'chunhamoi')).toBe(10);

    const full = await importFile(phuocLong, await roomImportFile([row('Q7')]), 'chunhamoi');
    expectError(full, 409, /đã dùng hết/);
    expect((full.json as { errorMessage: string }).errorMessage).toContain('Mua thêm phòng');
    expect(await roomCount(phuocLong, 'chunhamoi')).toBe(10);
  });

  it('staff import into their house; lessees get 403; other houses are 404; nothing written there', async () => {
    const staff = await importFile(hoaSen, await roomImportFile([row('S1')]), 'nhanvien');
    expect(staff.status, JSON.stringify(staff.json)).toBe(200);
    expect(staff.json).toEqual({ status: true, data: { created: 1 } });

    const binhAnBefore = await roomCount(binhAn);
    expectError(await importFile(binhAn, await roomImportFile([row('S2')]), 'nhanvien'), 404, MSG.notFound);
    expect(await roomCount(binhAn)).toBe(binhAnBefore);

    const hoaSenBefore = await roomCount(hoaSen);
    expectError(await importFile(hoaSen, await roomImportFile([row('L1')]), 'nguoithue'), 403, MSG.forbidden);
    expectError(await importFile(hoaSen, await roomImportFile([row('X1')]), 'chunha2'), 404, MSG.notFound);
    expect(await roomCount(hoaSen)).toBe(hoaSenBefore);
  });

  it('refuses a JSON body (415)', async () => {
    const reply = await api.request('POST', '/ExcelImport/ImportEmptyRooms', {
      token: token.chunha as string,
      body: { houseID: hoaSen },
    });
    expect(reply.status).toBe(415);
  });
});
