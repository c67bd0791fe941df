import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { MESSAGES, PAYMENT_TARGET_LABELS, type IncomeMonth } from '@nhatro/common';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { notifyFailure } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { useListFailureToast } from '../../components/useListFailureToast';
import { dayjs, formatDateTime, formatMoney, formatNumber, VIETNAM_TIME_ZONE } from '../../lib/format';
import {
  allPlatformPayments,
  useIncomeHistory,
  usePlatformPayments,
  type MonthRange,
} from './systemReportsApi';

const IncomeChart = lazy(() => import('./IncomeChart'));

const PAGE_SIZE = 10;

/** The last twelve months, or a calendar year. */
type Period = 'last12' | `${number}`;

function rangeOf(period: Period): MonthRange {
  const now = dayjs().tz(VIETNAM_TIME_ZONE);
  if (period === 'last12')
    return { from: now.subtract(11, 'month').format('YYYY-MM'), to: now.format('YYYY-MM') };
  return { from: `${period}-01`, to: `${period}-12` };
}

function periods(): Array<{ value: Period; label: string }> {
  const year = dayjs().tz(VIETNAM_TIME_ZONE).year();
  return [
    { value: 'last12', label: '12 tháng gần nhất' },
    ...[year, year - 1, year - 2].map((value) => ({ value: `${value}` as Period, label: `Năm ${value}` })),
  ];
}

function shownMonth(month: string): string {
  return `${month.slice(5)}/${month.slice(0, 4)}`;
}

function MonthsTable({ months }: { months: readonly IncomeMonth[] }) {
  const total = (key: 'registration' | 'roomPurchase' | 'accountExtension' | 'total') =>
    months.reduce((sum, month) => sum + month[key], 0);
  const money = { align: 'right', sx: { whiteSpace: 'nowrap' } } as const;
  return (
    <TableContainer>
      <Table size="small" aria-label="Thu nhập theo tháng" data-testid="income-months">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>Tháng</TableCell>
            <TableCell {...money} sx={{ fontWeight: 700 }}>
              Đăng ký
            </TableCell>
            <TableCell {...money} sx={{ fontWeight: 700 }}>
              Mua thêm phòng
            </TableCell>
            <TableCell {...money} sx={{ fontWeight: 700 }}>
              Gia hạn
            </TableCell>
            <TableCell {...money} sx={{ fontWeight: 700 }}>
              Tổng
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...months].reverse().map((month) => (
            <TableRow key={month.month} data-testid={`income-month-${month.month}`}>
              <TableCell>{shownMonth(month.month)}</TableCell>
              <TableCell {...money}>{formatMoney(month.registration)}</TableCell>
              <TableCell {...money}>{formatMoney(month.roomPurchase)}</TableCell>
              <TableCell {...money}>{formatMoney(month.accountExtension)}</TableCell>
              <TableCell {...money} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {formatMoney(month.total)}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>Cộng</TableCell>
            <TableCell {...money}>{formatMoney(total('registration'))}</TableCell>
            <TableCell {...money}>{formatMoney(total('roomPurchase'))}</TableCell>
            <TableCell {...money}>{formatMoney(total('accountExtension'))}</TableCell>
            <TableCell {...money} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="income-total">
              {formatMoney(total('total'))}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Payments({ range }: { range: MonthRange }) {
  const [page, setPage] = useState(0);
  const { data, error, isLoading, mutate } = usePlatformPayments(range, page, PAGE_SIZE);
  useListFailureToast(error);
  if (error && !data) return <ErrorState message={MESSAGES.serverError} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Skeleton variant="rounded" height={200} aria-label="Đang tải giao dịch" />;
  if (data.value.length === 0) return <EmptyState title="Chưa có khoản thanh toán nào trong thời gian này" />;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Các khoản thanh toán" data-testid="income-payments">
          <TableHead>
            <TableRow>
              {['Thời gian', 'Khoản', 'Nội dung', 'Người trả', 'Số tiền', 'Mã VNPay'].map((column) => (
                <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.value.map((payment) => (
              <TableRow key={payment.paymentID} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(payment.confirmedOn)}</TableCell>
                <TableCell>{PAYMENT_TARGET_LABELS[payment.target]}</TableCell>
                <TableCell>{payment.description}</TableCell>
                <TableCell>{payment.payerName}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(payment.amount)}
                </TableCell>
                <TableCell>{payment.gatewayTransactionNo ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
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
    </>
  );
}

function Card({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, overflow: 'hidden' }}>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 1,
          mb: 1.5,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/**
 * /hmBillManage: the platform's income: by month (a chart, loaded with @mui/x-charts on this page only,
 * and a table), every confirmed payment (server-paged), and the .xlsx export (exceljs loaded on click).
 */
export function IncomePage() {
  const [period, setPeriod] = useState<Period>('last12');
  const range = useMemo(() => rangeOf(period), [period]);
  const { data, error, isLoading, mutate } = useIncomeHistory(range);
  useListFailureToast(error);
  const [exporting, setExporting] = useState(false);
  const months = data?.value ?? [];

  async function exportWorkbook() {
    setExporting(true);
    try {
      const [{ exportIncome }, payments] = await Promise.all([
        import('./exportIncome'),
        allPlatformPayments(range),
      ]);
      await exportIncome(months, payments, `thu-nhap-${range.from}-den-${range.to}.xlsx`);
    } catch (failure) {
      notifyFailure('Xuất Excel thất bại!', failure);
    } finally {
      setExporting(false);
    }
  }

  let byMonth: ReactNode;
  if (error && !data) byMonth = <ErrorState message={MESSAGES.serverError} onRetry={() => void mutate()} />;
  else if (isLoading || !data)
    byMonth = <Skeleton variant="rounded" height={300} aria-label="Đang tải thu nhập" />;
  else
    byMonth = (
      <>
        <Box sx={{ minHeight: 300 }} data-testid="income-chart">
          <Suspense fallback={<Skeleton variant="rounded" height={300} aria-label="Đang tải biểu đồ" />}>
            <IncomeChart months={months} />
          </Suspense>
        </Box>
        <MonthsTable months={months} />
      </>
    );

  return (
    <Box data-testid="income-page" sx={{ display: 'grid', gap: 2 }}>
      <title>Thu nhập — Nhà trọ</title>
      <PageHeader
        title="Thu nhập"
        subtitle="Phí đăng ký, mua thêm phòng và gia hạn mà chủ trọ đã thanh toán qua VNPay."
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label="Thời gian"
              value={period}
              onChange={(event) => setPeriod(event.target.value as Period)}
              sx={{ minWidth: 200 }}
              slotProps={{ htmlInput: { 'data-testid': 'income-period' } }}
            >
              {periods().map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              onClick={() => void exportWorkbook()}
              loading={exporting}
              disabled={!data}
              data-testid="income-export"
            >
              Xuất Excel
            </Button>
          </Box>
        }
      />
      <Card title="Thu nhập theo tháng">{byMonth}</Card>
      <Card title="Các khoản thanh toán">
        <Payments key={`${range.from}-${range.to}`} range={range} />
      </Card>
    </Box>
  );
}
