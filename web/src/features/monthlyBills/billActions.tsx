import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyFailure, serverMessage } from '../../components/mutationFeedback';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/toast';
import {
  createBillShareLink,
  fetchBillPdf,
  revokeBillShareLink,
  type BillShareLink,
} from './monthlyBillsApi';

export const SHARE_TEXTS = {
  copied: 'Đã tạo và sao chép liên kết hóa đơn.',
  created: 'Đã tạo liên kết hóa đơn: hãy sao chép và gửi cho người thuê.',
  failed: 'Tạo liên kết thất bại!',
  revoked: 'Đã thu hồi liên kết hóa đơn.',
  revokeFailed: 'Thu hồi liên kết thất bại!',
} as const;

const PDF_WAITING_TEXT = 'Đang tạo hóa đơn PDF…';

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens the PDF in a tab opened at the tap (a tab opened after an awaited request is a blocked pop-up,
 * notably on phones); without a tab the file is saved instead.
 */
async function openPdf(monthlyBillID: string, fileName: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab !== null) {
    try {
      tab.document.title = PDF_WAITING_TEXT;
      tab.document.body.textContent = PDF_WAITING_TEXT;
    } catch {
      // Only a courtesy while the file is prepared.
    }
  }
  try {
    const blob = await fetchBillPdf(monthlyBillID);
    const url = URL.createObjectURL(blob);
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    if (tab !== null && !tab.closed) {
      tab.location.href = url;
      return;
    }
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.click();
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** 'In hóa đơn' and 'Tải PDF' (everyone who sees the bill). */
export function PrintAndPdfButtons({ monthlyBillID, billName }: { monthlyBillID: string; billName: string }) {
  const [isFetching, setIsFetching] = useState(false);
  const download = async () => {
    setIsFetching(true);
    try {
      await openPdf(monthlyBillID, `${billName.replace(/[\\/:*?"<>|]+/g, '-')}.pdf`);
    } catch (error) {
      notifyFailure('Tải hóa đơn PDF thất bại!', error);
    } finally {
      setIsFetching(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PrintOutlined />}
        onClick={() => window.print()}
        data-testid="bill-print"
      >
        In hóa đơn
      </Button>
      <Button
        variant="outlined"
        startIcon={<PictureAsPdfOutlined />}
        onClick={() => void download()}
        loading={isFetching}
        loadingPosition="start"
        data-testid="bill-pdf"
      >
        Tải PDF
      </Button>
    </>
  );
}

/**
 * 'Chia sẻ': makes a 7-day link that shows the bill without an account, copies it and keeps it shown (a new
 * link replaces the previous one); 'Thu hồi liên kết' stops the link the bill holds. `onChanged` reads the
 * bill again (the link changes its ETag and `guestLinkExpiresOn`).
 */
export function useShareLink(monthlyBillID: string, onChanged: () => void) {
  const [link, setLink] = useState<BillShareLink | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const [isRevoking, setIsRevoking] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const create = async () => {
    setIsCreating(true);
    try {
      const created = await createBillShareLink(monthlyBillID);
      setLink(created);
      onChanged();
      notify.success((await copyToClipboard(created.url)) ? SHARE_TEXTS.copied : SHARE_TEXTS.created);
    } catch (error) {
      notifyFailure(SHARE_TEXTS.failed, error);
    } finally {
      setIsCreating(false);
    }
  };
  const revoke = async (): Promise<boolean> => {
    setIsRevoking(true);
    setRevokeError(null);
    try {
      await revokeBillShareLink(monthlyBillID);
      setLink(null);
      onChanged();
      notify.success(SHARE_TEXTS.revoked);
      return true;
    } catch (error) {
      setRevokeError(serverMessage(error));
      notifyFailure(SHARE_TEXTS.revokeFailed, error);
      return false;
    } finally {
      setIsRevoking(false);
    }
  };
  return { link, isCreating, create, isRevoking, revokeError, revoke };
}

/** 'Thu hồi liên kết' beside 'Chia sẻ', asking first: the link sent to the tenant stops opening the bill. */
export function RevokeLinkButton({
  isRevoking,
  error,
  onRevoke,
}: {
  isRevoking: boolean;
  error: string | null;
  onRevoke: () => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        color="error"
        startIcon={<LinkOffOutlined />}
        onClick={() => setOpen(true)}
        data-testid="bill-share-revoke"
      >
        Thu hồi liên kết
      </Button>
      <ConfirmDialog
        open={open}
        title="Thu hồi liên kết"
        message="Liên kết xem hóa đơn đã gửi sẽ không mở được nữa. Người nhận cần liên kết mới để xem hóa đơn."
        confirmLabel="Thu hồi liên kết"
        isBusy={isRevoking}
        error={error}
        onConfirm={() => void onRevoke().then((done) => done && setOpen(false))}
        onClose={() => setOpen(false)}
        testId="bill-share-revoke-dialog"
      />
    </>
  );
}

export function ShareLinkButton({ isCreating, onClick }: { isCreating: boolean; onClick: () => void }) {
  return (
    <Button
      variant="outlined"
      startIcon={<ShareOutlined />}
      onClick={onClick}
      loading={isCreating}
      loadingPosition="start"
      data-testid="bill-share"
    >
      Chia sẻ
    </Button>
  );
}

/** The link just made: readable, selectable, with a copy button and its expiry. */
export function ShareLinkBox({ link }: { link: BillShareLink }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyToClipboard(link.url)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } else notify.info('Không sao chép tự động được: hãy chọn liên kết và sao chép.');
  };
  return (
    <Alert
      severity="success"
      icon={false}
      className="no-print"
      data-testid="bill-share-link"
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography sx={{ fontWeight: 600, mb: 1 }}>Liên kết xem hóa đơn (gửi qua Zalo, tin nhắn…)</Typography>
      <TextField
        id="bill-share-url"
        label="Liên kết"
        value={link.url}
        fullWidth
        size="small"
        onFocus={(event) => event.target.select()}
        slotProps={{
          htmlInput: { readOnly: true, 'data-testid': 'bill-share-url' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={copied ? 'Đã sao chép' : 'Sao chép liên kết'}>
                  <IconButton onClick={() => void copy()} aria-label="Sao chép liên kết" edge="end">
                    {copied ? <CheckOutlined color="success" /> : <ContentCopyOutlined />}
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ mt: 1 }}>
        <Typography variant="body2" data-testid="bill-share-expiry">
          Người nhận xem được hóa đơn và mã QR mà không cần đăng nhập, đến {formatDateTime(link.expiresOn)}.
        </Typography>
      </Box>
    </Alert>
  );
}
