import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { ROLE, type LesseeImportAccount } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ContractDoc,
  HouseDoc,
  LesseeInfoDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import type { BatchOp, Container, Store, StoredDoc } from '../../api/src/store/store.js';
import { verifyPassword } from '../../api/src/useCases/shared/passwords.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { importLessees, type LesseeImportOutcome } from '../../api/src/useCases/lesseeSheets/importing.js';
import { temporaryResidenceList } from '../../api/src/useCases/lesseeSheets/temporaryResidence.js';
import { lesseeImportTemplate } from '../../api/src/useCases/lesseeSheets/template.js';
import { findUserByUsername, createUser } from '../../api/src/useCases/shared/users.js';
import { aContract, aHouse, aLandlord, aLessee, aReservation, aRoom, aStaff } from '../support/builders.js';
import { linkCodeSent, tenantConfirms } from '../support/tenancyLinks.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';
import {
  columnOf,
  LESSEE_IMPORT_HEADERS,
  lesseeImportFile,
  readXlsx,
  readXlsxSheets,
  type LesseeRow,
} from '../support/xlsx.js';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let rooms: Record<'P101' | 'P102' | 'P103' | 'P104', RoomDoc>;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({
    now: new Date('2026-11-20T03:00:00Z'),
    house: { houseName: 'Nhà trọ Hoa Sen', houseAddress: '12 Võ Văn Ngân' },
  }));
  rooms = {
    P101: await aRoom(deps, house, { roomName: 'P101', price: 2_800_000 }),
    P102: await aRoom(deps, house, { roomName: 'P102', price: 3_000_000 }),
    P103: await aRoom(deps, house, { roomName: 'P103', price: 3_200_000 }),
    P104: await aRoom(deps, house, { roomName: 'P104', price: 3_400_000 }),
  };
});
afterEach(() => h.close());

function rep(room: string, extra: Partial<LesseeRow> = {}): LesseeRow {
  return {
    room,
    name: 'Nguyễn Văn An',
    gender: 'Nam',
    birth: '15/03/1998',
    phone: '0901234567',
    citizenID: '079098001234',
    hometown: 'Quảng Ngãi',
    representative: 'x',
    start: '01/01/2026',
    end: '31/12/2026',
    ...extra,
  };
}

function mate(room: string, extra: Partial<LesseeRow> = {}): LesseeRow {
  return { room, name: 'Trần Thị Bình', gender: 'Nữ', birth: '02/11/1999', hometown: 'Bình Định', ...extra };
}

/** Three rooms, five people: P101 (2), P102 (2), P103 (1). */
function goodSheet(): LesseeRow[] {
  return [
    rep('P101', { rent: '2.900.000', deposit: '2.900.000' }),
    mate('P101', { citizenID: '079199004321' }),
    rep('P102', {
      name: 'Lê Minh Châu',
      gender: 'Nữ',
      phone: '0912345678',
      citizenID: '001301005678',
      start: '01/06/2026',
      end: '31/05/2027',
    }),
    mate('P102', { name: 'Phạm Văn Dũng', gender: 'nam', citizenID: undefined, job: 'Sinh viên' }),
    rep('P103', { name: 'Võ Thị Em', gender: 'Nữ', phone: '0923456789', citizenID: '079301001111' }),
  ];
}

async function importRows(rows: LesseeRow[], user: UserDoc = landlord): Promise<LesseeImportOutcome> {
  return importLessees(actorFor(deps, user), house.houseID, await lesseeImportFile(rows));
}

/** The "Lỗi" column of an error report, by sheet row number (1-based), empty cells left out. */
async function reportErrors(outcome: LesseeImportOutcome): Promise<Record<number, string>> {
  if (outcome.ok) throw new Error(`expected an error report, got ${JSON.stringify(outcome)}`);
  const sheet = await readXlsx(outcome.report);
  const column = columnOf(sheet, 'Lỗi');
  expect(column).toBe(LESSEE_IMPORT_HEADERS.length);
  const errors: Record<number, string> = {};
  sheet.rows.forEach((cells, index) => {
    const value = cells[column];
    if (index > 0 && value !== undefined) errors[index + 1] = String(value);
  });
  return errors;
}

/** What an import writes: contracts, occupants, tenant accounts, room statuses. */
async function written() {
  const users = await deps.store.container<UserDoc>('users').query({
    filter: { op: 'eq', field: 'roleID', value: ROLE.lessee },
    top: 1000,
  });
  return {
    contracts: (await listInHouse<ContractDoc>(deps, house.houseID, 'contract')).length,
    lessees: (await listInHouse<LesseeInfoDoc>(deps, house.houseID, 'lesseeInfo')).length,
    tenants: users.items.length,
    statuses: (await listInHouse<RoomDoc>(deps, house.houseID, 'room'))
      .map((room) => `${room.roomName}:${room.status}`)
      .sort(),
  };
}

const NOTHING = {
  contracts: 0,
  lessees: 0,
  tenants: 0,
  statuses: ['P101:empty', 'P102:empty', 'P103:empty', 'P104:empty'],
};

describe('importing current tenants', () => {
  it('a good sheet of 3 rooms and 5 people makes 3 contracts, 5 occupants, 3 codes; the rooms are occupied', async () => {
    const outcome = await importRows(goodSheet());
    expect(outcome).toMatchObject({ ok: true, contracts: 3, lessees: 5 });
    if (!outcome.ok) return;
    expect(outcome.accounts).toEqual([
      {
        roomName: 'P101',
        occupantName: 'Nguyễn Văn An',
        username: '0901234567',
        linkPending: true,
        sentTo: '•••••••567',
        expiresOn: expect.any(String),
      },
      {
        roomName: 'P102',
        occupantName: 'Lê Minh Châu',
        username: '0912345678',
        linkPending: true,
        sentTo: '•••••••678',
        expiresOn: expect.any(String),
      },
      {
        roomName: 'P103',
        occupantName: 'Võ Thị Em',
        username: '0923456789',
        linkPending: true,
        sentTo: '•••••••789',
        expiresOn: expect.any(String),
      },
    ]);
    expect(await written()).toEqual({
      contracts: 3,
      lessees: 5,
      tenants: 0,
      statuses: ['P101:occupied', 'P102:occupied', 'P103:occupied', 'P104:empty'],
    });

    const contracts = await listInHouse<ContractDoc>(deps, house.houseID, 'contract');
    const byRoom = new Map(contracts.map((contract) => [contract.roomID, contract]));
    expect(byRoom.get(rooms.P101.roomID)).toMatchObject({
      status: 1,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      rentFee: 2_900_000,
      deposit: 2_900_000,
      deposited: true,
    });
    // No rent in the sheet: the room's price.
    expect(byRoom.get(rooms.P102.roomID)).toMatchObject({
      startDate: '2026-06-01',
      endDate: '2027-05-31',
      rentFee: 3_000_000,
      deposit: 0,
    });

    const lessees = await listInHouse<LesseeInfoDoc>(deps, house.houseID, 'lesseeInfo');
    const p102 = byRoom.get(rooms.P102.roomID) as ContractDoc;
    expect(
      lessees
        .filter((lessee) => lessee.contractID === p102.contractID)
        .map(
          ({
            occupantName,
            gender,
            isRepresentative,
            phoneNumber,
            citizenID,
            dateOfBirth,
            currentJob,
            status,
          }) => ({
            occupantName,
            gender,
            isRepresentative,
            phoneNumber,
            citizenID,
            dateOfBirth,
            currentJob,
            status,
          }),
        )
        .sort((a, b) => Number(b.isRepresentative) - Number(a.isRepresentative)),
    ).toEqual([
      {
        occupantName: 'Lê Minh Châu',
        gender: 0,
        isRepresentative: true,
        phoneNumber: '0912345678',
        citizenID: '001301005678',
        dateOfBirth: '1998-03-15',
        currentJob: undefined,
        status: 1,
      },
      {
        occupantName: 'Phạm Văn Dũng',
        gender: 1,
        isRepresentative: false,
        phoneNumber: undefined,
        citizenID: undefined,
        dateOfBirth: '1999-11-02',
        currentJob: 'Sinh viên',
        status: 1,
      },
    ]);
    const representative = lessees.find((lessee) => lessee.lesseeInfoID === p102.representativeLesseeID);
    expect(representative?.occupantName).toBe('Lê Minh Châu');

    // Each representative opens their account with the code sent to them and a password of their own
    // (one is enough here: scrypt is slow on purpose; tests/useCases/tenancyLinks.test.ts has the rest).
    expect(contracts.every((contract) => contract.accountLinkPending === true)).toBe(true);
    const [first] = outcome.accounts as [LesseeImportAccount];
    const pending = byRoom.get(rooms.P101.roomID) as ContractDoc;
    await tenantConfirms(deps, pending.contractID, 'NguoiThue2026');
    const user = await findUserByUsername(deps, first.username);
    expect(user).toMatchObject({
      roleID: ROLE.lessee,
      fullName: first.occupantName,
      houseID: house.houseID,
      contractID: pending.contractID,
      roomID: pending.roomID,
      lesseeID: pending.representativeLesseeID,
    });
    expect(await verifyPassword('NguoiThue2026', user?.passwordHash ?? '')).toBe(true);
    expect(await houseDocs<ContractDoc>(deps).read(house.houseID, pending.contractID)).toMatchObject({
      lesseeAccountID: user?.userID,
    });
    for (const account of outcome.accounts.slice(1)) {
      expect(await findUserByUsername(deps, account.username)).toBeUndefined();
    }
    expect((await auditEntries(deps)).filter((entry) => entry.action === 'import')).toEqual([
      expect.objectContaining({
        action: 'import',
        entity: 'contract',
        houseID: house.houseID,
        userID: landlord.userID,
        details: { contracts: 3, lessees: 5, accounts: 3 },
      }),
    ]);
  });

  it('reads real Excel dates and dd/mm/yyyy text alike; phone and CCCD typed as numbers keep their zero', async () => {
    const outcome = await importRows([
      rep('P101', {
        birth: new Date(Date.UTC(1998, 2, 15)),
        start: new Date(Date.UTC(2026, 0, 1)),
        end: new Date(Date.UTC(2026, 11, 31)),
        phone: 901234567,
        citizenID: 79098001234,
      }),
      rep('P102', {
        birth: '15/03/1998',
        start: '1/1/2026',
        end: '31-12-2026',
        phone: '0912 345 678',
        citizenID: undefined,
      }),
    ]);
    expect(outcome).toMatchObject({ ok: true, contracts: 2, lessees: 2 });
    const contracts = await listInHouse<ContractDoc>(deps, house.houseID, 'contract');
    expect(contracts.map(({ startDate, endDate }) => ({ startDate, endDate }))).toEqual([
      { startDate: '2026-01-01', endDate: '2026-12-31' },
      { startDate: '2026-01-01', endDate: '2026-12-31' },
    ]);
    const lessees = await listInHouse<LesseeInfoDoc>(deps, house.houseID, 'lesseeInfo');
    expect(lessees.map((lessee) => lessee.dateOfBirth)).toEqual(['1998-03-15', '1998-03-15']);
    expect(lessees.map((lessee) => lessee.phoneNumber).sort()).toEqual(['0901234567', '0912345678']);
    expect(lessees.find((lessee) => lessee.citizenID)?.citizenID).toBe('079098001234');
  });

  it.each<[string, () => Promise<LesseeRow[]>, Record<number, string>]>([
    [
      'a bad CCCD',
      async () => [
        rep('P101'),
        mate('P101', { citizenID: '1234' }),
        rep('P102', { phone: '0912345678', citizenID: undefined }),
      ],
      {
        2: 'Phòng "P101" chưa được nhập vì dòng 3 có lỗi.',
        3: 'Số CCCD phải gồm 12 chữ số (hoặc CMND cũ 9 chữ số).',
      },
    ],
    [
      'an unknown room',
      async () => [rep('P101'), rep('P999', { phone: '0912345678', citizenID: undefined })],
      { 3: 'Phòng: Không có phòng "P999" trong nhà trọ này.' },
    ],
    [
      'an occupied room',
      async () => {
        await aContract(deps, rooms.P102);
        return [rep('P101'), rep('P102', { phone: '0912345678', citizenID: undefined }), mate('P102')];
      },
      {
        3: 'Phòng đang có hợp đồng hiệu lực. Mỗi phòng chỉ có một hợp đồng hiệu lực.',
        4: 'Phòng đang có hợp đồng hiệu lực. Mỗi phòng chỉ có một hợp đồng hiệu lực.',
      },
    ],
    [
      'a reserved room',
      async () => {
        await aReservation(deps, rooms.P102);
        return [rep('P101'), rep('P102', { phone: '0912345678', citizenID: undefined })];
      },
      { 3: 'Phòng đã được đặt cọc: hãy tạo hợp đồng từ khoản cọc đó (hoặc hủy cọc trước).' },
    ],
    [
      'two representatives',
      async () => [
        rep('P101'),
        mate('P101', { representative: 'có', phone: '0912345678' }),
        mate('P101', { name: 'Lê Văn Cường' }),
      ],
      {
        2: 'Phòng "P101" có 2 người đại diện (dòng 2, 3); mỗi phòng chỉ một người.',
        3: 'Phòng "P101" có 2 người đại diện (dòng 2, 3); mỗi phòng chỉ một người.',
        4: 'Phòng "P101" chưa được nhập vì các dòng 2, 3 có lỗi.',
      },
    ],
    [
      'no representative',
      async () => [rep('P101', { representative: undefined }), mate('P101')],
      {
        2: 'Phòng "P101" chưa có người đại diện: ghi "x" ở cột "Đại diện" cho đúng một người.',
        3: 'Phòng "P101" chưa có người đại diện: ghi "x" ở cột "Đại diện" cho đúng một người.',
      },
    ],
    [
      'a representative without a phone number',
      async () => [rep('P101', { phone: undefined }), mate('P101')],
      {
        2: 'Số điện thoại của người đại diện không được để trống!',
        3: 'Phòng "P101" chưa được nhập vì dòng 2 có lỗi.',
      },
    ],
    [
      'one phone number for two rooms',
      async () => [rep('P101'), rep('P102', { citizenID: undefined })],
      { 3: 'Số điện thoại trùng với người đại diện ở dòng 2.' },
    ],
    [
      'an end before the start',
      async () => [rep('P101', { start: '01/12/2026', end: '30/11/2026' }), mate('P101')],
      {
        2: 'Ngày kết thúc phải sau ngày bắt đầu.',
        3: 'Phòng "P101" chưa được nhập vì dòng 2 có lỗi.',
      },
    ],
    [
      'an unreadable date and a birth date in the future',
      async () => [rep('P101', { birth: '21/11/2026' }), mate('P101', { birth: '31/02/2000' })],
      {
        2: 'Ngày sinh không được ở tương lai.',
        3: 'Ngày sinh: "31/02/2000" không phải ngày hợp lệ (ghi theo dd/mm/yyyy, ví dụ 01/12/2026).',
      },
    ],
  ])(
    'refuses %s: nothing is written and the sheet comes back with the row marked',
    async (_what, rows, errors) => {
      const sheetRows = await rows();
      const before = await written();
      const outcome = await importRows(sheetRows);
      expect(outcome).toMatchObject({
        ok: false,
        fileName: 'loi-nhap-nguoi-thue.xlsx',
        errorRows: Object.values(errors).filter((message) => !message.includes('chưa được nhập')).length,
      });
      expect(await reportErrors(outcome)).toEqual(errors);
      expect(await written()).toEqual(before);
      expect(await auditEntries(deps)).toEqual([]);
    },
  );

  it('gives the landlord’s data back untouched next to the messages, and reads the fixed report again', async () => {
    const first = await importRows([rep('P101'), mate('P101', { citizenID: 'abc' })]);
    if (first.ok) throw new Error('expected a report');
    const report = await readXlsx(first.report);
    expect(report.rows[0]).toEqual([...LESSEE_IMPORT_HEADERS, 'Lỗi']);
    expect(report.rows[2]?.slice(0, 3)).toEqual(['P101', 'Trần Thị Bình', 'Nữ']);
    expect(report.rows[2]?.[5]).toBe('abc');

    // Sent back unfixed: the same single "Lỗi" column, with this check's messages only.
    const unfixed = await importLessees(actorFor(deps, landlord), house.houseID, first.report);
    if (unfixed.ok) throw new Error('expected a report');
    const again = await readXlsx(unfixed.report);
    expect(again.rows[0]).toEqual([...LESSEE_IMPORT_HEADERS, 'Lỗi']);
    expect(again.rows.slice(1).map((cells) => cells[LESSEE_IMPORT_HEADERS.length])).toEqual([
      'Phòng "P101" chưa được nhập vì dòng 3 có lỗi.',
      'Số CCCD phải gồm 12 chữ số (hoặc CMND cũ 9 chữ số).',
    ]);

    // The landlord fixes the CCCD in the returned file and sends it again: its "Lỗi" column is ignored.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(first.report) as unknown as ArrayBuffer);
    (workbook.worksheets[0] as ExcelJS.Worksheet).getCell('F3').value = '079199004321';
    const fixed = new Uint8Array(await workbook.xlsx.writeBuffer());
    const second = await importLessees(actorFor(deps, landlord), house.houseID, fixed);
    expect(second).toMatchObject({ ok: true, contracts: 1, lessees: 2 });
  });

  it('finds the header below a title row and reads the columns by name in any order', async () => {
    const headers = [...LESSEE_IMPORT_HEADERS].reverse();
    const row = rep('P104');
    const cells = [
      row.room,
      row.name,
      row.gender,
      row.birth,
      row.phone,
      row.citizenID,
      row.hometown,
      row.representative,
      row.start,
      row.end,
      undefined,
      undefined,
      undefined,
      undefined,
    ].reverse();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Danh sách');
    sheet.addRow(['Danh sách người thuê nhà trọ Hoa Sen']);
    sheet.addRow(headers);
    sheet.addRow(cells.map((value) => value ?? null));
    const outcome = await importLessees(
      actorFor(deps, landlord),
      house.houseID,
      new Uint8Array(await workbook.xlsx.writeBuffer()),
    );
    expect(outcome).toMatchObject({ ok: true, contracts: 1, lessees: 1 });
    expect((await written()).statuses).toContain('P104:occupied');
  });

  it('a number that already has a login: the account is left alone, its owner gets a code, the contract waits (issue 21)', async () => {
    const old = await aContract(deps, rooms.P104, { status: 3 });
    const returning = await createUser(deps, {
      username: '0901234567',
      password: 'Cu@Mat123456',
      roleID: ROLE.lessee,
      fullName: 'Tên Thật Của Người Thuê',
      extra: { houseID: house.houseID, contractID: old.contractID, roomID: rooms.P104.roomID },
    });
    const outcome = await importRows([rep('P101')]);
    expect(outcome).toMatchObject({
      ok: true,
      contracts: 1,
      accounts: [{ username: '0901234567', linkPending: true, sentTo: '•••••••567' }],
    });
    expect(JSON.stringify(outcome)).not.toMatch(/oneTimePassword|Tên Thật/);
    expect(await findUserByUsername(deps, '0901234567')).toEqual(returning);
    const [contract] = await listInHouse<ContractDoc>(deps, house.houseID, 'contract', {
      op: 'eq',
      field: 'roomID',
      value: rooms.P101.roomID,
    });
    expect(contract).toMatchObject({ accountLinkPending: true });
    expect(contract?.lesseeAccountID).toBeUndefined();
    const { code } = await linkCodeSent(deps, contract?.contractID ?? '');
    expect(code).toMatch(/^\d{6}$/);
  });

  it('numbers of another landlord’s tenant with a running contract, or of a landlord: imported alike, nothing refused or told', async () => {
    const elsewhere = await aHouse(deps, await aLandlord(deps));
    const running = await aContract(deps, await aRoom(deps, elsewhere));
    await createUser(deps, {
      username: '0912345678',
      password: 'Khong@Dung123',
      roleID: ROLE.lessee,
      fullName: 'Người thuê khác',
      extra: { houseID: elsewhere.houseID, contractID: running.contractID },
    });
    await aLandlord(deps, { username: '0913579246' });
    const outcome = await importRows([
      rep('P101', { phone: '0912345678', citizenID: undefined }),
      rep('P102', { phone: '0913579246', citizenID: undefined }),
      rep('P103', { phone: '0987000111', citizenID: undefined }),
    ]);
    if (!outcome.ok) throw new Error('expected the import to pass');
    // A tenant elsewhere, a landlord and a number new to Nhà trọ: the same answer, the same contracts.
    const answers = outcome.accounts.map(
      ({ roomName: _r, occupantName: _o, username: _u, sentTo, ...rest }) => ({
        ...rest,
        sentTo: sentTo.slice(0, -3),
      }),
    );
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);
    expect(answers[0]).toEqual({ linkPending: true, sentTo: '•••••••', expiresOn: expect.any(String) });
    expect(JSON.stringify(outcome)).not.toContain('Người thuê khác');
    const contracts = await listInHouse<ContractDoc>(deps, house.houseID, 'contract');
    expect(contracts.map((contract) => [contract.accountLinkPending, contract.lesseeAccountID])).toEqual([
      [true, undefined],
      [true, undefined],
      [true, undefined],
    ]);
  });

  it('lets the house’s staff import; another landlord and a tenant are refused', async () => {
    const staff = await aStaff(deps, { houses: [house] });
    expect(await importRows([rep('P101')], staff)).toMatchObject({ ok: true, contracts: 1 });
    await expectRefusal(
      importRows([rep('P102')], await aLandlord(deps)),
      'notFound',
      'Không tìm thấy dữ liệu yêu cầu.',
    );
    const tenant = await aLessee(deps, {
      house,
      room: rooms.P101,
      contract: (await listInHouse<ContractDoc>(deps, house.houseID, 'contract'))[0] as ContractDoc,
    });
    await expectRefusal(
      importRows([rep('P102')], tenant),
      'forbidden',
      'Bạn không có quyền thực hiện thao tác này.',
    );
    expect((await written()).contracts).toBe(1);
  });

  it.each([
    ['no file', async () => undefined, 'Chưa chọn tệp Excel để nhập.'],
    [
      'a file that is not a workbook',
      async () => new Uint8Array(Buffer.from('Phòng;Họ tên\nP101;An\n')),
      'Tệp tải lên không phải bảng tính Excel (.xlsx) hợp lệ.',
    ],
    [
      'a sheet without the representative and end-date columns',
      async () =>
        lesseeImportFile([rep('P101')], {
          headers: LESSEE_IMPORT_HEADERS.filter(
            (header) => header !== 'Đại diện' && header !== 'Ngày kết thúc',
          ),
        }),
      'Bảng tính thiếu cột "Đại diện", "Ngày kết thúc". Hãy dùng mẫu tải về từ hộp thoại nhập người thuê.',
    ],
    [
      'a sheet with only the header',
      async () => lesseeImportFile([]),
      'Bảng tính không có dòng dữ liệu nào dưới dòng tiêu đề.',
    ],
    [
      'the downloaded template as it is',
      () => lesseeImportTemplate(),
      'Bảng tính không có dòng dữ liệu nào dưới dòng tiêu đề.',
    ],
  ])('refuses %s (400) and writes nothing', async (_what, file, message) => {
    await expectRefusal(
      importLessees(actorFor(deps, landlord), house.houseID, await file()),
      'badRequest',
      message,
    );
    expect(await written()).toEqual(NOTHING);
  });
});

/** The real store with its `houses` batches observed (and failing on demand), possibly posing as Cosmos. */
function observedStore(
  store: Store,
  kind: Store['kind'],
  onBatch: (ops: number, call: number) => void | Promise<void>,
): Store {
  let calls = 0;
  return {
    kind,
    close: () => store.close(),
    version: () => (kind === 'cosmos' ? undefined : store.version()),
    container<T extends StoredDoc>(name: Parameters<Store['container']>[0]): Container<T> {
      const inner = store.container<T>(name);
      if (name !== 'houses') return inner;
      return {
        name: inner.name,
        read: (pk, id) => inner.read(pk, id),
        query: (spec) => inner.query(spec),
        count: (spec) => inner.count(spec),
        create: (doc) => inner.create(doc),
        replace: (doc, options) => inner.replace(doc, options),
        upsert: (doc) => inner.upsert(doc),
        delete: (pk, id, options) => inner.delete(pk, id, options),
        patch: (pk, id, ops, options) => inner.patch(pk, id, ops, options),
        async batch(pk: string, ops: BatchOp<T>[]) {
          calls += 1;
          await onBatch(ops.length, calls);
          return inner.batch(pk, ops);
        },
      };
    },
  };
}

async function manyRooms(count: number): Promise<RoomDoc[]> {
  const made: RoomDoc[] = [];
  for (let index = 1; index <= count; index += 1) {
    made.push(await aRoom(deps, house, { roomName: `K${String(index).padStart(3, '0')}`, price: 2_000_000 }));
  }
  return made;
}

function twoPerRoom(made: RoomDoc[]): LesseeRow[] {
  return made.flatMap((room, index) => [
    rep(room.roomName, {
      name: `Người đại diện ${index + 1}`,
      phone: `090${String(index + 1).padStart(7, '0')}`,
      citizenID: `0790980${String(index + 1).padStart(5, '0')}`,
    }),
    mate(room.roomName, {
      name: `Người ở cùng ${index + 1}`,
      citizenID: `0791990${String(index + 1).padStart(5, '0')}`,
    }),
  ]);
}

describe('writing all or nothing', () => {
  it('on Cosmos, writes batches of at most 100 operations without splitting a room', async () => {
    const made = await manyRooms(60);
    const sizes: number[] = [];
    const observed = {
      ...deps,
      store: observedStore(deps.store, 'cosmos', (ops) => {
        sizes.push(ops);
      }),
    };
    const outcome = await importLessees(
      actorFor(observed, landlord),
      house.houseID,
      await lesseeImportFile(twoPerRoom(made)),
    );
    expect(outcome).toMatchObject({ ok: true, contracts: 60, lessees: 120 });
    // Per room: the contract, two occupants, the representative's link and its code message, and the room
    // itself = 6 operations; 16 rooms (96) fit in a batch, a 17th would split.
    expect(sizes).toEqual([96, 96, 96, 72]);
    const statuses = (await listInHouse<RoomDoc>(deps, house.houseID, 'room')).filter((room) =>
      room.roomName.startsWith('K'),
    );
    expect(statuses.every((room) => room.status === 'occupied')).toBe(true);
  });

  it('on Cosmos, undoes the earlier batches and the accounts when a later batch fails', async () => {
    const made = await manyRooms(60);
    const failing = {
      ...deps,
      store: observedStore(deps.store, 'cosmos', (_ops, call) => {
        if (call === 3) throw new Error('Cosmos DB is unavailable');
      }),
    };
    await expect(
      importLessees(actorFor(failing, landlord), house.houseID, await lesseeImportFile(twoPerRoom(made))),
    ).rejects.toThrow('Cosmos DB is unavailable');
    expect(await written()).toEqual({
      contracts: 0,
      lessees: 0,
      tenants: 0,
      statuses: [...NOTHING.statuses, ...made.map((room) => `${room.roomName}:empty`)].sort(),
    });
    expect(await findUserByUsername(deps, '0900000001')).toBeUndefined();
    expect(await auditEntries(deps)).toEqual([]);
  });

  it('on SQLite, one transaction: a room taken meanwhile leaves nothing written, the accounts removed', async () => {
    // Someone reserves P102 after the sheet was checked, just before it is written.
    const racing = {
      ...deps,
      store: observedStore(deps.store, 'sqlite', async (_ops, call) => {
        if (call === 1) {
          await houseDocs<RoomDoc>(deps).patch(house.houseID, rooms.P102.id, [
            { op: 'set', path: '/status', value: 'reserved' },
          ]);
        }
      }),
    };
    await expectRefusal(
      importLessees(actorFor(racing, landlord), house.houseID, await lesseeImportFile(goodSheet())),
      'stale',
      'Dữ liệu đã được người khác thay đổi. Vui lòng tải lại trang và thử lại.',
    );
    expect(await written()).toEqual({
      ...NOTHING,
      statuses: ['P101:empty', 'P102:reserved', 'P103:empty', 'P104:empty'],
    });
    for (const phone of ['0901234567', '0912345678', '0923456789']) {
      expect(await findUserByUsername(deps, phone)).toBeUndefined();
    }
  });

  it('imports 200 rooms of 2 people in one request (timing)', async () => {
    const made = await manyRooms(200);
    const file = await lesseeImportFile(twoPerRoom(made));
    const started = performance.now();
    const outcome = await importLessees(actorFor(deps, landlord), house.houseID, file);
    const ms = performance.now() - started;
    expect(outcome).toMatchObject({ ok: true, contracts: 200, lessees: 400 });
    console.info(`import of 200 rooms × 2 people (use-case tier, SQLite): ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(20_000);
  }, 60_000);
});

describe('the temporary-residence list', () => {
  it('lists exactly the current occupants of the house, by room, the representative first', async () => {
    const outcome = await importRows([
      rep('P103', {
        name: 'Võ Thị Em',
        gender: 'Nữ',
        phone: '0923456789',
        citizenID: '079301001111',
        job: 'Kỹ sư',
      }),
      mate('P101', {
        name: 'Trần Thị Bình',
        citizenID: '079199004321',
        permanentResidence: 'Tuy Phước, Bình Định',
      }),
      rep('P101', { rent: 2_900_000 }),
      mate('P101', { name: 'An Văn Bé', gender: 'Nam', birth: undefined }),
    ]);
    expect(outcome).toMatchObject({ ok: true, contracts: 2, lessees: 4 });
    // Someone who moved out, a terminated contract's occupant and another house's tenant are not listed.
    const lessees = await listInHouse<LesseeInfoDoc>(deps, house.houseID, 'lesseeInfo');
    const movedOut = lessees.find((lessee) => lessee.occupantName === 'An Văn Bé') as LesseeInfoDoc;
    await houseDocs<LesseeInfoDoc>(deps).replace({ ...movedOut, status: 2 });
    const ended = await aContract(deps, rooms.P104, { status: 3 });
    const endedLesseeID = randomUUID();
    await houseDocs<LesseeInfoDoc>(deps).create({
      id: endedLesseeID,
      pk: house.houseID,
      type: 'lesseeInfo',
      lesseeInfoID: endedLesseeID,
      houseID: house.houseID,
      contractID: ended.contractID,
      occupantName: 'Người đã đi',
      gender: 1,
      isRepresentative: true,
      status: 1,
    });
    const other = await aHouse(deps, landlord, { houseName: 'Nhà trọ Bình An' });
    await aRoom(deps, other, { roomName: 'P101' });
    await importLessees(
      actorFor(deps, landlord),
      other.houseID,
      await lesseeImportFile([
        rep('P101', { name: 'Khách nhà khác', phone: '0934567890', citizenID: undefined }),
      ]),
    );
    // A residence start date, when known, is the arrival date.
    const lan = (await listInHouse<LesseeInfoDoc>(deps, house.houseID, 'lesseeInfo')).find(
      (lessee) => lessee.occupantName === 'Trần Thị Bình',
    ) as LesseeInfoDoc;
    await houseDocs<LesseeInfoDoc>(deps).replace({ ...lan, residentialStartDate: '2026-02-15' });

    const list = await temporaryResidenceList(actorFor(deps, landlord), house.houseID);
    expect(list.fileName).toBe('tam-tru-nha-tro-hoa-sen-2026-11-20.xlsx');
    const sheet = await readXlsx(list.content);
    expect(sheet.sheetNames).toEqual(['Tạm trú']);
    expect(sheet.rows.slice(0, 4).map((cells) => cells[0])).toEqual([
      'DANH SÁCH NGƯỜI TẠM TRÚ',
      'Nhà trọ: Nhà trọ Hoa Sen',
      'Địa chỉ: 12 Võ Văn Ngân',
      'Ngày lập: 20/11/2026',
    ]);
    expect(sheet.rows[5]).toEqual([
      'STT',
      'Họ và tên',
      'Ngày sinh',
      'Giới tính',
      'Số CCCD',
      'Quê quán',
      'Nơi thường trú',
      'Nghề nghiệp',
      'Ngày đến',
      'Tạm trú đến ngày',
      'Phòng',
    ]);
    expect(sheet.rows.slice(6, 9)).toEqual([
      [
        1,
        'Nguyễn Văn An',
        '1998-03-15T00:00:00.000Z',
        'Nam',
        '079098001234',
        'Quảng Ngãi',
        '',
        '',
        '2026-01-01T00:00:00.000Z',
        '2026-12-31T00:00:00.000Z',
        'P101',
      ],
      [
        2,
        'Trần Thị Bình',
        '1999-11-02T00:00:00.000Z',
        'Nữ',
        '079199004321',
        'Bình Định',
        'Tuy Phước, Bình Định',
        '',
        '2026-02-15T00:00:00.000Z',
        '2026-12-31T00:00:00.000Z',
        'P101',
      ],
      [
        3,
        'Võ Thị Em',
        '1998-03-15T00:00:00.000Z',
        'Nữ',
        '079301001111',
        'Quảng Ngãi',
        '',
        'Kỹ sư',
        '2026-01-01T00:00:00.000Z',
        '2026-12-31T00:00:00.000Z',
        'P103',
      ],
    ]);
    expect(sheet.rows[9]?.every((cell) => cell === undefined)).toBe(true);
    expect(sheet.rows[10]?.[0]).toBe('Tổng số: 3 người');
    // The signature line under the table, on the right.
    expect(sheet.rows.slice(12).map((cells) => cells[6])).toEqual([
      'Ngày 20 tháng 11 năm 2026',
      'NGƯỜI LẬP DANH SÁCH',
      '(Ký, ghi rõ họ tên)',
    ]);
  });

  it('is for the landlord and the house’s staff: others get 404, a tenant of the house 403', async () => {
    await importRows([rep('P101')]);
    const [imported] = await listInHouse<ContractDoc>(deps, house.houseID, 'contract');
    await tenantConfirms(deps, imported?.contractID ?? '', 'NguoiThue2026');
    const staff = await aStaff(deps, { houses: [house] });
    const list = await temporaryResidenceList(actorFor(deps, staff), house.houseID);
    expect((await readXlsx(list.content)).rows[6]?.[1]).toBe('Nguyễn Văn An');
    const otherHouse = await aHouse(deps, landlord);
    await expectRefusal(
      temporaryResidenceList(actorFor(deps, await aStaff(deps, { houses: [otherHouse] })), house.houseID),
      'notFound',
      'Không tìm thấy dữ liệu yêu cầu.',
    );
    await expectRefusal(
      temporaryResidenceList(actorFor(deps, await aLandlord(deps)), house.houseID),
      'notFound',
      'Không tìm thấy dữ liệu yêu cầu.',
    );
    const tenant = await findUserByUsername(deps, '0901234567');
    await expectRefusal(
      temporaryResidenceList(actorFor(deps, tenant as UserDoc), house.houseID),
      'forbidden',
      'Bạn không có quyền thực hiện thao tác này.',
    );
  });

  it('an empty house gives the title, the header and "Tổng số: 0 người"', async () => {
    const sheet = await readXlsx(
      (await temporaryResidenceList(actorFor(deps, landlord), house.houseID)).content,
    );
    expect(sheet.rows[5]?.[0]).toBe('STT');
    expect(sheet.rows[7]?.[0]).toBe('Tổng số: 0 người');
  });
});

describe('the template', () => {
  it('has the header row only on its data sheet, and the instructions with an example on “Hướng dẫn”', async () => {
    const sheets = await readXlsxSheets(await lesseeImportTemplate());
    expect([...sheets.keys()]).toEqual(['Người thuê', 'Hướng dẫn']);
    expect(sheets.get('Người thuê')?.[0]).toEqual([...LESSEE_IMPORT_HEADERS]);
    const data = (sheets.get('Người thuê') ?? []).slice(1);
    expect(data.every((cells) => cells.every((cell) => cell === undefined))).toBe(true);
    const guide = sheets.get('Hướng dẫn') ?? [];
    const exampleHeader = guide.findIndex((cells) => cells[0] === 'Phòng');
    expect(guide[exampleHeader]).toEqual([...LESSEE_IMPORT_HEADERS]);
    expect(guide[exampleHeader + 1]?.slice(0, 2)).toEqual(['P101', 'Nguyễn Văn An']);
  });
});
