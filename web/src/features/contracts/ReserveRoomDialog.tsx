import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { parseVietnameseNumber, type Room } from '@nhatro/common';
import { useCallback, useState, type FormEvent } from 'react';
import {
  DIALOG_FORM_SX,
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
} from '../../components/fieldForm';
import { isSessionExpiry } from '../../components/mutationFeedback';
import { FormDialog } from '../../components/crud';
import { isApiError } from '../../lib/api';
import {
  RESERVATION_FIELD_LABELS,
  RESERVATION_FORM_FIELDS,
  RESERVATION_TEXTS,
  emptyReservationForm,
  reserveRoom,
  revalidateAfterReservationChange,
  validateReservationForm,
  vietnamToday,
  type ReservationFormField,
} from '../../lib/api/resources/reservations';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/toast';

type Field = ReservationFormField | 'roomID';
const FIELDS: readonly Field[] = ['roomID', ...RESERVATION_FORM_FIELDS];

function ReserveForm({ houseID, rooms, onClose }: { houseID: string; rooms: Room[]; onClose: () => void }) {
  const [isSaving, setIsSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const validate = useCallback((values: Record<Field, string>) => {
    const { errors } = validateReservationForm(values, values.roomID);
    if (values.roomID === '') errors.roomID = 'Hãy chọn phòng nhận cọc.';
    return errors;
  }, []);
  const form = useFieldForm<Field>({ roomID: '', ...emptyReservationForm() }, validate);
  const chosenRoom = rooms.find((room) => room.roomID === form.values.roomID);

  const chooseRoom = (roomID: string) => {
    form.setValue('roomID', roomID);
    const price = rooms.find((room) => room.roomID === roomID)?.price;
    if (form.values.deposit === '' && typeof price === 'number') form.setValue('deposit', String(price));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const { payload } = validateReservationForm(form.values, form.values.roomID);
    if (payload === null || form.values.roomID === '') return;
    setIsSaving(true);
    setConflict(null);
    try {
      await reserveRoom(payload);
      notify.success(RESERVATION_TEXTS.created);
      void revalidateAfterReservationChange(houseID);
      onClose();
    } catch (error) {
      setIsSaving(false);
      if (isSessionExpiry(error)) return;
      if (isApiError(error) && error.status === 409) {
        setConflict(error.message);
        notify.error(error.message);
        void revalidateAfterReservationChange(houseID);
        return;
      }
      if (isApiError(error) && error.status === 400)
        form.setServerErrors(fieldErrorsFromBody(error.body, FIELDS));
      notify.error(RESERVATION_TEXTS.failed);
    }
  };

  const text = (
    field: ReservationFormField,
    extra: { type?: string; money?: boolean; tel?: boolean } = {},
  ) => {
    const binding = form.bind(field);
    const amount = extra.money ? parseVietnameseNumber(binding.value) : undefined;
    const hint =
      binding.helperText ??
      (amount !== undefined && Number.isFinite(amount) ? formatMoney(amount) : undefined);
    return (
      <TextField
        id={`reserve-${field}`}
        label={RESERVATION_FIELD_LABELS[field]}
        {...binding}
        helperText={reservedHelperText(hint)}
        type={extra.type ?? 'text'}
        required={field !== 'note'}
        disabled={isSaving}
        fullWidth
        multiline={field === 'note'}
        minRows={field === 'note' ? 2 : undefined}
        autoComplete="off"
        slotProps={{
          inputLabel: extra.type === 'date' ? { shrink: true } : {},
          htmlInput: {
            'data-testid': `reserve-${field}`,
            ...(extra.money ? { inputMode: 'numeric' } : {}),
            ...(extra.tel ? { inputMode: 'tel' } : {}),
            ...(extra.type === 'date' ? { min: vietnamToday() } : {}),
          },
          input: extra.money ? { endAdornment: <InputAdornment position="end">₫</InputAdornment> } : {},
        }}
      />
    );
  };

  const roomBinding = form.bind('roomID');
  return (
    <Box
      component="form"
      sx={DIALOG_FORM_SX}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Nhận cọc"
    >
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
          <TextField
            id="reserve-roomID"
            select
            label="Phòng còn trống"
            value={form.values.roomID}
            onChange={(event) => chooseRoom(event.target.value)}
            onBlur={roomBinding.onBlur}
            error={roomBinding.error}
            helperText={reservedHelperText(
              roomBinding.helperText ??
                (chosenRoom
                  ? `Giá thuê ${formatMoney(chosenRoom.price)}/tháng`
                  : rooms.length === 0
                    ? 'Nhà trọ không còn phòng trống để nhận cọc.'
                    : undefined),
            )}
            required
            disabled={isSaving}
            fullWidth
            slotProps={{
              select: { native: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'reserve-roomID' },
            }}
          >
            <option value="">— Chọn phòng —</option>
            {rooms.map((room) => (
              <option key={room.roomID} value={room.roomID}>
                {room.roomName}
              </option>
            ))}
          </TextField>
          {text('fullName')}
          {text('phoneNumber', { tel: true })}
          {text('deposit', { money: true })}
          {text('expectedMoveInDate', { type: 'date' })}
          {text('note')}
          {conflict !== null && (
            <Alert severity="error" data-testid="reserve-conflict">
              {conflict}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSaving}>
          Hủy
        </Button>
        <Button type="submit" variant="contained" loading={isSaving} data-testid="reserve-submit">
          Nhận cọc
        </Button>
      </DialogActions>
    </Box>
  );
}

/** 'Nhận cọc' from the contracts page: choose one of the empty rooms, then who pays how much. */
export function ReserveRoomDialog({
  open,
  houseID,
  rooms,
  onClose,
}: {
  open: boolean;
  houseID: string;
  rooms: Room[];
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Nhận cọc giữ phòng"
      titleId="reserve-title"
      testId="reserve-dialog"
    >
      <ReserveForm
        houseID={houseID}
        rooms={rooms.filter((room) => room.status === 'empty')}
        onClose={onClose}
      />
    </FormDialog>
  );
}
