import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import { LEVEL } from '@nhatro/common';
import { useMemo, useState } from 'react';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { useHouseWithRooms } from '../../lib/api/resources/houses';
import {
  useHouseNotifications,
  type DayRangeChoice,
  type NotificationReply,
} from '../../lib/api/resources/notifications';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useSignedInSession } from '../../lib/session';
import { CreateNotificationDialog } from './CreateNotificationDialog';

const PAGE_SIZE = 20;
const nameCollator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

const DAY_RANGES: ReadonlyArray<{ value: DayRangeChoice; label: string }> = [
  { value: 7, label: '7 ngày qua' },
  { value: 30, label: '30 ngày qua' },
  { value: 90, label: '90 ngày qua' },
  { value: 'all', label: 'Tất cả' },
];

function audienceLabel(notice: NotificationReply): string {
  if (notice.audience === 'house') return 'Cả nhà trọ';
  return `Phòng ${notice.roomNames.join(', ')}`;
}

function NoticeCard({ notice }: { notice: NotificationReply }) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', p: 2, minWidth: 0 }}
      data-testid={`notification-${notice.notificationID}`}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip
          size="small"
          variant="outlined"
          label={audienceLabel(notice)}
          data-testid="notification-audience"
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {notice.createdByName} · {formatDateTime(notice.createdOn)}
        </Typography>
      </Box>
      <Typography
        component="h3"
        sx={{ mt: 1, fontWeight: 700, fontSize: '1.0625rem', overflowWrap: 'anywhere' }}
      >
        {notice.title}
      </Typography>
      <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {notice.body}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }} data-testid="notification-reach">
        Đã gửi đến {formatNumber(notice.recipients ?? 0)} người thuê · {formatNumber(notice.readCount ?? 0)}{' '}
        đã đọc
      </Typography>
    </Paper>
  );
}

/** The notices shown, how many there are, and 'Xem thêm' while some are not shown yet. */
function NoticeList({
  notices,
  total,
  isLoading,
  onMore,
}: {
  notices: Parameters<typeof NoticeCard>[0]['notice'][];
  total: number;
  isLoading: boolean;
  onMore: () => void;
}) {
  return (
    <>
      <Typography
        variant="body2"
        sx={{ color: 'text.secondary', mb: 1.5 }}
        aria-live="polite"
        data-testid="notifications-count"
      >
        {formatNumber(total)} thông báo
      </Typography>
      <Box
        component="ul"
        aria-label="Danh sách thông báo"
        data-testid="notification-list"
        sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, opacity: isLoading ? 0.6 : 1 }}
      >
        {notices.map((notice) => (
          <NoticeCard key={notice.notificationID} notice={notice} />
        ))}
      </Box>
      {total > notices.length && (
        <Button
          fullWidth
          onClick={onMore}
          loading={isLoading}
          sx={{ mt: 2, minHeight: 44 }}
          data-testid="notifications-more"
        >
          Xem thêm
        </Button>
      )}
    </>
  );
}

function NotificationsContent({ houseID }: { houseID: string | null }) {
  const session = useSignedInSession();
  const canCreate = session.role.roomPermission >= LEVEL.create;
  const houseName = session.houses.find((house) => house.houseID === houseID)?.houseName;
  const [dayRange, setDayRange] = useState<DayRangeChoice>(30);
  const [shown, setShown] = useState(PAGE_SIZE);
  const [creating, setCreating] = useState(false);
  const { data: house } = useHouseWithRooms(houseID);
  const rooms = useMemo(
    () => [...(house?.rooms ?? [])].sort((a, b) => nameCollator.compare(a.roomName, b.roomName)),
    [house],
  );
  const { data, error, isLoading, mutate } = useHouseNotifications(houseID, dayRange, shown);
  const total = data?.['@odata.count'] ?? data?.value.length ?? 0;

  let content;
  if (houseID === null) {
    content = <EmptyState title="Chưa chọn nhà trọ" description="Hãy chọn một nhà trọ để xem thông báo." />;
  } else if (error !== undefined && data === undefined) {
    content = <ErrorState onRetry={() => void mutate()} />;
  } else if (data === undefined) {
    content = (
      <Box aria-busy="true" aria-label="Đang tải thông báo" sx={{ display: 'grid', gap: 1.5 }}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={120} />
        ))}
      </Box>
    );
  } else if (data.value.length === 0) {
    content = (
      <EmptyState
        title="Chưa có thông báo"
        description={
          dayRange === 'all'
            ? 'Nhà trọ này chưa gửi thông báo nào cho người thuê.'
            : 'Không có thông báo nào trong khoảng thời gian đã chọn.'
        }
      />
    );
  } else {
    content = (
      <NoticeList
        notices={data.value}
        total={total}
        isLoading={isLoading}
        onMore={() => setShown((count) => count + PAGE_SIZE)}
      />
    );
  }

  return (
    <Box data-testid="notifications-page">
      <title>Thông báo — Nhà trọ</title>
      <PageHeader
        title="Thông báo"
        subtitle={houseName}
        actions={
          canCreate && houseID !== null ? (
            <Button
              variant="contained"
              startIcon={<CampaignOutlined />}
              onClick={() => setCreating(true)}
              data-testid="notification-create"
              sx={{ minHeight: 44, width: { xs: '100%', sm: 'auto' } }}
            >
              Tạo thông báo
            </Button>
          ) : undefined
        }
      />
      <TextField
        id="notifications-day-range"
        select
        label="Thời gian"
        size="small"
        value={String(dayRange)}
        onChange={(event) => {
          const value = event.target.value;
          setDayRange(value === 'all' ? 'all' : (Number(value) as DayRangeChoice));
          setShown(PAGE_SIZE);
        }}
        sx={{ mb: 2, minWidth: 200, width: { xs: '100%', sm: 'auto' } }}
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'notifications-day-range' } }}
      >
        {DAY_RANGES.map((range) => (
          <option key={range.value} value={String(range.value)}>
            {range.label}
          </option>
        ))}
      </TextField>
      {content}
      {houseID !== null && (
        <CreateNotificationDialog
          open={creating}
          houseID={houseID}
          rooms={rooms}
          onClose={() => setCreating(false)}
        />
      )}
    </Box>
  );
}

/**
 * /notifications for landlords and staff: the chosen house's notices, newest first, a few days back or
 * all, with how many tenants each reached and read; 'Tạo thông báo' posts one to the house or to rooms.
 */
export function NotificationsPage() {
  const { houseID } = useSignedInSession();
  return <NotificationsContent key={houseID ?? ''} houseID={houseID} />;
}
