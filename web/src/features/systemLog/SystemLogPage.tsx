import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_LATEST_LOGS,
  DEFAULT_ROLES,
  logsFromToQuerySchema,
  MESSAGES,
  isRoleID,
  logActionText,
  type SystemLog,
} from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { useListFailureToast } from '../../components/useListFailureToast';
import { dayjs, formatDateTime, formatNumber, VIETNAM_TIME_ZONE } from '../../lib/format';
import { useSystemLog, type LogQuery } from './systemLogApi';
import { DateField } from '../../components/dates/DateField';

const PAGE_SIZE = 25;

function today(): string {
  return dayjs().tz(VIETNAM_TIME_ZONE).format('YYYY-MM-DD');
}

function PeriodForm({ onShow }: { onShow: (query: LogQuery) => void }) {
  const [from, setFrom] = useState(() =>
    dayjs().tz(VIETNAM_TIME_ZONE).subtract(6, 'day').format('YYYY-MM-DD'),
  );
  const [to, setTo] = useState(today);
  const checked = logsFromToQuerySchema.safeParse({ from, to });
  const error = checked.success ? '' : (checked.error.issues[0]?.message ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (checked.success) onShow({ kind: 'period', ...checked.data });
  }
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Xem nhật ký theo ngày"
      sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}
    >
      <DateField size="small" label="Từ ngày" value={from} onChange={setFrom} testId="log-from" />
      <DateField
        size="small"
        label="Đến ngày"
        value={to}
        onChange={setTo}
        error={error !== ''}
        helperText={error || ' '}
        testId="log-to"
      />
      <Button type="submit" variant="contained" disabled={!checked.success} data-testid="log-period-submit">
        Xem
      </Button>
    </Box>
  );
}

function LogTable({ query, onUser }: { query: LogQuery; onUser: (entry: SystemLog) => void }) {
  const [page, setPage] = useState(0);
  const { data, error, isLoading, mutate } = useSystemLog(query, page, PAGE_SIZE);
  useListFailureToast(error);
  if (error && !data) return <ErrorState message={MESSAGES.serverError} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Skeleton variant="rounded" height={320} aria-label="Đang tải nhật ký" />;
  if (data.value.length === 0) return <EmptyState title="Không có hoạt động nào" />;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TableContainer>
        <Table size="small" aria-label="Nhật ký hệ thống" data-testid="system-log-table">
          <TableHead>
            <TableRow>
              {['Thời gian', 'Người dùng', 'Hoạt động', 'Mã đối tượng', 'Địa chỉ IP'].map((column) => (
                <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.value.map((entry) => (
              <TableRow key={entry.logID} hover data-testid="system-log-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</TableCell>
                <TableCell>
                  {entry.userID && entry.username ? (
                    <Link
                      component="button"
                      type="button"
                      onClick={() => onUser(entry)}
                      sx={{ textAlign: 'left' }}
                    >
                      {entry.username}
                    </Link>
                  ) : (
                    <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                      {entry.username ?? 'Khách'}
                    </Typography>
                  )}
                  {isRoleID(entry.roleID) && (
                    <Box
                      component="span"
                      sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}
                    >
                      {DEFAULT_ROLES[entry.roleID].roleName}
                    </Box>
                  )}
                </TableCell>
                <TableCell>{logActionText(entry.action, entry.entity)}</TableCell>
                <TableCell
                  sx={{
                    fontFamily: 'monospace',
                    fontSize: '0.8125rem',
                    overflowWrap: 'anywhere',
                    maxWidth: 220,
                  }}
                >
                  {entry.entityID ?? ''}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.ip}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {query.kind !== 'latest' && (
        <TablePagination
          component="div"
          count={data['@odata.count'] ?? data.value.length}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_, next) => setPage(next)}
          labelDisplayedRows={({ from, to, count }) =>
            `${formatNumber(from)}–${formatNumber(to)} trong ${formatNumber(count)}`
          }
        />
      )}
    </Paper>
  );
}

/**
 * /systemLog: the audit trail for the super admin: the latest 50 entries (spec §9), whole days, or one
 * user's entries (click a username).
 */
export function SystemLogPage() {
  const [query, setQuery] = useState<LogQuery>({ kind: 'latest' });
  const tab = query.kind;
  return (
    <Box data-testid="system-log-page">
      <title>Nhật ký hệ thống — Nhà trọ</title>
      <PageHeader
        title="Nhật ký hệ thống"
        subtitle="Ai đã làm gì, lúc nào và từ đâu: đăng nhập, thêm, sửa, xóa, duyệt."
      />
      <Tabs
        value={tab}
        onChange={(_, next: LogQuery['kind']) => {
          if (next === 'latest') setQuery({ kind: 'latest' });
          if (next === 'period') setQuery({ kind: 'period', from: today(), to: today() });
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        <Tab
          value="latest"
          label={`${DEFAULT_LATEST_LOGS} hoạt động mới nhất`}
          data-testid="log-tab-latest"
        />
        <Tab value="period" label="Theo ngày" data-testid="log-tab-period" />
        {query.kind === 'user' && <Tab value="user" label={`Của ${query.username}`} />}
      </Tabs>
      {query.kind === 'period' && <PeriodForm onShow={setQuery} />}
      {query.kind === 'user' && (
        <Chip
          label={`Người dùng: ${query.username}`}
          onDelete={() => setQuery({ kind: 'latest' })}
          sx={{ mb: 2 }}
          data-testid="log-user-filter"
        />
      )}
      <LogTable
        key={JSON.stringify(query)}
        query={query}
        onUser={(entry) =>
          setQuery({ kind: 'user', userID: entry.userID ?? '', username: entry.username ?? '' })
        }
      />
    </Box>
  );
}
