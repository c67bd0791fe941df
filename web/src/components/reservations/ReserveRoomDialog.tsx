import Alert from '@mui/material/Alert';

import Box from '@mui/material/Box';

import InputAdornment from '@mui/material/InputAdornment';

import TextField from '@mui/material/TextField';

import Typography from '@mui/material/Typography';

import { parseVietnameseNumber, type Room } from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api';
import {
  RESERVATION_FIELD_LABELS,
  RESERVATION_FORM_FIELDS,
  RESERVATION_TEXTS,
  emptyReservationForm,
  followedHoldUntil,
  indexesOf,
  reserveRoom,
  revalidateAfterReservationChange,
  validateReservationForm,
  vietnamToday,
  type LastIndexes,
  type ReservationFormField,
} from '../../lib/api/resources/reservations';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/toast';
import { DateField } from '../dates/DateField';
import { fieldErrorsFromBody, reservedHelperText, useFieldForm } from '../fieldForm';
import { DialogForm, FormDialog } from '../FormDialog';
import { isSessionExpiry } from '../mutationFeedback';

type Field = ReservationFormField | 'roomID';

/** How each field of the deposit is typed. */
const FIELD_KINDS: Partial<Record<ReservationFormField, FieldKind>> = {
  phoneNumber: { tel: true },
  deposit: { money: true },
  expectedMoveInDate: { type: 'date' },
  holdUntil: { type: 'date' },
  electricityIndex: { unit: 'kWh' },
  waterIndex: { unit: 'm³' },
};

interface FieldKind {
  type?: 'date';
  money?: boolean;
  tel?: boolean;
  /** A meter index: its unit after it. */
  unit?: string;
}
const FIELDS: readonly Field[] = ['roomID', ...RESERVATION_FORM_FIELDS];

/** The room taking the deposit: fixed (the room page), or chosen among the house's empty rooms. */
type ReserveTarget = { room: Room; rooms?: never } | { room?: never; rooms: Room[] };

/** The room's last reading, when the room is known. */
function lastIndexesOf(room: Room | undefined): LastIndexes | undefined {
  return room === undefined
    ? undefined
    : { electricity: room.currentElectricityIndex, water: room.currentWaterIndex };
}

/** The reservation form's checks, plus a room to choose when none is fixed. */
function validateReserveForm(values: Record<Field, string>, room: Room | undefined) {
  const { errors } = validateReservationForm(values, values.roomID, lastIndexesOf(room));
  if (values.roomID === '') errors.roomID = 'Hãy chọn phòng nhận cọc.';
  return errors;
}

/** A field of the deposit; money shows in đồng under it, a date cannot be before today. */
function ReservationText({
  form,
  name,
  id,
  disabled,
  autoFocus,
  extra = {},
}: {
  form: ReturnType<typeof useFieldForm<Field>>;
  name: ReservationFormField;
  id: (name: string) => string;
  disabled: boolean;
  /** The name field takes the focus when the room is already known. */
  autoFocus: boolean;
  extra?: FieldKind;
}) {
  const binding = form.bind(name);
  if (extra.type === 'date') {
    const dateBinding = form.bindValue(name);
    const moveIn = form.values.expectedMoveInDate;
    const isHold = name === 'holdUntil';
    // The hold-until date follows the move-in date until the landlord chooses another.
    const onChange =
      name === 'expectedMoveInDate'
        ? (value: string) => {
            const hold = followedHoldUntil(form.values, value);
            dateBinding.onChange(value);
            if (hold !== form.values.holdUntil) form.setValue('holdUntil', hold);
          }
        : dateBinding.onChange;
    return (
      <DateField
        id={id(name)}
        label={RESERVATION_FIELD_LABELS[name]}
        {...dateBinding}
        onChange={onChange}
        helperText={reservedHelperText(
          dateBinding.helperText ??
            (isHold
              ? 'Quá ngày này chưa ký hợp đồng: phòng được trả lại, khoản cọc ghi là mất cọc.'
              : undefined),
        )}
        required={!isHold}
        disabled={disabled}
        fullWidth
        min={isHold && moveIn !== '' ? moveIn : vietnamToday()}
        testId={id(name)}
      />
    );
  }
  const amount = extra.money ? parseVietnameseNumber(binding.value) : undefined;
  const hint =
    binding.helperText ?? (amount !== undefined && Number.isFinite(amount) ? formatMoney(amount) : undefined);
  return (
    <TextField
      id={id(name)}
      label={RESERVATION_FIELD_LABELS[name]}
      {...binding}
      helperText={reservedHelperText(hint)}
      required={name !== 'note' && !extra.unit}
      disabled={disabled}
      fullWidth
      autoFocus={autoFocus && name === 'fullName'}
      multiline={name === 'note'}
      minRows={name === 'note' ? 2 : undefined}
      autoComplete="off"
      slotProps={{
        htmlInput: {
          'data-testid': id(name),
          ...(extra.money ? { inputMode: 'numeric' } : {}),
          ...(extra.tel ? { inputMode: 'tel' } : {}),
          ...(extra.unit ? { inputMode: 'decimal' } : {}),
        },
        input:
          extra.money || extra.unit
            ? {
                endAdornment: (
                  <InputAdornment position="end">{extra.money ? '₫' : extra.unit}</InputAdornment>
                ),
              }
            : {},
      }}
    />
  );
}

/** The empty rooms to choose from; choosing one proposes a month of its rent as the deposit. */
function RoomPicker({
  form,
  rooms,
  id,
  disabled,
}: {
  form: ReturnType<typeof useFieldForm<Field>>;
  rooms: readonly Room[];
  id: (name: string) => string;
  disabled: boolean;
}) {
  const binding = form.bind('roomID');
  const chosenRoom = rooms.find((room) => room.roomID === form.values.roomID);
  const choose = (roomID: string) => {
    form.bindValue('roomID').onChange(roomID);
    const room = rooms.find((candidate) => candidate.roomID === roomID);
    const price = room?.price;
    if (form.values.deposit === '' && typeof price === 'number') form.setValue('deposit', String(price));
    // The meters start at the chosen room's last reading.
    const indexes = indexesOf(room);
    form.setValue('electricityIndex', indexes.electricityIndex);
    form.setValue('waterIndex', indexes.waterIndex);
  };
  return (
    <TextField
      id={id('roomID')}
      select
      label="Phòng còn trống"
      value={form.values.roomID}
      onChange={(event) => choose(event.target.value)}
      onBlur={binding.onBlur}
      error={binding.error}
      helperText={reservedHelperText(
        binding.helperText ??
          (chosenRoom
            ? `Giá thuê ${formatMoney(chosenRoom.price)}/tháng`
            : rooms.length === 0
              ? 'Nhà trọ không còn phòng trống để nhận cọc.'
              : undefined),
      )}
      required
      disabled={disabled}
      fullWidth
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': id('roomID') },
      }}
    >
      <option value="">— Chọn phòng —</option>
      {rooms.map((room) => (
        <option key={room.roomID} value={room.roomID}>
          {room.roomName}
        </option>
      ))}
    </TextField>
  );
}

function ReserveForm({
  houseID,
  target,
  testIdPrefix,
  onClose,
}: {
  houseID: string;
  target: ReserveTarget;
  testIdPrefix: string;
  onClose: () => void;
}) {
  const fixedRoom = target.room;
  const [isSaving, setIsSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const roomOf = (roomID: string) => fixedRoom ?? target.rooms?.find((room) => room.roomID === roomID);
  const form = useFieldForm<Field>(
    { roomID: fixedRoom?.roomID ?? '', ...emptyReservationForm(fixedRoom?.price, fixedRoom) },
    (values) => validateReserveForm(values, roomOf(values.roomID)),
  );
  const id = (name: string) => `${testIdPrefix}-${name}`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const { payload } = validateReservationForm(
      form.values,
      form.values.roomID,
      lastIndexesOf(roomOf(form.values.roomID)),
    );
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
      if (isApiError(error) && error.status === 400) {
        form.setServerErrors(fieldErrorsFromBody(error.body, FIELDS));
      }
      notify.error(RESERVATION_TEXTS.failed);
    }
  };

  return (
    <DialogForm
      label="Nhận cọc"
      onSubmit={submit}
      actions={{ onCancel: onClose, busy: isSaving, submitLabel: 'Nhận cọc', submitTestId: id('submit') }}
    >
      {fixedRoom && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          Phòng {fixedRoom.roomName} · giá thuê {formatMoney(fixedRoom.price)}/tháng. Phòng sẽ được giữ cho
          người đặt cọc.
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
        {target.rooms && (
          <RoomPicker
            form={form}
            rooms={target.rooms.filter((room) => room.status === 'empty')}
            id={id}
            disabled={isSaving}
          />
        )}
        {RESERVATION_FORM_FIELDS.map((name) => (
          <ReservationText
            key={name}
            form={form}
            name={name}
            id={id}
            disabled={isSaving}
            autoFocus={fixedRoom !== undefined}
            extra={FIELD_KINDS[name]}
          />
        ))}
        {conflict !== null && (
          <Alert severity="error" data-testid={id('conflict')}>
            {conflict}
          </Alert>
        )}
      </Box>
    </DialogForm>
  );
}

/**
 * 'Nhận cọc giữ phòng': who pays how much to hold a room. The room is fixed (`room`, the room page) or
 * chosen among the empty ones of `rooms` (the contracts page). Every id and `data-testid` starts with
 * `testIdPrefix` (`<prefix>-dialog`, `-title`, `-<field>`, `-conflict`, `-submit`); a fresh form on every
 * opening. A 409 (the room was taken meanwhile) stays in the form with the server's reason.
 */
export function ReserveRoomDialog({
  open,
  houseID,
  testIdPrefix,
  onClose,
  ...target
}: {
  open: boolean;
  houseID: string;
  testIdPrefix: string;
  onClose: () => void;
} & ReserveTarget) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Nhận cọc giữ phòng"
      titleId={`${testIdPrefix}-title`}
      testId={`${testIdPrefix}-dialog`}
    >
      <ReserveForm houseID={houseID} target={target} testIdPrefix={testIdPrefix} onClose={onClose} />
    </FormDialog>
  );
}
