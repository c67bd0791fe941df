import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  LESSEE_IMPORT_COLUMNS,
  LESSEE_IMPORT_MAX_BYTES,
  LESSEE_IMPORT_MAX_ROWS,
  LESSEE_IMPORT_MESSAGES,
  type LesseeImportAccount,
  type LesseeImportResult,
} from '@nhatro/common';
import { useRef, useState, type ChangeEvent } from 'react';
import {
  attachmentName,
  fetchBinary,
  postFormWithProgress,
  readJsonBody,
  saveBlob,
} from '../../components/fileTransfer';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { FormDialog } from '../../components/FormDialog';
import { badRequestMessages, errorMessageOf } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { notify } from '../../lib/toast';
import { revalidateTenancy } from './lesseeApi';

const TEMPLATE_PATH = '/ExcelImport/Template/Lessee';
const IMPORT_PATH = '/ExcelImport/ImportLessee';
const SPREADSHEET = 'spreadsheetml';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number | null }
  | { kind: 'imported'; contracts: number; lessees: number; accounts: LesseeImportAccount[] }
  | { kind: 'rowErrors'; errorRows: number; report: Blob; fileName: string }
  | { kind: 'failed'; message: string };

function fileSizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;
}

function checkFile(file: File): string | null {
  if (!/\.xlsx$/i.test(file.name)) return 'Vui lòng chọn tệp Excel định dạng .xlsx.';
  if (file.size > LESSEE_IMPORT_MAX_BYTES) {
    return `Tệp quá lớn (tối đa ${LESSEE_IMPORT_MAX_BYTES / 1024 / 1024} MB).`;
  }
  return null;
}

function importResult(body: unknown): LesseeImportResult {
  const data =
    typeof body === 'object' && body !== null && 'data' in body
      ? (body.data as Partial<LesseeImportResult> | null)
      : null;
  return {
    contracts: Number(data?.contracts ?? 0),
    lessees: Number(data?.lessees ?? 0),
    accounts: Array.isArray(data?.accounts) ? data.accounts : [],
  };
}

/** The tenant accounts the import opened: their one-time passwords are shown here, once. */
function ImportedAccounts({ outcome }: { outcome: Extract<Outcome, { kind: 'imported' }> }) {
  return (
    <Box sx={{ mt: 2 }} data-testid="lessee-import-result">
      <Alert severity="success">
        Đã nhập {formatNumber(outcome.lessees)} người thuê vào {formatNumber(outcome.contracts)} hợp đồng.
      </Alert>
      {outcome.accounts.length > 0 && (
        <>
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            Mật khẩu một lần của tài khoản người đại diện chỉ hiện lần này. Hãy ghi lại và gửi cho từng người
            thuê; họ sẽ đổi mật khẩu ở lần đăng nhập đầu tiên.
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
                <th>Mật khẩu một lần</th>
              </tr>
            </thead>
            <tbody>
              {outcome.accounts.map((account) => (
                <tr key={account.username}>
                  <td>{account.roomName}</td>
                  <td>{account.occupantName}</td>
                  <td>{account.username}</td>
                  <td>{account.oneTimePassword}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </>
      )}
    </Box>
  );
}

function ImportLesseesForm({ houseID, onClose }: { houseID: string; onClose: () => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [isDownloadingTemplate, setIsDownloadingTemplate] = useState(false);
  const isUploading = outcome.kind === 'uploading';

  const downloadTemplate = async () => {
    setIsDownloadingTemplate(true);
    try {
      const reply = await fetchBinary(TEMPLATE_PATH);
      if (reply.status !== 200) {
        throw new Error(errorMessageOf(await readJsonBody(reply.body)) ?? `HTTP ${reply.status}`);
      }
      saveBlob(
        reply.body,
        attachmentName(reply.header('Content-Disposition'), LESSEE_IMPORT_MESSAGES.templateFileName),
      );
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Tải file mẫu thất bại!', error));
    } finally {
      setIsDownloadingTemplate(false);
    }
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (chosen === null) return;
    setFile(chosen);
    setFileError(checkFile(chosen));
    setOutcome({ kind: 'idle' });
  };

  const upload = async () => {
    if (file === null || checkFile(file) !== null || isUploading) return;
    const form = new FormData();
    form.append('houseID', houseID);
    form.append('file', file, file.name);
    setOutcome({ kind: 'uploading', progress: 0 });
    try {
      const reply = await postFormWithProgress(IMPORT_PATH, form, (progress) =>
        setOutcome({ kind: 'uploading', progress }),
      );
      if (reply.status === 200) {
        const result = importResult(await readJsonBody(reply.body));
        notify.success(LESSEE_IMPORT_MESSAGES.imported);
        void revalidateTenancy();
        setFile(null);
        setOutcome({ kind: 'imported', ...result });
        return;
      }
      if (reply.status === 400 && reply.contentType.includes(SPREADSHEET)) {
        setOutcome({
          kind: 'rowErrors',
          errorRows: Number(reply.header('X-Import-Error-Rows') ?? 0),
          report: reply.body,
          fileName: attachmentName(reply.header('Content-Disposition'), LESSEE_IMPORT_MESSAGES.errorFileName),
        });
        return;
      }
      const body = await readJsonBody(reply.body);
      const message =
        (reply.status === 400 ? badRequestMessages(body).join(' ') : errorMessageOf(body)) ||
        `Nhập người thuê thất bại (HTTP ${reply.status}).`;
      notify.error(message);
      setOutcome({ kind: 'failed', message });
    } catch (error) {
      if (isSessionExpiry(error)) return;
      const message = failureText('Nhập người thuê thất bại!', error);
      notify.error(message);
      setOutcome({ kind: 'failed', message });
    }
  };

  return (
    <>
      <DialogContent dividers>
        <Typography sx={{ mb: 1 }}>
          Tải file mẫu, điền mỗi người thuê trên một dòng (người đại diện của phòng ghi “x” ở cột “Đại diện”)
          rồi chọn tệp để nhập. Nếu có dòng sai, không ai được thêm và bạn nhận lại tệp có cột “Lỗi”.
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Cột: {LESSEE_IMPORT_COLUMNS.map((column) => column.header).join(', ')}. Tối đa{' '}
          {formatNumber(LESSEE_IMPORT_MAX_ROWS)} người mỗi lần.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button
            variant="outlined"
            startIcon={<DownloadOutlined />}
            onClick={() => void downloadTemplate()}
            loading={isDownloadingTemplate}
            data-testid="lessee-import-template"
          >
            Tải file mẫu
          </Button>
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={() => fileInput.current?.click()}
            disabled={isUploading}
            data-testid="lessee-import-choose"
          >
            Chọn tệp Excel
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            hidden
            onChange={chooseFile}
            aria-label="Tệp Excel danh sách người thuê"
            data-testid="lessee-import-file"
          />
        </Box>
        {file !== null && (
          <Typography sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="lessee-import-file-name">
            Tệp đã chọn: <strong>{file.name}</strong> ({fileSizeText(file.size)})
          </Typography>
        )}
        {fileError !== null && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {fileError}
          </Alert>
        )}
        {outcome.kind === 'uploading' && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {outcome.progress === null
                ? 'Đang kiểm tra dữ liệu…'
                : `Đang tải lên… ${Math.round(outcome.progress * 100)}%`}
            </Typography>
            <LinearProgress
              variant={outcome.progress === null ? 'indeterminate' : 'determinate'}
              value={outcome.progress === null ? undefined : outcome.progress * 100}
              aria-label="Tiến trình nhập người thuê"
            />
          </Box>
        )}
        {outcome.kind === 'imported' && <ImportedAccounts outcome={outcome} />}
        {outcome.kind === 'rowErrors' && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            data-testid="lessee-import-row-errors"
            action={
              <Button
                color="inherit"
                size="small"
                startIcon={<DownloadOutlined />}
                onClick={() => saveBlob(outcome.report, outcome.fileName)}
                data-testid="lessee-import-report"
                sx={{ whiteSpace: 'nowrap' }}
              >
                Tải báo cáo lỗi
              </Button>
            }
          >
            <AlertTitle>
              Có <span data-testid="lessee-import-error-count">{formatNumber(outcome.errorRows)}</span> dòng
              bị lỗi
            </AlertTitle>
            Không người thuê nào được thêm. Tải báo cáo lỗi, sửa các dòng có ghi chú ở cột “Lỗi” rồi nhập lại.
          </Alert>
        )}
        {outcome.kind === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="lessee-import-error">
            {outcome.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isUploading}>
          Đóng
        </Button>
        <Button
          variant="contained"
          onClick={() => void upload()}
          disabled={file === null || fileError !== null}
          loading={isUploading}
          data-testid="lessee-import-submit"
        >
          Nhập người thuê
        </Button>
      </DialogActions>
    </>
  );
}

/** 'Nhập từ Excel': template download, upload with progress, the error sheet or the new accounts. */
export function ImportLesseesDialog({
  open,
  houseID,
  onClose,
}: {
  open: boolean;
  houseID: string;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Nhập người thuê từ Excel"
      titleId="lessee-import-title"
      testId="lessee-import-dialog"
    >
      <ImportLesseesForm houseID={houseID} onClose={onClose} />
    </FormDialog>
  );
}
