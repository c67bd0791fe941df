import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Reservation } from '@nhatro/common';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import {
  RESERVATION_TEXTS,
  cancelReservation,
  revalidateAfterReservationChange,
} from '../../lib/api/resources/reservations';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/toast';
import { ConfirmDialog } from '../ConfirmDialog';
import { notifyFailure, serverMessage } from '../mutationFeedback';
import { useOpeningKey } from '../useOpeningKey';

interface CancelReservationProps {
  reservation: Reservation;
  roomName?: string;
  testIdPrefix: string;
  open: boolean;
  onClose: () => void;
}

function CancelReservationContent({
  reservation,
  roomName,
  testIdPrefix,
  open,
  onClose,
}: CancelReservationProps) {
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
      testId={`${testIdPrefix}-cancel-dialog`}
      message={
        <Box>
          Khoản cọc {formatMoney(reservation.deposit)} của <strong>{reservation.fullName}</strong>
          {roomName !== undefined && (
            <>
              {' '}
              cho phòng <strong>{roomName}</strong>
            </>
          )}{' '}
          sẽ bị hủy và phòng trở lại trạng thái còn trống.
          <TextField
            label="Lý do hủy (không bắt buộc)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            disabled={isBusy}
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': `${testIdPrefix}-cancel-reason` } }}
          />
        </Box>
      }
    />
  );
}

/**
 * 'Hủy cọc': asks, with an optional reason, and names the room when `roomName` is given; a fresh form on
 * every opening. The dialog is `<testIdPrefix>-cancel-dialog`, its reason `<testIdPrefix>-cancel-reason`.
 */
export function CancelReservationDialog({
  reservation,
  ...props
}: Omit<CancelReservationProps, 'reservation'> & { reservation: Reservation | null }) {
  const key = useOpeningKey(props.open);
  if (reservation === null) return null;
  return <CancelReservationContent key={key} reservation={reservation} {...props} />;
}
