import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BANK_FEED_PROVIDER_LABELS,
  BANK_TRANSFER_MESSAGES,
  BANK_TRANSFER_STATUS_LABELS,
  bankTransferAssignSchema,
  type BankTransferStatus,
} from '@nhatro/common';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FormDialog, useEntitySave } from '../../components/crud';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { notify } from '../../lib/toast';
import { notifyFailure } from '../../components/mutationFeedback';
import {
  assignTransfer,
  dismissTransfer,
  useBankTransfers,
  type BankTransferReply,
} from './bankTransfersApi';

const PAGE_SIZE = 10;

const TABS: ReadonlyArray<{ value: BankTransferStatus | 'all'; label: string }> = [
  { value: 'unmatched', label: 'Chưa khớp' },
  { value: 'matched', label: 'Đã tự khớp' },
  { value: 'assigned', label: 'Đã gán' },
  { value: 'dismissed', label: 'Đã bỏ qua' },
  { value: 'all', label: 'Tất cả' },
];

const STATUS_COLORS: Record<BankTransferStatus, 'default' | 'success' | 'warning' | 'info'> = {
  received: 'default',
  matched: 'success',
  assigned: 'info',
  unmatched: 'warning',
  dismissed: 'default',
};

function AssignDialog({ transfer, onClose }: { transfer: BankTransferReply | null; onClose: () => void }) {
  const titleId = useId();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const { isSaving, save } = useEntitySave();
  const checked = bankTransferAssignSchema.shape.billCode.safeParse(code);
  const error = touched && !checked.success ? (checked.error.issues[0]?.message ?? '') : '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!transfer || !checked.success) return;
    const done = await save(() => assignTransfer(transfer.bankTransferID, checked.data), {
      successText: BANK_TRANSFER_MESSAGES.assigned,
      failureText: 'Gán giao dịch thất bại!',
    });
    if (done) onClose();
  }

  return (
    <FormDialog
      open={transfer !== null}
      onClose={onClose}
      title="Gán vào hóa đơn"
      titleId={titleId}
      testId="assign-dialog"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogContent>
          {transfer && (
            <Typography sx={{ mb: 2 }}>
              {formatMoney(transfer.amount)} ngày {formatDateTime(transfer.transactedOn)}
              {transfer.senderName ? ` từ ${transfer.senderName}` : ''}. Nhập mã của hóa đơn hoặc khoản phí
              (in trên hóa đơn, bắt đầu bằng NT).
            </Typography>
          )}
          <TextField
            id="assign-bill-code"
            label="Mã hóa đơn"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onBlur={() => setTouched(true)}
            error={error !== ''}
            helperText={error || 'Ví dụ: NTABCD2345'}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'assign-bill-code', autoCapitalize: 'characters' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Đóng</Button>
          <Button type="submit" variant="contained" loading={isSaving} data-testid="assign-submit">
            Gán vào hóa đơn
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}

function TransferRow({
  transfer,
  onAssign,
}: {
  transfer: BankTransferReply;
  onAssign: (transfer: BankTransferReply) => void;
}) {
  const [busy, setBusy] = useState(false);
  const waiting = transfer.status === 'unmatched' || transfer.status === 'dismissed';

  async function dismiss() {
    setBusy(true);
    try {
      await dismissTransfer(transfer.bankTransferID);
      notify.success(BANK_TRANSFER_MESSAGES.dismissed);
    } catch (error) {
      notifyFailure('Bỏ qua giao dịch thất bại!', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`transfer-${transfer.transactionID}`}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
            {formatMoney(transfer.amount)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {formatDateTime(transfer.transactedOn)} · Mã GD {transfer.transactionID}
            {transfer.senderName ? ` · ${transfer.senderName}` : ''}
            {transfer.provider ? ` · qua ${BANK_FEED_PROVIDER_LABELS[transfer.provider]}` : ''}
          </Typography>
        </Box>
        <Chip
          size="small"
          color={STATUS_COLORS[transfer.status]}
          label={BANK_TRANSFER_STATUS_LABELS[transfer.status]}
        />
      </Box>
      <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        Nội dung: <strong>{transfer.description || '(trống)'}</strong>
      </Typography>
      {transfer.unmatchedReason && transfer.status !== 'matched' && transfer.status !== 'assigned' && (
        <Typography variant="body2" sx={{ mt: 0.5, color: 'warning.dark' }}>
          {transfer.unmatchedReason}
        </Typography>
      )}
      {transfer.targetID && transfer.target && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Đã ghi vào{' '}
          <Link
            component={RouterLink}
            to={
              transfer.target === 'monthlyBill'
                ? paths.monthlyBill(transfer.targetID)
                : paths.oneTimeCharge(transfer.targetID)
            }
          >
            {transfer.targetName ?? 'hóa đơn'}
          </Link>
        </Typography>
      )}
      {waiting && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
          {transfer.amount > 0 && (
            <Button variant="contained" onClick={() => onAssign(transfer)} data-testid="transfer-assign">
              Gán vào hóa đơn
            </Button>
          )}
          {transfer.status === 'unmatched' && (
            <Button onClick={() => void dismiss()} disabled={busy} data-testid="transfer-dismiss">
              Bỏ qua (không phải tiền phòng)
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}

/**
 * /bankTransfers: the transfers the bank feed reported to the landlord's account. Those whose note named
 * a bill were credited by themselves; the others wait here to be assigned to a bill or set aside.
 */
export function BankTransfersPage() {
  const [status, setStatus] = useState<BankTransferStatus | 'all'>('unmatched');
  const [page, setPage] = useState(0);
  const [assigning, setAssigning] = useState<BankTransferReply | null>(null);
  const { data, error, isLoading, mutate } = useBankTransfers(status, page, PAGE_SIZE);
  const pages = Math.ceil((data?.['@odata.count'] ?? 0) / PAGE_SIZE);

  let content;
  if (error && !data) content = <ErrorState onRetry={() => void mutate()} />;
  else if (isLoading || !data)
    content = (
      <Box aria-busy="true" aria-label="Đang tải giao dịch" sx={{ display: 'grid', gap: 1.5 }}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={112} />
        ))}
      </Box>
    );
  else if (data.value.length === 0)
    content = (
      <EmptyState
        title={status === 'unmatched' ? 'Không có chuyển khoản nào chờ đối soát' : 'Chưa có giao dịch'}
        description="Chuyển khoản có mã hóa đơn trong nội dung được ghi vào hóa đơn tự động."
      />
    );
  else
    content = (
      <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="transfer-list">
        {data.value.map((transfer) => (
          <TransferRow key={transfer.bankTransferID} transfer={transfer} onAssign={setAssigning} />
        ))}
      </Box>
    );

  return (
    <>
      <title>Đối soát chuyển khoản — Nhà trọ</title>
      <PageHeader
        title="Đối soát chuyển khoản"
        subtitle="Tiền chuyển vào tài khoản của bạn: có mã hóa đơn thì tự ghi vào hóa đơn, không thì chờ bạn gán."
      />
      <Tabs
        value={status}
        onChange={(_, next: BankTransferStatus | 'all') => {
          setStatus(next);
          setPage(0);
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.value}
            value={tab.value}
            label={tab.label}
            data-testid={`transfers-tab-${tab.value}`}
          />
        ))}
      </Tabs>
      {content}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page + 1}
          onChange={(_, next) => setPage(next - 1)}
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          getItemAriaLabel={(type, number) =>
            type === 'page' ? `Trang ${number}` : type === 'next' ? 'Trang sau' : 'Trang trước'
          }
        />
      )}
      <AssignDialog transfer={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}
