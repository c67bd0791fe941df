import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { BILLING_LEVELS, ISSUE_STATUS_LABELS, LEVEL, type IssueStatus, type Room } from '@nhatro/common';
import { useMemo, useState } from 'react';
import { useEntityDialogs } from '../../components/crud';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { PhotoThumbnail } from '../../components/PhotoThumbnail';
import { useHouseWithRooms } from '../../lib/api/resources/houses';
import {
  issueStatusColor,
  issueStatusLabel,
  useIssueList,
  type IssueReply,
  type IssueStatusFilter,
} from '../../lib/api/resources/issues';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useSignedInSession } from '../../lib/session';
import { IssueChargeDialog, IssueStatusDialog } from './IssueDialogs';

const PAGE_SIZE = 10;
const ALL_ROOMS = '';

const STATUS_TABS: ReadonlyArray<{ value: IssueStatusFilter; label: string }> = [
  { value: 'all', label: 'Tất cả' },
  ...([1, 2, 3] as const).map((status: IssueStatus) => ({
    value: `${status}` as const,
    label: ISSUE_STATUS_LABELS[status],
  })),
];

const nameCollator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

function Photos({ issue }: { issue: IssueReply }) {
  const photos = issue.imageURLs ?? [];
  if (photos.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={`Ảnh của báo cáo ${issue.title}`}
      sx={{ p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
      data-testid="issue-photos"
    >
      {photos.map((photo, index) => (
        <Box component="li" key={photo.blobName} sx={{ listStyle: 'none' }}>
          <Box
            component="a"
            href={photo.url}
            target="_blank"
            rel="noopener noreferrer"
            sx={{
              display: 'block',
              width: 72,
              height: 72,
              borderRadius: 1,
              overflow: 'hidden',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <PhotoThumbnail link={photo} alt={`Ảnh ${index + 1} của báo cáo ${issue.title}`} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function IssueCard({
  issue,
  canEdit,
  canCharge,
  onSetStatus,
  onCharge,
}: {
  issue: IssueReply;
  canEdit: boolean;
  canCharge: boolean;
  onSetStatus: (issue: IssueReply) => void;
  onCharge: (issue: IssueReply) => void;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', p: 2, minWidth: 0 }}
      data-testid={`issue-${issue.issueID}`}
      data-status={issue.status}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip size="small" variant="outlined" label={`Phòng ${issue.roomName}`} />
        <Chip
          size="small"
          color={issueStatusColor(issue.status)}
          label={issueStatusLabel(issue.status)}
          data-testid="issue-status"
        />
      </Box>
      <Typography
        component="h3"
        sx={{ mt: 1, fontWeight: 700, fontSize: '1.0625rem', overflowWrap: 'anywhere' }}
      >
        {issue.title}
      </Typography>
      <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {issue.description}
      </Typography>
      <Photos issue={issue} />
      <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {issue.createdByName || 'Người thuê'} · {formatDateTime(issue.createdOn)}
      </Typography>
      {issue.response && (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }} data-testid="issue-response">
          Phản hồi: {issue.response}
        </Typography>
      )}
      {(canEdit || canCharge) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          {canEdit && (
            <Button
              variant="contained"
              size="small"
              startIcon={<TaskAltOutlined />}
              onClick={() => onSetStatus(issue)}
              data-testid="issue-set-status"
              sx={{ minHeight: 40 }}
            >
              Cập nhật trạng thái
            </Button>
          )}
          {canCharge && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<ReceiptLongOutlined />}
              onClick={() => onCharge(issue)}
              data-testid="issue-charge"
              sx={{ minHeight: 40 }}
            >
              Tạo phí phát sinh
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}

function ListSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Đang tải báo cáo sự cố" sx={{ display: 'grid', gap: 1.5 }}>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={140} />
      ))}
    </Box>
  );
}

/** A page of the reports, how many there are, and the pages. */
function IssueList({
  issues,
  total,
  isLoading,
  canEdit,
  canCharge,
  onSetStatus,
  onCharge,
  page,
  pageCount,
  onPage,
}: {
  issues: readonly IssueReply[];
  total: number;
  isLoading: boolean;
  canEdit: boolean;
  canCharge: boolean;
  onSetStatus: (issue: IssueReply) => void;
  onCharge: (issue: IssueReply) => void;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <Typography
        variant="body2"
        sx={{ color: 'text.secondary', mb: 1.5 }}
        aria-live="polite"
        data-testid="issues-count"
      >
        {formatNumber(total)} báo cáo
      </Typography>
      <Box
        component="ul"
        aria-label="Danh sách báo cáo sự cố"
        data-testid="issue-list"
        sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, opacity: isLoading ? 0.6 : 1 }}
      >
        {issues.map((issue) => (
          <IssueCard
            key={issue.issueID}
            issue={issue}
            canEdit={canEdit}
            canCharge={canCharge}
            onSetStatus={onSetStatus}
            onCharge={onCharge}
          />
        ))}
      </Box>
      {pageCount > 1 && (
        <Pagination
          count={pageCount}
          page={page + 1}
          onChange={(_event, next) => onPage(next - 1)}
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          aria-label="Trang báo cáo sự cố"
          data-testid="issues-pagination"
        />
      )}
    </>
  );
}

/** Which room's reports the list shows. */
function RoomFilter({
  roomID,
  rooms,
  onChoose,
}: {
  roomID: string;
  rooms: readonly Room[];
  onChoose: (roomID: string) => void;
}) {
  return (
    <>
      <TextField
        id="issues-room-filter"
        select
        label="Phòng"
        size="small"
        value={roomID}
        onChange={(event) => onChoose(event.target.value)}
        sx={{ mb: 2, minWidth: 200, width: { xs: '100%', sm: 'auto' } }}
        slotProps={{
          select: { native: true },
          // 'Tất cả các phòng' is an option with an empty value: the label stays above it, not over it.
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'issues-filter-room' },
        }}
      >
        <option value={ALL_ROOMS}>Tất cả các phòng</option>
        {rooms.map((room) => (
          <option key={room.roomID} value={room.roomID}>
            Phòng {room.roomName}
          </option>
        ))}
      </TextField>
    </>
  );
}

function RequestsContent({ houseID }: { houseID: string | null }) {
  const session = useSignedInSession();
  const canEdit = session.role.roomPermission >= LEVEL.update;
  // A one-time charge: staff and landlords with the billing level to add one (as the API).
  const canCharge = session.role.billingPermission >= BILLING_LEVELS.addCharge;
  const houseName = session.houses.find((house) => house.houseID === houseID)?.houseName;
  const [status, setStatus] = useState<IssueStatusFilter>('all');
  const [roomID, setRoomID] = useState(ALL_ROOMS);
  const [page, setPage] = useState(0);
  const { data: house } = useHouseWithRooms(houseID);
  const rooms = useMemo(
    () => [...(house?.rooms ?? [])].sort((a, b) => nameCollator.compare(a.roomName, b.roomName)),
    [house],
  );
  const query =
    houseID === null
      ? null
      : {
          scope: roomID === ALL_ROOMS ? { houseID } : { roomID },
          status,
          page,
          pageSize: PAGE_SIZE,
        };
  const { data, error, isLoading, mutate } = useIssueList(query);
  const statusDialog = useEntityDialogs<IssueReply>().editor;
  const chargeDialog = useEntityDialogs<IssueReply>().editor;

  const total = data?.['@odata.count'] ?? data?.value.length ?? 0;
  const pageCount = Math.ceil(total / PAGE_SIZE);
  const isFiltered = status !== 'all' || roomID !== ALL_ROOMS;

  let content;
  if (houseID === null) {
    content = (
      <EmptyState title="Chưa chọn nhà trọ" description="Hãy chọn một nhà trọ để xem báo cáo sự cố." />
    );
  } else if (error !== undefined && data === undefined) {
    content = <ErrorState onRetry={() => void mutate()} />;
  } else if (data === undefined || (isLoading && data.value.length === 0)) {
    content = <ListSkeleton />;
  } else if (data.value.length === 0) {
    content = (
      <EmptyState
        title={isFiltered ? 'Không có báo cáo phù hợp' : 'Chưa có báo cáo sự cố'}
        description={
          isFiltered
            ? 'Không có báo cáo nào khớp với bộ lọc đang chọn.'
            : 'Người thuê chưa gửi báo cáo sự cố nào cho nhà trọ này.'
        }
        action={
          isFiltered ? (
            <Button
              onClick={() => {
                setStatus('all');
                setRoomID(ALL_ROOMS);
                setPage(0);
              }}
            >
              Xóa bộ lọc
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    content = (
      <IssueList
        issues={data.value}
        total={total}
        isLoading={isLoading}
        canEdit={canEdit}
        canCharge={canCharge}
        onSetStatus={statusDialog.openEdit}
        onCharge={chargeDialog.openEdit}
        page={page}
        pageCount={pageCount}
        onPage={setPage}
      />
    );
  }

  return (
    <Box data-testid="requests-page">
      <title>Báo cáo sự cố — Nhà trọ</title>
      <PageHeader title="Báo cáo sự cố" subtitle={houseName} />
      <Tabs
        value={status}
        onChange={(_event, value: IssueStatusFilter) => {
          setStatus(value);
          setPage(0);
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Lọc theo trạng thái"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {STATUS_TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} data-testid={`issues-tab-${tab.value}`} />
        ))}
      </Tabs>
      <RoomFilter
        roomID={roomID}
        rooms={rooms}
        onChoose={(next) => {
          setRoomID(next);
          setPage(0);
        }}
      />
      {content}
      <IssueStatusDialog open={statusDialog.open} issue={statusDialog.item} onClose={statusDialog.close} />
      <IssueChargeDialog open={chargeDialog.open} issue={chargeDialog.item} onClose={chargeDialog.close} />
    </Box>
  );
}

/**
 * /requests: the chosen house's issue reports, newest first, by status and room (server paginated);
 * the landlord or staff set the status, answer the tenant and bill a repair as a one-time charge.
 * Choosing another house starts with fresh filters (a room filter belongs to one house).
 */
export function RequestsPage() {
  const { houseID } = useSignedInSession();
  return <RequestsContent key={houseID ?? ''} houseID={houseID} />;
}
