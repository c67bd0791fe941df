import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BANK_FEED_PROVIDER_LABELS,
  BANK_FEED_PROVIDER_MESSAGES,
  cassoConnectSchema,
  type BankFeedConnection,
} from '@nhatro/common';
import { useState, type ReactNode } from 'react';
import { ErrorState } from '../../components/DataStates';
import { SectionCard } from '../../components/SectionCard';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/toast';
import { connectCasso, connectSepay, disconnectBankFeed, useBankFeedConnections } from './bankTransfersApi';

/** A value to copy into the provider's settings, selectable in one tap. */
function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography
          data-testid={testId}
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', userSelect: 'all', flex: '1 1 240px' }}
        >
          {value}
        </Typography>
        <Button
          size="small"
          onClick={() => {
            navigator.clipboard.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Đã sao chép' : 'Sao chép'}
        </Button>
      </Box>
    </Box>
  );
}

function ProviderCard({ connection, children }: { connection: BankFeedConnection; children: ReactNode }) {
  const label = BANK_FEED_PROVIDER_LABELS[connection.provider];
  return (
    <Box
      data-testid={`bank-feed-${connection.provider}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Chip
          size="small"
          color={connection.connected ? 'success' : 'default'}
          label={connection.connected ? 'Đã kết nối' : 'Chưa kết nối'}
        />
        {connection.connected && connection.hint && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Khóa …{connection.hint}
            {connection.connectedOn ? ` · ${formatDateTime(connection.connectedOn)}` : ''}
          </Typography>
        )}
      </Box>
      {connection.webhookUrl && (
        <Copyable
          label="Đường dẫn webhook"
          value={connection.webhookUrl}
          testId={`bank-feed-${connection.provider}-url`}
        />
      )}
      {children}
    </Box>
  );
}

function SepayCard({ connection }: { connection: BankFeedConnection }) {
  const [apiKey, setApiKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      const reply = await connectSepay();
      setApiKey(reply.apiKey);
      notify.success(BANK_FEED_PROVIDER_MESSAGES.sepayConnected);
    } catch {
      // The API client already showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <ProviderCard connection={connection}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Trên my.sepay.vn, thêm webhook &quot;có tiền vào&quot; với đường dẫn trên, kiểu chứng thực API Key và
        dán khóa API dưới đây.
      </Typography>
      {apiKey && (
        <Alert severity="warning" data-testid="bank-feed-sepay-key-once">
          <Copyable label="Khóa API (chỉ hiện một lần)" value={apiKey} testId="bank-feed-sepay-key" />
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => void create()}
          data-testid="bank-feed-sepay-create"
        >
          {connection.connected ? 'Tạo khóa mới (khóa cũ ngừng dùng)' : 'Tạo khóa API'}
        </Button>
        {connection.connected && <DisconnectButton provider="sepay" onDone={() => setApiKey(null)} />}
      </Box>
    </ProviderCard>
  );
}

function CassoCard({ connection }: { connection: BankFeedConnection }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const parsed = cassoConnectSchema.safeParse({ checksumKey: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Khóa checksum không hợp lệ.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await connectCasso(parsed.data.checksumKey);
      setValue('');
      notify.success(BANK_FEED_PROVIDER_MESSAGES.cassoConnected);
    } catch {
      // The API client already showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <ProviderCard connection={connection}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Trên casso.vn, thêm tích hợp Webhook (v2) với đường dẫn Casso hiện ở đây sau khi lưu, rồi dán khóa
        checksum (checksum key) Casso cấp vào ô dưới. Khóa được mã hóa khi lưu và không hiện lại.
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label={connection.connected ? 'Khóa checksum mới' : 'Khóa checksum của Casso'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error !== null}
          helperText={error ?? ' '}
          autoComplete="off"
          slotProps={{ htmlInput: { 'data-testid': 'bank-feed-casso-key' } }}
          sx={{ flex: '1 1 260px' }}
        />
        <Button type="submit" variant="contained" disabled={busy} data-testid="bank-feed-casso-save">
          {connection.connected ? 'Thay khóa' : 'Kết nối Casso'}
        </Button>
        {connection.connected && <DisconnectButton provider="casso" />}
      </Box>
    </ProviderCard>
  );
}

function DisconnectButton({ provider, onDone }: { provider: 'sepay' | 'casso'; onDone?: () => void }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button
        color="error"
        onClick={() => setConfirming(true)}
        data-testid={`bank-feed-${provider}-disconnect`}
      >
        Ngắt kết nối
      </Button>
    );
  }
  return (
    <Button
      color="error"
      variant="contained"
      data-testid={`bank-feed-${provider}-disconnect-confirm`}
      onClick={() => {
        disconnectBankFeed(provider).then(
          () => {
            notify.success(BANK_FEED_PROVIDER_MESSAGES.disconnected);
            onDone?.();
          },
          () => setConfirming(false),
        );
      }}
    >
      Bấm lần nữa để ngắt {BANK_FEED_PROVIDER_LABELS[provider]}
    </Button>
  );
}

/**
 * The landlord's own SePay or Casso account on the account page: transfers into their bank account are
 * reported to Nhà trọ and credited to the bill whose code the note carries (docs/bank-feed.md). The money
 * goes straight to the landlord's bank.
 */
export function BankFeedConnectionsSection() {
  const { data, error, isLoading, mutate } = useBankFeedConnections();
  let content;
  if (data !== undefined) {
    const sepay = data.data.find((connection) => connection.provider === 'sepay');
    const casso = data.data.find((connection) => connection.provider === 'casso');
    content = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography sx={{ color: 'text.secondary' }}>
          Kết nối SePay hoặc Casso với tài khoản ngân hàng trong thông tin chủ trọ: khi người thuê chuyển
          khoản bằng mã QR trên hóa đơn, hóa đơn tự ghi nhận đã thanh toán. Tiền vào thẳng tài khoản của bạn.
        </Typography>
        {sepay && <SepayCard connection={sepay} />}
        {casso && <CassoCard connection={casso} />}
      </Box>
    );
  } else if (error !== undefined && !isLoading) content = <ErrorState onRetry={() => void mutate()} />;
  else content = <Skeleton variant="rounded" height={160} aria-label="Đang tải kết nối ngân hàng" />;
  return (
    <SectionCard id="bank-feed" title="Nhận chuyển khoản tự động" testId="bank-feed-section">
      {content}
    </SectionCard>
  );
}
