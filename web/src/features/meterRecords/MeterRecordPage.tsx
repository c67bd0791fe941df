import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { formatNumber } from '../../lib/format';
import { ROLE_IDS, useSignedInSession } from '../../lib/session';
import { currentVietnamMonth, monthLabel, recentMonths, type RoomRecords } from './meterDrafts';
import { roomState } from './meterBoardState';
import { useMoveIns } from './meterRecordsApi';
import { MeterRoomCard } from './MeterRoomCard';
import { MeterSubmissionsCard } from './MeterSubmissionsCard';
import { TenantReadingSetting } from './TenantReadingSetting';
import { useMeterDrafts, type FloorGroup } from './useMeterDrafts';

const FloorSection = memo(function FloorSection({
  group,
  children,
  onSaveFloor,
  isSaving,
}: {
  group: FloorGroup;
  children: ReactNode;
  onSaveFloor: (floor: number) => void;
  isSaving: boolean;
}) {
  const headingId = `meter-floor-${group.floor}`;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={headingId} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="h2" id={headingId} sx={{ fontSize: '1.125rem' }}>
          Tầng {group.floor}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<SaveOutlined />}
          onClick={() => onSaveFloor(group.floor)}
          loading={isSaving}
          data-testid="meter-save-floor"
        >
          Lưu cả tầng
        </Button>
      </Box>
      <Box
        component="ul"
        aria-label={`Các phòng tầng ${group.floor}`}
        sx={{
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
});

/** How far the round is, the way to the first room left, and the rooms waiting for the network. */
function RoundProgress({
  doneCount,
  roomCount,
  waiting,
  onFirstUnread,
  onRetry,
}: {
  doneCount: number;
  roomCount: number;
  waiting: number;
  onFirstUnread: () => void;
  onRetry: () => void;
}) {
  return (
    <>
      <Box sx={{ mb: 2 }} data-testid="meter-progress">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
          <Typography sx={{ fontWeight: 600 }} aria-live="polite">
            Đã ghi {formatNumber(doneCount)}/{formatNumber(roomCount)} phòng
          </Typography>
          {doneCount < roomCount && (
            <Button size="small" onClick={onFirstUnread} data-testid="meter-first-unread">
              Đến phòng chưa ghi
            </Button>
          )}
        </Box>
        <LinearProgress
          variant="determinate"
          value={(doneCount / roomCount) * 100}
          aria-label="Tiến độ ghi chỉ số"
        />
      </Box>
      {waiting > 0 && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="meter-pending-alert"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Thử lại
            </Button>
          }
        >
          {waiting} phòng chưa lưu được lên máy chủ. Chỉ số đã nhập vẫn được giữ trên máy này và sẽ tự gửi lại
          khi có mạng.
        </Alert>
      )}
    </>
  );
}

/** The readings of one house and month: rooms, their records, and what the reader typed. */
function MeterBoard({ houseID, month }: { houseID: string; month: string }) {
  const board = useMeterDrafts(houseID, month);
  const { rooms, records, sortedRooms, recordsByRoom, drafts, statuses, problems, photoBusy } = board;
  const moveIns = useMoveIns(houseID, month);

  if ((rooms.error && !rooms.data) || (records.error && !records.data)) {
    return (
      <ErrorState
        onRetry={() => {
          void rooms.mutate();
          void records.mutate();
        }}
      />
    );
  }
  if (!rooms.data || !records.data) {
    return (
      <Box aria-busy="true" aria-label="Đang tải danh sách phòng" sx={{ display: 'grid', gap: 1.5 }}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={180} />
        ))}
      </Box>
    );
  }
  if (sortedRooms.length === 0) {
    return (
      <EmptyState title="Chưa có phòng nào" description="Nhà trọ này chưa có phòng nào để ghi chỉ số." />
    );
  }

  return (
    <>
      <RoundProgress
        doneCount={board.doneCount}
        roomCount={sortedRooms.length}
        waiting={board.waiting}
        onFirstUnread={board.onFirstUnread}
        onRetry={board.retryPending}
      />
      {board.groups.map((group) => (
        <FloorSection
          key={group.floor}
          group={group}
          onSaveFloor={board.onSaveFloor}
          isSaving={board.savingFloor === group.floor}
        >
          {group.rooms.map((room) => {
            const roomRecords = recordsByRoom.get(room.roomID) ?? EMPTY_RECORDS;
            const moveIn = moveIns.get(room.roomID);
            return (
              <MeterRoomCard
                key={room.roomID}
                roomID={room.roomID}
                roomName={room.roomName}
                previousElectricity={
                  moveIn?.electricity ??
                  roomRecords.electricity?.previousIndex ??
                  room.currentElectricityIndex ??
                  0
                }
                previousWater={
                  moveIn?.water ?? roomRecords.water?.previousIndex ?? room.currentWaterIndex ?? 0
                }
                movedIn={moveIn !== undefined}
                records={roomRecords}
                draft={drafts[room.roomID]}
                state={roomState(statuses[room.roomID], roomRecords, drafts[room.roomID] !== undefined)}
                problems={problems[room.roomID]}
                photoBusy={photoBusy[room.roomID]}
                {...board.handlers}
              />
            );
          })}
        </FloorSection>
      ))}
    </>
  );
}

const EMPTY_RECORDS: RoomRecords = {};

/** /MeterRecord: staff read every meter of the chosen house, room after room, on a phone. */
export function MeterRecordPage() {
  const session = useSignedInSession();
  const houseID = session.houseID;
  const thisMonth = currentVietnamMonth();
  const [month, setMonth] = useState(thisMonth);
  const months = useMemo(() => recentMonths(thisMonth), [thisMonth]);
  const houseName = session.houses.find((house) => house.houseID === houseID)?.houseName;

  return (
    <Box data-testid="meter-record-page" sx={{ maxWidth: 1400 }}>
      <title>Ghi chỉ số điện nước — Nhà trọ</title>
      <PageHeader title="Ghi chỉ số điện nước" subtitle={houseName} />
      <TextField
        id="meter-month"
        select
        label="Tháng ghi chỉ số"
        size="small"
        value={month}
        onChange={(event) => setMonth(event.target.value)}
        sx={{ mb: 2, minWidth: 200 }}
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'meter-month' } }}
      >
        {months.map((value) => (
          <option key={value} value={value}>
            {monthLabel(value)}
          </option>
        ))}
      </TextField>
      {houseID === null ? (
        <EmptyState title="Chưa chọn nhà trọ" description="Hãy chọn nhà trọ để ghi chỉ số." />
      ) : (
        <>
          {session.role.roleID === ROLE_IDS.houseModerator && <TenantReadingSetting houseID={houseID} />}
          <MeterSubmissionsCard houseID={houseID} month={month} />
          <MeterBoard key={`${houseID}:${month}`} houseID={houseID} month={month} />
        </>
      )}
    </Box>
  );
}
