import { Row, RowList } from '../../components/RowList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import { DEFAULT_NOTICE_DAYS, LEAVE_NOTICE_STATUS_LABELS } from '@nhatro/common';
import { useState } from 'react';
import { ErrorState } from '../../components/DataStates';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { useHouseWithRooms } from '../../lib/api/resources/houses';
import { formatDateTime } from '../../lib/format';
import { shownDay } from '../../lib/roomStatus';
import { notify } from '../../lib/toast';
import {
  acknowledgeLeaveNotice,
  setHouseNoticeDays,
  useHouseLeaveNotices,
  type LeaveNoticeReply,
} from './leaveNoticesApi';

/** Notice periods a landlord picks from (days). */
const NOTICE_CHOICES = [0, 7, 15, 30, 45, 60, 90] as const;

function NoticeRow({ notice, canAcknowledge }: { notice: LeaveNoticeReply; canAcknowledge: boolean }) {
  const [busy, setBusy] = useState(false);
  const acknowledge = async () => {
    setBusy(true);
    try {
      const saved = await acknowledgeLeaveNotice(notice.leaveNoticeID);
      notify.success(saved.message ?? 'Đã xác nhận báo trả phòng.');
    } catch (failure) {
      if (!isSessionExpiry(failure)) notify.error(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Row testId={`leave-notice-${notice.roomName}`}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>
          Phòng {notice.roomName} · trả phòng ngày {shownDay(notice.leaveDate)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {notice.createdByName ?? 'Người thuê'} báo lúc {formatDateTime(notice.createdOn)}
          {notice.note ? ` · ${notice.note}` : ''}
        </Typography>
      </Box>
      {notice.status === 'open' && canAcknowledge ? (
        <Button
          size="small"
          variant="contained"
          disabled={busy}
          onClick={() => void acknowledge()}
          data-testid="leave-notice-acknowledge"
        >
          Xác nhận
        </Button>
      ) : (
        <Chip size="small" label={LEAVE_NOTICE_STATUS_LABELS[notice.status]} />
      )}
    </Row>
  );
}

/** The landlord's choice of notice period, saved as soon as it is picked. */
function NoticeDaysSetting({ houseID }: { houseID: string }) {
  const { data, mutate } = useHouseWithRooms(houseID);
  const [busy, setBusy] = useState(false);
  if (data === undefined) return null;
  const current = data.noticeDays ?? DEFAULT_NOTICE_DAYS;
  const choose = async (value: number) => {
    setBusy(true);
    try {
      await setHouseNoticeDays(houseID, value);
      notify.success(`Đã lưu: báo trước ${value} ngày.`);
      await mutate();
    } catch (failure) {
      if (!isSessionExpiry(failure)) notify.error(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const choices: number[] = NOTICE_CHOICES.includes(current as (typeof NOTICE_CHOICES)[number])
    ? [...NOTICE_CHOICES]
    : [...NOTICE_CHOICES, current].sort((a, b) => a - b);
  return (
    <TextField
      select
      size="small"
      id="house-notice-days"
      label="Người thuê báo trước"
      value={current}
      disabled={busy}
      onChange={(event) => void choose(Number(event.target.value))}
      sx={{ minWidth: 180 }}
      slotProps={{ htmlInput: { 'data-testid': 'house-notice-days' } }}
    >
      {choices.map((days) => (
        <MenuItem key={days} value={days}>
          {days === 0 ? 'Không cần báo trước' : `${days} ngày`}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The dashboard's 'Báo trả phòng' card (issue 27): the tenants who gave notice, soonest first, with
 * 'Xác nhận'; the landlord also sets how many days of notice the house asks for.
 */
export function LeaveNoticesCard({
  houseID,
  canAcknowledge,
  canSetNotice,
}: {
  houseID: string | null;
  canAcknowledge: boolean;
  canSetNotice: boolean;
}) {
  const { data, error, mutate } = useHouseLeaveNotices(houseID);
  if (houseID === null) return null;
  let body;
  if (error !== undefined && data === undefined) body = <ErrorState onRetry={() => void mutate()} />;
  else if (data === undefined)
    body = <Skeleton variant="rounded" height={40} aria-label="Đang tải báo trả phòng" />;
  else if (data.value.length === 0)
    body = <Typography data-testid="leave-notices-empty">Chưa có người thuê nào báo trả phòng.</Typography>;
  else
    body = (
      <RowList>
        {data.value.map((notice) => (
          <NoticeRow key={notice.leaveNoticeID} notice={notice} canAcknowledge={canAcknowledge} />
        ))}
      </RowList>
    );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="leave-notices-title"
      sx={{ p: 2, mb: 3 }}
      data-testid="leave-notices"
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography
          variant="h2"
          id="leave-notices-title"
          sx={{ fontSize: '1.125rem', display: 'flex', alignItems: 'center', gap: 1 }}
        >
          <MeetingRoomOutlined fontSize="small" color="info" aria-hidden />
          Báo trả phòng
        </Typography>
        {canSetNotice && <NoticeDaysSetting houseID={houseID} />}
      </Box>
      {body}
    </Paper>
  );
}
