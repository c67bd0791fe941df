import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { useBillingDay } from '../../lib/api/resources/houseTickets';
import { BillingDayForm } from '../../components/BillingDayForm';
import { formatDateTime } from '../../lib/format';
import { PlatformPricingForm } from './PlatformPricingForm';
import { usePlatformPricing } from './platformPricingApi';

/** The fee table: what landlords pay for a registration, rooms bought and extensions. */
function PricingSection() {
  const { data, error, mutate } = usePlatformPricing();
  let content;
  if (error !== undefined && data === undefined) content = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined)
    content = <Skeleton variant="rounded" height={96} aria-label="Đang tải bảng phí" />;
  else content = <PlatformPricingForm key={data.data.updatedOn ?? 'default'} pricing={data.data.pricing} />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880 }} data-testid="platform-pricing">
      <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
        Bảng phí dịch vụ
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        Chủ trọ trả theo số phòng: đăng ký trả trước một kỳ, gia hạn theo năm (không thấp hơn phí tối thiểu),
        phòng mua thêm trả cho số tháng còn lại của thời hạn. Giá mới áp dụng cho các yêu cầu tạo sau khi lưu
        {data?.data.updatedOn
          ? ` (cập nhật lần cuối ${formatDateTime(data.data.updatedOn)})`
          : data?.data.isDefault
            ? ' (đang dùng giá mặc định)'
            : ''}
        .
      </Typography>
      {content}
    </Paper>
  );
}

/** /timeBill: the super admin's system settings: the default billing day of every house, the fee table. */
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
      <PageHeader title="Cài đặt hệ thống" subtitle="Thời gian chốt hóa đơn hằng tháng và bảng phí dịch vụ" />
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
      <Box sx={{ mt: 2 }}>
        <PricingSection />
      </Box>
    </Box>
  );
}
