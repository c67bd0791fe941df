import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import StraightenOutlined from '@mui/icons-material/StraightenOutlined';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { useHouseWithRooms } from '../../lib/api/resources/houses';
import { RoomStatusCounts } from '../../components/RoomStatusCounts';
import { countRoomsByStatus, ROOM_STATUS_LABELS, type RoomStatusFilter } from '../../lib/roomStatus';
import type { Room } from '@nhatro/common';
import { RoomStatusChip } from './RoomStatusChip';

const roomNameCollator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

function byFloorThenName(a: Room, b: Room): number {
  return (a.floor ?? 0) - (b.floor ?? 0) || roomNameCollator.compare(a.roomName, b.roomName);
}

/** One room at a glance; a link to the room's page when the user may open it. */
function RoomCard({ room, canOpen }: { room: Room; canOpen: boolean }) {
  const content = (
    <CardContent>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Typography variant="h3" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {room.roomName}
        </Typography>
        <RoomStatusChip room={room} />
      </Box>
      <Typography sx={{ mt: 1, fontWeight: 600 }}>
        {typeof room.price === 'number' ? `${formatMoney(room.price)}/tháng` : 'Chưa có giá thuê'}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1, color: 'text.secondary' }}>
        {typeof room.floor === 'number' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <LayersOutlined fontSize="small" aria-hidden />
            <Typography variant="body2">Tầng {room.floor}</Typography>
          </Box>
        )}
        {typeof room.acreage === 'number' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <StraightenOutlined fontSize="small" aria-hidden />
            <Typography variant="body2">{formatNumber(room.acreage)} m²</Typography>
          </Box>
        )}
      </Box>
    </CardContent>
  );
  return (
    <Card component="li" sx={{ listStyle: 'none' }} data-testid={`room-card-${room.roomID}`}>
      {canOpen ? (
        <CardActionArea
          component={RouterLink}
          to={paths.room(room.roomID)}
          sx={{ height: '100%' }}
          data-testid={`room-link-${room.roomID}`}
        >
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

const roomGridStyles = {
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' },
} as const;

/**
 * Dashboard of roles 2 and 3: the selected house's rooms, counted and listed by status; each card opens
 * its room when `canOpenRooms` (the room pages' permission).
 */
export function RoomsOverview({
  title,
  summary,
  canOpenRooms,
}: {
  title: string;
  summary?: ReactNode;
  canOpenRooms: boolean;
}) {
  const session = useSignedInSession();
  const { data: house, error, isLoading, mutate } = useHouseWithRooms(session.houseID);
  const [statusFilter, setStatusFilter] = useState<RoomStatusFilter>('all');

  const rooms = useMemo(() => [...(house?.rooms ?? [])].sort(byFloorThenName), [house]);
  const counts = useMemo(() => countRoomsByStatus(rooms), [rooms]);
  const visibleRooms = statusFilter === 'all' ? rooms : rooms.filter((room) => room.status === statusFilter);
  const houseFromSession = session.houses.find((candidate) => candidate.houseID === session.houseID);
  const houseName = house?.houseName ?? houseFromSession?.houseName;
  const houseAddress = house?.houseAddress ?? houseFromSession?.houseAddress;

  let roomList;
  if (error !== undefined && house === undefined) {
    roomList = <ErrorState onRetry={() => void mutate()} />;
  } else if (isLoading) {
    roomList = (
      <Box sx={roomGridStyles} aria-busy="true" aria-label="Đang tải danh sách phòng">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={120} />
        ))}
      </Box>
    );
  } else if (rooms.length === 0) {
    roomList = <EmptyState title="Chưa có dữ liệu" description="Nhà trọ này chưa có phòng nào." />;
  } else if (visibleRooms.length === 0) {
    roomList = (
      <EmptyState
        title="Không có phòng nào"
        description={`Không có phòng ở trạng thái "${statusFilter === 'all' ? 'Tổng số phòng' : ROOM_STATUS_LABELS[statusFilter]}".`}
      />
    );
  } else {
    roomList = (
      <Box component="ul" sx={roomGridStyles} aria-label="Danh sách phòng" data-testid="room-list">
        {visibleRooms.map((room) => (
          <RoomCard key={room.roomID} room={room} canOpen={canOpenRooms} />
        ))}
      </Box>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        subtitle={houseName ? [houseName, houseAddress].filter(Boolean).join(' — ') : undefined}
      />
      {summary}
      <RoomStatusCounts
        counts={house === undefined ? null : counts}
        selected={statusFilter}
        onSelect={setStatusFilter}
        testIdPrefix="room-count"
      />
      <Typography variant="h2" sx={{ mb: 2 }}>
        Danh sách phòng
      </Typography>
      {roomList}
    </>
  );
}
