import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LesseeImportAccount } from '@nhatro/common';
import { tenantConfirmsOverHttp } from '../support/tenancyLinks.js';
import { createUser, findUserByUsername } from '../../api/src/useCases/shared/users.js';
import {
  apiClient,
  startTestProduct,
  type ApiReply,
  type TestProduct,
  accessTokens,
} from '../support/product.js';
import {
  columnOf,
  generatedRooms,
  LESSEE_IMPORT_HEADERS,
  lesseeImportFile,
  readXlsx,
  readXlsxSheets,
  roomImportFile,
  XLSX_TYPE,
  type LesseeRow,
} from '../support/xlsx.js';
import { expectError as expectErrorReply, MSG, type RoomReply } from './helpers.js';

/**
 * Tenants and spreadsheets over HTTP: the import of current tenants (template, all-or-nothing, the
 * error sheet, accounts), the temporary-residence list, and who may call them.
 */

interface RawReply {
  status: number;
  headers: Headers;
  bytes: Uint8Array<ArrayBuffer>;
  json?: unknown;
}

interface ImportData {
  contracts: number;
  lessees: number;
  accounts: LesseeImportAccount[];
}

interface ContractReply {
  contractID: string;
  roomID: string;
  status: number;
  startDate: string;
  endDate: string;
  rentFee: number;
  deposit: number;
  lesseeInfors: Array<{ occupantName: string; isRepresentative: boolean; citizenID?: string }>;
}

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let hoaSen = '';
let binhAn = '';

async function raw(method: string, path: string, user?: string, body?: FormData): Promise<RawReply> {
  const response = await fetch(new URL(path, product.url), {
    method,
    headers: user ? { authorization: `Bearer ${token[user]}` } : {},
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
  /** '' sends no token. */
  user = 'chunha',
): Promise<RawReply> {
  const form = new FormData();
  if (houseID !== undefined) form.append('houseID', houseID);
  if (file) form.append('file', new Blob([file], { type: XLSX_TYPE }), 'nguoi-thue.xlsx');
  return raw('POST', '/ExcelImport/ImportLessee', user, form);
}

function expectError(reply: RawReply | ApiReply, status: number, message: string | RegExp): void {
  expectErrorReply('bytes' in reply ? { status: reply.status, body: reply.json } : reply, status, message);
}

async function roomsOf(houseID: string, user = 'chunha'): Promise<Map<string, RoomReply>> {
  const reply = await api.request<{ value: RoomReply[] }>('GET', `/odata/Room?houseID=${houseID}&$top=1000`, {
    token: token[user] as string,
  });
  expect(reply.status).toBe(200);
  return new Map(reply.body.value.map((room) => [room.roomName, room]));
}

async function contractsOf(houseID: string): Promise<ContractReply[]> {
  const reply = await api.request<{ value: ContractReply[] }>(
    'GET',
    `/odata/Contract?HouseID=${houseID}&$expand=lesseeInfors&$top=1000`,
    { token: token.chunha as string },
  );
  expect(reply.status).toBe(200);
  return reply.body.value;
}

function rep(room: string, phone: string, extra: Partial<LesseeRow> = {}): LesseeRow {
  return {
    room,
    name: 'Nguyễn Văn An',
    gender: 'Nam',
    birth: '15/03/1998',
    phone,
    hometown: 'Quảng Ngãi',
    representative: 'x',
    start: new Date(Date.UTC(2026, 0, 1)),
    end: '31/12/2027',
    ...extra,
  };
}

function mate(room: string, extra: Partial<LesseeRow> = {}): LesseeRow {
  return { room, name: 'Trần Thị Bình', gender: 'Nữ', birth: '02/11/1999', ...extra };
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  hoaSen = sessions.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  binhAn = sessions.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
  expect(hoaSen && binhAn).toBeTruthy();
});
afterAll(async () => product?.stop());

describe('GET /ExcelImport/Template/Lessee', () => {
  it('returns the .xlsx template: the header row on its data sheet, the instructions on “Hướng dẫn”', async () => {
    const reply = await raw('GET', '/ExcelImport/Template/Lessee', 'chunha');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="mau-nhap-nguoi-thue.xlsx"');
    const sheets = await readXlsxSheets(reply.bytes);
    expect([...sheets.keys()]).toEqual(['Người thuê', 'Hướng dẫn']);
    expect(sheets.get('Người thuê')?.[0]).toEqual([...LESSEE_IMPORT_HEADERS]);
  });

  it('is for those who may create contracts: staff yes, a tenant 403, anonymous 401', async () => {
    expect((await raw('GET', '/ExcelImport/Template/Lessee', 'nhanvien')).status).toBe(200);
    expectError(await raw('GET', '/ExcelImport/Template/Lessee', 'nguoithue'), 403, MSG.forbidden);
    expectError(await raw('GET', '/ExcelImport/Template/Lessee'), 401, MSG.unauthenticated);
  });

  it('sent back as downloaded, imports nothing (400: no rows)', async () => {
    const template = await raw('GET', '/ExcelImport/Template/Lessee', 'chunha');
    expectError(
      await importFile(binhAn, template.bytes),
      400,
      'Bảng tính không có dòng dữ liệu nào dưới dòng tiêu đề.',
    );
  });
});

describe('POST /ExcelImport/ImportLessee', () => {
  it('imports 3 rooms / 5 people: 200 with the accounts; contracts, occupants and occupied rooms exist', async () => {
    const file = await lesseeImportFile([
      rep('P101', '0971000001', { citizenID: '079098001234', rent: '3.300.000', deposit: 3_300_000 }),
      mate('P101', { citizenID: 79199004321 }),
      rep('P102', '0971000002', {
        name: 'Lê Minh Châu',
        gender: 'Nữ',
        start: '01/06/2026',
        end: '31/05/2027',
      }),
      mate('P102', { name: 'Phạm Văn Dũng', gender: 'Nam' }),
      // Typed as a number, Excel drops the leading zero: the import gives it back.
      rep('P103', '', { name: 'Võ Thị Em', gender: 'Nữ', phone: 971000003 }),
    ]);
    const reply = await importFile(binhAn, file);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const body = reply.json as { status: boolean; data: ImportData };
    expect(body.status).toBe(true);
    expect(body.data).toEqual({
      contracts: 3,
      lessees: 5,
      accounts: [
        {
          roomName: 'P101',
          occupantName: 'Nguyễn Văn An',
          username: '0971000001',
          linkPending: true,
          sentTo: '•••••••001',
          expiresOn: expect.any(String),
        },
        {
          roomName: 'P102',
          occupantName: 'Lê Minh Châu',
          username: '0971000002',
          linkPending: true,
          sentTo: '•••••••002',
          expiresOn: expect.any(String),
        },
        {
          roomName: 'P103',
          occupantName: 'Võ Thị Em',
          username: '0971000003',
          linkPending: true,
          sentTo: '•••••••003',
          expiresOn: expect.any(String),
        },
      ],
    });

    const rooms = await roomsOf(binhAn);
    expect(['P101', 'P102', 'P103', 'P104'].map((name) => rooms.get(name)?.status)).toEqual([
      'occupied',
      'occupied',
      'occupied',
      'empty',
    ]);
    const contracts = await contractsOf(binhAn);
    expect(contracts).toHaveLength(3);
    const p101 = contracts.find((contract) => contract.roomID === rooms.get('P101')?.roomID);
    expect(p101).toMatchObject({
      status: 1,
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      rentFee: 3_300_000,
      deposit: 3_300_000,
    });
    expect(
      p101?.lesseeInfors.map(({ occupantName, isRepresentative, citizenID }) => ({
        occupantName,
        isRepresentative,
        citizenID,
      })),
    ).toEqual([
      { occupantName: 'Nguyễn Văn An', isRepresentative: true, citizenID: '079098001234' },
      { occupantName: 'Trần Thị Bình', isRepresentative: false, citizenID: '079199004321' },
    ]);
    const p102 = contracts.find((contract) => contract.roomID === rooms.get('P102')?.roomID);
    expect(p102?.rentFee).toBe(rooms.get('P102')?.price);

    // The representative opens their account with the code sent to them and a password of their own.
    const p103 = contracts.find((contract) => contract.roomID === rooms.get('P103')?.roomID);
    await tenantConfirmsOverHttp(api, p103?.contractID ?? '', 'NguoiThue2026');
    const login = await api.login('0971000003', 'NguoiThue2026');
    expect(login).toMatchObject({ roomID: rooms.get('P103')?.roomID, contractID: p103?.contractID });
  });

  it('a bad CCCD and an occupied room → 400 spreadsheet with “Lỗi” on those rows (and why on their room’s others); nothing written', async () => {
    const before = await contractsOf(hoaSen);
    const roomsBefore = await roomsOf(hoaSen);
    const file = await lesseeImportFile([
      rep('P103', '0972000001', { citizenID: '0790' }),
      mate('P103'),
      rep('P101', '0972000002'),
      rep('P104', '0972000003'),
    ]);
    const reply = await importFile(hoaSen, file);
    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="loi-nhap-nguoi-thue.xlsx"');
    expect(reply.headers.get('x-import-error-rows')).toBe('2');
    expect(reply.headers.get('access-control-expose-headers')).toContain('X-Import-Error-Rows');
    const report = await readXlsx(reply.bytes);
    const errorColumn = columnOf(report, 'Lỗi');
    expect(errorColumn).toBe(LESSEE_IMPORT_HEADERS.length);
    expect(report.rows.slice(1).map((cells) => cells[errorColumn])).toEqual([
      'Số CCCD phải gồm 12 chữ số (hoặc CMND cũ 9 chữ số).',
      'Phòng "P103" chưa được nhập vì dòng 2 có lỗi.',
      'Phòng đang có hợp đồng hiệu lực. Mỗi phòng chỉ có một hợp đồng hiệu lực.',
      undefined,
    ]);
    // The landlord's cells come back as sent.
    expect(report.rows[1]?.slice(0, 2)).toEqual(['P103', 'Nguyễn Văn An']);
    expect(report.rows[1]?.[5]).toBe('0790');
    expect(await contractsOf(hoaSen)).toEqual(before);
    const roomsAfter = await roomsOf(hoaSen);
    for (const name of ['P103', 'P104'])
      expect(roomsAfter.get(name)?.status).toBe(roomsBefore.get(name)?.status);
    for (const phone of ['0972000001', '0972000003']) {
      expect(await findUserByUsername(product.services, phone)).toBeUndefined();
    }
  });

  it('a phone that is already a current tenant’s account: imported as any other, the account untouched (issue 21)', async () => {
    // 0987654321 is nguoithue's phone, but their username is "nguoithue": the first import takes the phone.
    const first = await importFile(hoaSen, await lesseeImportFile([rep('P105', '0973000001')]));
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const p105Room = (await roomsOf(hoaSen)).get('P105')?.roomID;
    const p105 = (await contractsOf(hoaSen)).find((contract) => contract.roomID === p105Room);
    await tenantConfirmsOverHttp(api, p105?.contractID ?? '', 'NguoiThue2026');
    const again = await importFile(hoaSen, await lesseeImportFile([rep('P201', '0973000001')]));
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    // The same answer as for the number when it was new: nothing tells that it has an account now.
    const answer = (reply: typeof first) => {
      const [{ roomName: _room, expiresOn: _until, ...account }] = (reply.json as { data: ImportData }).data
        .accounts as [LesseeImportAccount];
      return account;
    };
    expect(answer(again)).toEqual(answer(first));
    expect((await roomsOf(hoaSen)).get('P201')?.status).toBe('occupied');
    // The person still signs in to their own tenancy with their own password.
    expect(await api.login('0973000001', 'NguoiThue2026')).toMatchObject({ contractID: p105?.contractID });
  });

  it('staff of the house may import (contract permission 3); other houses 404, a tenant 403, anonymous 401', async () => {
    const staff = await importFile(hoaSen, await lesseeImportFile([rep('P202', '0974000001')]), 'nhanvien');
    expect(staff.status, JSON.stringify(staff.json)).toBe(200);
    expect((staff.json as { data: ImportData }).data).toMatchObject({ contracts: 1, lessees: 1 });

    const file = await lesseeImportFile([rep('P104', '0974000002')]);
    expectError(await importFile(binhAn, file, 'nhanvien'), 404, MSG.notFound);
    expectError(await importFile(hoaSen, file, 'chunha2'), 404, MSG.notFound);
    expectError(await importFile(hoaSen, file, 'nguoithue'), 403, MSG.forbidden);
    expectError(await importFile(hoaSen, file, ''), 401, MSG.unauthenticated);
    expect((await roomsOf(hoaSen)).get('P104')?.status).toBe('empty');
    expect((await roomsOf(binhAn)).get('P104')?.status).toBe('empty');
  });

  it('refuses a request without a file, without a house, with a JSON body or with a file that is not a spreadsheet', async () => {
    expectError(await importFile(hoaSen, undefined), 400, 'Chưa chọn tệp Excel để nhập.');
    expectError(
      await importFile(undefined, await lesseeImportFile([rep('P104', '0975000001')])),
      400,
      'Mã nhà trọ không hợp lệ.',
    );
    expectError(
      await importFile(hoaSen, new TextEncoder().encode('Phòng;Họ tên\nP104;An\n')),
      400,
      'Tệp tải lên không phải bảng tính Excel (.xlsx) hợp lệ.',
    );
    expectError(
      await importFile(
        hoaSen,
        await lesseeImportFile([rep('P104', '0975000001')], { headers: ['Phòng', 'Họ tên'] }),
      ),
      400,
      /^Bảng tính thiếu cột "Giới tính", "Số điện thoại", "Đại diện", "Ngày bắt đầu", "Ngày kết thúc"\./,
    );
    const json = await api.request('POST', '/ExcelImport/ImportLessee', {
      token: token.chunha as string,
      body: { houseID: hoaSen },
    });
    expect(json.status).toBe(415);
  });
});

describe('GET /ExcelExport/TemporaryResidence', () => {
  it('lists the house’s current occupants as an .xlsx named after the house and the date', async () => {
    const reply = await raw('GET', `/ExcelExport/TemporaryResidence?houseID=${hoaSen}`, 'chunha');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(reply.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tam-tru-nha-tro-hoa-sen-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const sheet = await readXlsx(reply.bytes);
    expect(sheet.rows[0]?.[0]).toBe('DANH SÁCH NGƯỜI TẠM TRÚ');
    expect(sheet.rows[1]?.[0]).toBe('Nhà trọ: Nhà trọ Hoa Sen');
    expect(sheet.rows[5]?.[1]).toBe('Họ và tên');
    // The seeded tenant of P101 and the three imported above (P105, P201, P202), in room order.
    expect(sheet.rows[5]?.slice(8, 11)).toEqual(['Ngày đến', 'Tạm trú đến ngày', 'Phòng']);
    expect(sheet.rows.slice(6, 10).map((cells) => [cells[1], cells[10]])).toEqual([
      ['Lê Minh Tuấn', 'P101'],
      ['Nguyễn Văn An', 'P105'],
      ['Nguyễn Văn An', 'P201'],
      ['Nguyễn Văn An', 'P202'],
    ]);
    expect(sheet.rows[6]?.[4]).toBe('079203004567');
    expect(sheet.rows.some((cells) => cells[0] === 'Tổng số: 4 người')).toBe(true);
    // Printing: A4 landscape one page wide, the header on every page, rows tall enough for their
    // wrapped text, each stay's end date, and a signature line under the table.
    const Excel = (await import('exceljs')).default;
    const book = new Excel.Workbook();
    await book.xlsx.load(Buffer.from(reply.bytes) as unknown as ArrayBuffer);
    const printed = book.worksheets[0];
    expect(printed?.pageSetup).toMatchObject({
      orientation: 'landscape',
      paperSize: 9,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '6:6',
    });
    for (let rowNumber = 7; rowNumber <= 10; rowNumber += 1) {
      const row = printed?.getRow(rowNumber);
      expect(row?.getCell(10).value).toBeInstanceOf(Date);
      const address = String(row?.getCell(7).value ?? '');
      expect(row?.height ?? 0).toBeGreaterThanOrEqual(15 * Math.ceil(address.length / 34));
    }
    const texts = sheet.rows.flat().filter((value) => typeof value === 'string');
    expect(texts).toContain('NGƯỜI LẬP DANH SÁCH');
    expect(texts).toContain('(Ký, ghi rõ họ tên)');
  });

  it('staff of the house may download it; other houses 404, a tenant 403, anonymous 401, no house 400', async () => {
    expect((await raw('GET', `/ExcelExport/TemporaryResidence?houseID=${hoaSen}`, 'nhanvien')).status).toBe(
      200,
    );
    expectError(
      await raw('GET', `/ExcelExport/TemporaryResidence?houseID=${binhAn}`, 'nhanvien'),
      404,
      MSG.notFound,
    );
    expectError(
      await raw('GET', `/ExcelExport/TemporaryResidence?houseID=${hoaSen}`, 'chunha2'),
      404,
      MSG.notFound,
    );
    expectError(
      await raw('GET', `/ExcelExport/TemporaryResidence?houseID=${hoaSen}`, 'nguoithue'),
      403,
      MSG.forbidden,
    );
    expectError(
      await raw('GET', `/ExcelExport/TemporaryResidence?houseID=${binhAn}`, 'nguoithue'),
      404,
      MSG.notFound,
    );
    expectError(
      await raw('GET', `/ExcelExport/TemporaryResidence?houseID=${hoaSen}`),
      401,
      MSG.unauthenticated,
    );
    expectError(
      await raw('GET', '/ExcelExport/TemporaryResidence', 'chunha'),
      400,
      'Mã nhà trọ không hợp lệ.',
    );
  });
});

describe('a big import', () => {
  it('200 rooms × 2 people in one request (timing)', async () => {
    await createUser(product.services, {
      username: 'chunhalon2',
      password: 'Chunhalon2@123456',
      roleID: 2,
      fullName: 'Trần Văn Lớn',
      phoneNumber: '0909000222',
      extra: {
        roomQuota: 300,
        lessorInfo: { status: 1, fullName: 'Trần Văn Lớn', phoneNumber: '0909000222' },
      },
    });
    token.big = (await api.login('chunhalon2', 'Chunhalon2@123456')).token.accessToken;
    const house = await api.request<{ houseID: string }>('POST', '/odata/House', {
      token: token.big,
      body: { houseName: 'Ký túc xá Lớn', houseAddress: '1 Võ Văn Kiệt, Q. 1' },
    });
    expect(house.status).toBe(201);
    const rooms = generatedRooms(200, 'K');
    const form = new FormData();
    form.append('houseID', house.body.houseID);
    form.append('file', new Blob([await roomImportFile(rooms)], { type: XLSX_TYPE }), 'phong.xlsx');
    expect((await raw('POST', '/ExcelImport/ImportEmptyRooms', 'big', form)).status).toBe(200);

    const people = rooms.flatMap((room, index) => [
      rep(String(room.roomName), `098${String(index + 1).padStart(7, '0')}`, {
        name: `Đại diện ${index + 1}`,
      }),
      mate(String(room.roomName), { name: `Ở cùng ${index + 1}` }),
    ]);
    const file = await lesseeImportFile(people);
    const started = performance.now();
    const reply = await importFile(house.body.houseID, file, 'big');
    const ms = performance.now() - started;
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect((reply.json as { data: ImportData }).data).toMatchObject({ contracts: 200, lessees: 400 });
    expect((reply.json as { data: ImportData }).data.accounts).toHaveLength(200);
    console.info(
      `POST /ExcelImport/ImportLessee, 200 rooms × 2 people (API tier, SQLite): ${Math.round(ms)} ms`,
    );
    expect(ms).toBeLessThan(30_000);
    const occupied = [...(await roomsOf(house.body.houseID, 'big')).values()].filter(
      (room) => room.status === 'occupied',
    );
    expect(occupied).toHaveLength(200);
  }, 120_000);
});
