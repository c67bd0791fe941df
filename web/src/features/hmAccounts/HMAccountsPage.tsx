import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { HM_ACCOUNT_MESSAGES, MESSAGES, type HMAccount } from '@nhatro/common';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { notifyFailure } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { useListFailureToast } from '../../components/useListFailureToast';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/toast';
import { setAccountDisabled, useHMAccounts } from './hmAccountsApi';

const COLUMNS = ['Chủ trọ', 'Tên đăng nhập', 'Số phòng', 'Hạn dùng', 'Trạng thái', 'Ngày tạo', ''] as const;

function plainText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();
}

function StatusChip({ account }: { account: HMAccount }) {
  if (account.disabled) return <Chip size="small" color="default" label="Đã khóa" />;
  if (account.expired)
    return <Chip size="small" color="error" variant="outlined" label="Hết hạn (chỉ xem)" />;
  return <Chip size="small" color="success" variant="outlined" label="Đang hoạt động" />;
}

/** One landlord account: who, rooms used of the quota, until when, its state, 'Khóa' or 'Mở khóa'. */
function AccountRow({ account, onToggle }: { account: HMAccount; onToggle: (account: HMAccount) => void }) {
  return (
    <TableRow hover data-testid={`hm-account-${account.username}`}>
      <TableCell sx={{ minWidth: 160 }}>
        {account.fullName}
        {account.phoneNumber ? (
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
            {account.phoneNumber}
          </Box>
        ) : null}
      </TableCell>
      <TableCell>{account.username}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="hm-account-rooms">
        {account.roomsUsed}/{account.roomQuota} · {account.houses} nhà
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {account.accountExpiresOn
          ? formatDate(`${account.accountExpiresOn}T12:00:00+07:00`)
          : 'Không giới hạn'}
      </TableCell>
      <TableCell>
        <StatusChip account={account} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(account.createdOn)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Button
          size="small"
          color={account.disabled ? 'primary' : 'error'}
          onClick={() => onToggle(account)}
          data-testid="hm-account-toggle"
        >
          {account.disabled ? 'Mở khóa' : 'Khóa'}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/**
 * /hmAccountsManage: every landlord account with its quota, rooms used, paid term and state; the super
 * admin disables one (its sessions end at once, its staff only read) or enables it again.
 */
export function HMAccountsPage() {
  const { data, error, isLoading, mutate } = useHMAccounts();
  useListFailureToast(error);
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState<HMAccount | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = useMemo(() => {
    const needle = plainText(search.trim());
    const accounts = data?.data ?? [];
    if (needle === '') return accounts;
    return accounts.filter((account) =>
      plainText(`${account.fullName} ${account.username} ${account.phoneNumber ?? ''}`).includes(needle),
    );
  }, [data, search]);

  async function toggle(account: HMAccount) {
    setBusy(true);
    try {
      await setAccountDisabled(account.userID, !account.disabled);
      notify.success(account.disabled ? HM_ACCOUNT_MESSAGES.enabled : HM_ACCOUNT_MESSAGES.disabled);
      setConfirming(null);
    } catch (failure) {
      notifyFailure(
        account.disabled ? HM_ACCOUNT_MESSAGES.enableFailed : HM_ACCOUNT_MESSAGES.disableFailed,
        failure,
      );
    } finally {
      setBusy(false);
    }
  }

  let content;
  if (error !== undefined && data === undefined) {
    content = <ErrorState message={MESSAGES.serverError} onRetry={() => void mutate()} />;
  } else if (isLoading || data === undefined) {
    content = <Skeleton variant="rounded" height={240} aria-label="Đang tải danh sách tài khoản" />;
  } else if (data.data.length === 0) {
    content = <EmptyState title="Chưa có tài khoản chủ trọ nào" />;
  } else {
    content = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <TableContainer>
          <Table size="small" aria-label="Danh sách tài khoản chủ trọ" data-testid="hm-accounts-table">
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {column}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((account) => (
                <AccountRow key={account.userID} account={account} onToggle={setConfirming} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    );
  }

  return (
    <Box data-testid="hm-accounts-page">
      <title>Danh sách tài khoản — Nhà trọ</title>
      <PageHeader
        title="Danh sách tài khoản"
        subtitle="Tài khoản chủ trọ: số phòng đã dùng, thời hạn sử dụng, khóa và mở khóa."
        actions={
          <TextField
            size="small"
            label="Tìm theo tên, số điện thoại"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ width: { xs: '100%', sm: 280 } }}
            slotProps={{ htmlInput: { 'data-testid': 'hm-accounts-search' } }}
          />
        }
      />
      {content}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.disabled ? 'Mở khóa tài khoản?' : 'Khóa tài khoản?'}
        message={
          confirming?.disabled
            ? `${confirming.fullName} đăng nhập lại được và nhân viên của họ làm việc lại bình thường.`
            : `${confirming?.fullName ?? ''} bị đăng xuất ngay và không đăng nhập được; nhân viên của họ chỉ xem được dữ liệu. Người thuê không bị ảnh hưởng.`
        }
        confirmLabel={confirming?.disabled ? 'Mở khóa' : 'Khóa tài khoản'}
        isBusy={busy}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) void toggle(confirming);
        }}
        testId="hm-account-confirm"
      />
    </Box>
  );
}
