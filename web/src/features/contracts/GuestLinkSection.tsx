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
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import type { GuestLink } from '@nhatro/common';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/crud';
import { notifyFailure, serverMessage } from '../../components/mutationFeedback';
import { SectionCard } from '../../components/SectionCard';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/toast';
import { createGuestLink, revokeGuestLink } from './contractsApi';
import { copyText } from './TenantAccountDialog';

export const GUEST_LINK_TEXTS = {
  created: 'Đã tạo liên kết ký hợp đồng.',
  createFailed: 'Tạo liên kết thất bại!',
  revoked: 'Đã thu hồi liên kết ký hợp đồng.',
  revokeFailed: 'Thu hồi liên kết thất bại!',
} as const;

/** The link (selected on focus, copied with its button) and when it expires. */
function LinkField({ link }: { link: GuestLink }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(link.url, 'guest-link-url')) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } else notify.info('Không sao chép tự động được: hãy chọn liên kết và sao chép.');
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 1.5 }} data-testid="guest-link">
      <TextField
        id="guest-link-url"
        label="Liên kết"
        value={link.url}
        fullWidth
        size="small"
        onFocus={(event) => event.target.select()}
        slotProps={{
          htmlInput: { readOnly: true, 'data-testid': 'guest-link-url' },
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
      <Typography variant="body2" data-testid="guest-link-expiry">
        Hết hạn lúc {formatDateTime(link.expiresOn)}
      </Typography>
    </Box>
  );
}

/**
 * 'Liên kết ký hợp đồng': a 7-day link the representative opens without an account to read and sign the
 * contract. A new link replaces the old one; 'Thu hồi liên kết' stops the current one. The server never
 * shows a link again, so it is shown here right after it is made.
 */
export function GuestLinkSection({
  contractID,
  title,
  signedOn,
}: {
  contractID: string;
  /** "Hợp đồng phòng P101". */
  title: string;
  signedOn: string | undefined;
}) {
  const [link, setLink] = useState<GuestLink | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const [isRevoking, setIsRevoking] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const create = async () => {
    setIsCreating(true);
    try {
      setLink(await createGuestLink(contractID));
      notify.success(GUEST_LINK_TEXTS.created);
    } catch (error) {
      notifyFailure(GUEST_LINK_TEXTS.createFailed, error);
    } finally {
      setIsCreating(false);
    }
  };

  const revoke = async () => {
    setIsRevoking(true);
    setRevokeError(null);
    try {
      await revokeGuestLink(contractID);
      setLink(null);
      setConfirmOpen(false);
      notify.success(GUEST_LINK_TEXTS.revoked);
    } catch (error) {
      setRevokeError(serverMessage(error));
      notifyFailure(GUEST_LINK_TEXTS.revokeFailed, error);
    } finally {
      setIsRevoking(false);
    }
  };

  const share = async () => {
    if (link === null) return;
    try {
      await navigator.share({
        title,
        text: `${title}: mời bạn xem và ký hợp đồng qua liên kết sau.`,
        url: link.url,
      });
    } catch {
      // Closing the share sheet is not a failure.
    }
  };

  return (
    <SectionCard
      id="contract-guest-link"
      title="Ký hợp đồng qua liên kết"
      testId="contract-guest-link-section"
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {signedOn
          ? `Người đại diện đã ký lúc ${formatDateTime(signedOn)}. Liên kết vẫn cho xem và tải hợp đồng đã ký.`
          : 'Gửi liên kết để người đại diện xem và ký hợp đồng trên điện thoại, không cần đăng nhập. Liên kết dùng được 7 ngày; tạo liên kết mới sẽ vô hiệu liên kết cũ.'}
      </Typography>
      {link !== null && <LinkField key={link.url} link={link} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant={link === null ? 'contained' : 'outlined'}
          startIcon={<LinkOutlined />}
          onClick={() => void create()}
          loading={isCreating}
          data-testid="guest-link-create"
        >
          {link === null ? 'Liên kết ký hợp đồng' : 'Tạo liên kết mới'}
        </Button>
        {link !== null && canShare && (
          <Button variant="contained" startIcon={<ShareOutlined />} onClick={() => void share()}>
            Chia sẻ
          </Button>
        )}
        <Button
          color="error"
          startIcon={<LinkOffOutlined />}
          onClick={() => {
            setRevokeError(null);
            setConfirmOpen(true);
          }}
          data-testid="guest-link-revoke"
        >
          Thu hồi liên kết
        </Button>
      </Box>
      {link === null && (
        <Alert severity="info" variant="outlined" sx={{ mt: 1.5 }}>
          Vì an toàn, liên kết chỉ hiện một lần khi tạo. Nếu đã gửi liên kết trước đó, bạn có thể thu hồi nó ở
          đây.
        </Alert>
      )}
      <ConfirmDialog
        open={confirmOpen}
        title="Thu hồi liên kết"
        message="Liên kết ký hợp đồng đang có sẽ không mở được nữa. Người thuê cần liên kết mới để xem và ký."
        confirmLabel="Thu hồi liên kết"
        isBusy={isRevoking}
        error={revokeError}
        onConfirm={() => void revoke()}
        onClose={() => setConfirmOpen(false)}
        testId="guest-link-revoke-dialog"
      />
    </SectionCard>
  );
}
