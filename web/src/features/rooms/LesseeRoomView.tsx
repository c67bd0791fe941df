import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { RoomFacts } from '../../components/RoomFacts';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { useSignedInSession } from '../../lib/session';
import type { Room } from '@nhatro/common';
import { useOwnHousesWithRooms, type HouseWithRooms } from '../../lib/api/resources/houses';
import { RoomStatusChip } from './RoomStatusChip';

function findOwnRoom(houses: readonly HouseWithRooms[], houseID: string | null, roomID: string | null) {
  const house = houses.find((candidate) => candidate.houseID === houseID) ?? houses[0];
  const rooms: Room[] = house?.rooms ?? [];
  const room = rooms.find((candidate) => candidate.roomID === roomID) ?? rooms[0];
  return { house, room };
}

/** Dashboard of a lessee (role 4): their house and their room with its meter indexes. */
export function LesseeRoomView({ title }: { title: string }) {
  const session = useSignedInSession();
  const { data, error, isLoading, mutate } = useOwnHousesWithRooms();

  if (error !== undefined && data === undefined) {
    return (
      <>
        <PageHeader title={title} />
        <ErrorState onRetry={() => void mutate()} />
      </>
    );
  }

  if (isLoading || data === undefined) {
    return (
      <>
        <PageHeader title={title} />
        <Box aria-busy="true" aria-label="Đang tải thông tin phòng" sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={88} />
          <Skeleton variant="rounded" height={220} />
        </Box>
      </>
    );
  }

  const { house, room } = findOwnRoom(data.value, session.houseID, session.roomID);
  if (house === undefined || room === undefined) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          title="Chưa có dữ liệu"
          description="Bạn chưa có phòng thuê nào. Vui lòng liên hệ chủ trọ."
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} />
      <Card sx={{ mb: 2 }} data-testid="lessee-house">
        <CardContent>
          <Typography variant="h2" data-testid="lessee-house-name" sx={{ overflowWrap: 'anywhere' }}>
            {house.houseName}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 1, color: 'text.secondary' }}>
            <PlaceOutlined fontSize="small" aria-hidden sx={{ mt: '2px' }} />
            <Typography data-testid="lessee-house-address" sx={{ overflowWrap: 'anywhere' }}>
              {house.houseAddress || 'Chưa có địa chỉ'}
            </Typography>
          </Box>
        </CardContent>
      </Card>
      <Card data-testid="lessee-room">
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
            <Typography variant="h2" component="h3" data-testid="lessee-room-name">
              {room.roomName}
            </Typography>
            <RoomStatusChip status={room.status} />
          </Box>
          {room.roomDescription && (
            <Typography sx={{ mb: 2, color: 'text.secondary' }}>{room.roomDescription}</Typography>
          )}
          <RoomFacts room={room} testIdPrefix="lessee-room" />
        </CardContent>
      </Card>
    </>
  );
}
