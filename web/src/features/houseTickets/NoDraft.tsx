import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../components/DataStates';
import { useBillingSummary } from '../../lib/api/resources/houseTickets';
import { formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';

function monthText(month: string): string {
  const [year, monthNumber] = month.split('-');
  return `${Number(monthNumber)}/${year}`;
}

/**
 * /billDraft without a draft: once this month is issued, it says so and leads to the month's bills;
 * before, 'Lập bảng kê tháng này' drafts it now.
 */
export function NoDraft({
  houseID,
  creating,
  createError,
  onCreate,
}: {
  houseID: string | null;
  creating: boolean;
  createError: string | null;
  onCreate: () => void;
}) {
  const { data: summary } = useBillingSummary(houseID);
  if (houseID !== null && summary === undefined) return <Skeleton variant="rounded" height={160} />;
  if (summary !== undefined && summary.billsIssued > 0) {
    return (
      <EmptyState
        title={`Đã phát hành hóa đơn tháng ${monthText(summary.month)}`}
        description={
          `${formatNumber(summary.billsIssued)} hóa đơn, tổng ${formatMoney(summary.amountIssued)}; ` +
          `${formatNumber(summary.billsUnpaid)} hóa đơn chưa thanh toán xong. ` +
          'Bảng kê tháng sau được lập vào ngày chốt hóa đơn.'
        }
        action={
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.monthlyBills({ month: summary.month })}
            data-testid="draft-issued-bills-link"
          >
            Xem hóa đơn tháng {monthText(summary.month)}
          </Button>
        }
      />
    );
  }
  return (
    <>
      {createError !== null && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="draft-create-error">
          {createError}
        </Alert>
      )}
      <EmptyState
        title="Chưa có bảng kê nháp"
        description="Bảng kê tháng được lập tự động vào ngày chốt hóa đơn. Bạn có thể lập ngay bây giờ."
        action={
          <Button variant="contained" onClick={onCreate} loading={creating} data-testid="draft-create">
            Lập bảng kê tháng này
          </Button>
        }
      />
    </>
  );
}
