import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REGISTRATION_MESSAGES, type PlatformPricing, type Registration } from '@nhatro/common';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PublicPageFrame, PublicSection } from '../../components/PublicPageFrame';
import { formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { heldRegistration, useHeldRegistration, usePricing } from './registrationsApi';
import { NoHeldRegistration, RegistrationLoadFailure } from './RegistrationStates';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography sx={{ color: 'text.secondary' }}>{label}</Typography>
      <Typography sx={{ fontWeight: 600, textAlign: 'right' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/** How the fee was reached, when today's prices still give it (they may have changed since). */
function Breakdown({
  registration,
  pricing,
}: {
  registration: Registration;
  pricing: PlatformPricing | undefined;
}) {
  if (!pricing || pricing.monthsPerTerm !== registration.termMonths) return null;
  const byRooms = registration.roomQuota * pricing.pricePerRoomMonth * registration.termMonths;
  if (byRooms === registration.fee) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {formatNumber(registration.roomQuota)} phòng × {formatMoney(pricing.pricePerRoomMonth)} ×{' '}
        {registration.termMonths} tháng
      </Typography>
    );
  }
  if (registration.fee === pricing.minimumYearFee) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Mức phí tối thiểu cho mỗi kỳ {registration.termMonths} tháng.
      </Typography>
    );
  }
  return null;
}

function FeeContent({ registration }: { registration: Registration }) {
  const { data: pricing } = usePricing();
  const verified = registration.emailVerified && registration.phoneVerified;
  return (
    <Stack spacing={2}>
      <PublicSection id="registration-fee-details" title="Phí đăng ký dịch vụ">
        <Row label="Nhà trọ">{registration.houseName}</Row>
        <Row label="Số phòng">{formatNumber(registration.roomQuota)}</Row>
        <Row label="Thời hạn">{`${registration.termMonths} tháng kể từ ngày được duyệt`}</Row>
        <Row label="Số tiền" testId="registration-fee-amount">
          {formatMoney(registration.fee)}
        </Row>
        <Breakdown registration={registration} pricing={pricing} />
      </PublicSection>
      {registration.status === 'pending' && !verified && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={paths.registrationConfirm}>
              Xác thực
            </Button>
          }
        >
          {REGISTRATION_MESSAGES.verifyBeforePaying}
        </Alert>
      )}
      {registration.status === 'pending' ? (
        <Button
          component={RouterLink}
          to={paths.registrationPayment(registration.registrationID)}
          variant="contained"
          size="large"
          disabled={!verified}
          sx={{ minHeight: 48 }}
          data-testid="registration-pay"
        >
          Thanh toán qua VNPay
        </Button>
      ) : (
        <Alert severity="info">
          {registration.status === 'paid'
            ? REGISTRATION_MESSAGES.alreadyPaid
            : REGISTRATION_MESSAGES.alreadyDecided}
        </Alert>
      )}
      <Button component={RouterLink} to={paths.registrationConfirm}>
        Quay lại
      </Button>
    </Stack>
  );
}

/** `/register`: the fee to pay for the rooms registered (spec: "registration fee confirmation"). */
export function RegistrationFeePage() {
  const [held] = useState(heldRegistration);
  const { data, error, isLoading, mutate } = useHeldRegistration(held);
  let content;
  if (held === null) content = <NoHeldRegistration />;
  else if (isLoading) content = <Skeleton variant="rounded" height={280} aria-label="Đang tải phí đăng ký" />;
  else if (error || !data) content = <RegistrationLoadFailure error={error} onRetry={() => void mutate()} />;
  else content = <FeeContent registration={data} />;
  return (
    <PublicPageFrame maxWidth={520}>
      <title>Phí đăng ký — Nhà trọ</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 2 }}>
        Xác nhận phí đăng ký
      </Typography>
      {content}
    </PublicPageFrame>
  );
}
