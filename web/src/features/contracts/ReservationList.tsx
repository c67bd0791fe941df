import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import type { Reservation } from '@nhatro/common';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { CancelReservationDialog } from '../../components/reservations/CancelReservationDialog';
import { activeReservations, type ReservationsReply } from '../../lib/api/resources/reservations';
import { formatDateTime, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { formatDay } from './contractRules';

function ReservationCard({
  reservation,
  roomName,
  canCreate,
  onCancel,
}: {
  reservation: Reservation;
  roomName: string;
  canCreate: boolean;
  onCancel: () => void;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', p: 2, display: 'grid', gap: 0.5, minWidth: 0 }}
      data-testid={`reservation-${reservation.reservationID}`}
    >
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.0625rem' }}>
        Phòng {roomName}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {reservation.fullName} · {reservation.phoneNumber}
      </Typography>
      <Typography variant="body2">
        Tiền cọc: <strong>{formatMoney(reservation.deposit)}</strong>
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Dự kiến dọn vào {formatDay(reservation.expectedMoveInDate)} · Nhận cọc{' '}
        {formatDateTime(reservation.createdOn)}
      </Typography>
      {reservation.note && (
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          Ghi chú: {reservation.note}
        </Typography>
      )}
      {canCreate && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <Button
            component={RouterLink}
            to={paths.createContract(reservation.roomID)}
            variant="contained"
            size="small"
            startIcon={<DescriptionOutlined />}
          >
            Tạo hợp đồng
          </Button>
          <Button color="error" size="small" onClick={onCancel}>
            Hủy cọc
          </Button>
        </Box>
      )}
    </Paper>
  );
}

/** 'Đang giữ cọc': the active deposits of the house, each ready to become a contract or be cancelled. */
export function ReservationList({
  reply,
  roomNames,
  canCreate,
  onReserve,
}: {
  reply: SWRResponse<ReservationsReply, Error>;
  roomNames: ReadonlyMap<string, string>;
  canCreate: boolean;
  onReserve: () => void;
}) {
  const [cancelling, setCancelling] = useState<{ open: boolean; item: Reservation | null }>({
    open: false,
    item: null,
  });
  const { data, error, isLoading, mutate } = reply;
  const active = activeReservations(data);

  let content;
  if (error !== undefined && data === undefined) content = <ErrorState onRetry={() => void mutate()} />;
  else if (isLoading || data === undefined)
    content = (
      <Box aria-busy="true" aria-label="Đang tải khoản cọc" sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={120} />
      </Box>
    );
  else if (active.length === 0)
    content = (
      <EmptyState
        title="Không có phòng nào đang giữ cọc"
        description="Khi nhận cọc giữ phòng, khoản cọc sẽ hiện ở đây cho đến khi ký hợp đồng hoặc hủy cọc."
        action={
          canCreate ? (
            <Button variant="contained" onClick={onReserve}>
              Nhận cọc
            </Button>
          ) : undefined
        }
      />
    );
  else
    content = (
      <Box
        component="ul"
        aria-label="Các khoản cọc đang giữ phòng"
        data-testid="reservation-list"
        sx={{
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {active.map((reservation) => (
          <ReservationCard
            key={reservation.reservationID}
            reservation={reservation}
            roomName={roomNames.get(reservation.roomID) ?? '—'}
            canCreate={canCreate}
            onCancel={() => setCancelling({ open: true, item: reservation })}
          />
        ))}
      </Box>
    );

  return (
    <>
      {content}
      <CancelReservationDialog
        open={cancelling.open}
        reservation={cancelling.item}
        roomName={cancelling.item ? (roomNames.get(cancelling.item.roomID) ?? '—') : ''}
        testIdPrefix="reservation"
        onClose={() => setCancelling((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
