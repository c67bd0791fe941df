import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  REGISTRATION_MESSAGES,
  REGISTRATION_PHONE_CONFLICT_TEXTS,
  REGISTRATION_STATUS_LABELS,
  VERIFICATION_MESSAGES,
  VERIFICATION_RULES,
  type Registration,
  type VerificationChannel,
} from '@nhatro/common';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { serverMessage } from '../../components/mutationFeedback';
import { PublicPageFrame, PublicSection } from '../../components/PublicPageFrame';
import { isApiError } from '../../lib/api';
import { formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { notify } from '../../lib/toast';
import {
  checkVerificationCode,
  heldRegistration,
  requestVerificationCode,
  useHeldRegistration,
  withdrawRegistration,
  type HeldRegistration,
} from './registrationsApi';
import { NoHeldRegistration, RegistrationLoadFailure } from './RegistrationStates';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography sx={{ color: 'text.secondary', flexShrink: 0 }}>{label}</Typography>
      <Typography sx={{ fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The spec's verification flags: a code was sent, the phone could not take one (bad phone), the code
 * was valid, or not; each shown with the spec's words.
 */
type Flag = 'idle' | 'codeSent' | 'badPhone' | 'codeValid' | 'codeInvalid';

const TEXTS: Record<
  VerificationChannel,
  { title: string; sent: string; invalid: string; verified: string; sendFailed: string }
> = {
  email: {
    title: 'Xác thực email',
    sent: VERIFICATION_MESSAGES.emailSent,
    invalid: VERIFICATION_MESSAGES.emailCodeInvalid,
    verified: VERIFICATION_MESSAGES.emailVerified,
    sendFailed: 'Không gửi được mã xác nhận về email.',
  },
  sms: {
    title: 'Xác thực số điện thoại',
    sent: VERIFICATION_MESSAGES.smsSent,
    invalid: VERIFICATION_MESSAGES.phoneCodeInvalid,
    verified: VERIFICATION_MESSAGES.phoneVerified,
    sendFailed: VERIFICATION_MESSAGES.smsFailed,
  },
};

/** The code received, and 'Xác thực'; only digits, six at most. */
function CodeForm({
  testId,
  code,
  setCode,
  isBusy,
  onVerify,
}: {
  testId: string;
  code: string;
  setCode: (code: string) => void;
  isBusy: boolean;
  onVerify: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void onVerify(event)}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <TextField
        label="Mã 6 chữ số"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        size="small"
        autoComplete="one-time-code"
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `${testId}-code` } }}
      />
      <Button
        type="submit"
        variant="contained"
        loading={isBusy}
        sx={{ minHeight: 40 }}
        data-testid={`${testId}-submit`}
      >
        Xác thực
      </Button>
    </Box>
  );
}

function VerificationCard({
  held,
  channel,
  address,
  verified,
}: {
  held: HeldRegistration;
  channel: VerificationChannel;
  address: string;
  verified: boolean;
}) {
  const texts = TEXTS[channel];
  const [flag, setFlag] = useState<Flag>(verified ? 'codeValid' : 'idle');
  const [message, setMessage] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const done = verified || flag === 'codeValid';
  const testId = `verify-${channel}`;

  const send = async () => {
    setIsBusy(true);
    setMessage(null);
    try {
      const sent = await requestVerificationCode(held, channel);
      setFlag('codeSent');
      setMessage(`${texts.sent} (${sent.sentTo}). Mã có hiệu lực ${VERIFICATION_RULES.validMinutes} phút.`);
      notify.success(texts.sent);
    } catch (error) {
      // 400: the address cannot take a code (the spec's "bad phone"); 429: wait, as the server says.
      const badAddress = isApiError(error) && error.status === 400;
      if (badAddress) setFlag('badPhone');
      const text = badAddress ? texts.sendFailed : serverMessage(error);
      setMessage(text);
      notify.error(text);
    } finally {
      setIsBusy(false);
    }
  };

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim()) || isBusy) {
      setFlag('codeInvalid');
      setMessage(texts.invalid);
      return;
    }
    setIsBusy(true);
    try {
      await checkVerificationCode(held, channel, code.trim());
      setFlag('codeValid');
      setMessage(null);
      notify.success(texts.verified);
    } catch (error) {
      setFlag('codeInvalid');
      // A wrong code: the server answers the spec's words; an expired or exhausted one says why.
      const text = serverMessage(error);
      setMessage(text);
      notify.error(text);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <PublicSection id={testId} title={texts.title}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{address}</Typography>
        <Chip
          size="small"
          color={done ? 'success' : 'default'}
          label={done ? 'Đã xác thực' : 'Chưa xác thực'}
          data-testid={`${testId}-state`}
        />
      </Box>
      {!done && (
        <Stack spacing={1.5}>
          <Button
            variant="outlined"
            onClick={() => void send()}
            disabled={isBusy}
            sx={{ minHeight: 44, alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
            data-testid={`${testId}-send`}
          >
            {flag === 'idle' || flag === 'badPhone' ? 'Gửi mã xác thực' : 'Gửi lại mã'}
          </Button>
          {message !== null && (
            <Alert
              severity={flag === 'codeSent' ? 'success' : flag === 'idle' ? 'info' : 'warning'}
              data-testid={`${testId}-message`}
            >
              {message}
            </Alert>
          )}
          {flag === 'badPhone' && (
            <Button
              component={RouterLink}
              to={paths.registration(true)}
              size="small"
              sx={{ alignSelf: 'flex-start' }}
            >
              Sửa số điện thoại
            </Button>
          )}
          {(flag === 'codeSent' || flag === 'codeInvalid') && (
            <CodeForm testId={testId} code={code} setCode={setCode} isBusy={isBusy} onVerify={verify} />
          )}
        </Stack>
      )}
    </PublicSection>
  );
}

/** The registrant withdraws their pending registration (its papers are deleted with it). */
function WithdrawButton({ held }: { held: HeldRegistration }) {
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const withdraw = async () => {
    setIsBusy(true);
    setFailure(null);
    try {
      await withdrawRegistration(held);
      notify.success(REGISTRATION_MESSAGES.updated);
      await navigate(paths.registration(), { replace: true });
    } catch (error) {
      setIsBusy(false);
      setFailure(serverMessage(error));
      notify.error(REGISTRATION_MESSAGES.updateFailed);
    }
  };
  return (
    <>
      <Button size="small" color="error" onClick={() => setIsOpen(true)}>
        Hủy đăng ký
      </Button>
      <ConfirmDialog
        open={isOpen}
        title="Hủy đăng ký"
        message="Hủy đăng ký này? Thông tin và giấy tờ đã gửi sẽ bị xóa."
        confirmLabel="Hủy đăng ký"
        cancelLabel="Không"
        isBusy={isBusy}
        error={failure}
        onConfirm={() => void withdraw()}
        onClose={() => setIsOpen(false)}
      />
    </>
  );
}

function ConfirmContent({ held, registration }: { held: HeldRegistration; registration: Registration }) {
  const pending = registration.status === 'pending';
  const bothVerified = registration.emailVerified && registration.phoneVerified;
  // Told only once the phone is verified (the number is theirs); two of them keep the fee from being paid.
  const conflict = registration.phoneConflict;
  const blocked = conflict === 'account' || conflict === 'paidRegistration';
  return (
    <Stack spacing={2}>
      <PublicSection id="registration-summary" title="Thông tin đăng ký">
        <Row label="Trạng thái" testId="registration-status">
          {REGISTRATION_STATUS_LABELS[registration.status]}
        </Row>
        <Row label="Họ và tên">{registration.fullName}</Row>
        <Row label="Số điện thoại">{registration.phoneNumber}</Row>
        <Row label="Email">{registration.email}</Row>
        <Row label="Nhà trọ">{registration.houseName}</Row>
        <Row label="Địa chỉ">{registration.houseAddress}</Row>
        <Row label="Số phòng">{formatNumber(registration.roomQuota)}</Row>
        <Row label="Giấy tờ">{`${registration.papers.length} tệp`}</Row>
        <Row label="Phí" testId="registration-fee">
          {formatMoney(registration.fee)}
        </Row>
        {pending && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <Button component={RouterLink} to={paths.registration(true)} size="small">
              Sửa thông tin
            </Button>
            <WithdrawButton held={held} />
          </Box>
        )}
      </PublicSection>
      {pending && (
        <>
          <VerificationCard
            held={held}
            channel="email"
            address={registration.email}
            verified={registration.emailVerified}
          />
          <VerificationCard
            held={held}
            channel="sms"
            address={registration.phoneNumber}
            verified={registration.phoneVerified}
          />
          {!bothVerified && (
            <Alert severity="info">Xác thực email và số điện thoại để tiếp tục thanh toán phí đăng ký.</Alert>
          )}
          {conflict !== undefined && (
            <Alert severity={blocked ? 'error' : 'warning'} data-testid="registration-phone-conflict">
              {REGISTRATION_PHONE_CONFLICT_TEXTS[conflict]}
            </Alert>
          )}
          <Button
            component={RouterLink}
            to={paths.registrationFee}
            variant="contained"
            size="large"
            disabled={!bothVerified || blocked}
            sx={{ minHeight: 48 }}
            data-testid="registration-continue"
          >
            Tiếp tục thanh toán
          </Button>
        </>
      )}
      {registration.status === 'paid' && (
        <Alert severity="success">
          Đã nhận phí đăng ký. Hệ thống sẽ xét duyệt và gửi tên đăng nhập, mật khẩu qua email của bạn.
        </Alert>
      )}
      {registration.status === 'approved' && (
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={paths.login}>
              Đăng nhập
            </Button>
          }
        >
          Đăng ký đã được duyệt. Thông tin đăng nhập đã được gửi qua email.
        </Alert>
      )}
      {registration.status === 'rejected' && (
        <Alert severity="warning">
          Đăng ký chưa được duyệt{registration.rejectionReason ? `: ${registration.rejectionReason}` : '.'}
        </Alert>
      )}
    </Stack>
  );
}

/** `/registrationConfirm`: the registration as sent, and its e-mail and phone verification. */
export function RegistrationConfirmPage() {
  const [held] = useState(heldRegistration);
  const { data, error, isLoading, mutate } = useHeldRegistration(held);
  let content;
  if (held === null) content = <NoHeldRegistration />;
  else if (isLoading) content = <Skeleton variant="rounded" height={480} aria-label="Đang tải đăng ký" />;
  else if (error || !data) content = <RegistrationLoadFailure error={error} onRetry={() => void mutate()} />;
  else content = <ConfirmContent held={held} registration={data} />;
  return (
    <PublicPageFrame maxWidth={640}>
      <title>Xác nhận đăng ký — Nhà trọ</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 2 }}>
        Xác nhận đăng ký
      </Typography>
      {content}
    </PublicPageFrame>
  );
}
