import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import {
  PAYMENT_TARGET_LABELS,
  REFUND_REASON_LABELS,
  type PaymentResult,
  type PaymentState,
  type PaymentTarget,
  vnpayResponseText,
} from '@nhatro/common';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { ErrorState } from '../../components/DataStates';
import { PublicPageFrame, PublicSection } from '../../components/PublicPageFrame';
import { isApiError } from '../../lib/api';
import { formatDateTime, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { ROLE_IDS, useSession } from '../../lib/session';
import { usePaymentResult } from './paymentsApi';

/** After this long without the gateway's confirmation, say that the bill updates by itself once it comes. */
const SLOW_CONFIRMATION_MS = 20_000;

const HEADINGS: Record<PaymentState, string> = {
  succeeded: 'Thanh toán thành công',
  pending: 'Đang chờ xác nhận từ cổng thanh toán',
  failed: 'Thanh toán không thành công',
  cancelled: 'Bạn đã hủy thanh toán',
  replaced: 'Liên kết thanh toán này đã được thay bằng liên kết mới',
  refundDue: 'Khoản tiền này sẽ được hoàn lại',
};

const ICONS: Record<PaymentState, ReactNode> = {
  succeeded: <CheckCircleOutline color="success" sx={{ fontSize: 64 }} />,
  pending: <CircularProgress size={56} />,
  failed: <ErrorOutline color="error" sx={{ fontSize: 64 }} />,
  cancelled: <CancelOutlined color="disabled" sx={{ fontSize: 64 }} />,
  replaced: <LinkOffOutlined color="disabled" sx={{ fontSize: 64 }} />,
  refundDue: <ErrorOutline color="warning" sx={{ fontSize: 64 }} />,
};

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography sx={{ color: 'text.secondary', flexShrink: 0 }}>{label}</Typography>
      <Typography sx={{ fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/** Where the payer goes next: their own pages when signed in on this browser, else the login. */
function NextStep({ target }: { target?: PaymentTarget }) {
  const session = useSession();
  // A registrant has no account yet: the way on is the public site, not a login.
  if (session === null && target === 'registration') {
    return (
      <Button
        component={RouterLink}
        to={paths.home}
        variant="contained"
        size="large"
        fullWidth
        sx={{ minHeight: 48 }}
      >
        Về trang chủ
      </Button>
    );
  }
  const destination =
    session === null
      ? paths.login
      : session.role.roleID === ROLE_IDS.lessee
        ? paths.lesseeRoom
        : paths.dashboard;
  const label =
    session !== null
      ? 'Về trang của tôi'
      : target === 'monthlyBill' || target === 'oneTimeCharge'
        ? 'Đăng nhập để xem hóa đơn'
        : 'Đăng nhập';
  return (
    <Button
      component={RouterLink}
      to={destination}
      variant="contained"
      size="large"
      fullWidth
      sx={{ minHeight: 48 }}
    >
      {label}
    </Button>
  );
}

/** What happens next after paying the platform (spec §8's wording for requests). */
const AFTER_PAYING: Partial<Record<PaymentTarget, string>> = {
  registration:
    'Hệ thống sẽ xét duyệt đăng ký của bạn. Khi được duyệt, thông tin đăng nhập sẽ được gửi qua email và tin nhắn.',
  roomPurchase: 'Yêu cầu mua thêm phòng đang chờ hệ thống xét duyệt. Xin cảm ơn!',
  accountExtension: 'Yêu cầu gia hạn tài khoản đang chờ hệ thống xét duyệt. Xin cảm ơn!',
};

function ResultCard({ result, reason }: { result: PaymentResult; reason: string | null }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (result.state !== 'pending') return undefined;
    const timer = window.setTimeout(() => setSlow(true), SLOW_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [result.state]);
  return (
    <Stack spacing={2}>
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 1 }} role="status">
        {ICONS[result.state]}
        <Typography variant="h1" sx={{ fontSize: '1.5rem' }} data-testid="payment-state">
          {HEADINGS[result.state]}
        </Typography>
      </Stack>
      {result.state === 'pending' && slow && (
        <Alert severity="info">
          Chưa nhận được xác nhận từ cổng thanh toán. Bạn có thể đóng trang này: hóa đơn sẽ tự cập nhật khi có
          xác nhận, và không bị trừ tiền hai lần.
        </Alert>
      )}
      {result.state === 'succeeded' && AFTER_PAYING[result.target] && (
        <Alert severity="success" data-testid="payment-next">
          {AFTER_PAYING[result.target]}
        </Alert>
      )}
      {result.state === 'replaced' && (
        <Alert severity="info" data-testid="payment-replaced">
          Bạn đã tạo một liên kết thanh toán mới cho khoản này: hãy thanh toán bằng liên kết mới nhất. Liên
          kết này không còn dùng để thanh toán.
        </Alert>
      )}
      {result.state === 'refundDue' && (
        <Alert severity="warning" data-testid="payment-refund-due">
          Cổng thanh toán đã thu {formatMoney(result.amount)} nhưng{' '}
          {result.refundReason
            ? REFUND_REASON_LABELS[result.refundReason]
            : 'khoản này không còn cần thanh toán'}
          , nên khoản tiền không được ghi vào hóa đơn và sẽ được hoàn lại cho bạn. Chủ trọ đã được thông báo.
        </Alert>
      )}
      {(result.state === 'failed' || result.state === 'cancelled') && (
        <Alert severity="warning">
          {reason !== null && (
            <Box component="strong" sx={{ display: 'block' }} data-testid="payment-reason">
              {reason}
            </Box>
          )}
          Không có khoản tiền nào được ghi nhận. Bạn có thể thanh toán lại từ hóa đơn.
        </Alert>
      )}
      <PublicSection id="payment-details" title="Chi tiết giao dịch">
        <Row label="Khoản thanh toán">{PAYMENT_TARGET_LABELS[result.target]}</Row>
        <Row label="Nội dung" testId="payment-description">
          {result.description}
        </Row>
        <Row label="Số tiền" testId="payment-amount">
          {formatMoney(result.amount)}
        </Row>
        {result.gatewayTransactionNo && result.gatewayTransactionNo !== '0' && (
          <Row label="Mã giao dịch VNPay">{result.gatewayTransactionNo}</Row>
        )}
        {result.bankCode && <Row label="Ngân hàng">{result.bankCode}</Row>}
        <Row label="Thời gian">{formatDateTime(result.confirmedOn ?? result.createdOn)}</Row>
      </PublicSection>
      <NextStep target={result.target} />
    </Stack>
  );
}

function PaymentResultView({
  target,
  paymentID,
  responseCode = null,
}: {
  target: PaymentTarget | 'any';
  paymentID: string | null;
  /** The code the gateway sent the browser back with (the failure page's query). */
  responseCode?: string | null;
}) {
  const { data, error, isLoading, mutate } = usePaymentResult(target, paymentID);
  let content: ReactNode;
  if (paymentID === null) {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        {ICONS.failed}
        <Typography variant="h1" sx={{ fontSize: '1.5rem' }} data-testid="payment-state">
          {HEADINGS.failed}
        </Typography>
        <Alert severity="warning" sx={{ textAlign: 'left' }}>
          Không xác minh được kết quả từ cổng thanh toán. Không có khoản tiền nào được ghi nhận.
        </Alert>
        <NextStep />
      </Stack>
    );
  } else if (isLoading) {
    content = <Skeleton variant="rounded" height={320} aria-label="Đang tải kết quả thanh toán" />;
  } else if (error || !data) {
    content =
      isApiError(error) && error.status === 404 ? (
        <Alert severity="warning">Không tìm thấy giao dịch thanh toán.</Alert>
      ) : (
        <ErrorState message="Không tải được kết quả thanh toán." onRetry={() => void mutate()} />
      );
  } else {
    content = <ResultCard result={data} reason={vnpayResponseText(data.responseCode ?? responseCode)} />;
  }
  return (
    <PublicPageFrame maxWidth={520}>
      <title>Kết quả thanh toán — Nhà trọ</title>
      {content}
    </PublicPageFrame>
  );
}

/** `/paymentSuccessful/{paymentID}`: a monthly bill's payment, as the gateway's notification confirmed it. */
export function MonthlyBillPaymentPage() {
  const { id } = useParams();
  return <PaymentResultView target="monthlyBill" paymentID={id ?? null} />;
}

/** `/paymentOTCSuccessfull/{paymentID}`: a one-time charge's payment. */
export function OneTimeChargePaymentPage() {
  const { id } = useParams();
  return <PaymentResultView target="oneTimeCharge" paymentID={id ?? null} />;
}

/** `/paymentLessorSuccessful/{paymentID}`: a future landlord's registration fee. */
export function RegistrationPaymentPage() {
  const { id } = useParams();
  return <PaymentResultView target="registration" paymentID={id ?? null} />;
}

/** `/BuyingMoreRoomPaymentSuccessful` and `/ExtendAccountPaymentSuccessful` (`?paymentID=…`): a landlord's request. */
export function PlatformRequestPaymentPage() {
  const [search] = useSearchParams();
  return <PaymentResultView target="any" paymentID={search.get('paymentID')} />;
}

/** `/paymentFailure?paymentID=…`: a payment that failed or was cancelled (or a return that did not verify). */
export function PaymentFailurePage() {
  const [search] = useSearchParams();
  return (
    <PaymentResultView
      target="any"
      paymentID={search.get('paymentID')}
      responseCode={search.get('responseCode')}
    />
  );
}
