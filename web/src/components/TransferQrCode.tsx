import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { VIETNAM_BANKS } from '@nhatro/common';
import { useEffect, useState } from 'react';
import { formatMoney } from '../lib/format';
import { notify } from '../lib/toast';

/** The fields of a VietQR (NAPAS EMVCo) text that a person checks before paying. */
export interface TransferDetails {
  bankBin: string | null;
  accountNumber: string | null;
  amount: number | null;
  note: string | null;
}

/** EMVCo is a chain of ID (2 digits), length (2 digits), value; templates nest the same way. */
function readFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at + 4 <= text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!Number.isInteger(length) || at + 4 + length > text.length) break;
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** Bank, account, amount and note written in a VietQR text (null where a field is absent). */
export function readTransferQr(payload: string): TransferDetails {
  const top = readFields(payload);
  const beneficiary = readFields(readFields(top.get('38') ?? '').get('01') ?? '');
  const amount = top.has('54') ? Number(top.get('54')) : null;
  return {
    bankBin: beneficiary.get('00') ?? null,
    accountNumber: beneficiary.get('01') ?? null,
    amount: amount !== null && Number.isFinite(amount) ? amount : null,
    note: readFields(top.get('62') ?? '').get('08') ?? null,
  };
}

function bankLabel(bin: string | null): string {
  if (bin === null) return '—';
  const bank = VIETNAM_BANKS.find((candidate) => candidate.bin === bin);
  return bank === undefined ? `Mã ngân hàng ${bin}` : `${bank.shortName} — ${bank.name}`;
}

type QrImage = { state: 'loading' } | { state: 'ready'; src: string } | { state: 'failed' };

/** Draws the QR code; the `qrcode` library is fetched only when a code is shown. */
function useQrImage(payload: string): QrImage {
  const [image, setImage] = useState<{ payload: string; result: QrImage }>({
    payload,
    result: { state: 'loading' },
  });
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      let result: QrImage;
      try {
        // A CommonJS package: its functions are the default export.
        const library = (await import('qrcode')).default;
        const src = await library.toDataURL(payload, {
          errorCorrectionLevel: 'M',
          margin: 2,
          width: 480,
          color: { dark: '#000000', light: '#ffffff' },
        });
        result = { state: 'ready', src };
      } catch (error) {
        console.error('[qr] không vẽ được mã QR', error);
        result = { state: 'failed' };
      }
      if (!cancelled) setImage({ payload, result });
    })();
    return () => {
      cancelled = true;
    };
  }, [payload]);
  return image.payload === payload ? image.result : { state: 'loading' };
}

async function copy(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

function CopyableValue({ value, label, testId }: { value: string | null; label: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  if (value === null) return <>—</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Box component="span" sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Box>
      <Tooltip title={copied ? 'Đã sao chép' : `Sao chép ${label.toLowerCase()}`}>
        <IconButton
          size="small"
          className="no-print"
          aria-label={`Sao chép ${label.toLowerCase()}`}
          onClick={() =>
            void copy(value).then((done) => {
              if (!done) {
                notify.info('Không sao chép tự động được: hãy chọn và sao chép.');
                return;
              }
              setCopied(true);
              window.setTimeout(() => setCopied(false), 2000);
            })
          }
        >
          {copied ? (
            <CheckOutlined fontSize="inherit" color="success" />
          ) : (
            <ContentCopyOutlined fontSize="inherit" />
          )}
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * A bank-transfer QR code (VietQR) with what it says beside it: bank, account number, amount and the
 * transfer note, so the payer can check them, or type them when their app does not scan.
 */
export function TransferQrCode({
  payload,
  accountName,
  testId = 'transfer-qr',
  size = 200,
}: {
  /** The VietQR (NAPAS EMVCo) text the server computed (`transferQR`). */
  payload: string;
  /** The account holder's name, when the page knows it (the QR code does not carry it). */
  accountName?: string | undefined;
  testId?: string;
  /** Width of the code on screen, in CSS pixels. */
  size?: number;
}) {
  const image = useQrImage(payload);
  const details = readTransferQr(payload);
  const rows = [
    { label: 'Ngân hàng', value: <>{bankLabel(details.bankBin)}</>, key: 'bank' },
    {
      label: 'Số tài khoản',
      value: (
        <CopyableValue value={details.accountNumber} label="Số tài khoản" testId={`${testId}-account`} />
      ),
      key: 'account',
    },
    ...(accountName ? [{ label: 'Chủ tài khoản', value: <>{accountName}</>, key: 'holder' }] : []),
    {
      label: 'Số tiền',
      value: (
        <span data-testid={`${testId}-amount`}>
          {details.amount === null ? '—' : formatMoney(details.amount)}
        </span>
      ),
      key: 'amount',
    },
    {
      label: 'Nội dung chuyển khoản',
      value: <CopyableValue value={details.note} label="Nội dung" testId={`${testId}-note`} />,
      key: 'note',
    },
  ];

  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: { xs: 1.5, sm: 3 },
        justifyContent: { xs: 'center', sm: 'flex-start' },
      }}
    >
      <Box
        sx={{
          width: size,
          height: size,
          flexShrink: 0,
          bgcolor: '#fff',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {image.state === 'ready' && (
          <Box
            component="img"
            src={image.src}
            alt="Mã QR chuyển khoản (VietQR)"
            data-testid={`${testId}-image`}
            data-payload={payload}
            sx={{ width: '100%', height: '100%', display: 'block', imageRendering: 'pixelated' }}
          />
        )}
        {image.state === 'loading' && (
          <Skeleton variant="rectangular" width={size} height={size} aria-label="Đang tạo mã QR" />
        )}
        {image.state === 'failed' && (
          <Typography variant="body2" sx={{ color: 'text.secondary', p: 2, textAlign: 'center' }}>
            Không tạo được mã QR. Hãy chuyển khoản theo thông tin bên cạnh.
          </Typography>
        )}
      </Box>
      <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
          {rows.map((row) => (
            <Box key={row.key} sx={{ minWidth: 0 }}>
              <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
                {row.label}
              </Box>
              <Box component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {row.value}
              </Box>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }} className="no-print">
          Mở ứng dụng ngân hàng và quét mã: số tiền và nội dung đã điền sẵn.
        </Typography>
      </Box>
    </Box>
  );
}
