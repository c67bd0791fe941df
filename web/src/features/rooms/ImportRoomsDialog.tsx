import { ROOM_IMPORT_COLUMNS, ROOM_IMPORT_MAX_BYTES, ROOM_IMPORT_MAX_ROWS } from '@nhatro/common';
import { SheetImportDialog, type SheetImportDialogProps } from '../../components/SheetImportDialog';
import { formatNumber } from '../../lib/format';
import { notify } from '../../lib/toast';
import { revalidateRoomLists } from './roomsApi';

/** The number of rooms the import created. */
function createdCount(data: unknown): number {
  return typeof data === 'object' && data !== null && 'created' in data ? Number(data.created ?? 0) : 0;
}

/** 'Nhập từ Excel': template download, upload with progress, error report download. */
export function ImportRoomsDialog(props: SheetImportDialogProps) {
  return (
    <SheetImportDialog
      {...props}
      templatePath="/ExcelImport/Template/EmptyRooms"
      importPath="/ExcelImport/ImportEmptyRooms"
      templateFileName="mau-nhap-phong-trong.xlsx"
      reportFileName="loi-nhap-phong.xlsx"
      maxBytes={ROOM_IMPORT_MAX_BYTES}
      maxRows={ROOM_IMPORT_MAX_ROWS}
      columns={ROOM_IMPORT_COLUMNS}
      subject="phòng"
      instructions="Tải file mẫu, điền mỗi phòng trên một dòng rồi chọn tệp để nhập. Nếu có dòng sai, không phòng nào được tạo và bạn nhận lại tệp có cột “Lỗi”."
      rowUnit="phòng"
      nothingImported="Không phòng nào được tạo."
      testIdPrefix="room-import"
      readResult={createdCount}
      onImported={(created) => {
        notify.success(`Nhập thành công ${formatNumber(created)} phòng từ Excel!`);
        void revalidateRoomLists(props.houseID);
      }}
    />
  );
}
