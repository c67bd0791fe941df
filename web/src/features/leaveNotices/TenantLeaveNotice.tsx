import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONTRACT_STATUS,
  DEFAULT_NOTICE_DAYS,
  LEAVE_NOTICE_STATUS_LABELS,
  leaveDateWindow,
} from '@nhatro/common';
import { useState } from 'react';
import { ErrorState } from '../../components/DataStates';
import { DateField } from '../../components/dates/DateField';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { SectionCard } from '../../components/SectionCard';
import { useOwnHousesWithRooms } from '../../lib/api/resources/houses';
import { pickOwnContract, useOwnContracts } from '../../lib/api/resources/ownContracts';
import { vietnamToday } from '../../lib/api/resources/reservations';
import { shownDay } from '../../lib/roomStatus';
import { useSignedInSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import {
  giveLeaveNotice,
  useOwnLeaveNotices,
  withdrawLeaveNotice,
  type LeaveNoticeReply,
} from './leaveNoticesApi';

const TITLE = 'Báo trả phòng';

/** The notice given: its day and status; 'Rút lại' while the landlord has not acknowledged it. */
function GivenNotice({ notice }: { notice: LeaveNoticeReply }) {
  const [busy, setBusy] = useState(false);
  const withdraw = async () => {
    setBusy(true);
    try {
      const saved = await withdrawLeaveNotice(notice.leaveNoticeID);
      notify.success(saved.message ?? 'Đã rút lại báo trả phòng.');
    } catch (failure) {
      if (!isSessionExpiry(failure)) notify.error(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box data-testid="leave-notice-given">
      <Alert severity={notice.status === 'acknowledged' ? 'success' : 'info'} sx={{ mb: 1.5 }}>
        Bạn đã báo trả phòng ngày{' '}
        <strong data-testid="leave-notice-date">{shownDay(notice.leaveDate)}</strong>.{' '}
        <span data-testid="leave-notice-status">{LEAVE_NOTICE_STATUS_LABELS[notice.status]}</span>.
      </Alert>
      {notice.note && (
        <Typography sx={{ mb: 1.5, color: 'text.secondary' }}>Ghi chú: {notice.note}</Typography>
      )}
      {notice.status === 'open' && (
        <Button
          variant="outlined"
          color="inherit"
          fullWidth
          sx={{ minHeight: 48 }}
          disabled={busy}
          onClick={() => void withdraw()}
          data-testid="leave-notice-withdraw"
        >
          Rút lại báo trả phòng
        </Button>
      )}
    </Box>
  );
}

/** The form: the day (the calendar offers only the days the house's notice allows) and a note. */
function NoticeForm({
  earliest,
  latest,
  noticeDays,
}: {
  earliest: string;
  latest: string;
  noticeDays: number;
}) {
  const [leaveDate, setLeaveDate] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (leaveDate === '') {
      setProblem('Vui lòng chọn ngày trả phòng.');
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const saved = await giveLeaveNotice({ leaveDate, ...(note.trim() ? { note: note.trim() } : {}) });
      notify.success(saved.message ?? 'Đã gửi báo trả phòng cho chủ trọ.');
    } catch (failure) {
      if (!isSessionExpiry(failure)) setProblem(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography sx={{ color: 'text.secondary' }} data-testid="leave-notice-rule">
        Nhà trọ yêu cầu báo trước {noticeDays} ngày. Ngày sớm nhất bạn có thể trả phòng: {shownDay(earliest)}.
      </Typography>
      <DateField
        id="leave-notice-date"
        label="Ngày dự định trả phòng"
        value={leaveDate}
        onChange={setLeaveDate}
        min={earliest}
        max={latest}
        error={problem !== undefined}
        helperText={problem ?? `Từ ${shownDay(earliest)} đến ${shownDay(latest)} (ngày hết hạn hợp đồng).`}
        required
        fullWidth
        testId="leave-notice-date"
      />
      <TextField
        id="leave-notice-note"
        label="Ghi chú cho chủ trọ (không bắt buộc)"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'leave-notice-note' } }}
      />
      <Button
        type="submit"
        variant="contained"
        sx={{ minHeight: 48 }}
        disabled={busy}
        data-testid="leave-notice-send"
      >
        Gửi báo trả phòng
      </Button>
    </Box>
  );
}

/**
 * 'Báo trả phòng' on the tenant's home (issue 27): the day they intend to leave, within the house's notice;
 * once sent, its status, and 'Rút lại' until the landlord acknowledges it.
 */
export function TenantLeaveNotice({ houseID }: { houseID: string }) {
  const session = useSignedInSession();
  const notices = useOwnLeaveNotices();
  const contracts = useOwnContracts();
  const houses = useOwnHousesWithRooms();
  const failed = notices.error ?? contracts.error ?? houses.error;
  let body;
  if (failed !== undefined && (notices.data === undefined || contracts.data === undefined)) {
    body = (
      <ErrorState onRetry={() => void Promise.all([notices.mutate(), contracts.mutate(), houses.mutate()])} />
    );
  } else if (notices.data === undefined || contracts.data === undefined || houses.data === undefined) {
    body = <Skeleton variant="rounded" height={96} aria-label="Đang tải báo trả phòng" />;
  } else {
    const live = notices.data.value.find((notice) => notice.status !== 'withdrawn');
    const contract = pickOwnContract(contracts.data.value, session.contractID);
    const noticeDays =
      houses.data.value.find((house) => house.houseID === houseID)?.noticeDays ?? DEFAULT_NOTICE_DAYS;
    const window =
      contract?.status === CONTRACT_STATUS.active
        ? leaveDateWindow(vietnamToday(), noticeDays, contract.endDate)
        : undefined;
    if (live !== undefined) body = <GivenNotice notice={live} />;
    else if (window === undefined)
      body = (
        <Typography sx={{ color: 'text.secondary' }}>
          Hợp đồng không còn hiệu lực, không cần báo trả phòng.
        </Typography>
      );
    else body = <NoticeForm earliest={window.earliest} latest={window.latest} noticeDays={noticeDays} />;
  }
  return (
    <SectionCard id="tenant-leave-notice" title={TITLE} testId="tenant-leave-notice">
      {body}
    </SectionCard>
  );
}
