import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import type { RepresentativeAccount } from '@nhatro/common';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/toast';

/** Copies text; where the clipboard API is missing (http, old browsers) the text is selected instead. */
export async function copyText(text: string, fallbackElementID?: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const element = fallbackElementID ? document.getElementById(fallbackElementID) : null;
    if (element) {
      const range = document.createRange();
      range.selectNodeContents(element);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    }
    return false;
  }
}

function CopyableValue({ label, value, id }: { label: string; value: string; id: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(value, id)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } else {
      notify.info('Không sao chép tự động được: nội dung đã được chọn, hãy bấm giữ để sao chép.');
    }
  };
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography
          id={id}
          data-testid={id}
          sx={{ fontFamily: 'monospace', fontSize: '1.25rem', fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {value}
        </Typography>
      </Box>
      <Tooltip title={copied ? 'Đã sao chép' : `Sao chép ${label.toLowerCase()}`}>
        <IconButton onClick={() => void copy()} aria-label={`Sao chép ${label.toLowerCase()}`}>
          {copied ? <CheckOutlined color="success" /> : <ContentCopyOutlined />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * Where the code went: the tenant confirms it with a password of their own, and their account opens the
 * contract. The same for every number: the landlord never holds the tenant's password, and learns
 * nothing of an account the number may already have.
 */
function PendingLink({ account, tenantName }: { account: RepresentativeAccount; tenantName: string }) {
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        Hợp đồng đã được tạo. <strong>{tenantName}</strong> đăng nhập Nhà trọ bằng số điện thoại:
      </Typography>
      <CopyableValue label="Tên đăng nhập" value={account.username} id="tenant-account-username" />
      <Alert severity="info" sx={{ mt: 2 }} data-testid="tenant-account-link-pending">
        {`Đã gửi mã xác nhận tới ${account.sentTo} (dùng được đến ${formatDateTime(account.expiresOn)}). Người thuê mở liên kết trong tin nhắn, nhập mã và tự đặt mật khẩu; hợp đồng hiện trong tài khoản của họ từ lúc đó. Nếu họ chưa nhận được, bấm “Gửi lại mã” trên trang hợp đồng.`}
      </Alert>
    </>
  );
}

/**
 * The tenant's account, shown once after the contract is created: it cannot be closed by a stray tap,
 * only by the button that leads to the contract.
 */
export function TenantAccountDialog({
  account,
  tenantName,
  onDone,
}: {
  account: RepresentativeAccount | null;
  tenantName: string;
  onDone: () => void;
}) {
  return (
    <Dialog
      open={account !== null}
      aria-labelledby="tenant-account-title"
      data-testid="tenant-account-dialog"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="tenant-account-title">Tài khoản của người thuê</DialogTitle>
      {account !== null && (
        <DialogContent>
          <PendingLink account={account} tenantName={tenantName} />
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={onDone} data-testid="tenant-account-done">
          Xem hợp đồng
        </Button>
      </DialogActions>
    </Dialog>
  );
}
