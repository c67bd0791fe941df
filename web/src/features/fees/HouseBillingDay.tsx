import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BillingDayForm } from '../../components/BillingDayForm';
import { ErrorState } from '../../components/DataStates';
import { useBillingDay } from '../../lib/api/resources/houseTickets';
import { HouseBillRounding } from './HouseBillRounding';

/** The house's own billing day (the day its monthly draft is made); the platform default otherwise. */
export function HouseBillingDay({ houseID }: { houseID: string }) {
  const { data, error, mutate } = useBillingDay(houseID);

  let content;
  if (error !== undefined && data === undefined) {
    content = <ErrorState onRetry={() => void mutate()} />;
  } else if (data === undefined) {
    content = <Skeleton variant="rounded" height={40} aria-label="Đang tải ngày chốt hóa đơn" />;
  } else {
    content = (
      <BillingDayForm
        key={houseID}
        houseID={houseID}
        initial={data.houseBillingDay ?? data.defaultBillingDay}
        label="Ngày chốt hóa đơn của nhà trọ"
        testIdPrefix="house-billing-day"
        helperText={
          data.houseBillingDay === undefined
            ? `Đang dùng ngày mặc định của hệ thống (ngày ${data.defaultBillingDay}).`
            : `Ngày mặc định của hệ thống: ${data.defaultBillingDay}.`
        }
        onSaved={() => void mutate()}
      />
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: 2, mb: 3 }}
      aria-labelledby="house-billing-day-title"
    >
      <Typography variant="h2" id="house-billing-day-title" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
        Ngày chốt hóa đơn
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Vào ngày này hằng tháng, hệ thống lập bảng kê nháp từ chỉ số điện nước và hợp đồng của các phòng.
      </Typography>
      {content}
      <HouseBillRounding houseID={houseID} />
    </Paper>
  );
}
