import { EXPENSE_IMPORT_MAX_BYTES, EXPENSE_SHEET_COLUMNS, MAX_EXPENSE_ROWS } from '@nhatro/common';
import { SheetImportDialog, type SheetImportDialogProps } from '../../components/SheetImportDialog';
import { formatNumber } from '../../lib/format';
import { notify } from '../../lib/toast';

const COLUMNS = Object.values(EXPENSE_SHEET_COLUMNS).map((header) => ({ header }));

function createdCount(data: unknown): number {
  return typeof data === 'object' && data !== null && 'created' in data ? Number(data.created ?? 0) : 0;
}

/** 'Nhập từ Excel': the template, the upload, and the sheet with a "Lỗi" column when a row is wrong. */
export function ImportExpensesDialog(props: SheetImportDialogProps & { onDone: () => void }) {
  const { onDone, ...dialog } = props;
  return (
    <SheetImportDialog
      {...dialog}
      templatePath="/ExcelImport/Template/Expenses"
      importPath="/ExcelImport/ImportExpenses"
      templateFileName="mau-nhap-chi-phi.xlsx"
      reportFileName="loi-nhap-chi-phi.xlsx"
      maxBytes={EXPENSE_IMPORT_MAX_BYTES}
      maxRows={MAX_EXPENSE_ROWS}
      columns={COLUMNS}
      subject="khoản chi"
      instructions="Tải file mẫu, điền mỗi khoản chi trên một dòng rồi chọn tệp để nhập. Nếu có dòng sai, không khoản nào được nhập và bạn nhận lại tệp có cột “Lỗi”."
      rowUnit="khoản chi"
      nothingImported="Không khoản chi nào được nhập."
      testIdPrefix="expense-import"
      readResult={createdCount}
      onImported={(created) => {
        notify.success(`Nhập thành công ${formatNumber(created)} khoản chi từ Excel!`);
        onDone();
      }}
    />
  );
}
