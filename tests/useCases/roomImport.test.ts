import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HouseDoc, RoomDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { importEmptyRooms, type ImportOutcome } from '../../api/src/useCases/roomImport.js';
import { aHouse, aLandlord, aRoom } from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';
import { columnOf, readXlsx, ROOM_IMPORT_HEADERS, roomImportFile, type RoomRow } from '../support/xlsx.js';

const BUY_MORE = 'Vui lòng mua thêm phòng tại Cài đặt tài khoản → Mua thêm phòng.';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse());
});
afterEach(() => h.close());

function row(roomName: string, overrides: Partial<RoomRow> = {}): RoomRow {
  return { roomName, acreage: 20, floor: 1, price: 2_500_000, electricity: 1000, water: 100, ...overrides };
}

async function importRows(rows: RoomRow[], user: UserDoc = landlord): Promise<ImportOutcome> {
  return importEmptyRooms(actorFor(deps, user), house.houseID, await roomImportFile(rows));
}

async function roomNames(): Promise<string[]> {
  return (await listInHouse<RoomDoc>(deps, house.houseID, 'room')).map((room) => room.roomName).sort();
}

/** The "Lỗi" column of an error report, by sheet row number (1-based), empty cells left out. */
async function reportErrors(outcome: ImportOutcome): Promise<Record<number, string>> {
  if (outcome.ok) throw new Error('expected an error report');
  const sheet = await readXlsx(outcome.report);
  const column = columnOf(sheet, 'Lỗi');
  expect(column).toBeGreaterThan(-1);
  const errors: Record<number, string> = {};
  sheet.rows.forEach((cells, index) => {
    const value = cells[column];
    if (index > 0 && value !== undefined) errors[index + 1] = String(value);
  });
  return errors;
}

describe('importEmptyRooms', () => {
  it('creates every row as an empty room, reading Vietnamese number formats, and records one import', async () => {
    const outcome = await importRows([
      row('P101'),
      row('P102', { acreage: '25,5', price: '3.200.000' }),
      row('P103', { description: 'Có ban công' }),
    ]);
    expect(outcome).toEqual({ ok: true, created: 3 });
    const rooms = await listInHouse<RoomDoc>(deps, house.houseID, 'room');
    expect(
      rooms
        .map(({ roomName, acreage, price, status }) => ({ roomName, acreage, price, status }))
        .sort((a, b) => a.roomName.localeCompare(b.roomName)),
    ).toEqual([
      { roomName: 'P101', acreage: 20, price: 2_500_000, status: 'empty' },
      { roomName: 'P102', acreage: 25.5, price: 3_200_000, status: 'empty' },
      { roomName: 'P103', acreage: 20, price: 2_500_000, status: 'empty' },
    ]);
    expect(await auditEntries(deps)).toEqual([
      expect.objectContaining({
        action: 'import',
        entity: 'room',
        houseID: house.houseID,
        userID: landlord.userID,
        details: { created: 3 },
      }),
    ]);
  });

  it('creates nothing when one row is wrong and marks that row in the returned sheet', async () => {
    const outcome = await importRows([row('P101'), row('P102', { acreage: 0 }), row('P103')]);
    expect(outcome).toMatchObject({ ok: false, errorRows: 1, fileName: 'loi-nhap-phong.xlsx' });
    expect(await reportErrors(outcome)).toEqual({ 3: 'Diện tích phải lớn hơn 0.' });
    expect(await roomNames()).toEqual([]);
    expect(await auditEntries(deps)).toEqual([]);
  });

  it('refuses names repeated in the file or already in the house, whatever their case and spacing', async () => {
    await aRoom(deps, house, { roomName: 'P 201' });
    const outcome = await importRows([row('P101'), row('p101'), row('p  201')]);
    expect(await reportErrors(outcome)).toEqual({
      3: 'Tên phòng "p101" trùng với dòng 2.',
      4: 'Tên phòng "p  201" đã tồn tại trong nhà trọ này.',
    });
    expect(await roomNames()).toEqual(['P 201']);
  });

  it('refuses the whole file when it needs more rooms than the quota leaves, naming how many are left', async () => {
    const small = await aLandlord(deps, { roomQuota: 3 });
    house = await aHouse(deps, small);
    await aRoom(deps, house, { roomName: 'P1' });
    await expectRefusal(
      importRows([row('P2'), row('P3'), row('P4')], small),
      'conflict',
      `Tài khoản của bạn chỉ còn tạo được 2 phòng (cần 3). ${BUY_MORE}`,
    );
    expect(await roomNames()).toEqual(['P1']);
  });

  it('refuses a full account before reading the file', async () => {
    const full = await aLandlord(deps, { roomQuota: 1 });
    house = await aHouse(deps, full);
    await aRoom(deps, house);
    await expectRefusal(
      importEmptyRooms(actorFor(deps, full), house.houseID, new Uint8Array([1, 2, 3])),
      'conflict',
      `Tài khoản của bạn đã dùng hết số phòng được phép (cần 1). ${BUY_MORE}`,
    );
  });

  it.each([
    ['no file', async () => undefined, 'Chưa chọn tệp Excel để nhập.'],
    [
      'a file that is not a workbook',
      async () => new Uint8Array(Buffer.from('Tên phòng;Tầng\nP101;1\n')),
      'Tệp tải lên không phải bảng tính Excel (.xlsx) hợp lệ.',
    ],
    [
      'a sheet without the water column',
      async () =>
        roomImportFile(
          [row('P101')],
          ROOM_IMPORT_HEADERS.filter((header) => header !== 'Chỉ số nước đầu'),
        ),
      'Bảng tính thiếu cột "Chỉ số nước đầu". Hãy dùng mẫu tải về từ hộp thoại nhập phòng.',
    ],
    [
      'a sheet with only the header',
      async () => roomImportFile([]),
      'Bảng tính không có dòng dữ liệu nào dưới dòng tiêu đề.',
    ],
  ])('refuses %s', async (_what, file, message) => {
    await expectRefusal(
      importEmptyRooms(actorFor(deps, landlord), house.houseID, await file()),
      'badRequest',
      message,
    );
    expect(await roomNames()).toEqual([]);
  });

  it('treats another landlord’s house as not found', async () => {
    await expectRefusal(
      importRows([row('P101')], await aLandlord(deps)),
      'notFound',
      'Không tìm thấy dữ liệu yêu cầu.',
    );
    expect(await roomNames()).toEqual([]);
  });
});
