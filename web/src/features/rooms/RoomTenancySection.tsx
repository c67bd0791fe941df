import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import { LEVEL, parseVietnameseNumber, type Reservation, type Room } from '@nhatro/common';
import { useCallback, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog, FormDialog } from '../../components/crud';
import { ErrorState } from '../../components/DataStates';
import {
  DIALOG_FORM_SX,
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
} from '../../components/fieldForm';
import { isSessionExpiry, notifyFailure, serverMessage } from '../../components/mutationFeedback';
import { SectionCard } from '../../components/SectionCard';
import { isApiError } from '../../lib/api';
import {
  RESERVATION_FIELD_LABELS,
  RESERVATION_FORM_FIELDS,
  RESERVATION_TEXTS,
  activeReservations,
  cancelReservation,
  emptyReservationForm,
  reserveRoom,
  revalidateAfterReservationChange,
  useHouseReservations,
  validateReservationForm,
  vietnamToday,
  type ReservationFormField,
  type ReservationFormValues,
} from '../../lib/api/resources/reservations';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { notify } from '../../lib/toast';

function ReserveForm({ room, onClose }: { room: Room; onClose: () => void }) {
  const [isSaving, setIsSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const validate = useCallback(
    (values: ReservationFormValues) => validateReservationForm(values, room.roomID).errors,
    [room.roomID],
  );
  const form = useFieldForm<ReservationFormField>(emptyReservationForm(room.price), validate);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const { payload } = validateReservationForm(form.values, room.roomID);
    if (payload === null) return;
    setIsSaving(true);
    setConflict(null);
    try {
      await reserveRoom(payload);
      notify.success(RESERVATION_TEXTS.created);
      void revalidateAfterReservationChange(room.houseID);
      onClose();
    } catch (error) {
      setIsSaving(false);
      if (isSessionExpiry(error)) return;
      if (isApiError(error) && error.status === 409) {
        setConflict(error.message);
        notify.error(error.message);
        void revalidateAfterReservationChange(room.houseID);
        return;
      }
      if (isApiError(error) && error.status === 400) {
        form.setServerErrors(fieldErrorsFromBody(error.body, RESERVATION_FORM_FIELDS));
      }
      notify.error(RESERVATION_TEXTS.failed);
    }
  };

  const field = (
    name: ReservationFormField,
    extra: { type?: 'date'; money?: boolean; tel?: boolean } = {},
  ) => {
    const binding = form.bind(name);
    const amount = extra.money ? parseVietnameseNumber(binding.value) : undefined;
    const hint =
      binding.helperText ??
      (amount !== undefined && Number.isFinite(amount) ? formatMoney(amount) : undefined);
    return (
      <TextField
        id={`room-reserve-${name}`}
        label={RESERVATION_FIELD_LABELS[name]}
        {...binding}
        helperText={reservedHelperText(hint)}
        type={extra.type ?? 'text'}
        required={name !== 'note'}
        disabled={isSaving}
        fullWidth
        autoFocus={name === 'fullName'}
        multiline={name === 'note'}
        minRows={name === 'note' ? 2 : undefined}
        autoComplete="off"
        slotProps={{
          inputLabel: extra.type === 'date' ? { shrink: true } : {},
          htmlInput: {
            'data-testid': `room-reserve-${name}`,
            ...(extra.money ? { inputMode: 'numeric' } : {}),
            ...(extra.tel ? { inputMode: 'tel' } : {}),
            ...(extra.type === 'date' ? { min: vietnamToday() } : {}),
          },
          input: extra.money ? { endAdornment: <InputAdornment position="end">₫</InputAdornment> } : {},
        }}
      />
    );
  };

  return (
    <Box
      component="form"
      sx={DIALOG_FORM_SX}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Nhận cọc"
    >
      <DialogContent dividers>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          Phòng {room.roomName} · giá thuê {formatMoney(room.price)}/tháng. Phòng sẽ được giữ cho người đặt
          cọc.
        </Typography>
        <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
          {field('fullName')}
          {field('phoneNumber', { tel: true })}
          {field('deposit', { money: true })}
          {field('expectedMoveInDate', { type: 'date' })}
          {field('note')}
          {conflict !== null && (
            <Alert severity="error" data-testid="room-reserve-conflict">
              {conflict}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSaving}>
          Hủy
        </Button>
        <Button type="submit" variant="contained" loading={isSaving} data-testid="room-reserve-submit">
          Nhận cọc
        </Button>
      </DialogActions>
    </Box>
  );
}

function CancelReservation({
  reservation,
  open,
  onClose,
}: {
  reservation: Reservation;
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
      testId="room-reservation-cancel-dialog"
      message={
        <Box>
          Khoản cọc {formatMoney(reservation.deposit)} của <strong>{reservation.fullName}</strong> sẽ bị hủy
          và phòng trở lại trạng thái còn trống.
          <TextField
            label="Lý do hủy (không bắt buộc)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            disabled={isBusy}
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Box>
      }
    />
  );
}

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
  const [cancelKey, setCancelKey] = useState(0);
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
              <Button
                color="error"
                onClick={() => {
                  setCancelKey((key) => key + 1);
                  setDialog('cancel');
                }}
                data-testid="room-reservation-cancel"
              >
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
        <FormDialog
          open={dialog === 'reserve'}
          onClose={() => setDialog(null)}
          title="Nhận cọc giữ phòng"
          titleId="room-reserve-title"
          testId="room-reserve-dialog"
        >
          <ReserveForm room={room} onClose={() => setDialog(null)} />
        </FormDialog>
      )}
      {canCreate && reservation && (
        <CancelReservation
          key={cancelKey}
          reservation={reservation}
          open={dialog === 'cancel'}
          onClose={() => setDialog(null)}
        />
      )}
    </SectionCard>
  );
}
