// Loaded on its own (React.lazy): @mui/x-charts is the heaviest thing the dashboard shows, and the
// report's figures are painted before it arrives.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { DashboardReport } from '@nhatro/common';
import { formatMoney, formatNumber } from '../../lib/format';
import { ROOM_STATUS_LABELS } from '../../lib/roomStatus';

const compactMoney = new Intl.NumberFormat('vi-VN', { notation: 'compact', maximumFractionDigits: 1 });

/** "2026-11" → "11/26": twelve of them fit under the bars on a phone. */
function shortMonth(month: string): string {
  return `${Number(month.slice(5, 7))}/${month.slice(2, 4)}`;
}

function ChartTitle({ id, children }: { id: string; children: string }) {
  return (
    <Typography variant="h3" component="h3" id={id} sx={{ fontSize: '1rem', mb: 1 }}>
      {children}
    </Typography>
  );
}

/** Rooms by status as a ring, the colours of the room chips. */
export function RoomsChart({ rooms }: { rooms: DashboardReport['rooms'] }) {
  const theme = useTheme();
  const data = [
    {
      id: 'occupied',
      value: rooms.occupied,
      label: ROOM_STATUS_LABELS.occupied,
      color: theme.palette.primary.main,
    },
    {
      id: 'reserved',
      value: rooms.reserved,
      label: ROOM_STATUS_LABELS.reserved,
      color: theme.palette.warning.main,
    },
    { id: 'empty', value: rooms.empty, label: ROOM_STATUS_LABELS.empty, color: theme.palette.success.main },
  ];
  return (
    <Box
      component="figure"
      sx={{ m: 0, minWidth: 0 }}
      aria-labelledby="report-rooms-chart"
      data-testid="report-rooms-chart"
    >
      <ChartTitle id="report-rooms-chart">Phòng theo trạng thái</ChartTitle>
      <PieChart
        height={200}
        series={[
          {
            data,
            innerRadius: 48,
            paddingAngle: 1,
            valueFormatter: (item) => `${formatNumber(item.value)} phòng`,
          },
        ]}
        slotProps={{ legend: { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } } }}
      />
    </Box>
  );
}

/** Twelve months of new charges and money received, side by side. */
export function RevenueChart({ revenue }: { revenue: DashboardReport['revenue'] }) {
  const theme = useTheme();
  return (
    <Box
      component="figure"
      sx={{ m: 0, minWidth: 0 }}
      aria-labelledby="report-revenue-chart"
      data-testid="report-revenue-chart"
    >
      <ChartTitle id="report-revenue-chart">Doanh thu 12 tháng</ChartTitle>
      <BarChart
        height={260}
        xAxis={[{ scaleType: 'band', data: revenue.map((entry) => shortMonth(entry.month)) }]}
        yAxis={[{ valueFormatter: (value: number) => compactMoney.format(value), width: 48 }]}
        series={[
          {
            id: 'billed',
            label: 'Phát sinh',
            data: revenue.map((entry) => entry.billed),
            color: theme.palette.grey[400],
            valueFormatter: (value) => formatMoney(value ?? 0),
          },
          {
            id: 'collected',
            label: 'Đã thu',
            data: revenue.map((entry) => entry.collected),
            color: theme.palette.primary.main,
            valueFormatter: (value) => formatMoney(value ?? 0),
          },
        ]}
        slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
      />
    </Box>
  );
}
