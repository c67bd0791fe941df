import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { DEPOSIT_OUTCOME_LABELS, defaultHoldUntil, type Reservation } from '@nhatro/common';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { CancelReservationDialog } from '../../components/reservations/CancelReservationDialog';
import {
  RESERVATION_TEXTS,
  activeReservations,
  lapsedReservations,
  setReservationDeposit,
  type ReservationsReply,
} from '../../lib/api/resources/reservations';
import { notify } from '../../lib/toast';
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
        Dự kiến dọn vào {formatDay(reservation.expectedMoveInDate)} · Giữ phòng đến{' '}
        {formatDay(reservation.holdUntil ?? defaultHoldUntil(reservation.expectedMoveInDate))} · Nhận cọc{' '}
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

/**
 * A reservation whose hold lapsed: the deposit is recorded as forfeited; the landlord or their staff may
 * say it was refunded after all (and back).
 */
function LapsedCard({
  reservation,
  roomName,
  canChange,
  onChanged,
}: {
  reservation: Reservation;
  roomName: string;
  canChange: boolean;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const outcome = reservation.depositOutcome ?? 'forfeited';
  const next = outcome === 'forfeited' ? 'refunded' : 'forfeited';
  const change = async () => {
    setBusy(true);
    try {
      await setReservationDeposit(reservation.reservationID, next);
      notify.success(RESERVATION_TEXTS.depositOutcomeChanged);
      onChanged();
    } catch {
      // The request already told the user why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', p: 2, display: 'grid', gap: 0.5, minWidth: 0 }}
      data-testid={`reservation-lapsed-${reservation.reservationID}`}
    >
      <Typography component="h3" sx={{ fontWeight: 700 }}>
        Phòng {roomName} · {reservation.fullName}
      </Typography>
      <Typography variant="body2">
        Tiền cọc {formatMoney(reservation.deposit)}: <strong>{DEPOSIT_OUTCOME_LABELS[outcome]}</strong>
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Giữ phòng đến {formatDay(reservation.holdUntil ?? defaultHoldUntil(reservation.expectedMoveInDate))}
        {reservation.lapsedOn ? ` · trả phòng ${formatDateTime(reservation.lapsedOn)}` : ''}
      </Typography>
      {canChange && (
        <Box>
          <Button size="small" disabled={busy} onClick={() => void change()}>
            {next === 'refunded' ? 'Ghi là đã hoàn cọc' : 'Ghi là mất cọc'}
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
  const lapsed = lapsedReservations(data);

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
      {lapsed.length > 0 && (
        <Box component="section" aria-labelledby="reservations-lapsed-title" sx={{ mt: 2 }}>
          <Typography id="reservations-lapsed-title" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            Quá hạn giữ phòng
          </Typography>
          <Box
            component="ul"
            aria-label="Các khoản cọc quá hạn giữ phòng"
            sx={{
              p: 0,
              m: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {lapsed.map((reservation) => (
              <LapsedCard
                key={reservation.reservationID}
                reservation={reservation}
                roomName={roomNames.get(reservation.roomID) ?? '—'}
                canChange={canCreate}
                onChanged={() => void mutate()}
              />
            ))}
          </Box>
        </Box>
      )}
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
