import {
  LESSEE_IMPORT_DATA_SHEET,
  LESSEE_IMPORT_COLUMNS,
  type LesseeImportColumnKey,
  LESSEE_IMPORT_GUIDE_SHEET,
  LESSEE_IMPORT_MAX_ROWS,
  LESSEE_IMPORT_ERROR_HEADER,
} from '@nhatro/common';
import type { DataValidation } from 'exceljs';
import { loadExcel } from '../shared/spreadsheets.js';

/** Writing the import template: the data sheet ready for 500 rows, the instructions and an example. */

const NUMBER_FORMATS: Record<string, string | undefined> = {
  date: 'dd/mm/yyyy',
  money: '#,##0',
  digits: '@',
};
/** Rows of the template that offer the "Giới tính" and "Đại diện" choices. */
const TEMPLATE_INPUT_ROWS = 500;
/**
 * The template: the data sheet holds only the header row (formats and choices prepared for 500
 * rows), so downloading it and sending it back imports nothing; the instructions and an example
 * are on the "Hướng dẫn" sheet, which the import never reads.
 */
export async function lesseeImportTemplate(): Promise<Buffer> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.creator = 'Nhà trọ';
  const sheet = workbook.addWorksheet(LESSEE_IMPORT_DATA_SHEET);
  sheet.columns = LESSEE_IMPORT_COLUMNS.map((column) => {
    const numFmt = NUMBER_FORMATS[column.kind];
    return {
      header: column.header,
      key: column.key,
      width: column.width,
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  const headerRow = sheet.getRow(1);
  headerRow.font = { bold: true };
  headerRow.alignment = { vertical: 'middle', wrapText: true };
  LESSEE_IMPORT_COLUMNS.forEach((column, index) => {
    const cell = headerRow.getCell(index + 1);
    cell.fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: column.required ? 'FFBBDEFB' : 'FFE3F2FD' },
    };
  });
  // Drop-down choices on the input rows, one range each (exceljs writes a cell-by-cell list slowly).
  const { dataValidations } = sheet as unknown as {
    dataValidations: { add(range: string, validation: DataValidation): void };
  };
  const inputRange = (key: LesseeImportColumnKey) => {
    const letter = sheet.getColumn(key).letter;
    return `${letter}2:${letter}${TEMPLATE_INPUT_ROWS + 1}`;
  };
  dataValidations.add(inputRange('gender'), {
    type: 'list',
    allowBlank: true,
    formulae: ['"Nam,Nữ"'],
    showErrorMessage: true,
    errorTitle: 'Giới tính',
    error: 'Chọn Nam hoặc Nữ.',
  });
  dataValidations.add(inputRange('isRepresentative'), {
    type: 'list',
    allowBlank: true,
    formulae: ['"x"'],
    showErrorMessage: true,
    errorTitle: 'Đại diện',
    error: 'Ghi "x" cho người đại diện của phòng, để trống cho người ở cùng.',
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const guide = workbook.addWorksheet(LESSEE_IMPORT_GUIDE_SHEET);
  guide.columns = LESSEE_IMPORT_COLUMNS.map((column) => ({ width: Math.max(column.width, 12) }));
  const lines = [
    'Nhập người thuê hiện tại của nhà trọ',
    '',
    `1. Điền trang "${LESSEE_IMPORT_DATA_SHEET}": mỗi dòng là một người đang ở. Trang này ("${LESSEE_IMPORT_GUIDE_SHEET}") không bao giờ được nhập.`,
    '2. Phòng: tên phòng đã có trong nhà trọ, đang trống (chưa có hợp đồng, chưa đặt cọc). Các dòng cùng phòng tạo một hợp đồng.',
    '3. Đại diện: ghi "x" cho đúng một người mỗi phòng; người này cần số điện thoại, là tên đăng nhập của tài khoản người thuê.',
    '4. Giới tính: Nam hoặc Nữ. Số điện thoại: di động 10 chữ số (09…, 03…). Số CCCD: 12 chữ số (hoặc CMND 9 chữ số).',
    '5. Ngày sinh, Ngày bắt đầu, Ngày kết thúc: ngày của Excel hoặc chữ dạng dd/mm/yyyy, ví dụ 01/12/2026.',
    '6. Ngày bắt đầu, Ngày kết thúc, Tiền thuê, Tiền cọc thuộc về hợp đồng của phòng: ghi trên một dòng của phòng (thường là dòng người đại diện) hoặc ghi giống nhau trên mọi dòng.',
    '7. Tiền thuê để trống: lấy giá thuê của phòng. Tiền cọc để trống: 0. Số tiền ghi 2800000 hoặc 2.800.000.',
    '8. Nơi thường trú, Nghề nghiệp (không bắt buộc) được in trong danh sách khai báo tạm trú.',
    `9. Tối đa ${LESSEE_IMPORT_MAX_ROWS.toLocaleString('vi-VN')} người mỗi lần. Nếu có dòng sai, không dữ liệu nào được lưu và bạn nhận lại tệp có cột "${LESSEE_IMPORT_ERROR_HEADER}"; sửa rồi nhập lại chính tệp đó.`,
    '10. Sau khi nhập, mỗi người đại diện có một mật khẩu dùng một lần: chỉ hiện một lần, hãy ghi lại và gửi cho họ.',
    '',
    'Ví dụ (phòng P101 có hai người, phòng P102 một người):',
  ];
  for (const line of lines) guide.addRow([line]);
  guide.getRow(1).font = { bold: true, size: 14 };
  const exampleHeader = guide.addRow(LESSEE_IMPORT_COLUMNS.map((column) => column.header));
  exampleHeader.font = { bold: true };
  const examples = [
    ['P101', 'Nguyễn Văn An', 'Nam', '15/03/1998', '0901234567', '079098001234', 'Quảng Ngãi', 'x'],
    ['P101', 'Trần Thị Bình', 'Nữ', '02/11/1999', '', '079199004321', 'Bình Định', ''],
    ['P102', 'Lê Minh Châu', 'Nữ', '20/07/2001', '0912345678', '001301005678', 'Hà Nội', 'x'],
  ];
  const terms = [
    ['01/01/2026', '31/12/2026', '2.800.000', '2.800.000', 'Quảng Ngãi', 'Nhân viên văn phòng'],
    ['', '', '', '', 'Bình Định', 'Sinh viên'],
    ['01/06/2026', '31/05/2027', '', '3.000.000', 'Hà Nội', 'Kỹ sư'],
  ];
  examples.forEach((cells, index) => guide.addRow([...cells, ...(terms[index] as string[])]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
