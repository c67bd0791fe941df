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
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { attachmentName, fetchBinary, postFormWithProgress, readJsonBody, saveBlob } from './fileTransfer';
import { failureText, isSessionExpiry } from './mutationFeedback';
import { FormDialog } from './FormDialog';
import { badRequestMessages, errorMessageOf } from '../lib/api';
import { formatNumber } from '../lib/format';
import { notify } from '../lib/toast';

const SPREADSHEET = 'spreadsheetml';

/** One kind of Excel import of a house: where its template and upload live, its limits, its words. */
interface SheetImport<Result> {
  templatePath: string;
  importPath: string;
  /** Fallback names when the reply names no file. */
  templateFileName: string;
  reportFileName: string;
  maxBytes: number;
  maxRows: number;
  columns: readonly { readonly header: string }[];
  /** What one import adds, as in 'Nhập phòng từ Excel': 'phòng', 'người thuê'. */
  subject: string;
  /** How to fill the sheet (the dialog's first paragraph). */
  instructions: string;
  /** The unit of 'Tối đa 5.000 phòng mỗi lần.' */
  rowUnit: string;
  /** First sentence under a refused sheet: 'Không phòng nào được tạo.' */
  nothingImported: string;
  /** `room-import` gives `room-import-dialog`, `room-import-file`, … */
  testIdPrefix: string;
  /** Reads the `data` of the successful reply. */
  readResult: (data: unknown) => Result;
  /** After a successful import: the toast and the lists to refresh. */
  onImported: (result: Result) => void;
  /** Shown in the dialog after a successful import; without it the dialog closes instead. */
  renderResult?: (result: Result) => ReactNode;
}

/** What the page gives an import dialog. */
export interface SheetImportDialogProps {
  open: boolean;
  houseID: string;
  onClose: () => void;
}

type Outcome<Result> =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number | null }
  | { kind: 'imported'; result: Result }
  | { kind: 'rowErrors'; errorRows: number; report: Blob; fileName: string }
  | { kind: 'failed'; message: string };

function fileSizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;
}

function checkFile(file: File, maxBytes: number): string | null {
  if (!/\.xlsx$/i.test(file.name)) return 'Vui lòng chọn tệp Excel định dạng .xlsx.';
  if (file.size > maxBytes) return `Tệp quá lớn (tối đa ${maxBytes / 1024 / 1024} MB).`;
  return null;
}

function replyData(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
}

/** The chosen file (checked here), sending it with its progress, and what the server made of it. */
function useSheetUpload<Result>(houseID: string, sheet: SheetImport<Result>, onClose: () => void) {
  const { subject } = sheet;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome<Result>>({ kind: 'idle' });
  const isUploading = outcome.kind === 'uploading';

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (chosen === null) return;
    setFile(chosen);
    setFileError(checkFile(chosen, sheet.maxBytes));
    setOutcome({ kind: 'idle' });
  };

  const upload = async () => {
    if (file === null || checkFile(file, sheet.maxBytes) !== null || isUploading) return;
    const form = new FormData();
    form.append('houseID', houseID);
    form.append('file', file, file.name);
    setOutcome({ kind: 'uploading', progress: 0 });
    try {
      const reply = await postFormWithProgress(sheet.importPath, form, (progress) =>
        setOutcome({ kind: 'uploading', progress }),
      );
      if (reply.status === 200) {
        const result = sheet.readResult(replyData(await readJsonBody(reply.body)));
        sheet.onImported(result);
        if (sheet.renderResult === undefined) {
          onClose();
        } else {
          setFile(null);
          setOutcome({ kind: 'imported', result });
        }
        return;
      }
      if (reply.status === 400 && reply.contentType.includes(SPREADSHEET)) {
        setOutcome({
          kind: 'rowErrors',
          errorRows: Number(reply.header('X-Import-Error-Rows') ?? 0),
          report: reply.body,
          fileName: attachmentName(reply.header('Content-Disposition'), sheet.reportFileName),
        });
        return;
      }
      const body = await readJsonBody(reply.body);
      const message =
        (reply.status === 400 ? badRequestMessages(body).join(' ') : errorMessageOf(body)) ||
        `Nhập ${subject} thất bại (HTTP ${reply.status}).`;
      notify.error(message);
      setOutcome({ kind: 'failed', message });
    } catch (error) {
      if (isSessionExpiry(error)) return;
      const message = failureText(`Nhập ${subject} thất bại!`, error);
      notify.error(message);
      setOutcome({ kind: 'failed', message });
    }
  };

  return { file, fileError, outcome, isUploading, chooseFile, upload };
}

/** While sending, then the sheet's rows refused (with their report), a failure, or what was imported. */
function UploadOutcome<Result>({ outcome, sheet }: { outcome: Outcome<Result>; sheet: SheetImport<Result> }) {
  const { subject, testIdPrefix: prefix } = sheet;
  return (
    <>
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
            aria-label={`Tiến trình nhập ${subject}`}
            data-testid={`${prefix}-progress`}
          />
        </Box>
      )}
      {outcome.kind === 'imported' && sheet.renderResult?.(outcome.result)}
      {outcome.kind === 'rowErrors' && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          data-testid={`${prefix}-row-errors`}
          action={
            <Button
              color="inherit"
              size="small"
              startIcon={<DownloadOutlined />}
              onClick={() => saveBlob(outcome.report, outcome.fileName)}
              data-testid={`${prefix}-report`}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Tải báo cáo lỗi
            </Button>
          }
        >
          <AlertTitle>
            Có <span data-testid={`${prefix}-error-count`}>{formatNumber(outcome.errorRows)}</span> dòng bị
            lỗi
          </AlertTitle>
          {sheet.nothingImported} Tải báo cáo lỗi, sửa các dòng có ghi chú ở cột “Lỗi” rồi nhập lại.
        </Alert>
      )}
      {outcome.kind === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid={`${prefix}-error`}>
          {outcome.message}
        </Alert>
      )}
    </>
  );
}

function SheetImportForm<Result>({
  houseID,
  onClose,
  sheet,
}: {
  houseID: string;
  onClose: () => void;
  sheet: SheetImport<Result>;
}) {
  const { subject, testIdPrefix: prefix } = sheet;
  const fileInput = useRef<HTMLInputElement>(null);
  const [isDownloadingTemplate, setIsDownloadingTemplate] = useState(false);
  const { file, fileError, outcome, isUploading, chooseFile, upload } = useSheetUpload(
    houseID,
    sheet,
    onClose,
  );

  const downloadTemplate = async () => {
    setIsDownloadingTemplate(true);
    try {
      const reply = await fetchBinary(sheet.templatePath);
      if (reply.status !== 200) {
        throw new Error(errorMessageOf(await readJsonBody(reply.body)) ?? `HTTP ${reply.status}`);
      }
      saveBlob(reply.body, attachmentName(reply.header('Content-Disposition'), sheet.templateFileName));
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Tải file mẫu thất bại!', error));
    } finally {
      setIsDownloadingTemplate(false);
    }
  };

  return (
    <>
      <DialogContent dividers>
        <Typography sx={{ mb: 1 }}>{sheet.instructions}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Cột: {sheet.columns.map((column) => column.header).join(', ')}. Tối đa {formatNumber(sheet.maxRows)}{' '}
          {sheet.rowUnit} mỗi lần.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button
            variant="outlined"
            startIcon={<DownloadOutlined />}
            onClick={() => void downloadTemplate()}
            loading={isDownloadingTemplate}
            data-testid={`${prefix}-template`}
          >
            Tải file mẫu
          </Button>
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={() => fileInput.current?.click()}
            disabled={isUploading}
            data-testid={`${prefix}-choose`}
          >
            Chọn tệp Excel
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            hidden
            onChange={chooseFile}
            aria-label={`Tệp Excel danh sách ${subject}`}
            data-testid={`${prefix}-file`}
          />
        </Box>
        {file !== null && (
          <Typography sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid={`${prefix}-file-name`}>
            Tệp đã chọn: <strong>{file.name}</strong> ({fileSizeText(file.size)})
          </Typography>
        )}
        {fileError !== null && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {fileError}
          </Alert>
        )}
        <UploadOutcome outcome={outcome} sheet={sheet} />
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
          data-testid={`${prefix}-submit`}
        >
          Nhập {subject}
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * 'Nhập … từ Excel' of one house: template download, a checked .xlsx upload with progress, the refused
 * sheet with its “Lỗi” column to download, then either closes or shows what was imported.
 */
export function SheetImportDialog<Result>({
  open,
  houseID,
  onClose,
  ...sheet
}: SheetImport<Result> & SheetImportDialogProps) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={`Nhập ${sheet.subject} từ Excel`}
      titleId={`${sheet.testIdPrefix}-title`}
      testId={`${sheet.testIdPrefix}-dialog`}
    >
      <SheetImportForm houseID={houseID} onClose={onClose} sheet={sheet} />
    </FormDialog>
  );
}
