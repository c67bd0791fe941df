import { normalizeLicensePlate } from '@nhatro/common';
import { describe, expect, it } from 'vitest';
import {
  checkRepeatedPhones,
  columnForHeader,
  planLesseeImport,
  roomsNotImported,
  sheetDate,
  sheetDigits,
  sheetMark,
  sheetMoney,
  type ImportRoomState,
  type LesseeImportContext,
  type SheetRow,
} from '../../api/src/domain/lesseeSheets.js';

/** The tenant import's row rules, without a store: cells, rooms, representatives, terms, messages. */

const ROOM_TAKEN = 'Phòng đang có hợp đồng hiệu lực. Mỗi phòng chỉ có một hợp đồng hiệu lực.';
const ROOM_RESERVED = 'Phòng đã được đặt cọc: hãy tạo hợp đồng từ khoản cọc đó (hoặc hủy cọc trước).';
const CCCD = 'Số CCCD phải gồm 12 chữ số (hoặc CMND cũ 9 chữ số).';

function roomState(name: string, overrides: Partial<ImportRoomState> = {}): [string, ImportRoomState] {
  return [
    name.toLowerCase(),
    {
      room: { roomID: `room-${name}`, roomName: name, price: 2_800_000, status: 'empty' },
      hasActiveContract: false,
      reservation: undefined,
      ...overrides,
    },
  ];
}

function context(states: Array<[string, ImportRoomState]> = []): LesseeImportContext {
  let id = 0;
  return {
    rooms: new Map([roomState('P101'), roomState('P102'), roomState('P103'), ...states]),
    house: {
      houseID: 'house-1',
      serviceIDs: new Set(),
      knownPlates: new Set([normalizeLicensePlate('59X1')]),
    },
    today: '2026-11-20',
    createdOn: '2026-11-20T03:00:00.000Z',
    newID: () => {
      id += 1;
      return `id-${String(id).padStart(4, '0')}`;
    },
  };
}

/** Sheet rows numbered from 2 (row 1 is the header). */
function sheet(...rows: Array<SheetRow['values']>): SheetRow[] {
  return rows.map((values, index) => ({ rowNumber: index + 2, values }));
}

const representative = (room: string, extra: SheetRow['values'] = {}): SheetRow['values'] => ({
  roomName: room,
  occupantName: 'Nguyễn Văn An',
  gender: 'Nam',
  phoneNumber: '0901234567',
  citizenID: '079098001234',
  isRepresentative: 'x',
  startDate: '01/01/2026',
  endDate: '31/12/2026',
  ...extra,
});

const occupant = (room: string, extra: SheetRow['values'] = {}): SheetRow['values'] => ({
  roomName: room,
  occupantName: 'Trần Thị Bình',
  gender: 'Nữ',
  ...extra,
});

function problemsOf(plan: ReturnType<typeof planLesseeImport>): Record<number, string[]> {
  return Object.fromEntries(plan.problems.entries());
}

describe('reading cells', () => {
  it('reads dates from Excel dates, serial numbers and dd/mm/yyyy or yyyy-mm-dd text', () => {
    expect(sheetDate(new Date(Date.UTC(2026, 11, 1)))).toEqual({ ok: true, value: '2026-12-01' });
    expect(sheetDate(46357)).toEqual({ ok: true, value: '2026-12-01' });
    expect(sheetDate('01/12/2026')).toEqual({ ok: true, value: '2026-12-01' });
    expect(sheetDate(' 1/2/1999 ')).toEqual({ ok: true, value: '1999-02-01' });
    expect(sheetDate('01-12-2026')).toEqual({ ok: true, value: '2026-12-01' });
    expect(sheetDate('01.12.2026')).toEqual({ ok: true, value: '2026-12-01' });
    expect(sheetDate('2026-12-01')).toEqual({ ok: true, value: '2026-12-01' });
    expect(sheetDate(undefined)).toEqual({ ok: true, value: undefined });
  });

  it('refuses dates that do not exist, typed years, month-first text and words', () => {
    expect(sheetDate('31/02/2026')).toEqual({ ok: false, text: '31/02/2026' });
    expect(sheetDate('12/31/2026')).toEqual({ ok: false, text: '12/31/2026' });
    expect(sheetDate(1998)).toEqual({ ok: false, text: '1998' });
    expect(sheetDate('mùng 1 tết')).toEqual({ ok: false, text: 'mùng 1 tết' });
    expect(sheetDate('01/12/26')).toEqual({ ok: false, text: '01/12/26' });
  });

  it('gives back the leading zero Excel drops from a number, and strips separators from text', () => {
    expect(sheetDigits(901234567, 'phone')).toBe('0901234567');
    expect(sheetDigits(79301001234, 'citizenID')).toBe('079301001234');
    expect(sheetDigits(12345678, 'citizenID')).toBe('012345678');
    expect(sheetDigits(79301001234, 'phone')).toBe('79301001234');
    expect(sheetDigits('0901 234 567', 'phone')).toBe('0901234567');
    expect(sheetDigits('090.123.4567', 'phone')).toBe('0901234567');
    expect(sheetDigits('+84901234567', 'phone')).toBe('0901234567');
    expect(sheetDigits('079 301 001 234', 'citizenID')).toBe('079301001234');
    expect(sheetDigits(undefined, 'phone')).toBeUndefined();
  });

  it('reads the representative mark: x, có, ✓ yes; blank, không, 0 no; anything else is a question', () => {
    for (const yes of ['x', 'X', 'Có', 'co', '✓', 'Đại diện', 1, true]) {
      expect(sheetMark(yes), String(yes)).toEqual({ ok: true, value: true });
    }
    for (const no of [undefined, '', 'không', 'Không', '0', 0, false]) {
      expect(sheetMark(no), String(no)).toEqual({ ok: true, value: false });
    }
    expect(sheetMark('chủ phòng')).toEqual({ ok: false, text: 'chủ phòng' });
  });

  it('reads money as people type it', () => {
    expect(sheetMoney('2.800.000')).toBe(2_800_000);
    expect(sheetMoney('3 000 000 đ')).toBe(3_000_000);
    expect(sheetMoney(2_500_000)).toBe(2_500_000);
    expect(sheetMoney(undefined)).toBeUndefined();
    expect(sheetMoney('hai triệu')).toBeNaN();
    expect(sheetMoney(new Date())).toBeNaN();
  });

  it('recognises headers without case, accents or spacing, and their usual other names', () => {
    expect(columnForHeader('Họ tên')).toBe('occupantName');
    expect(columnForHeader('HỌ VÀ TÊN')).toBe('occupantName');
    expect(columnForHeader(' so  cccd ')).toBe('citizenID');
    expect(columnForHeader('SĐT')).toBe('phoneNumber');
    expect(columnForHeader('Tên phòng')).toBe('roomName');
    expect(columnForHeader('Lỗi')).toBeUndefined();
  });
});

describe('planning an import', () => {
  it('makes one contract per room: the marked person represents it, the others live with them', () => {
    const plan = planLesseeImport(
      sheet(
        representative('P101', { rentFee: '3.000.000', deposit: 3_000_000 }),
        occupant('p101 ', { citizenID: 79199004321 }),
        representative('P102', { phoneNumber: 912345678, citizenID: '001301005678', gender: 'nữ' }),
      ),
      context(),
    );
    expect(problemsOf(plan)).toEqual({});
    expect(plan.groups).toEqual([
      { roomName: 'P101', rows: [2, 3] },
      { roomName: 'P102', rows: [4] },
    ]);
    const [first, second] = plan.tenancies;
    expect(first).toMatchObject({
      roomName: 'P101',
      roomID: 'room-P101',
      representativeRow: 2,
      representativeName: 'Nguyễn Văn An',
      phoneNumber: '0901234567',
    });
    expect(first?.tenancy.contract).toMatchObject({
      roomID: 'room-P101',
      status: 1,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      rentFee: 3_000_000,
      deposit: 3_000_000,
      deposited: true,
    });
    expect(
      first?.tenancy.lessees.map(({ occupantName, gender, isRepresentative, citizenID }) => ({
        occupantName,
        gender,
        isRepresentative,
        citizenID,
      })),
    ).toEqual([
      { occupantName: 'Nguyễn Văn An', gender: 1, isRepresentative: true, citizenID: '079098001234' },
      { occupantName: 'Trần Thị Bình', gender: 0, isRepresentative: false, citizenID: '079199004321' },
    ]);
    // No rent written: the room's price; no deposit: 0, not paid.
    expect(second?.tenancy.contract).toMatchObject({ rentFee: 2_800_000, deposit: 0, deposited: false });
    expect(second?.phoneNumber).toBe('0912345678');
    expect(second?.tenancy.lessees[0]?.gender).toBe(0);
  });

  it('takes the terms from whichever row of the room gives them, and refuses two different values', () => {
    const fromOccupant = planLesseeImport(
      sheet(
        representative('P101', { startDate: undefined, endDate: undefined }),
        occupant('P101', { startDate: '01/03/2026', endDate: '28/02/2027', rentFee: 2_900_000 }),
      ),
      context(),
    );
    expect(problemsOf(fromOccupant)).toEqual({});
    expect(fromOccupant.tenancies[0]?.tenancy.contract).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2027-02-28',
      rentFee: 2_900_000,
    });

    const repeated = planLesseeImport(
      sheet(representative('P101'), occupant('P101', { startDate: '1/1/2026', endDate: '31/12/2026' })),
      context(),
    );
    expect(problemsOf(repeated)).toEqual({});

    const differing = planLesseeImport(
      sheet(representative('P101', { rentFee: 2_800_000 }), occupant('P101', { rentFee: 3_000_000 })),
      context(),
    );
    expect(problemsOf(differing)).toEqual({
      3: [
        'Tiền thuê khác với dòng 2 của cùng phòng; các dòng của một phòng phải ghi giống nhau (hoặc chỉ ghi trên một dòng).',
      ],
    });
    expect(differing.tenancies).toEqual([]);
  });

  it('reports each field with its column and the contract form’s message', () => {
    const plan = planLesseeImport(
      sheet(
        representative('P101', { citizenID: '12345' }),
        occupant('P101', { occupantName: undefined, dateOfBirth: '2030-01-01' }),
        representative('P102', { phoneNumber: '0123', startDate: '01/02/2026', endDate: '01/01/2026' }),
        occupant('P102', { dateOfBirth: '30/02/2000' }),
      ),
      context(),
    );
    expect(problemsOf(plan)).toEqual({
      2: [CCCD],
      3: ['Họ tên không được để trống!'],
      4: ['Số điện thoại phải là số di động Việt Nam gồm 10 chữ số, bắt đầu bằng 0.'],
      5: ['Ngày sinh: "30/02/2000" không phải ngày hợp lệ (ghi theo dd/mm/yyyy, ví dụ 01/12/2026).'],
    });
    expect(plan.tenancies).toEqual([]);
  });

  it('checks dates against today and each other once the fields are right', () => {
    const plan = planLesseeImport(
      sheet(
        representative('P101', { dateOfBirth: '21/11/2026' }),
        representative('P102', { citizenID: undefined, startDate: '01/02/2026', endDate: '01/02/2026' }),
      ),
      context(),
    );
    expect(problemsOf(plan)).toEqual({
      2: ['Ngày sinh không được ở tương lai.'],
      3: ['Ngày kết thúc phải sau ngày bắt đầu.'],
    });
  });

  it('needs exactly one representative per room, with a phone number', () => {
    const plan = planLesseeImport(
      sheet(
        occupant('P101', { startDate: '01/01/2026', endDate: '31/12/2026' }),
        occupant('P101', { occupantName: 'Lê Văn Cường', gender: 'Nam' }),
        representative('P102'),
        representative('P102', {
          occupantName: 'Phạm Thị Dung',
          phoneNumber: '0912345678',
          citizenID: undefined,
        }),
        representative('P103', { phoneNumber: undefined, citizenID: undefined }),
      ),
      context(),
    );
    const none = 'Phòng "P101" chưa có người đại diện: ghi "x" ở cột "Đại diện" cho đúng một người.';
    const two = 'Phòng "P102" có 2 người đại diện (dòng 4, 5); mỗi phòng chỉ một người.';
    expect(problemsOf(plan)).toEqual({
      2: [none],
      3: [none],
      4: [two],
      5: [two],
      6: ['Số điện thoại của người đại diện không được để trống!'],
    });
  });

  it('refuses rooms that do not exist or are not empty, on every row of the room', () => {
    const plan = planLesseeImport(
      sheet(
        representative('P999'),
        occupant('P999'),
        representative('P201', { phoneNumber: '0912345678', citizenID: undefined }),
        representative('P202', { phoneNumber: '0923456789', citizenID: undefined }),
        representative('P203', { phoneNumber: '0934567890', citizenID: undefined }),
        { ...occupant(''), roomName: undefined },
      ),
      context([
        roomState('P201', { hasActiveContract: true }),
        roomState('P202', { reservation: { reservationID: 'reservation-1', deposit: 1_000_000 } }),
        roomState('P203', {
          room: { roomID: 'room-P203', roomName: 'P203', price: 1, status: 'occupied' },
        }),
      ]),
    );
    expect(problemsOf(plan)).toEqual({
      2: ['Phòng: Không có phòng "P999" trong nhà trọ này.'],
      3: ['Phòng: Không có phòng "P999" trong nhà trọ này.'],
      4: [ROOM_TAKEN],
      5: [ROOM_RESERVED],
      6: [ROOM_TAKEN],
      7: ['Phòng: Tên phòng không được để trống!'],
    });
  });

  it('asks for the start and end of the contract, on the representative’s row', () => {
    const plan = planLesseeImport(
      sheet(occupant('P101'), representative('P101', { startDate: undefined, endDate: undefined })),
      context(),
    );
    expect(problemsOf(plan)).toEqual({
      3: [
        'Ngày bắt đầu của hợp đồng không được để trống (ghi trên một dòng của phòng).',
        'Ngày kết thúc của hợp đồng không được để trống (ghi trên một dòng của phòng).',
      ],
    });
  });

  it('refuses one CCCD on two rows, an unclear mark and unreadable money', () => {
    const plan = planLesseeImport(
      sheet(
        representative('P101'),
        occupant('P101', { citizenID: '079098001234' }),
        representative('P102', { phoneNumber: '0912345678', citizenID: undefined, isRepresentative: 'chủ' }),
        representative('P103', { phoneNumber: '0923456789', citizenID: undefined, deposit: 'một triệu' }),
      ),
      context(),
    );
    expect(problemsOf(plan)).toEqual({
      3: ['Số CCCD trùng với dòng 2.'],
      4: [
        'Đại diện: "chủ" không rõ nghĩa. Ghi "x" cho người đại diện, để trống cho người ở cùng.',
        'Phòng "P102" chưa có người đại diện: ghi "x" ở cột "Đại diện" cho đúng một người.',
      ],
      5: ['Tiền cọc phải là số.'],
    });
  });

  it('keeps a phone number for one representative of the sheet', () => {
    const plan = planLesseeImport(
      sheet(
        representative('P101'),
        representative('P102', { citizenID: undefined }),
        representative('P103', { phoneNumber: '0912345678', citizenID: undefined }),
      ),
      context(),
    );
    expect(problemsOf(plan)).toEqual({});
    const kept = checkRepeatedPhones(plan.tenancies, plan.problems);
    expect(kept.map((planned) => planned.roomName)).toEqual(['P101', 'P103']);
    expect(problemsOf(plan)).toEqual({
      3: ['Số điện thoại trùng với người đại diện ở dòng 2.'],
    });
  });

  it('tells the good rows of a room with a bad row why the room is held back', () => {
    const plan = planLesseeImport(
      sheet(
        representative('P101'),
        occupant('P101', { citizenID: 'abc' }),
        occupant('P101', { occupantName: 'Lê Văn Cường', citizenID: undefined }),
        representative('P102', { phoneNumber: '0912345678', citizenID: undefined }),
      ),
      context(),
    );
    expect(problemsOf(plan)).toEqual({ 3: [CCCD] });
    const notes = roomsNotImported(plan.groups, plan.problems);
    expect(Object.fromEntries(notes)).toEqual({
      2: 'Phòng "P101" chưa được nhập vì dòng 3 có lỗi.',
      4: 'Phòng "P101" chưa được nhập vì dòng 3 có lỗi.',
    });
  });
});
