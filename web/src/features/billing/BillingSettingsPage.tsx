import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { useBillingDay } from '../../lib/api/resources/billing';
import { BillingDayForm } from '../../components/BillingDayForm';

/** /timeBill: the super admin's system settings, the default billing day of every house. */
export function BillingSettingsPage() {
  const { data, error, mutate } = useBillingDay(null);

  let content;
  if (error !== undefined && data === undefined) {
    content = <ErrorState onRetry={() => void mutate()} />;
  } else if (data === undefined) {
    content = <Skeleton variant="rounded" height={56} aria-label="Đang tải ngày chốt hóa đơn" />;
  } else {
    content = (
      <BillingDayForm
        initial={data.defaultBillingDay ?? data.billingDay}
        label="Ngày chốt hóa đơn"
        testIdPrefix="billing-day"
        helperText="Ngày trong tháng hệ thống lập bảng kê nháp."
        onSaved={() => void mutate()}
      />
    );
  }

  return (
    <Box data-testid="billing-settings-page">
      <title>Cài đặt hệ thống — Nhà trọ</title>
      <PageHeader title="Cài đặt hệ thống" subtitle="Thời gian chốt hóa đơn hằng tháng" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
          Ngày chốt hóa đơn mặc định
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          Vào ngày này mỗi tháng, hệ thống lập bảng kê nháp cho những nhà trọ chưa chọn ngày riêng. Chủ trọ có
          thể đặt ngày riêng cho nhà của mình trong phần phí dịch vụ.
        </Typography>
        {content}
      </Paper>
    </Box>
  );
}
