import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { Room } from '@nhatro/common';
import { EmptyState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { RoomFacts } from '../../components/RoomFacts';
import { SectionCard } from '../../components/SectionCard';
import { useRoomDevices } from '../../lib/api/resources/devices';
import { useOwnHousesWithRooms, type HouseWithRooms } from '../../lib/api/resources/houses';
import { formatMoney, formatNumber } from '../../lib/format';
import { useSignedInSession } from '../../lib/session';
import { Line, ListBody, OccupantItem, sortOccupants, TenantPageStates } from '../../components/tenantParts';
import { useContractOccupants } from '../../lib/api/resources/ownContracts';
import { TenantBillsSection, TenantChargesSection } from '../../features/monthlyBills/TenantBills';
import { TenantIssuesSection } from '../../features/issues/TenantIssues';
import { TenantMeterReadingSection } from '../../features/meterRecords/TenantMeterReading';
import { TenantNotices } from '../../features/notifications/TenantNotices';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';

const TITLE = 'Phòng của tôi';

export function findOwnRoom(
  houses: readonly HouseWithRooms[],
  houseID: string | null,
  roomID: string | null,
): { house: HouseWithRooms | undefined; room: Room | undefined } {
  const house = houses.find((candidate) => candidate.houseID === houseID) ?? houses[0];
  const rooms = house?.rooms ?? [];
  return { house, room: rooms.find((candidate) => candidate.roomID === roomID) ?? rooms[0] };
}

function HouseSection({ house }: { house: HouseWithRooms }) {
  return (
    <SectionCard id="tenant-house" title="Nhà trọ" testId="tenant-house">
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="tenant-house-name">
        {house.houseName}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 0.5, color: 'text.secondary' }}>
        <PlaceOutlined fontSize="small" aria-hidden sx={{ mt: '2px' }} />
        <Typography data-testid="tenant-house-address" sx={{ overflowWrap: 'anywhere' }}>
          {house.houseAddress || 'Chưa có địa chỉ'}
        </Typography>
      </Box>
    </SectionCard>
  );
}

function DevicesSection({ roomID }: { roomID: string }) {
  const { data, error, mutate } = useRoomDevices(roomID);
  return (
    <SectionCard id="tenant-devices" title="Thiết bị trong phòng" testId="tenant-devices-section">
      <ListBody
        items={data?.value}
        error={error}
        onRetry={() => void mutate()}
        empty="Phòng chưa có thiết bị nào."
        label="Thiết bị trong phòng"
        testId="tenant-devices"
        itemKey={(device) => device.deviceID}
        render={(device) => (
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {device.deviceName} × {formatNumber(device.quantity)}
              </Typography>
              <Line>Tình trạng: {device.condition || 'Chưa ghi'}</Line>
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {formatMoney(device.value)}
            </Typography>
          </Box>
        )}
      />
    </SectionCard>
  );
}

function OccupantsSection({ contractID, lesseeID }: { contractID: string | null; lesseeID: string | null }) {
  const { data, error, mutate } = useContractOccupants(contractID);
  return (
    <SectionCard id="tenant-occupants" title="Người ở trong phòng" testId="tenant-occupants-section">
      <ListBody
        items={contractID === null ? [] : data === undefined ? undefined : sortOccupants(data.value)}
        error={error}
        onRetry={() => void mutate()}
        empty="Chưa có thông tin người ở."
        label="Người ở trong phòng"
        testId="tenant-occupants"
        itemKey={(lessee) => lessee.lesseeInfoID}
        render={(lessee) => <OccupantItem lessee={lessee} ownLesseeID={lesseeID} />}
      />
    </SectionCard>
  );
}

/** Where the thumb goes on a long phone page: the sections a tenant looks for, and their contract. */
const JUMPS: ReadonlyArray<{ label: string; section: string }> = [
  { label: 'Hóa đơn', section: 'tenant-bills' },
  { label: 'Phí phát sinh', section: 'tenant-charges' },
  { label: 'Thông báo', section: 'tenant-notices' },
  { label: 'Báo sự cố', section: 'tenant-issues' },
  { label: 'Phòng', section: 'tenant-room' },
];

function JumpBar() {
  return (
    <Box
      component="nav"
      aria-label="Đi nhanh tới"
      sx={{
        display: 'flex',
        gap: 1,
        overflowX: 'auto',
        pb: 1,
        mb: 1,
        mx: { xs: -2, sm: 0 },
        px: { xs: 2, sm: 0 },
        scrollbarWidth: 'none',
      }}
      data-testid="tenant-jump-bar"
    >
      {JUMPS.map((jump) => (
        <Chip
          key={jump.section}
          component="a"
          href={`#${jump.section}-heading`}
          clickable
          label={jump.label}
          sx={{ minHeight: 36 }}
        />
      ))}
      <Chip
        component={RouterLink}
        to={paths.lesseeContract}
        clickable
        color="primary"
        variant="outlined"
        label="Hợp đồng"
        sx={{ minHeight: 36 }}
      />
    </Box>
  );
}

function RoomContent() {
  const session = useSignedInSession();
  const { data, error, mutate } = useOwnHousesWithRooms();

  if (data === undefined) {
    return (
      <TenantPageStates
        title={TITLE}
        error={error}
        loadingLabel="Đang tải thông tin phòng"
        onRetry={() => void mutate()}
      />
    );
  }

  const { house, room } = findOwnRoom(data.value, session.houseID, session.roomID);
  if (house === undefined || room === undefined) {
    return (
      <>
        <PageHeader title={TITLE} />
        <EmptyState
          title="Chưa có phòng"
          description="Bạn chưa có phòng thuê nào. Vui lòng liên hệ chủ trọ."
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1 }}>
            <span data-testid="tenant-room-name">Phòng {room.roomName}</span>
            <span aria-hidden>·</span>
            <span data-testid="tenant-room-floor">Tầng {room.floor}</span>
          </Box>
        }
      />
      <JumpBar />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
          // The heading a jump lands on stays below the app bar.
          '& h2': { scrollMarginTop: { xs: 72, sm: 88 } },
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <TenantBillsSection roomID={room.roomID} />
          <TenantChargesSection roomID={room.roomID} />
          {house.tenantMeterReading === true && (
            <TenantMeterReadingSection
              houseID={house.houseID}
              {...(house.tenantReadingDeadlineDay !== undefined
                ? { deadlineDay: house.tenantReadingDeadlineDay }
                : {})}
            />
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <TenantNotices />
          <TenantIssuesSection houseID={house.houseID} roomID={room.roomID} contractID={session.contractID} />
          <SectionCard id="tenant-room" title={`Phòng ${room.roomName}`} testId="tenant-room">
            {room.roomDescription && (
              <Typography sx={{ mb: 2, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {room.roomDescription}
              </Typography>
            )}
            <RoomFacts room={room} testIdPrefix="tenant-room" />
          </SectionCard>
          <HouseSection house={house} />
          <OccupantsSection contractID={session.contractID} lesseeID={session.lesseeID} />
          <DevicesSection roomID={room.roomID} />
        </Box>
      </Box>
    </>
  );
}

/**
 * /lesseeRoomDetail ('Phòng của tôi', role 4), the tenant's home on their phone: bills first (pay online
 * or by QR), charges, the landlord's notices, issue reports, then the room, its house, occupants and
 * devices; a row of jumps at the top for one thumb.
 */
export function LesseeRoomPage() {
  return (
    <>
      <title>Phòng của tôi — Nhà trọ</title>
      <Box data-testid="lessee-room-page">
        <RoomContent />
      </Box>
    </>
  );
}
