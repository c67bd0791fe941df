import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { DashboardReport } from '@nhatro/common';
import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { loadReportCharts, useDashboardReport } from './dashboardReportApi';

const RoomsChart = lazy(() => loadReportCharts().then((module) => ({ default: module.RoomsChart })));
const RevenueChart = lazy(() => loadReportCharts().then((module) => ({ default: module.RevenueChart })));

const percent = new Intl.NumberFormat('vi-VN', { style: 'percent', maximumFractionDigits: 0 });

/** `yyyy-mm-dd` → `dd/mm/yyyy` (a calendar day: no time zone to convert). */
function dayText(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

function Figure({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail: string;
  testId: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.25rem', overflowWrap: 'anywhere' }}>{value}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {detail}
      </Typography>
    </Box>
  );
}

function ChartSlot({ height, label, children }: { height: number; label: string; children: ReactNode }) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={height} aria-label={label} />}>
      {children}
    </Suspense>
  );
}

function EndingContracts({ ending }: { ending: DashboardReport['contractsEnding'] }) {
  return (
    <Box component="section" aria-labelledby="report-ending-title" data-testid="report-ending">
      <Typography variant="h3" component="h3" id="report-ending-title" sx={{ fontSize: '1rem', mb: 1 }}>
        Hợp đồng hết hạn trong 30 ngày ({formatNumber(ending.count)})
      </Typography>
      {ending.count === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>Không có hợp đồng nào sắp hết hạn.</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
          {ending.items.map((item) => (
            <Box
              component="li"
              key={item.contractID}
              sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}
            >
              <Link component={RouterLink} to={paths.contract(item.contractID)} sx={{ fontWeight: 600 }}>
                {item.roomName || 'Phòng'}
                {item.representativeName ? ` — ${item.representativeName}` : ''}
              </Link>
              <Typography
                variant="body2"
                sx={{ color: item.daysLeft <= 7 ? 'warning.dark' : 'text.secondary' }}
              >
                {dayText(item.endDate)} ({item.daysLeft === 0 ? 'hôm nay' : `còn ${item.daysLeft} ngày`})
              </Typography>
            </Box>
          ))}
          {ending.count > ending.items.length && (
            <Typography component="li" variant="body2" sx={{ color: 'text.secondary' }}>
              và {formatNumber(ending.count - ending.items.length)} hợp đồng khác
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

function ReportBody({ report }: { report: DashboardReport }) {
  const { rooms, thisMonth, openIssues } = report;
  const hasRevenue = report.revenue.some((entry) => entry.billed !== 0 || entry.collected !== 0);
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        <Figure
          label="Tỉ lệ lấp đầy"
          value={percent.format(rooms.occupancy)}
          detail={`${formatNumber(rooms.occupied)}/${formatNumber(rooms.total)} phòng đang thuê`}
          testId="report-occupancy"
        />
        <Figure
          label="Phát hành tháng này"
          value={formatMoney(thisMonth.billed)}
          detail={`${formatNumber(thisMonth.bills)} hóa đơn`}
          testId="report-billed"
        />
        <Figure
          label="Đã thu"
          value={formatMoney(thisMonth.paid)}
          detail={`${formatNumber(thisMonth.billsPaid)} hóa đơn trả đủ`}
          testId="report-paid"
        />
        <Figure
          label="Còn nợ"
          value={formatMoney(thisMonth.unpaid)}
          detail={`${formatNumber(thisMonth.bills - thisMonth.billsPaid)} hóa đơn chưa trả đủ`}
          testId="report-unpaid"
        />
        <Figure
          label="Sự cố chưa xong"
          value={formatNumber(openIssues.total)}
          detail={`${formatNumber(openIssues.received)} mới, ${formatNumber(openIssues.inProgress)} đang xử lý`}
          testId="report-issues"
        />
      </Box>
      <Box
        sx={{
          mt: 3,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' },
        }}
      >
        {rooms.total === 0 ? (
          <EmptyState title="Chưa có phòng" description="Thêm phòng để xem tỉ lệ lấp đầy." />
        ) : (
          <ChartSlot height={228} label="Đang tải biểu đồ phòng">
            <RoomsChart rooms={rooms} />
          </ChartSlot>
        )}
        {hasRevenue ? (
          <ChartSlot height={288} label="Đang tải biểu đồ doanh thu">
            <RevenueChart revenue={report.revenue} />
          </ChartSlot>
        ) : (
          <EmptyState
            title="Chưa có doanh thu"
            description="Biểu đồ doanh thu hiện khi có hóa đơn hoặc khoản thu trong 12 tháng qua."
          />
        )}
      </Box>
      <Box sx={{ mt: 3 }}>
        <EndingContracts ending={report.contractsEnding} />
      </Box>
    </>
  );
}

/** The landlord's report of the chosen house: figures first, the charts when their chunk arrives. */
export function DashboardReportCard({ houseID }: { houseID: string | null }) {
  const { data, error, mutate } = useDashboardReport(houseID);
  useEffect(() => {
    if (houseID !== null) loadReportCharts().catch(() => undefined);
  }, [houseID]);
  if (houseID === null) return null;

  let body;
  if (error !== undefined && data === undefined) {
    body = <ErrorState onRetry={() => void mutate()} />;
  } else if (data === undefined) {
    body = <Skeleton variant="rounded" height={360} aria-label="Đang tải báo cáo" />;
  } else {
    body = <ReportBody report={data} />;
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="dashboard-report-title"
      aria-busy={data === undefined && error === undefined}
      sx={{ p: 2, mb: 3 }}
      data-testid="dashboard-report"
    >
      <Typography variant="h2" id="dashboard-report-title" sx={{ fontSize: '1.125rem', mb: 2 }}>
        Báo cáo nhà trọ
      </Typography>
      {body}
    </Paper>
  );
}
