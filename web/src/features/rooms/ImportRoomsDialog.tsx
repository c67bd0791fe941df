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
import { ROOM_IMPORT_COLUMNS, ROOM_IMPORT_MAX_BYTES, ROOM_IMPORT_MAX_ROWS } from '@nhatro/common';
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
import { revalidateRoomLists } from './roomApi';

const TEMPLATE_PATH = '/ExcelImport/Template/EmptyRooms';
const IMPORT_PATH = '/ExcelImport/ImportEmptyRooms';
const TEMPLATE_FILE_NAME = 'mau-nhap-phong-trong.xlsx';
const REPORT_FILE_NAME = 'loi-nhap-phong.xlsx';
const SPREADSHEET = 'spreadsheetml';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number | null }
  | { kind: 'rowErrors'; errorRows: number; report: Blob; fileName: string }
  | { kind: 'failed'; message: string };

function importedText(created: number): string {
  return `Nhập thành công ${formatNumber(created)} phòng từ Excel!`;
}

function fileSizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;
}

function checkFile(file: File): string | null {
  if (!/\.xlsx$/i.test(file.name)) return 'Vui lòng chọn tệp Excel định dạng .xlsx.';
  if (file.size > ROOM_IMPORT_MAX_BYTES) {
    return `Tệp quá lớn (tối đa ${ROOM_IMPORT_MAX_BYTES / 1024 / 1024} MB).`;
  }
  return null;
}

function ImportRoomsForm({ houseID, onClose }: { houseID: string; onClose: () => void }) {
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
      saveBlob(reply.body, attachmentName(reply.header('Content-Disposition'), TEMPLATE_FILE_NAME));
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
        const body = await readJsonBody(reply.body);
        const created =
          typeof body === 'object' && body !== null && 'data' in body
            ? Number((body.data as { created?: unknown } | null)?.created ?? 0)
            : 0;
        notify.success(importedText(created));
        void revalidateRoomLists(houseID);
        onClose();
        return;
      }
      if (reply.status === 400 && reply.contentType.includes(SPREADSHEET)) {
        setOutcome({
          kind: 'rowErrors',
          errorRows: Number(reply.header('X-Import-Error-Rows') ?? 0),
          report: reply.body,
          fileName: attachmentName(reply.header('Content-Disposition'), REPORT_FILE_NAME),
        });
        return;
      }
      const body = await readJsonBody(reply.body);
      const message =
        (reply.status === 400 ? badRequestMessages(body).join(' ') : errorMessageOf(body)) ||
        `Nhập phòng thất bại (HTTP ${reply.status}).`;
      notify.error(message);
      setOutcome({ kind: 'failed', message });
    } catch (error) {
      if (isSessionExpiry(error)) return;
      const message = failureText('Nhập phòng thất bại!', error);
      notify.error(message);
      setOutcome({ kind: 'failed', message });
    }
  };

  return (
    <>
      <DialogContent dividers>
        <Typography sx={{ mb: 1 }}>
          Tải file mẫu, điền mỗi phòng trên một dòng rồi chọn tệp để nhập. Nếu có dòng sai, không phòng nào
          được tạo và bạn nhận lại tệp có cột “Lỗi”.
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Cột: {ROOM_IMPORT_COLUMNS.map((column) => column.header).join(', ')}. Tối đa{' '}
          {formatNumber(ROOM_IMPORT_MAX_ROWS)} phòng mỗi lần.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button
            variant="outlined"
            startIcon={<DownloadOutlined />}
            onClick={() => void downloadTemplate()}
            loading={isDownloadingTemplate}
            data-testid="room-import-template"
          >
            Tải file mẫu
          </Button>
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={() => fileInput.current?.click()}
            disabled={isUploading}
            data-testid="room-import-choose"
          >
            Chọn tệp Excel
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            hidden
            onChange={chooseFile}
            aria-label="Tệp Excel danh sách phòng"
            data-testid="room-import-file"
          />
        </Box>
        {file !== null && (
          <Typography sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="room-import-file-name">
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
              aria-label="Tiến trình nhập phòng"
              data-testid="room-import-progress"
            />
          </Box>
        )}
        {outcome.kind === 'rowErrors' && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            data-testid="room-import-row-errors"
            action={
              <Button
                color="inherit"
                size="small"
                startIcon={<DownloadOutlined />}
                onClick={() => saveBlob(outcome.report, outcome.fileName)}
                data-testid="room-import-report"
                sx={{ whiteSpace: 'nowrap' }}
              >
                Tải báo cáo lỗi
              </Button>
            }
          >
            <AlertTitle>
              Có <span data-testid="room-import-error-count">{formatNumber(outcome.errorRows)}</span> dòng bị
              lỗi
            </AlertTitle>
            Không phòng nào được tạo. Tải báo cáo lỗi, sửa các dòng có ghi chú ở cột “Lỗi” rồi nhập lại.
          </Alert>
        )}
        {outcome.kind === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="room-import-error">
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
          data-testid="room-import-submit"
        >
          Nhập phòng
        </Button>
      </DialogActions>
    </>
  );
}

/** 'Nhập từ Excel': template download, upload with progress, error report download. */
export function ImportRoomsDialog({
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
      title="Nhập phòng từ Excel"
      titleId="room-import-title"
      testId="room-import-dialog"
    >
      <ImportRoomsForm houseID={houseID} onClose={onClose} />
    </FormDialog>
  );
}
