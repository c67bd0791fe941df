import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EXTENSION_YEARS_MAX,
  extensionFee,
  PLATFORM_REQUEST_KIND_LABELS,
  PLATFORM_REQUEST_MESSAGES,
  PLATFORM_REQUEST_STATUS_LABELS,
  roomPurchaseFee,
  roomPurchaseRequestSchema,
  type AccountPlan,
  type PaymentUrlReply,
  type PlatformRequest,
} from '@nhatro/common';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorState } from '../../components/DataStates';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { notify } from '../../lib/toast';
import { askForExtension, askForRooms, useAccountPlan } from './platformRequestsApi';

/** `yyyy-mm-dd` (a date in Vietnam) as dd/mm/yyyy. */
function shownDay(date: string): string {
  return formatDate(`${date}T12:00:00+07:00`);
}

/**
 * Goes to the gateway's page for the request just made (spec §5: only when errorMessage is empty); a
 * request that costs nothing is already paid. Refusals say why.
 */
async function requestAndPay(ask: () => Promise<PaymentUrlReply>, onDone: () => void): Promise<void> {
  try {
    const reply = await ask();
    if (!reply.status || reply.errorMessage) {
      notify.error(`${PLATFORM_REQUEST_MESSAGES.requestFailed}: ${reply.errorMessage}`);
      onDone();
      return;
    }
    notify.success(PLATFORM_REQUEST_MESSAGES.requested);
    if (reply.paymentURL) window.location.assign(reply.paymentURL);
    else onDone();
  } catch (error) {
    if (!isSessionExpiry(error))
      notify.error(`${PLATFORM_REQUEST_MESSAGES.requestFailed}: ${serverMessage(error)}`);
    onDone();
  }
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}
    >
      <Typography variant="h2" id={id} sx={{ fontSize: '1.125rem' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Summary({ plan }: { plan: AccountPlan }) {
  const quota = plan.roomQuota ?? 0;
  const used = plan.roomsUsed ?? 0;
  let term: ReactNode = 'Không giới hạn';
  if (plan.accountExpiresOn) {
    term = plan.expired ? (
      <>
        Đã hết hạn sau ngày {shownDay(plan.accountExpiresOn)}{' '}
        <Chip size="small" color="error" label="Chỉ xem" />
      </>
    ) : (
      `Đến hết ngày ${shownDay(plan.accountExpiresOn)} (còn ${plan.daysLeft ?? 0} ngày)`
    );
  }
  return (
    <Section title="Gói hiện tại" id="plan-summary">
      <Box>
        <Typography sx={{ color: 'text.secondary' }}>Số phòng đã dùng</Typography>
        <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }} data-testid="plan-rooms">
          {used} / {quota} phòng
        </Typography>
        <LinearProgress
          variant="determinate"
          value={quota === 0 ? 100 : Math.min(100, (used / quota) * 100)}
          color={used >= quota ? 'warning' : 'primary'}
          aria-label="Số phòng đã dùng"
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
        />
      </Box>
      <Box>
        <Typography sx={{ color: 'text.secondary' }}>Thời hạn sử dụng</Typography>
        <Typography sx={{ fontWeight: 600 }} data-testid="plan-term">
          {term}
        </Typography>
      </Box>
    </Section>
  );
}

function BuyRooms({ plan, onDone }: { plan: AccountPlan; onDone: () => void }) {
  const [value, setValue] = useState('5');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const parsed = roomPurchaseRequestSchema.safeParse({
    rooms: value.trim() === '' ? undefined : Number(value),
  });
  const error = touched && !parsed.success ? (parsed.error.issues[0]?.message ?? '') : '';
  const months = plan.monthsLeft ?? 0;
  const fee =
    parsed.success && plan.pricing ? roomPurchaseFee(parsed.data.rooms, months, plan.pricing) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success || busy) return;
    setBusy(true);
    await requestAndPay(
      () => askForRooms(parsed.data),
      () => {
        setBusy(false);
        onDone();
      },
    );
  }

  return (
    <Section title="Mua thêm phòng" id="buy-rooms">
      {plan.expired ? (
        <Alert severity="info">Vui lòng gia hạn tài khoản trước khi mua thêm phòng.</Alert>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label="Mua thêm phòng"
          sx={{ display: 'grid', gap: 1.5 }}
        >
          <Typography sx={{ color: 'text.secondary' }}>
            Phòng mua thêm được tính {formatMoney(plan.pricing?.pricePerRoomMonth ?? 0)} mỗi phòng mỗi tháng
            cho {months} tháng còn lại của thời hạn. Sau khi thanh toán, yêu cầu chờ hệ thống xét duyệt.
          </Typography>
          <TextField
            id="buy-rooms-count"
            label="Số phòng mua thêm"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onBlur={() => setTouched(true)}
            error={error !== ''}
            helperText={error || (fee !== null ? `Thành tiền: ${formatMoney(fee)}` : ' ')}
            sx={{ maxWidth: { sm: 320 } }}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'buy-rooms-count' } }}
          />
          <Button
            type="submit"
            variant="contained"
            loading={busy}
            sx={{ justifySelf: { sm: 'start' }, minHeight: 44 }}
            data-testid="buy-rooms-submit"
          >
            Mua thêm phòng
          </Button>
        </Box>
      )}
    </Section>
  );
}

function Extend({ plan, onDone }: { plan: AccountPlan; onDone: () => void }) {
  const [years, setYears] = useState(1);
  const [busy, setBusy] = useState(false);
  const fee = plan.pricing ? extensionFee(plan.roomQuota ?? 0, years, plan.pricing) : 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    await requestAndPay(
      () => askForExtension({ years }),
      () => {
        setBusy(false);
        onDone();
      },
    );
  }

  return (
    <Section title="Gia hạn tài khoản" id="extend-account">
      {!plan.accountExpiresOn ? (
        <Typography sx={{ color: 'text.secondary' }}>
          Tài khoản của bạn không giới hạn thời hạn sử dụng.
        </Typography>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label="Gia hạn tài khoản"
          sx={{ display: 'grid', gap: 1.5 }}
        >
          <Typography sx={{ color: 'text.secondary' }}>
            Mỗi năm tính theo {plan.roomQuota ?? 0} phòng của tài khoản. Thời hạn được cộng thêm từ ngày hết
            hạn hiện tại, hoặc từ ngày duyệt nếu tài khoản đã hết hạn.
          </Typography>
          <TextField
            select
            id="extend-years"
            label="Số năm gia hạn"
            value={years}
            onChange={(event) => setYears(Number(event.target.value))}
            helperText={`Thành tiền: ${formatMoney(fee)}`}
            sx={{ maxWidth: { sm: 320 } }}
            slotProps={{ htmlInput: { 'data-testid': 'extend-years' } }}
          >
            {Array.from({ length: EXTENSION_YEARS_MAX }, (_, index) => index + 1).map((count) => (
              <MenuItem key={count} value={count}>
                {count} năm
              </MenuItem>
            ))}
          </TextField>
          <Button
            type="submit"
            variant="contained"
            loading={busy}
            sx={{ justifySelf: { sm: 'start' }, minHeight: 44 }}
            data-testid="extend-submit"
          >
            Gia hạn tài khoản
          </Button>
        </Box>
      )}
    </Section>
  );
}

function requestWhat(request: PlatformRequest): string {
  return request.kind === 'roomPurchase'
    ? `${PLATFORM_REQUEST_KIND_LABELS.roomPurchase}: ${request.rooms ?? 0} phòng`
    : `${PLATFORM_REQUEST_KIND_LABELS.accountExtension}: ${request.years ?? 0} năm`;
}

function Requests({ requests }: { requests: readonly PlatformRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <Section title="Yêu cầu gần đây" id="plan-requests">
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        data-testid="plan-requests"
      >
        {requests.map((request) => (
          <Box
            component="li"
            key={request.requestID}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
              justifyContent: 'space-between',
            }}
          >
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{requestWhat(request)}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {formatMoney(request.amount)} · {formatDateTime(request.createdOn)}
              </Typography>
            </Box>
            <Chip
              size="small"
              color={
                request.status === 'approved' ? 'success' : request.status === 'paid' ? 'info' : 'default'
              }
              label={PLATFORM_REQUEST_STATUS_LABELS[request.status]}
            />
          </Box>
        ))}
      </Box>
    </Section>
  );
}

/** /accountPlan: the landlord's rooms bought and paid term; 'Mua thêm phòng' and 'Gia hạn tài khoản'. */
export function AccountPlanPage() {
  const { data, error, mutate } = useAccountPlan(true);
  let content: ReactNode;
  if (error !== undefined && data === undefined) content = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined)
    content = <Skeleton variant="rounded" height={160} aria-label="Đang tải gói dịch vụ" />;
  else {
    const refresh = () => void mutate();
    content = (
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 760 }}>
        <Summary plan={data} />
        <BuyRooms plan={data} onDone={refresh} />
        <Extend plan={data} onDone={refresh} />
        <Requests requests={data.requests ?? []} />
      </Box>
    );
  }
  return (
    <Box data-testid="account-plan-page">
      <title>Gói dịch vụ — Nhà trọ</title>
      <PageHeader
        title="Gói dịch vụ"
        subtitle="Số phòng đã mua, thời hạn sử dụng, mua thêm phòng và gia hạn tài khoản"
      />
      {content}
    </Box>
  );
}
