import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { BillingSummary } from '@nhatro/common';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '../../components/DataStates';
import { useBillingSummary } from '../../lib/api/resources/houseTickets';
import { formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { PastEndContracts } from './PastEndContracts';

function monthText(month: string): string {
  const [year, monthNumber] = month.split('-');
  return `${Number(monthNumber)}/${year}`;
}

/** A figure of the month; it opens the month's bills with the matching filter. */
function Figure({
  label,
  value,
  detail,
  to,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  to: string;
  testId: string;
}) {
  return (
    <CardActionArea
      component={RouterLink}
      to={to}
      sx={{ minWidth: 0, borderRadius: 1, p: 1, m: -1, width: 'auto' }}
      data-testid={testId}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>{value}</Typography>
      {detail !== undefined && (
        <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {detail}
        </Typography>
      )}
    </CardActionArea>
  );
}

function SummaryBody({ summary, canManage }: { summary: BillingSummary; canManage: boolean }) {
  const progress = summary.rooms === 0 ? 0 : (summary.readingsDone / summary.rooms) * 100;
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography data-testid="billing-readings">
          Chỉ số điện nước: <strong>{formatNumber(summary.readingsDone)}</strong>/
          {formatNumber(summary.rooms)} phòng
        </Typography>
        {summary.readingsDone < summary.rooms && (
          <Button size="small" component={RouterLink} to={paths.meterRecords}>
            Ghi chỉ số
          </Button>
        )}
      </Box>
      <LinearProgress variant="determinate" value={progress} sx={{ my: 1 }} aria-label="Tiến độ ghi chỉ số" />
      {canManage && (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              mt: 2,
              gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' },
            }}
          >
            <Figure
              label="Đã phát hành"
              value={`${formatNumber(summary.billsIssued)} hóa đơn`}
              detail={formatMoney(summary.amountIssued)}
              to={paths.monthlyBills({ month: summary.month })}
              testId="billing-issued"
            />
            <Figure
              label="Đã thanh toán"
              value={`${formatNumber(summary.billsPaid)} hóa đơn`}
              detail={formatMoney(summary.amountPaid)}
              to={paths.monthlyBills({ month: summary.month, status: 'paid' })}
              testId="billing-paid"
            />
            <Figure
              label="Chưa thanh toán"
              value={`${formatNumber(summary.billsUnpaid)} hóa đơn`}
              detail={`Còn nợ ${formatMoney(summary.amountOwed)}`}
              to={paths.monthlyBills({ month: summary.month, status: 'owed' })}
              testId="billing-unpaid"
            />
          </Box>
          <Box sx={{ mt: 2 }}>
            {summary.draftTicketID !== undefined ? (
              <Button
                variant="contained"
                component={RouterLink}
                to={paths.billDraft(summary.draftTicketID)}
                data-testid="billing-draft-link"
              >
                Xem bảng kê nháp
              </Button>
            ) : summary.billsIssued === 0 ? (
              <Button
                variant="outlined"
                component={RouterLink}
                to={paths.billDraft()}
                data-testid="billing-draft-link"
              >
                Lập bảng kê tháng này
              </Button>
            ) : (
              <Button
                variant="outlined"
                component={RouterLink}
                to={paths.monthlyBills({ month: summary.month })}
                data-testid="billing-bills-link"
              >
                Xem hóa đơn tháng {monthText(summary.month)}
              </Button>
            )}
          </Box>
          <PastEndContracts contracts={summary.pastEndContracts ?? []} />
        </>
      )}
    </>
  );
}

/** This month's billing of the chosen house: readings done, draft, bills issued, paid and owed. */
export function BillingSummaryCard({ houseID, canManage }: { houseID: string | null; canManage: boolean }) {
  const { data, error, mutate } = useBillingSummary(houseID);
  if (houseID === null) return null;

  let body;
  if (error !== undefined && data === undefined) {
    body = <ErrorState onRetry={() => void mutate()} />;
  } else if (data === undefined) {
    body = (
      <Skeleton variant="rounded" height={canManage ? 140 : 48} aria-label="Đang tải tình hình hóa đơn" />
    );
  } else {
    body = <SummaryBody summary={data} canManage={canManage} />;
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="billing-summary-title"
      sx={{ p: 2, mb: 3 }}
      data-testid="billing-summary"
    >
      <Typography variant="h2" id="billing-summary-title" sx={{ fontSize: '1.125rem', mb: 1 }}>
        Hóa đơn tháng {data ? monthText(data.month) : 'này'}
      </Typography>
      {body}
    </Paper>
  );
}
