import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Reservation, Room } from '@nhatro/common';
import { reservedHelperText } from '../../../components/fieldForm';
import { formatMoney } from '../../../lib/format';
import { formatDay, termEnd } from '../contractRules';
import { gridSx, moneyHelper, type DraftControls } from './draftControls';
import { DateField } from '../../../components/dates/DateField';
import { MeterIndexField } from '../MeterIndexField';

function roomOptionLabel(room: Room, reservation: Reservation | undefined): string {
  const price = formatMoney(room.price);
  if (room.status === 'reserved') {
    return reservation
      ? `${room.roomName} — đã cọc: ${reservation.fullName} (${formatMoney(reservation.deposit)})`
      : `${room.roomName} — đã đặt cọc · ${price}`;
  }
  return `${room.roomName} — còn trống · ${price}`;
}

function TermDateField({
  controls,
  name,
  label,
}: {
  controls: DraftControls;
  name: 'startDate' | 'endDate';
  label: string;
}) {
  const { draft, update, error, touch, disabled } = controls;
  return (
    <DateField
      id={`contract-${name}`}
      label={label}
      value={draft[name]}
      onChange={(value) => update((current) => ({ ...current, [name]: value }), name)}
      onBlur={() => touch(name)}
      error={error(name) !== undefined}
      helperText={reservedHelperText(error(name))}
      required
      disabled={disabled}
      fullWidth
      testId={`contract-${name}`}
    />
  );
}

function MoneyField({
  controls,
  name,
  label,
}: {
  controls: DraftControls;
  name: 'rentFee' | 'deposit';
  label: string;
}) {
  const { draft, update, error, touch, disabled } = controls;
  return (
    <TextField
      id={`contract-${name}`}
      label={label}
      value={draft[name]}
      onChange={(event) => update((current) => ({ ...current, [name]: event.target.value }), name)}
      onBlur={() => touch(name)}
      error={error(name) !== undefined}
      helperText={reservedHelperText(error(name) ?? moneyHelper(draft[name]))}
      required={name === 'rentFee'}
      disabled={disabled}
      fullWidth
      autoComplete="off"
      slotProps={{
        htmlInput: { 'data-testid': `contract-${name}`, inputMode: 'numeric' },
        input: { endAdornment: <InputAdornment position="end">₫</InputAdornment> },
      }}
    />
  );
}

/** The term's dates and the quick lengths (6 months, a year) that set the end from the start. */
function TermFields({ controls }: { controls: DraftControls }) {
  const { draft, update, touch, disabled } = controls;
  const setTerm = (months: number) => {
    update((current) => ({ ...current, endDate: termEnd(current.startDate, months) }), 'endDate');
    touch('endDate');
  };
  return (
    <>
      <Box sx={gridSx({ xs: 1, sm: 2 })}>
        <TermDateField controls={controls} name="startDate" label="Ngày bắt đầu" />
        <TermDateField controls={controls} name="endDate" label="Ngày kết thúc" />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: -0.5, mb: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', alignSelf: 'center' }}>
          Thời hạn nhanh:
        </Typography>
        <Button
          size="small"
          variant="outlined"
          onClick={() => setTerm(6)}
          disabled={disabled || draft.startDate === ''}
        >
          6 tháng
        </Button>
        <Button
          size="small"
          variant="outlined"
          onClick={() => setTerm(12)}
          disabled={disabled || draft.startDate === ''}
        >
          1 năm
        </Button>
      </Box>
    </>
  );
}

function RoomSelect({
  controls,
  rooms,
  reservationOf,
  onChooseRoom,
}: {
  controls: DraftControls;
  rooms: readonly Room[];
  reservationOf: (roomID: string) => Reservation | undefined;
  onChooseRoom: (roomID: string) => void;
}) {
  const { draft, error, touch, disabled } = controls;
  return (
    <TextField
      id="contract-roomID"
      select
      label="Phòng"
      value={draft.roomID}
      onChange={(event) => onChooseRoom(event.target.value)}
      onBlur={() => touch('roomID')}
      error={error('roomID') !== undefined}
      helperText={reservedHelperText(
        error('roomID') ??
          (rooms.length === 0 ? 'Nhà trọ không còn phòng trống hoặc phòng đã đặt cọc.' : undefined),
      )}
      required
      disabled={disabled}
      fullWidth
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': 'contract-roomID' },
      }}
    >
      <option value="">— Chọn phòng trống hoặc đã đặt cọc —</option>
      {rooms.map((room) => (
        <option key={room.roomID} value={room.roomID}>
          {roomOptionLabel(room, reservationOf(room.roomID))}
        </option>
      ))}
    </TextField>
  );
}

/** The meters on the move-in day, prefilled with the chosen room's last reading. */
function MoveInIndexes({ controls }: { controls: DraftControls }) {
  const { draft, update, error, touch, disabled } = controls;
  if (draft.roomID === '') return null;
  return (
    <Box sx={gridSx({ xs: 1, sm: 2 })}>
      {(['electricity', 'water'] as const).map((kind) => {
        const name = `${kind}Index` as const;
        return (
          <MeterIndexField
            key={kind}
            kind={kind}
            moment="nhận phòng"
            value={draft[name] ?? ''}
            onChange={(value) => update((current) => ({ ...current, [name]: value }), name)}
            onBlur={() => touch(name)}
            error={error(name)}
            last={draft.lastIndexes?.[kind]}
            disabled={disabled}
            testId={`contract-${name}`}
          />
        );
      })}
    </Box>
  );
}

/** Step 1: the room (empty or reserved), the term with its quick lengths, rent, deposit and the meters. */
export function RoomTermStep({
  controls,
  rooms,
  reservationOf,
  onChooseRoom,
  presetRoom,
}: {
  controls: DraftControls;
  rooms: readonly Room[];
  reservationOf: (roomID: string) => Reservation | undefined;
  onChooseRoom: (roomID: string) => void;
  presetRoom: Room | undefined;
}) {
  const { draft, update, disabled } = controls;
  const reservation = draft.reservationID === '' ? undefined : reservationOf(draft.roomID);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {presetRoom !== undefined && presetRoom.status === 'occupied' && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Phòng {presetRoom.roomName} đang có hợp đồng hiệu lực: hãy chọn phòng khác.
        </Alert>
      )}
      <RoomSelect
        controls={controls}
        rooms={rooms}
        reservationOf={reservationOf}
        onChooseRoom={onChooseRoom}
      />
      {reservation !== undefined && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="contract-reservation">
          Hợp đồng từ khoản cọc của <strong>{reservation.fullName}</strong> ({reservation.phoneNumber}):{' '}
          {formatMoney(reservation.deposit)}, dự kiến dọn vào {formatDay(reservation.expectedMoveInDate)}.
        </Alert>
      )}
      <TermFields controls={controls} />
      <Box sx={gridSx({ xs: 1, sm: 2 })}>
        <MoneyField controls={controls} name="rentFee" label="Tiền thuê / tháng" />
        <MoneyField controls={controls} name="deposit" label="Tiền cọc" />
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={draft.deposited}
            onChange={(event) => update((current) => ({ ...current, deposited: event.target.checked }))}
            disabled={disabled}
            data-testid="contract-deposited"
          />
        }
        label="Đã nhận cọc"
      />
      <MoveInIndexes controls={controls} />
    </Box>
  );
}
