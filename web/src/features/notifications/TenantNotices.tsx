import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorState } from '../../components/DataStates';
import { ItemList } from '../../components/ItemList';
import { notifyFailure } from '../../components/mutationFeedback';
import { EmptyLine, SectionCard } from '../../components/SectionCard';
import {
  markNotificationRead,
  useMyNotifications,
  type NotificationReply,
} from '../../lib/api/resources/notifications';
import { formatDateTime } from '../../lib/format';

const PAGE_SIZE = 10;

function NoticeItem({ notice }: { notice: NotificationReply }) {
  const [isMarking, setIsMarking] = useState(false);
  const unread = notice.read !== true;

  const markRead = async () => {
    setIsMarking(true);
    try {
      await markNotificationRead(notice.notificationID);
    } catch (error) {
      notifyFailure('Không đánh dấu được thông báo.', error);
    } finally {
      setIsMarking(false);
    }
  };

  return (
    <Box
      data-testid={`tenant-notice-${notice.notificationID}`}
      data-read={unread ? 'false' : 'true'}
      sx={{
        borderLeft: 4,
        borderColor: unread ? 'primary.main' : 'transparent',
        pl: 1.5,
        ml: -1.5,
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography
          component="h3"
          sx={{
            fontSize: '1rem',
            fontWeight: unread ? 700 : 500,
            overflowWrap: 'anywhere',
            flex: '1 1 auto',
            minWidth: 0,
          }}
        >
          {notice.title}
        </Typography>
        {unread && <Chip size="small" color="primary" label="Mới" data-testid="tenant-notice-unread" />}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
        {notice.createdByName || 'Chủ trọ'} · {formatDateTime(notice.createdOn)}
      </Typography>
      <Typography sx={{ mt: 0.75, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {notice.body}
      </Typography>
      {unread && (
        <Button
          size="small"
          variant="outlined"
          onClick={() => void markRead()}
          loading={isMarking}
          data-testid="tenant-notice-mark-read"
          sx={{ mt: 1, minHeight: 44 }}
        >
          Đánh dấu đã đọc
        </Button>
      )}
    </Box>
  );
}

/**
 * 'Thông báo của chủ trọ' for the tenant: the landlord's notices sent to them, newest first, the unread
 * ones marked and each markable as read. Fetches its own data; `title` names the section.
 */
export function TenantNotices({ title = 'Thông báo của chủ trọ' }: { title?: string }) {
  const [shown, setShown] = useState(PAGE_SIZE);
  const { data, error, isLoading, mutate } = useMyNotifications(shown);
  const notices = data?.value;
  const total = data?.['@odata.count'] ?? notices?.length ?? 0;
  const unread = notices?.filter((notice) => notice.read !== true).length ?? 0;

  let body;
  if (notices === undefined && error !== undefined) {
    body = <ErrorState onRetry={() => void mutate()} />;
  } else if (notices === undefined) {
    body = (
      <Box aria-busy="true" aria-label="Đang tải thông báo">
        <Skeleton width="70%" />
        <Skeleton width="90%" />
        <Skeleton width="50%" />
      </Box>
    );
  } else if (notices.length === 0) {
    body = <EmptyLine testId="tenant-notices-empty">Chưa có thông báo nào từ chủ trọ.</EmptyLine>;
  } else {
    body = (
      <>
        <ItemList
          items={notices}
          label="Thông báo của chủ trọ"
          testId="tenant-notice-list"
          itemKey={(notice) => notice.notificationID}
          render={(notice) => <NoticeItem notice={notice} />}
        />
        {total > notices.length && (
          <Button
            fullWidth
            onClick={() => setShown((count) => count + PAGE_SIZE)}
            loading={isLoading}
            data-testid="tenant-notices-more"
            sx={{ mt: 1, minHeight: 44 }}
          >
            Xem thêm thông báo
          </Button>
        )}
      </>
    );
  }

  return (
    <SectionCard
      id="tenant-notices"
      title={title}
      testId="tenant-notices"
      actions={
        unread > 0 ? (
          <Chip
            color="primary"
            size="small"
            label={`${unread} chưa đọc`}
            data-testid="tenant-notices-unread-count"
          />
        ) : undefined
      }
    >
      {body}
    </SectionCard>
  );
}
