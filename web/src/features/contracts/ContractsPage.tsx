import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import AddOutlined from '@mui/icons-material/AddOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import { CONTRACT_STATUS_LABELS, LEVEL, type Room } from '@nhatro/common';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { ReserveRoomDialog } from '../../components/reservations/ReserveRoomDialog';
import { activeReservations, useHouseReservations, vietnamToday } from '../../lib/api/resources/reservations';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { ContractTable } from './ContractTable';
import { ReservationList } from './ReservationList';
import { CONTRACT_PAGE_SIZES, useHouseRoomList, type ContractListQuery } from './contractsApi';

type TabName = 'contracts' | 'reservations';

const DEFAULT_PAGE_SIZE = CONTRACT_PAGE_SIZES[0];

function pageSizeOf(value: string | null): number {
  const size = Number(value);
  return CONTRACT_PAGE_SIZES.some((allowed) => allowed === size) ? size : DEFAULT_PAGE_SIZE;
}

/** The filters of the contract list: status, room, and those ending within 30 days. */
function ContractFilters({
  status,
  roomID,
  expiring,
  rooms,
  update,
}: {
  status: string;
  roomID: string;
  expiring: boolean;
  rooms: readonly Room[];
  update: (changes: Record<string, string | null>) => void;
}) {
  return (
    <Box
      role="search"
      aria-label="Lọc hợp đồng"
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr 1fr', md: '220px 220px auto' },
      }}
    >
      <TextField
        id="contracts-status-filter"
        select
        size="small"
        label="Trạng thái"
        value={status}
        onChange={(event) => update({ status: event.target.value })}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'contracts-filter-status' },
        }}
      >
        <option value="">Tất cả</option>
        {Object.entries(CONTRACT_STATUS_LABELS).map(([code, label]) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </TextField>
      <TextField
        id="contracts-room-filter"
        select
        size="small"
        label="Phòng"
        value={roomID}
        onChange={(event) => update({ roomID: event.target.value })}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'contracts-filter-room' },
        }}
      >
        <option value="">Tất cả các phòng</option>
        {rooms.map((room) => (
          <option key={room.roomID} value={room.roomID}>
            {room.roomName}
          </option>
        ))}
      </TextField>
      <FormControlLabel
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, ml: 0 }}
        control={
          <Switch
            checked={expiring}
            onChange={(event) => update({ expiring: event.target.checked ? '1' : null })}
            slotProps={{ input: { 'aria-label': 'Sắp hết hạn (30 ngày)' } }}
            data-testid="contracts-filter-expiring"
          />
        }
        label="Sắp hết hạn (30 ngày)"
      />
    </Box>
  );
}

/** 'Nhận cọc' and 'Tạo hợp đồng'. */
function ContractsActions({ onReserve }: { onReserve: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button
        variant="outlined"
        startIcon={<SavingsOutlined />}
        onClick={onReserve}
        data-testid="contracts-reserve-button"
      >
        Nhận cọc
      </Button>
      <Button
        component={RouterLink}
        to={paths.createContract()}
        variant="contained"
        startIcon={<AddOutlined />}
        data-testid="contracts-create-button"
      >
        Tạo hợp đồng
      </Button>
    </Box>
  );
}

/** /contracts: the house's contracts (filtered and paginated on the server) and its active deposits. */
export function ContractsPage() {
  const session = useSignedInSession();
  const houseID = session.houseID;
  const canCreate = session.role.contractPermission >= LEVEL.create;
  const houseName = session.houses.find((house) => house.houseID === houseID)?.houseName;
  const [params, setParams] = useSearchParams();
  const [reserveOpen, setReserveOpen] = useState(false);

  const tab: TabName = params.get('tab') === 'reservations' ? 'reservations' : 'contracts';
  const status = params.get('status') ?? '';
  const roomID = params.get('roomID') ?? '';
  const expiring = params.get('expiring') === '1';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const pageSize = pageSizeOf(params.get('size'));
  const today = vietnamToday();

  const update = (changes: Record<string, string | null>, resetPage = true) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const rooms = useHouseRoomList(houseID);
  const reservations = useHouseReservations(houseID);
  const active = activeReservations(reservations.data);
  const roomNames = useMemo(
    () => new Map((rooms.data ?? []).map((room) => [room.roomID, room.roomName])),
    [rooms.data],
  );

  const query: ContractListQuery | null =
    houseID === null ? null : { houseID, status, roomID, expiring, today, page, pageSize };

  return (
    <Box data-testid="contracts-page">
      <title>Quản lý hợp đồng — Nhà trọ</title>
      <PageHeader
        title="Quản lý hợp đồng"
        subtitle={houseName}
        actions={canCreate ? <ContractsActions onReserve={() => setReserveOpen(true)} /> : undefined}
      />

      <Tabs
        value={tab}
        onChange={(_, value: TabName) => update({ tab: value === 'contracts' ? null : value })}
        aria-label="Hợp đồng và khoản cọc"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        variant="fullWidth"
      >
        <Tab value="contracts" label="Hợp đồng" data-testid="contracts-tab" sx={{ maxWidth: { sm: 220 } }} />
        <Tab
          value="reservations"
          data-testid="reservations-tab"
          sx={{ maxWidth: { sm: 220 } }}
          label={
            <Badge color="warning" badgeContent={active.length} sx={{ pr: active.length > 0 ? 1.5 : 0 }}>
              Đang giữ cọc
            </Badge>
          }
        />
      </Tabs>

      {houseID === null ? (
        <EmptyState title="Chưa chọn nhà trọ" description="Hãy chọn nhà trọ để xem hợp đồng." />
      ) : tab === 'contracts' ? (
        <>
          <ContractFilters
            status={status}
            roomID={roomID}
            expiring={expiring}
            rooms={rooms.data ?? []}
            update={update}
          />
          <ContractTable
            query={query}
            onPageChange={(next) => update({ page: next === 0 ? null : String(next) }, false)}
            onPageSizeChange={(size) => update({ size: size === DEFAULT_PAGE_SIZE ? null : String(size) })}
            isFiltered={status !== '' || roomID !== '' || expiring}
            onClearFilters={() => update({ status: null, roomID: null, expiring: null })}
            canCreate={canCreate}
          />
        </>
      ) : (
        <ReservationList
          reply={reservations}
          roomNames={roomNames}
          canCreate={canCreate}
          onReserve={() => setReserveOpen(true)}
        />
      )}

      {houseID !== null && canCreate && (
        <ReserveRoomDialog
          open={reserveOpen}
          houseID={houseID}
          rooms={rooms.data ?? []}
          testIdPrefix="reserve"
          onClose={() => setReserveOpen(false)}
        />
      )}
    </Box>
  );
}
