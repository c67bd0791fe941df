import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Reservation } from '@nhatro/common';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/crud';
import { notifyFailure, serverMessage } from '../../components/mutationFeedback';
import { useOpeningKey } from '../../components/useOpeningKey';
import { isApiError } from '../../lib/api';
import {
  RESERVATION_TEXTS,
  cancelReservation,
  revalidateAfterReservationChange,
} from '../../lib/api/resources/reservations';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/toast';

function CancelReservationContent({
  reservation,
  roomName,
  open,
  onClose,
}: {
  reservation: Reservation;
  roomName: string;
  open: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setIsBusy(true);
    setError(null);
    try {
      await cancelReservation(reservation.reservationID, reason);
      notify.success(RESERVATION_TEXTS.cancelled);
      void revalidateAfterReservationChange(reservation.houseID);
      onClose();
    } catch (failure) {
      if (isApiError(failure) && failure.status !== 401) setError(serverMessage(failure));
      notifyFailure(RESERVATION_TEXTS.cancelFailed, failure);
      void revalidateAfterReservationChange(reservation.houseID);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title="Hủy cọc"
      confirmLabel="Hủy cọc"
      isBusy={isBusy}
      error={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
      testId="reservation-cancel-dialog"
      message={
        <Box>
          Khoản cọc {formatMoney(reservation.deposit)} của <strong>{reservation.fullName}</strong> cho phòng{' '}
          <strong>{roomName}</strong> sẽ bị hủy và phòng trở lại trạng thái còn trống.
          <TextField
            label="Lý do hủy (không bắt buộc)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            disabled={isBusy}
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'reservation-cancel-reason' } }}
          />
        </Box>
      }
    />
  );
}

/** 'Hủy cọc': asks, with an optional reason; a fresh form on every opening. */
export function CancelReservationDialog({
  reservation,
  roomName,
  open,
  onClose,
}: {
  reservation: Reservation | null;
  roomName: string;
  open: boolean;
  onClose: () => void;
}) {
  const key = useOpeningKey(open);
  if (reservation === null) return null;
  return (
    <CancelReservationContent
      key={key}
      reservation={reservation}
      roomName={roomName}
      open={open}
      onClose={onClose}
    />
  );
}
