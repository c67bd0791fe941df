import Box from '@mui/material/Box';

import Button from '@mui/material/Button';

import ButtonBase from '@mui/material/ButtonBase';

import Skeleton from '@mui/material/Skeleton';

import Typography from '@mui/material/Typography';

import { alpha } from '@mui/material/styles';
import AddOutlined from '@mui/icons-material/AddOutlined';

import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';

import { LEVEL } from '@nhatro/common';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { ListSearchBar } from '../../components/ListSearchBar';
import { PageHeader } from '../../components/PageHeader';
import { RoomStatusCounts } from '../../components/RoomStatusCounts';
import { formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { CreateRoomDialog } from './CreateRoomDialog';
import { ImportRoomsDialog } from './ImportRoomsDialog';
import { useHouseRooms } from './roomsApi';
import {
  ROOM_STATUS_LABELS,
  countRoomsByStatus,
  roomStatusDisplay,
  type RoomStatusFilter,
} from '../../lib/roomStatus';
import type { Room } from '@nhatro/common';

const FILTER_LABELS: Record<RoomStatusFilter, string> = { all: 'Tất cả', ...ROOM_STATUS_LABELS };
const ALL_FLOORS = 'all';

const nameCollator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

/** Search ignores case and diacritics: "p1" finds "P101", "phong a" finds "Phòng A". */
function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/gi, 'd')
    .toLocaleLowerCase('vi')
    .trim();
}

function floorOf(room: Room): number {
  return typeof room.floor === 'number' ? room.floor : 0;
}

interface IndexedRoom {
  room: Room;
  key: string;
}

interface FloorGroup {
  floor: number;
  rooms: Room[];
}

function groupByFloor(rooms: readonly IndexedRoom[], query: string, status: RoomStatusFilter, floor: string) {
  const needle = searchKey(query);
  const wantedFloor = floor === ALL_FLOORS ? null : Number(floor);
  const groups = new Map<number, Room[]>();
  for (const { room, key } of rooms) {
    if (status !== 'all' && room.status !== status) continue;
    if (wantedFloor !== null && floorOf(room) !== wantedFloor) continue;
    if (needle !== '' && !key.includes(needle)) continue;
    const list = groups.get(floorOf(room));
    if (list) list.push(room);
    else groups.set(floorOf(room), [room]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([groupFloor, groupRooms]): FloorGroup => ({ floor: groupFloor, rooms: groupRooms }));
}

/** One room at a glance; memoised so typing in the search box does not re-render every card. */
const RoomCard = memo(function RoomCard({ room }: { room: Room }) {
  const { color, label } = roomStatusDisplay(room);
  return (
    <Box component="li" sx={{ listStyle: 'none', minWidth: 0 }}>
      <ButtonBase
        component={RouterLink}
        to={paths.room(room.roomID)}
        data-testid={`room-card-${room.roomID}`}
        data-status={room.status}
        sx={(theme) => ({
          display: 'block',
          width: '100%',
          height: '100%',
          textAlign: 'left',
          p: 1.5,
          borderRadius: 2,
          border: `1px solid ${alpha(theme.palette[color].main, 0.35)}`,
          borderLeft: `5px solid ${theme.palette[color].main}`,
          bgcolor: alpha(theme.palette[color].main, 0.07),
          '&:hover': { bgcolor: alpha(theme.palette[color].main, 0.14) },
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette[color].main}`, outlineOffset: 2 },
        })}
      >
        <Typography
          component="h3"
          sx={{ fontWeight: 700, fontSize: '1.0625rem', overflowWrap: 'anywhere', lineHeight: 1.3 }}
        >
          {room.roomName}
        </Typography>
        <Typography variant="body2" sx={{ color: `${color}.dark`, fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
          {typeof room.price === 'number' ? formatMoney(room.price) : 'Chưa có giá'}
        </Typography>
        {typeof room.acreage === 'number' && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {formatNumber(room.acreage)} m²
          </Typography>
        )}
      </ButtonBase>
    </Box>
  );
});

const FloorSection = memo(function FloorSection({ group }: { group: FloorGroup }) {
  const headingId = `rooms-floor-${group.floor}`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={`rooms-floor-${group.floor}`}
      sx={{ mb: 3, contentVisibility: 'auto', containIntrinsicSize: 'auto 320px' }}
    >
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.125rem', mb: 1.5 }}>
        Tầng {group.floor}{' '}
        <Typography component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          ({formatNumber(group.rooms.length)} phòng)
        </Typography>
      </Typography>
      <Box
        component="ul"
        aria-label={`Các phòng tầng ${group.floor}`}
        sx={{
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
        }}
      >
        {group.rooms.map((room) => (
          <RoomCard key={room.roomID} room={room} />
        ))}
      </Box>
    </Box>
  );
});

const RoomGroups = memo(function RoomGroups({ groups }: { groups: FloorGroup[] }) {
  return (
    <Box data-testid="room-groups" aria-label="Danh sách phòng theo tầng">
      {groups.map((group) => (
        <FloorSection key={group.floor} group={group} />
      ))}
    </Box>
  );
});

/** 'Nhập từ Excel' and 'Thêm phòng'. */
function RoomsActions({ onImport, onCreate }: { onImport: () => void; onCreate: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        onClick={onImport}
        data-testid="room-import-button"
      >
        Nhập từ Excel
      </Button>
      <Button
        variant="contained"
        startIcon={<AddOutlined />}
        onClick={onCreate}
        data-testid="room-create-button"
      >
        Thêm phòng
      </Button>
    </Box>
  );
}

/** The rooms by floor, or why none show (loading, failed, none yet, none matching). */
function RoomsContent({
  rooms,
  groups,
  failed,
  isLoading,
  canCreate,
  onCreate,
  onRetry,
  onClear,
}: {
  rooms: readonly unknown[] | undefined;
  groups: Parameters<typeof RoomGroups>[0]['groups'];
  failed: boolean;
  isLoading: boolean;
  canCreate: boolean;
  onCreate: () => void;
  onRetry: () => void;
  onClear: () => void;
}) {
  if (failed) {
    return <ErrorState onRetry={onRetry} />;
  }
  if (isLoading || rooms === undefined) {
    return (
      <Box
        aria-busy="true"
        aria-label="Đang tải danh sách phòng"
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}
      >
        {Array.from({ length: 12 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={92} />
        ))}
      </Box>
    );
  }
  if (rooms.length === 0) {
    return (
      <EmptyState
        title="Chưa có phòng nào"
        description="Nhà trọ này chưa có phòng nào."
        action={
          canCreate ? (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={onCreate}>
              Thêm phòng
            </Button>
          ) : undefined
        }
      />
    );
  }
  if (groups.length === 0) {
    return (
      <EmptyState
        title="Không tìm thấy phòng phù hợp"
        description="Không có phòng nào khớp với tìm kiếm và bộ lọc đang chọn."
        action={<Button onClick={onClear}>Xóa bộ lọc</Button>}
      />
    );
  }
  return <RoomGroups groups={groups} />;
}

/** /rooms: every room of the selected house at a glance, grouped by floor and coloured by status. */
export function RoomsPage() {
  const session = useSignedInSession();
  const houseID = session.houseID;
  const canCreate = session.role.roomPermission >= LEVEL.create;
  const { data: rooms, error, isLoading, mutate } = useHouseRooms(houseID);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<RoomStatusFilter>('all');
  const [floor, setFloor] = useState(ALL_FLOORS);
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  const deferredQuery = useDeferredValue(query);

  const indexed = useMemo<IndexedRoom[]>(
    () =>
      [...(rooms ?? [])]
        .sort((a, b) => floorOf(a) - floorOf(b) || nameCollator.compare(a.roomName, b.roomName))
        .map((room) => ({ room, key: searchKey(room.roomName) })),
    [rooms],
  );
  const counts = useMemo(() => countRoomsByStatus(rooms ?? []), [rooms]);
  const floors = useMemo(() => [...new Set(indexed.map(({ room }) => floorOf(room)))], [indexed]);
  const groups = useMemo(
    () => groupByFloor(indexed, deferredQuery, status, floor),
    [indexed, deferredQuery, status, floor],
  );
  const shownCount = groups.reduce((total, group) => total + group.rooms.length, 0);
  const isFiltered = query.trim() !== '' || status !== 'all' || floor !== ALL_FLOORS;
  const houseName = session.houses.find((house) => house.houseID === houseID)?.houseName;

  const clearFilters = () => {
    setQuery('');
    setStatus('all');
    setFloor(ALL_FLOORS);
  };

  return (
    <Box data-testid="rooms-page">
      <title>Quản lý phòng — Nhà trọ</title>
      <PageHeader
        title="Quản lý phòng"
        subtitle={houseName}
        actions={
          canCreate && houseID !== null ? (
            <RoomsActions onImport={() => setDialog('import')} onCreate={() => setDialog('create')} />
          ) : undefined
        }
      />

      <RoomStatusCounts
        counts={rooms === undefined ? null : counts}
        selected={status}
        onSelect={(filter) => setStatus((current) => (current === filter ? 'all' : filter))}
        testIdPrefix="rooms-count"
      />

      <ListSearchBar
        search={{
          id: 'rooms-search',
          label: 'Tìm theo tên phòng',
          value: query,
          onChange: setQuery,
          testId: 'rooms-search',
        }}
        filter={{
          id: 'rooms-floor-filter',
          label: 'Tầng',
          value: floor,
          onChange: setFloor,
          testId: 'rooms-filter-floor',
          options: [
            [ALL_FLOORS, 'Tất cả các tầng'],
            ...floors.map((value) => [String(value), `Tầng ${value}`] as const),
          ],
        }}
      />

      {rooms !== undefined && rooms.length > 0 && (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', mb: 2 }}
          aria-live="polite"
          data-testid="rooms-shown-count"
        >
          {isFiltered
            ? `Đang hiển thị ${formatNumber(shownCount)} / ${formatNumber(rooms.length)} phòng`
            : `${formatNumber(rooms.length)} phòng`}
          {status !== 'all' ? ` · ${FILTER_LABELS[status]}` : ''}
        </Typography>
      )}

      <RoomsContent
        rooms={rooms}
        groups={groups}
        failed={error !== undefined && rooms === undefined}
        isLoading={isLoading}
        canCreate={canCreate}
        onCreate={() => setDialog('create')}
        onRetry={() => void mutate()}
        onClear={clearFilters}
      />

      {houseID !== null && canCreate && (
        <>
          <CreateRoomDialog open={dialog === 'create'} houseID={houseID} onClose={() => setDialog(null)} />
          <ImportRoomsDialog open={dialog === 'import'} houseID={houseID} onClose={() => setDialog(null)} />
        </>
      )}
    </Box>
  );
}
