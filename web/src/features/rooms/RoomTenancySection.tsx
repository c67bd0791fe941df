import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import { LEVEL, type Reservation, type Room } from '@nhatro/common';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '../../components/DataStates';
import { CancelReservationDialog } from '../../components/reservations/CancelReservationDialog';
import { ReserveRoomDialog } from '../../components/reservations/ReserveRoomDialog';
import { SectionCard } from '../../components/SectionCard';
import { activeReservations, useHouseReservations } from '../../lib/api/resources/reservations';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';

function ReservationDetails({ reservation }: { reservation: Reservation }) {
  return (
    <Box data-testid="room-reservation" sx={{ display: 'grid', gap: 0.25, mb: 2 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {reservation.fullName} · {reservation.phoneNumber}
      </Typography>
      <Typography variant="body2">
        Tiền cọc: <strong>{formatMoney(reservation.deposit)}</strong>
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Dự kiến dọn vào {formatDate(reservation.expectedMoveInDate)} · nhận cọc{' '}
        {formatDateTime(reservation.createdOn)}
      </Typography>
      {reservation.note && (
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          Ghi chú: {reservation.note}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Renting the room out: an empty room takes a deposit ('Nhận cọc') or a contract; a reserved room shows its
 * deposit, to turn into a contract or cancel. Shown to roles that may read contracts.
 */
export function RoomTenancySection({ room }: { room: Room }) {
  const session = useSignedInSession();
  const canRead = session.role.contractPermission >= LEVEL.read;
  const canCreate = session.role.contractPermission >= LEVEL.create;
  const isReserved = room.status === 'reserved';
  const reservations = useHouseReservations(isReserved && canRead ? room.houseID : null);
  const [dialog, setDialog] = useState<'reserve' | 'cancel' | null>(null);
  const reservation = activeReservations(reservations.data).find((item) => item.roomID === room.roomID);

  if (!canRead || room.status === 'occupied' || (!isReserved && !canCreate)) return null;

  let content;
  if (!isReserved) {
    content = (
      <>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          Phòng còn trống: nhận cọc để giữ phòng cho người sắp thuê, hoặc lập hợp đồng ngay.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<SavingsOutlined />}
            onClick={() => setDialog('reserve')}
            data-testid="room-reserve-button"
          >
            Nhận cọc
          </Button>
          <Button
            component={RouterLink}
            to={paths.createContract(room.roomID)}
            variant="contained"
            startIcon={<DescriptionOutlined />}
            data-testid="room-create-contract"
          >
            Tạo hợp đồng
          </Button>
        </Box>
      </>
    );
  } else if (reservations.error !== undefined && reservations.data === undefined) {
    content = <ErrorState onRetry={() => void reservations.mutate()} />;
  } else if (reservations.data === undefined) {
    content = (
      <Box aria-busy="true" aria-label="Đang tải khoản cọc">
        <Skeleton width="70%" />
        <Skeleton width="50%" />
      </Box>
    );
  } else {
    content = (
      <>
        {reservation ? (
          <ReservationDetails reservation={reservation} />
        ) : (
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', mb: 1.5 }}
            data-testid="room-reservation-missing"
          >
            Phòng được đánh dấu đã đặt cọc nhưng không có khoản cọc đang hiệu lực.
          </Typography>
        )}
        {canCreate && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              component={RouterLink}
              to={paths.createContract(room.roomID)}
              variant="contained"
              startIcon={<DescriptionOutlined />}
              data-testid="room-contract-from-reservation"
            >
              Tạo hợp đồng từ khoản cọc
            </Button>
            {reservation && (
              <Button color="error" onClick={() => setDialog('cancel')} data-testid="room-reservation-cancel">
                Hủy cọc
              </Button>
            )}
          </Box>
        )}
      </>
    );
  }

  return (
    <SectionCard
      id="room-tenancy"
      title={isReserved ? 'Đang giữ cọc' : 'Cho thuê'}
      testId="room-tenancy-section"
    >
      {content}
      {canCreate && !isReserved && (
        <ReserveRoomDialog
          open={dialog === 'reserve'}
          houseID={room.houseID}
          room={room}
          testIdPrefix="room-reserve"
          onClose={() => setDialog(null)}
        />
      )}
      {canCreate && (
        <CancelReservationDialog
          reservation={reservation ?? null}
          testIdPrefix="room-reservation"
          open={dialog === 'cancel'}
          onClose={() => setDialog(null)}
        />
      )}
    </SectionCard>
  );
}
