import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ElectricBoltOutlined from '@mui/icons-material/ElectricBoltOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import WaterDropOutlined from '@mui/icons-material/WaterDropOutlined';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { formatMoney, formatNumber } from '../../lib/format';
import { useSignedInSession } from '../auth/sessionContext';
import { useOwnHousesWithRooms } from '../houses/houseApi';
import type { HouseWithRooms, Room } from '../houses/types';
import { RoomStatusChip } from './RoomStatusChip';

function RoomFact({
  label,
  value,
  icon,
  testId,
}: {
  label: string;
  value: string;
  icon?: ReactNode;
  testId: string;
}) {
  return (
    <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
        {icon}
        <Typography variant="body2" component="dt">
          {label}
        </Typography>
      </Box>
      <Typography
        component="dd"
        sx={{ m: 0, mt: 0.5, fontSize: '1.25rem', fontWeight: 700 }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

function numberWithUnit(value: number | null | undefined, unit: string): string {
  return typeof value === 'number' ? `${formatNumber(value)} ${unit}` : 'Chưa có';
}

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
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
          >
            <RoomFact
              label="Giá thuê"
              value={typeof room.price === 'number' ? `${formatMoney(room.price)}/tháng` : 'Chưa có'}
              testId="lessee-room-price"
            />
            <RoomFact
              label="Diện tích"
              value={numberWithUnit(room.acreage, 'm²')}
              testId="lessee-room-acreage"
            />
            <RoomFact
              label="Chỉ số điện hiện tại"
              value={numberWithUnit(room.currentElectricityIndex, 'kWh')}
              icon={<ElectricBoltOutlined fontSize="small" aria-hidden />}
              testId="lessee-room-electricity"
            />
            <RoomFact
              label="Chỉ số nước hiện tại"
              value={numberWithUnit(room.currentWaterIndex, 'm³')}
              icon={<WaterDropOutlined fontSize="small" aria-hidden />}
              testId="lessee-room-water"
            />
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
