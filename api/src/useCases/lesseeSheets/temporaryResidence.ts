import type { Font, Worksheet } from 'exceljs';
import { CONTRACT_STATUS, TEMPORARY_RESIDENCE_COLUMNS, TEMPORARY_RESIDENCE_TITLE } from '@nhatro/common';
import { searchKey } from '../../domain/lessees.js';
import { addDays } from '../../domain/houseTickets.js';
import { displayDate } from '../../domain/lesseeSheets.js';
import { lesseeScope } from '../../domain/shared/access.js';
import { AppError } from '../../domain/shared/errors.js';
import type { RoomDoc, ContractDoc, LesseeInfoDoc } from '../../domain/shared/model.js';
import { vietnamDate } from '../../domain/shared/time.js';
import type { Actor } from '../shared/actor.js';
import { authorizeHouse, listInHouse } from '../shared/houseScope.js';
import { loadExcel } from '../shared/spreadsheets.js';

/** Writing the police temporary-residence list of a house (`GET /ExcelExport/TemporaryResidence`). */

/** "Nhà trọ Hoa Sen" → "nha-tro-hoa-sen". */
function fileSlug(text: string): string {
  return (
    searchKey(text)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'nha-tro'
  );
}

function excelDate(iso: string | undefined): Date | null {
  return iso ? new Date(`${iso}T00:00:00Z`) : null;
}

/** Points per printed line of 11-pt text, and how many characters a column of width 1 holds. */
const LINE_HEIGHT = 15;
const CHARACTERS_PER_WIDTH = 1.1;

/**
 * The height of a row whose cells wrap: as many lines as its longest cell needs in its column (Excel
 * grows such rows when it opens a file, LibreOffice does not, so the text would run into the next row).
 */
function wrappedRowHeight(values: readonly unknown[]): number {
  let lines = 1;
  TEMPORARY_RESIDENCE_COLUMNS.forEach((column, index) => {
    const value = values[index + 1];
    if (typeof value !== 'string' || value === '') return;
    const perLine = Math.max(1, Math.floor(column.width * CHARACTERS_PER_WIDTH) - 1);
    lines = Math.max(lines, Math.ceil(value.length / perLine));
  });
  return lines * LINE_HEIGHT + 3;
}

/** One person's row of the list: dates as dates (dd/mm/yyyy), text wrapped, every cell framed. */
function addPersonRow(sheet: Worksheet, values: unknown[]): void {
  const thin = { style: 'thin' as const };
  const border = { top: thin, left: thin, bottom: thin, right: thin };
  const row = sheet.addRow(values);
  for (const column of [3, 9, 10]) row.getCell(column).numFmt = 'dd/mm/yyyy';
  row.alignment = { vertical: 'top', wrapText: true };
  row.height = wrappedRowHeight(row.values as unknown[]);
  for (let column = 1; column <= TEMPORARY_RESIDENCE_COLUMNS.length; column += 1)
    row.getCell(column).border = border;
}

/** "…, ngày dd tháng mm năm yyyy" and who signs the list, on the right under the table. */
function signatureBlock(sheet: Worksheet, today: string, width: number): void {
  const [year, month, day] = today.split('-');
  const from = Math.max(1, width - 4);
  const lines: Array<[string, Partial<Font>]> = [
    [`Ngày ${day} tháng ${month} năm ${year}`, { italic: true }],
    ['NGƯỜI LẬP DANH SÁCH', { bold: true }],
    ['(Ký, ghi rõ họ tên)', { italic: true }],
  ];
  sheet.addRow([]);
  for (const [text, font] of lines) {
    const row = sheet.addRow([]);
    row.getCell(from).value = text;
    row.getCell(from).font = font;
    row.getCell(from).alignment = { horizontal: 'center' };
    sheet.mergeCells(row.number, from, row.number, width);
  }
}

/** People who ended their stay this many days ago or less are listed below, with the day they left. */
const LEFT_WITHIN_DAYS = 30;

/**
 * Occupants whose stay ended in the last {@link LEFT_WITHIN_DAYS} days (today included): moved out with a
 * residence end date, or of a contract that ended (early end, else its end date). Someone who moved out
 * without a date is not listed: the day they left is unknown.
 */
function recentlyLeft(
  lessees: readonly LesseeInfoDoc[],
  contracts: readonly ContractDoc[],
  roomNames: ReadonlyMap<string, string>,
  today: string,
) {
  const byID = new Map(contracts.map((contract) => [contract.contractID, contract]));
  const from = addDays(today, -LEFT_WITHIN_DAYS);
  return lessees
    .flatMap((lessee) => {
      const contract = byID.get(lessee.contractID);
      if (!contract) return [];
      const leftOn =
        contract.status !== CONTRACT_STATUS.active
          ? (contract.terminatedOn ?? contract.endDate)
          : lessee.status === 2
            ? lessee.residentialEndDate
            : undefined;
      if (!leftOn || leftOn < from || leftOn > today) return [];
      const arrived = lessee.residentialStartDate ?? contract.startDate;
      return [{ lessee, roomName: roomNames.get(contract.roomID) ?? '', arrived, leftOn }];
    })
    .sort(
      (a, b) =>
        a.leftOn.localeCompare(b.leftOn) || a.lessee.occupantName.localeCompare(b.lessee.occupantName, 'vi'),
    );
}

/**
 * The temporary-residence list police ask landlords for: everyone living in the house now
 * (occupants still there, of active contracts), by room, the representative first. Landlords and
 * the house's staff only: a tenant may not read the others' identity numbers.
 */
export async function temporaryResidenceList(
  actor: Actor,
  houseID: string,
): Promise<{ fileName: string; content: Buffer }> {
  const { deps } = actor;
  const house = await authorizeHouse(deps, actor.user, houseID);
  if (lesseeScope(actor.user)) throw AppError.forbidden();
  const [rooms, contracts, lessees] = await Promise.all([
    listInHouse<RoomDoc>(deps, house.houseID, 'room'),
    listInHouse<ContractDoc>(deps, house.houseID, 'contract'),
    listInHouse<LesseeInfoDoc>(deps, house.houseID, 'lesseeInfo'),
  ]);
  const today = vietnamDate(deps.now());
  const roomNames = new Map(rooms.map((room) => [room.roomID, room.roomName]));
  const left = recentlyLeft(lessees, contracts, roomNames, today);
  const contractByID = new Map(
    contracts
      .filter((contract) => contract.status === CONTRACT_STATUS.active)
      .map((contract) => [contract.contractID, contract]),
  );
  const roomByID = new Map(rooms.map((room) => [room.roomID, room]));
  const byRoomName = (a: string, b: string) =>
    a.localeCompare(b, 'vi', { numeric: true, sensitivity: 'base' });
  const people = lessees
    .filter((lessee) => lessee.status === 1 && contractByID.has(lessee.contractID))
    .map((lessee) => {
      const contract = contractByID.get(lessee.contractID) as ContractDoc;
      return { lessee, contract, roomName: roomByID.get(contract.roomID)?.roomName ?? '' };
    })
    .sort(
      (a, b) =>
        byRoomName(a.roomName, b.roomName) ||
        Number(b.lessee.isRepresentative) - Number(a.lessee.isRepresentative) ||
        a.lessee.occupantName.localeCompare(b.lessee.occupantName, 'vi'),
    );

  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.creator = 'Nhà trọ';
  const sheet = workbook.addWorksheet('Tạm trú', {
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const width = TEMPORARY_RESIDENCE_COLUMNS.length;
  const titleLines = [
    TEMPORARY_RESIDENCE_TITLE,
    `Nhà trọ: ${house.houseName}`,
    `Địa chỉ: ${house.houseAddress}`,
    `Ngày lập: ${displayDate(today)}`,
  ];
  titleLines.forEach((line, index) => {
    const row = sheet.addRow([line]);
    sheet.mergeCells(row.number, 1, row.number, width);
    row.font = index === 0 ? { bold: true, size: 14 } : { size: 11 };
    row.alignment = { horizontal: index === 0 ? 'center' : 'left' };
  });
  sheet.addRow([]);
  const header = sheet.addRow(TEMPORARY_RESIDENCE_COLUMNS.map((column) => column.header));
  header.font = { bold: true };
  header.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
  const thin = { style: 'thin' as const };
  const border = { top: thin, left: thin, bottom: thin, right: thin };
  TEMPORARY_RESIDENCE_COLUMNS.forEach((column, index) => {
    sheet.getColumn(index + 1).width = column.width;
    const cell = header.getCell(index + 1);
    cell.border = border;
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3F2FD' } };
  });
  people.forEach(({ lessee, contract, roomName }, index) => {
    addPersonRow(sheet, [
      index + 1,
      lessee.occupantName,
      excelDate(lessee.dateOfBirth),
      lessee.gender === 1 ? 'Nam' : 'Nữ',
      lessee.citizenID ?? '',
      lessee.hometown ?? '',
      lessee.permanentResidence ?? '',
      lessee.currentJob ?? '',
      excelDate(lessee.residentialStartDate ?? contract.startDate),
      excelDate(contract.endDate),
      roomName,
    ]);
  });
  sheet.addRow([]);
  sheet.addRow([`Tổng số: ${people.length} người`]).font = { italic: true };
  if (left.length > 0) {
    // Who ended their stay lately, with the day they left: the police close their registration.
    sheet.addRow([]);
    sheet.addRow([`NGƯỜI ĐÃ CHUYỂN ĐI TRONG ${LEFT_WITHIN_DAYS} NGÀY QUA`]).font = { bold: true };
    left.forEach(({ lessee, roomName, arrived, leftOn }, index) => {
      addPersonRow(sheet, [
        index + 1,
        lessee.occupantName,
        excelDate(lessee.dateOfBirth),
        lessee.gender === 1 ? 'Nam' : 'Nữ',
        lessee.citizenID ?? '',
        lessee.hometown ?? '',
        lessee.permanentResidence ?? '',
        lessee.currentJob ?? '',
        excelDate(arrived),
        excelDate(leftOn),
        roomName,
      ]);
    });
  }
  signatureBlock(sheet, today, width);
  // Every printed page repeats the column headings; the page is A4 landscape, one page wide.
  sheet.pageSetup.printTitlesRow = `${header.number}:${header.number}`;
  sheet.pageSetup.margins = { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 };
  sheet.views = [{ state: 'frozen', ySplit: header.number }];
  return {
    fileName: `tam-tru-${fileSlug(house.houseName)}-${today}.xlsx`,
    content: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
