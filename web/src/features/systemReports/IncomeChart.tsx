// Loaded on its own (React.lazy) on /hmBillManage only: @mui/x-charts is heavy, and the table shows the
// same figures before it arrives.
import { BarChart } from '@mui/x-charts/BarChart';
import { PAYMENT_TARGET_LABELS, type IncomeMonth } from '@nhatro/common';
import { formatMoney } from '../../lib/format';

const compactMoney = new Intl.NumberFormat('vi-VN', { notation: 'compact', maximumFractionDigits: 1 });

/** "2026-11" → "11/26": twelve of them fit under the bars on a phone. */
function shortMonth(month: string): string {
  return `${Number(month.slice(5, 7))}/${month.slice(2, 4)}`;
}

/** Income by month, stacked by what was paid for. */
export default function IncomeChart({ months }: { months: readonly IncomeMonth[] }) {
  const series = (['registration', 'roomPurchase', 'accountExtension'] as const).map((key) => ({
    data: months.map((month) => month[key]),
    label: PAYMENT_TARGET_LABELS[key],
    stack: 'income',
    valueFormatter: (value: number | null) => formatMoney(value ?? 0),
  }));
  return (
    <BarChart
      height={300}
      xAxis={[{ scaleType: 'band', data: months.map((month) => shortMonth(month.month)) }]}
      yAxis={[{ valueFormatter: (value: number) => compactMoney.format(value), width: 56 }]}
      series={series}
      margin={{ left: 8, right: 8 }}
    />
  );
}
