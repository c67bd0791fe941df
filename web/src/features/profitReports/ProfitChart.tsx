// Loaded on its own (React.lazy) on the profit page only: @mui/x-charts is heavy, and the table shows
// the same figures before it arrives.
import { BarChart } from '@mui/x-charts/BarChart';
import type { ProfitMonth } from '@nhatro/common';
import { formatMoney } from '../../lib/format';

const compactMoney = new Intl.NumberFormat('vi-VN', { notation: 'compact', maximumFractionDigits: 1 });

/** "2026-11" → "T11": twelve of them fit under the bars on a phone. */
function shortMonth(month: string): string {
  return `T${Number(month.slice(5, 7))}`;
}

/** Money received and expenses side by side, per month. */
export default function ProfitChart({ months }: { months: readonly ProfitMonth[] }) {
  const valueFormatter = (value: number | null) => formatMoney(value ?? 0);
  return (
    <BarChart
      height={280}
      xAxis={[{ scaleType: 'band', data: months.map((month) => shortMonth(month.month)) }]}
      yAxis={[{ valueFormatter: (value: number) => compactMoney.format(value), width: 56 }]}
      series={[
        { data: months.map((month) => month.received), label: 'Tiền thu', color: '#2e7d32', valueFormatter },
        { data: months.map((month) => month.expenses), label: 'Chi phí', color: '#c62828', valueFormatter },
      ]}
      margin={{ left: 8, right: 8 }}
    />
  );
}
