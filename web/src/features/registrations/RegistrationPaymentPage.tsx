import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REGISTRATION_MESSAGES } from '@nhatro/common';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { serverMessage } from '../../components/mutationFeedback';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { paths } from '../../lib/paths';
import { heldRegistration, requestRegistrationPaymentUrl } from './registrationsApi';

type Step = { kind: 'asking' } | { kind: 'leaving' } | { kind: 'refused'; message: string };

/**
 * `/HMRegistrationPayment/{id}`: asks for the gateway's URL of the registration's fee and goes there.
 * Only the browser that holds the registration can (its token); a URL is followed only when the reply's
 * errorMessage is empty (spec §5).
 */
export function RegistrationPaymentPage() {
  const { id } = useParams();
  const [held] = useState(heldRegistration);
  const heldHere = held !== null && held.registrationID === id ? held : null;
  const [step, setStep] = useState<Step>(
    heldHere ? { kind: 'asking' } : { kind: 'refused', message: REGISTRATION_MESSAGES.notFound },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (heldHere === null) return undefined;
    let cancelled = false;
    requestRegistrationPaymentUrl(heldHere)
      .then((reply) => {
        if (cancelled) return;
        if (reply.errorMessage === '' && reply.paymentURL) {
          setStep({ kind: 'leaving' });
          window.location.assign(reply.paymentURL);
        } else {
          setStep({ kind: 'refused', message: reply.errorMessage || 'Không tạo được giao dịch thanh toán.' });
        }
      })
      .catch((error: unknown) => {
        if (!cancelled) setStep({ kind: 'refused', message: serverMessage(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [heldHere, attempt]);

  const retry = () => {
    if (heldHere === null) return;
    setStep({ kind: 'asking' });
    setAttempt((count) => count + 1);
  };

  return (
    <PublicPageFrame maxWidth={520}>
      <title>Thanh toán phí đăng ký — Nhà trọ</title>
      {step.kind === 'refused' ? (
        <Stack spacing={2}>
          <Alert severity="warning" data-testid="registration-payment-refused">
            {step.message}
          </Alert>
          {heldHere !== null && (
            <Button variant="contained" onClick={retry} sx={{ minHeight: 44 }}>
              Thử lại
            </Button>
          )}
          <Button component={RouterLink} to={paths.registrationConfirm}>
            Về trang xác nhận đăng ký
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 4 }} role="status">
          <CircularProgress />
          <Typography>
            {step.kind === 'asking'
              ? 'Đang tạo giao dịch thanh toán…'
              : 'Đang chuyển đến cổng thanh toán VNPay…'}
          </Typography>
        </Stack>
      )}
    </PublicPageFrame>
  );
}
