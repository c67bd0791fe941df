import { Row } from '../../components/RowList';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DEBT_EVENT_KIND_LABELS, type ContractDebt } from '@nhatro/common';
import { useState } from 'react';
import { ErrorState } from '../../components/DataStates';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { SectionCard } from '../../components/SectionCard';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { notify } from '../../lib/toast';
import { balanceText, overdueText } from './debtRules';
import { setDebtPause, TIMELINE_PAGE, useContractDebt } from './debtsApi';

function Figure({
  label,
  value,
  testId,
  tone,
}: {
  label: string;
  value: string;
  testId: string;
  tone?: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, color: tone }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function PauseSwitch({ debt }: { debt: ContractDebt }) {
  const [busy, setBusy] = useState(false);
  const paused = debt.reminderPause?.paused === true;
  const toggle = async (next: boolean) => {
    setBusy(true);
    try {
      const saved = await setDebtPause(debt.contractID, next);
      notify.success(
        saved.message ?? (next ? 'Đã tạm dừng nhắc nợ tự động.' : 'Đã bật lại nhắc nợ tự động.'),
      );
    } catch (failure) {
      if (!isSessionExpiry(failure)) notify.error(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={!paused}
            disabled={busy}
            onChange={(event) => void toggle(!event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'debt-pause-help' } }}
            data-testid="debt-reminders-switch"
          />
        }
        label="Tự động nhắc nợ"
      />
      <Typography id="debt-pause-help" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
        {paused
          ? `Đã tạm dừng lúc ${formatDateTime(debt.reminderPause?.changedOn)}.`
          : `Nhắc người thuê khi khoản nợ cũ nhất quá hạn hơn ${debt.reminderAfterDays} ngày, ` +
            `${debt.reminderEveryDays} ngày một lần (Zalo, SMS, email).`}
      </Typography>
    </Box>
  );
}

function OpenDebts({ debt }: { debt: ContractDebt }) {
  if (debt.openDebts.length === 0)
    return <Typography data-testid="debt-open-empty">Không có khoản nào còn nợ.</Typography>;
  return (
    <Box
      component="ol"
      sx={{ m: 0, p: 0, listStyle: 'none' }}
      aria-label="Khoản còn nợ, cũ nhất trước"
      data-testid="debt-open-list"
    >
      {debt.openDebts.map((open) => (
        <Row key={open.sourceID}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{open.label}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Hạn {formatDate(open.dueDate)}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right' }}>
            <Typography sx={{ fontWeight: 700, color: 'error.main' }}>{formatMoney(open.owed)}</Typography>
            <Chip
              size="small"
              color={
                open.daysOverdue > debt.reminderAfterDays
                  ? 'error'
                  : open.daysOverdue > 0
                    ? 'warning'
                    : 'default'
              }
              label={overdueText(open)}
            />
          </Box>
        </Row>
      ))}
    </Box>
  );
}

function Timeline({
  debt,
  page,
  onPage,
}: {
  debt: ContractDebt;
  page: number;
  onPage: (page: number) => void;
}) {
  if (debt.timelineTotal === 0) return <Typography>Chưa có hóa đơn hay khoản phí nào.</Typography>;
  const pages = Math.ceil(debt.timelineTotal / TIMELINE_PAGE);
  return (
    <>
      <Box
        component="ol"
        sx={{ m: 0, p: 0, listStyle: 'none' }}
        aria-label="Diễn biến công nợ"
        data-testid="debt-timeline"
      >
        {debt.timeline.map((event, index) => (
          <Box
            component="li"
            key={`${event.sourceID}-${event.date}-${index}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr) auto',
              gap: 1,
              py: 0.75,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {event.label}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {DEBT_EVENT_KIND_LABELS[event.kind]} · {formatDate(event.date)}
              </Typography>
            </Box>
            <Box sx={{ textAlign: 'right' }}>
              <Typography
                variant="body2"
                sx={{ fontWeight: 600, color: event.amount < 0 ? 'success.main' : 'text.primary' }}
              >
                {event.amount < 0 ? '−' : '+'}
                {formatMoney(Math.abs(event.amount))}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Số dư {formatMoney(event.balance)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page + 1}
          onChange={(_event, next) => onPage(next - 1)}
          sx={{ mt: 1 }}
        />
      )}
    </>
  );
}

/**
 * 'Công nợ' of a contract (issue 26 §3): the balance, open credit, the debts still open oldest first and
 * the timeline; whoever may remind also pauses the automatic reminders. The tenant sees their own.
 */
export function ContractDebtSection({
  contractID,
  houseID,
  canPause,
}: {
  contractID: string;
  /** The contract's house, when the page knows it: the API reads the contract and its debts in one query. */
  houseID?: string;
  canPause: boolean;
}) {
  const [page, setPage] = useState(0);
  const { data, error, mutate } = useContractDebt(contractID, page, houseID);
  let body;
  if (error !== undefined && data === undefined) body = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined)
    body = <Skeleton variant="rounded" height={120} aria-label="Đang tải công nợ" />;
  else
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))' }}>
          <Figure
            label="Số dư"
            value={balanceText(data.balance)}
            testId="debt-balance"
            tone={data.balance > 0 ? 'error.main' : 'text.primary'}
          />
          <Figure label="Còn nợ" value={formatMoney(data.owed)} testId="debt-owed" />
          <Figure label="Tiền dư chưa trừ" value={formatMoney(data.openCredit)} testId="debt-credit" />
        </Box>
        {canPause && <PauseSwitch debt={data} />}
        <Box>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
            Khoản còn nợ (cũ nhất trước)
          </Typography>
          <OpenDebts debt={data} />
        </Box>
        <Box>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
            Diễn biến
          </Typography>
          <Timeline debt={data} page={page} onPage={setPage} />
        </Box>
      </Box>
    );
  return (
    <SectionCard id="contract-debts" title="Công nợ" testId="contract-debts">
      {body}
    </SectionCard>
  );
}
