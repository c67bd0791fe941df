import { Row, RowList } from '../../components/RowList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MoneyOffOutlined from '@mui/icons-material/MoneyOffOutlined';
import type { HouseDebts } from '@nhatro/common';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '../../components/DataStates';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { houseDebtsKeys, useHouseDebts } from '../../lib/api/resources/debts';
import { formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { notify } from '../../lib/toast';
import { reminderDaysProblems } from './debtRules';
import { setDebtReminderDays } from './debtsApi';

/** The landlord's two numbers: days late before a debt is flagged and reminded, days between reminders. */
function ReminderDaysForm({ houseID, debts }: { houseID: string; debts: HouseDebts }) {
  const [after, setAfter] = useState(String(debts.reminderAfterDays));
  const [every, setEvery] = useState(String(debts.reminderEveryDays));
  const [shown, setShown] = useState<{ after?: string; every?: string }>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const checked = reminderDaysProblems({ after, every });
    setShown(checked);
    if (!checked.values) return;
    setBusy(true);
    try {
      await setDebtReminderDays(houseID, checked.values);
      notify.success('Đã lưu cài đặt nhắc nợ.');
    } catch (failure) {
      if (!isSessionExpiry(failure)) notify.error(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mb: 1 }}
      data-testid="debt-reminder-settings"
    >
      <TextField
        size="small"
        id="debt-reminder-after"
        label="Nhắc khi quá hạn hơn (ngày)"
        value={after}
        onChange={(event) => setAfter(event.target.value)}
        error={shown.after !== undefined}
        helperText={shown.after}
        sx={{ width: { xs: '100%', sm: 220 } }}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'debt-reminder-after' } }}
      />
      <TextField
        size="small"
        id="debt-reminder-every"
        label="Nhắc lại sau mỗi (ngày)"
        value={every}
        onChange={(event) => setEvery(event.target.value)}
        error={shown.every !== undefined}
        helperText={shown.every}
        sx={{ width: { xs: '100%', sm: 200 } }}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'debt-reminder-every' } }}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={busy}
        sx={{ minHeight: 40 }}
        data-testid="debt-reminder-save"
      >
        Lưu
      </Button>
    </Box>
  );
}

/**
 * The dashboard's 'Nợ quá N ngày' (issue 26 §3): contracts whose oldest debt is more than the house's days
 * late, oldest first, each with its room, tenant, amount and age; the landlord also sets the days.
 */
export function OverdueDebtsCard({ houseID, canSetDays }: { houseID: string | null; canSetDays: boolean }) {
  const { data, error, mutate } = useHouseDebts(houseID === null ? null : houseDebtsKeys.flagged(houseID));
  if (houseID === null) return null;
  let body;
  if (error !== undefined && data === undefined) body = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined)
    body = <Skeleton variant="rounded" height={40} aria-label="Đang tải công nợ" />;
  else if (data.rows.length === 0)
    body = (
      <Typography data-testid="overdue-debts-empty">
        Không có phòng nào nợ quá {data.reminderAfterDays} ngày.
      </Typography>
    );
  else
    body = (
      <RowList>
        {data.rows.map((row) => (
          <Row key={row.contractID} testId={`overdue-debt-${row.roomName}`}>
            <Box sx={{ minWidth: 0 }}>
              <Link component={RouterLink} to={paths.contract(row.contractID)} sx={{ fontWeight: 600 }}>
                Phòng {row.roomName}
              </Link>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {row.tenantName || 'Chưa có tên người thuê'}
                {row.remindersPaused ? ' · đã tạm dừng nhắc' : ''}
              </Typography>
            </Box>
            <Box sx={{ textAlign: 'right' }}>
              <Typography sx={{ fontWeight: 700, color: 'error.main' }}>{formatMoney(row.owed)}</Typography>
              <Chip size="small" color="error" label={`Quá hạn ${row.oldestDaysOverdue ?? 0} ngày`} />
            </Box>
          </Row>
        ))}
      </RowList>
    );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="overdue-debts-title"
      sx={{ p: 2, mb: 3 }}
      data-testid="overdue-debts"
    >
      <Typography
        variant="h2"
        id="overdue-debts-title"
        sx={{ fontSize: '1.125rem', display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}
      >
        <MoneyOffOutlined fontSize="small" color="error" aria-hidden />
        {data ? `Nợ quá ${data.reminderAfterDays} ngày` : 'Nợ quá hạn'}
        {data && data.total > 0 && <Chip size="small" color="error" label={data.total} />}
      </Typography>
      {canSetDays && data && (
        <ReminderDaysForm
          key={`${data.reminderAfterDays}-${data.reminderEveryDays}`}
          houseID={houseID}
          debts={data}
        />
      )}
      {body}
    </Paper>
  );
}
