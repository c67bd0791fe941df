import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { CONTRACT_MESSAGES, LEVEL, type ContractImageVersion, type FileLink } from '@nhatro/common';
import { Fragment, useRef, useState, type ChangeEvent } from 'react';
import { ErrorState } from '../../components/DataStates';
import {
  failureText,
  isSessionExpiry,
  notifyFailure,
  serverMessage,
} from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { EmptyLine, SectionCard } from '../../components/SectionCard';
import { saveBlob } from '../../components/fileTransfer';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useSignedInSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { ContractFrame, contractTitle } from './ContractFrame';
import {
  contractDocumentLink,
  paperVersionReadUrl,
  putPaperFile,
  registerPaperVersion,
  requestPaperUpload,
  useContractImageVersions,
  type ContractDetails,
  type PaperFileType,
} from './contractsApi';

/** Scans of the paper contract: a PDF or a PNG, at most 10 MB (the API's limit for this container). */
const PAPER_MAX_BYTES = 10 * 1024 * 1024;

function paperTypeOf(file: File): PaperFileType | null {
  if (file.type === 'application/pdf' || /\.pdf$/i.test(file.name)) return 'pdf';
  if (file.type === 'image/png' || /\.png$/i.test(file.name)) return 'png';
  return null;
}

function checkPaperFile(file: File): string | null {
  if (paperTypeOf(file) === null) return 'Chỉ nhận tệp PDF hoặc ảnh PNG.';
  if (file.size > PAPER_MAX_BYTES) return 'Tệp quá lớn (tối đa 10 MB).';
  if (file.size === 0) return 'Tệp rỗng.';
  return null;
}

/**
 * Opens a URL that is only known after a request in a new tab. The tab is opened during the tap (popup
 * blockers allow that) and sent to the URL once it arrives; it is closed again when the request fails.
 */
async function openInNewTab(loadUrl: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await loadUrl();
    if (tab === null) {
      window.location.assign(url);
      return;
    }
    tab.opener = null;
    tab.location.href = url;
  } catch (error) {
    tab?.close();
    throw error;
  }
}

function fileSafeName(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .replace(/đ/gi, 'd')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'hop-dong'
  );
}

function PdfSection({ contract }: { contract: ContractDetails }) {
  const [isLoading, setIsLoading] = useState(false);
  const [link, setLink] = useState<FileLink | null>(null);
  const fileName = `hop-dong-${fileSafeName(contract.room?.roomName ?? contract.contractID)}.pdf`;

  const download = async () => {
    setIsLoading(true);
    try {
      const fresh = await contractDocumentLink(contract.contractID);
      setLink(fresh);
      let response: Response;
      try {
        response = await fetch(fresh.url);
      } catch {
        throw new Error('Không tải được tệp PDF. Vui lòng kiểm tra lại kết nối mạng.');
      }
      if (!response.ok) throw new Error(`Không tải được tệp PDF (HTTP ${response.status}).`);
      saveBlob(await response.blob(), fileName);
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Tải hợp đồng PDF thất bại!', error));
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <SectionCard id="contract-pdf" title="Hợp đồng PDF" testId="contract-pdf-section">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        Bản PDF được tạo từ nội dung hiện tại của hợp đồng
        {contract.representativeLesseeSignedOn ? ', có chữ ký của người đại diện' : ''}.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          variant="contained"
          startIcon={<PictureAsPdfOutlined />}
          onClick={() => void download()}
          loading={isLoading}
          data-testid="contract-pdf-download"
        >
          Tải hợp đồng PDF
        </Button>
        {link !== null && (
          <Link
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="contract-pdf-link"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            Mở trong thẻ mới <OpenInNewOutlined fontSize="small" />
          </Link>
        )}
      </Box>
      {link !== null && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          Liên kết dùng được đến {formatDateTime(link.expiresOn)}.
        </Typography>
      )}
    </SectionCard>
  );
}

function VersionList({ contractID }: { contractID: string }) {
  const { data, error, isLoading, mutate } = useContractImageVersions(contractID);
  const [opening, setOpening] = useState<string | null>(null);
  const versions = data?.value ?? [];

  const open = async (version: ContractImageVersion) => {
    setOpening(version.contractImageVersionID);
    try {
      await openInNewTab(() => paperVersionReadUrl(version.blobName));
    } catch (failure) {
      notifyFailure('Mở bản hợp đồng giấy thất bại!', failure);
    } finally {
      setOpening(null);
    }
  };

  if (error !== undefined && data === undefined) return <ErrorState onRetry={() => void mutate()} />;
  if (isLoading || data === undefined) {
    return (
      <Box aria-busy="true" aria-label="Đang tải các bản giấy">
        <Skeleton width="70%" />
        <Skeleton width="50%" />
      </Box>
    );
  }
  if (versions.length === 0)
    return <EmptyLine testId="paper-versions-empty">Chưa có bản hợp đồng giấy nào.</EmptyLine>;
  return (
    <Box component="ol" aria-label="Các bản hợp đồng giấy" sx={{ p: 0, m: 0 }} data-testid="paper-versions">
      {versions.map((version, index) => (
        <Fragment key={version.contractImageVersionID}>
          {index > 0 && <Divider component="li" aria-hidden sx={{ listStyle: 'none' }} />}
          <Box
            component="li"
            sx={{
              listStyle: 'none',
              py: 1.25,
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              justifyContent: 'space-between',
            }}
            data-testid={`paper-version-${version.version}`}
          >
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>Bản {formatNumber(version.version)}</Typography>
                <Chip size="small" variant="outlined" label={version.fileType.toUpperCase()} />
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {version.uploadedByName} · {formatDateTime(version.uploadedOn)}
              </Typography>
              {version.note && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {version.note}
                </Typography>
              )}
            </Box>
            <Button
              size="small"
              variant="outlined"
              startIcon={<OpenInNewOutlined />}
              onClick={() => void open(version)}
              loading={opening === version.contractImageVersionID}
              aria-label={`Xem bản ${version.version}`}
            >
              Xem
            </Button>
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

function UploadPaperForm({ contract }: { contract: ContractDetails }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [isUploading, setIsUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate } = useContractImageVersions(contract.contractID);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (chosen === null) return;
    setFile(chosen);
    setFileError(checkPaperFile(chosen));
    setFailure(null);
  };

  const upload = async () => {
    const type = file === null ? null : paperTypeOf(file);
    if (file === null || type === null || checkPaperFile(file) !== null || isUploading) return;
    setIsUploading(true);
    setFailure(null);
    try {
      const grant = await requestPaperUpload(contract.houseID, type);
      await putPaperFile(grant.uploadURL, file, type);
      const trimmed = note.trim();
      await registerPaperVersion({
        contractID: contract.contractID,
        blobName: grant.blobName,
        ...(trimmed === '' ? {} : { note: trimmed }),
      });
      notify.success(CONTRACT_MESSAGES.paperAdded);
      setFile(null);
      setNote('');
      await mutate();
    } catch (error) {
      if (isSessionExpiry(error)) return;
      setFailure(serverMessage(error));
      notify.error(CONTRACT_MESSAGES.paperFailed);
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          onClick={() => fileInput.current?.click()}
          disabled={isUploading}
          data-testid="paper-choose"
        >
          Chọn bản scan (PDF, PNG)
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/pdf,image/png,.pdf,.png"
          hidden
          onChange={choose}
          aria-label="Tệp bản hợp đồng giấy"
          data-testid="paper-file"
        />
        {file !== null && (
          <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="paper-file-name">
            {file.name} ({formatNumber(Math.max(1, Math.round(file.size / 1024)))} KB)
          </Typography>
        )}
      </Box>
      {fileError !== null && <Alert severity="warning">{fileError}</Alert>}
      <TextField
        label="Ghi chú (không bắt buộc)"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        disabled={isUploading}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'paper-note' } }}
      />
      {isUploading && <LinearProgress aria-label="Đang tải bản giấy lên" />}
      {failure !== null && (
        <Alert severity="error" data-testid="paper-error">
          {CONTRACT_MESSAGES.paperFailed}: {failure}
        </Alert>
      )}
      <Box>
        <Button
          variant="contained"
          onClick={() => void upload()}
          disabled={file === null || fileError !== null}
          loading={isUploading}
          data-testid="paper-upload"
        >
          Thêm bản giấy
        </Button>
      </Box>
    </Box>
  );
}

function DocumentOverview({ contract }: { contract: ContractDetails }) {
  const session = useSignedInSession();
  const canUpload = session.role.contractPermission >= LEVEL.create;
  const roomName = contractTitle(contract);
  return (
    <>
      <title>{`Văn bản — ${roomName} — Nhà trọ`}</title>
      <PageHeader title="Văn bản hợp đồng" subtitle={roomName} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <PdfSection contract={contract} />
        <SectionCard id="contract-paper" title="Bản hợp đồng giấy" testId="contract-paper-section">
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            Lưu bản scan hợp đồng giấy đã ký. Mỗi lần tải lên là một bản mới; các bản cũ vẫn được giữ.
          </Typography>
          {canUpload && <UploadPaperForm contract={contract} />}
          <Divider sx={{ my: 2 }} />
          <VersionList contractID={contract.contractID} />
        </SectionCard>
      </Box>
    </>
  );
}

/** /contracts/document/{id}: the generated PDF and the scanned paper versions of a contract. */
export function ContractDocumentPage() {
  return (
    <Box data-testid="contract-document-page">
      <ContractFrame title="Văn bản hợp đồng" back="contract">
        {(contract) => <DocumentOverview key={contract.contractID} contract={contract} />}
      </ContractFrame>
    </Box>
  );
}
