import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import {
  LESSEE_IMPORT_COLUMNS,
  LESSEE_IMPORT_MAX_BYTES,
  LESSEE_IMPORT_MAX_ROWS,
  LESSEE_IMPORT_MESSAGES,
  TENANCY_LINK_MESSAGES,
  type LesseeImportResult,
} from '@nhatro/common';
import { SheetImportDialog, type SheetImportDialogProps } from '../../components/SheetImportDialog';
import { formatNumber } from '../../lib/format';
import { notify } from '../../lib/toast';
import { revalidateTenancy } from './lesseesApi';

/** The counts and new accounts in the `data` of a successful import. */
function importResult(data: unknown): LesseeImportResult {
  const result = typeof data === 'object' ? (data as Partial<LesseeImportResult> | null) : null;
  return {
    contracts: Number(result?.contracts ?? 0),
    lessees: Number(result?.lessees ?? 0),
    accounts: Array.isArray(result?.accounts) ? result.accounts : [],
  };
}

/** Each representative's username and where their confirmation code went (never a password). */
function ImportedAccounts({ result }: { result: LesseeImportResult }) {
  return (
    <Box sx={{ mt: 2 }} data-testid="lessee-import-result">
      <Alert severity="success">
        Đã nhập {formatNumber(result.lessees)} người thuê vào {formatNumber(result.contracts)} hợp đồng.
      </Alert>
      {result.accounts.length > 0 && (
        <>
          <Alert severity="info" sx={{ mt: 1.5 }} data-testid="lessee-import-link-pending">
            {TENANCY_LINK_MESSAGES.pendingNotice}
          </Alert>
          <Box
            component="table"
            sx={{
              mt: 1.5,
              width: '100%',
              borderCollapse: 'collapse',
              fontSize: '0.875rem',
              '& th, & td': { textAlign: 'left', p: 0.75, borderBottom: 1, borderColor: 'divider' },
              '& td:last-of-type': { fontFamily: 'monospace', fontSize: '0.9375rem' },
            }}
          >
            <thead>
              <tr>
                <th>Phòng</th>
                <th>Người đại diện</th>
                <th>Tên đăng nhập</th>
                <th>Mã xác nhận gửi tới</th>
              </tr>
            </thead>
            <tbody>
              {result.accounts.map((account) => (
                <tr key={account.username}>
                  <td>{account.roomName}</td>
                  <td>{account.occupantName}</td>
                  <td>{account.username}</td>
                  <td>{account.sentTo}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </>
      )}
    </Box>
  );
}

/** 'Nhập từ Excel': template download, upload with progress, the error sheet or the new accounts. */
export function ImportLesseesDialog(props: SheetImportDialogProps) {
  return (
    <SheetImportDialog
      {...props}
      templatePath="/ExcelImport/Template/Lessee"
      importPath="/ExcelImport/ImportLessee"
      templateFileName={LESSEE_IMPORT_MESSAGES.templateFileName}
      reportFileName={LESSEE_IMPORT_MESSAGES.errorFileName}
      maxBytes={LESSEE_IMPORT_MAX_BYTES}
      maxRows={LESSEE_IMPORT_MAX_ROWS}
      columns={LESSEE_IMPORT_COLUMNS}
      subject="người thuê"
      instructions="Tải file mẫu, điền mỗi người thuê trên một dòng (người đại diện của phòng ghi “x” ở cột “Đại diện”) rồi chọn tệp để nhập. Nếu có dòng sai, không ai được thêm và bạn nhận lại tệp có cột “Lỗi”."
      rowUnit="người"
      nothingImported="Không người thuê nào được thêm."
      testIdPrefix="lessee-import"
      readResult={importResult}
      onImported={() => {
        notify.success(LESSEE_IMPORT_MESSAGES.imported);
        void revalidateTenancy();
      }}
      renderResult={(result) => <ImportedAccounts result={result} />}
    />
  );
}
