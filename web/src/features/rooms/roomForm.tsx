import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { parseVietnameseNumber, roomCreateSchema, type Room } from '@nhatro/common';
import {
  reservedHelperText,
  validateWithSchema,
  type FieldBinding,
  type FieldErrors,
} from '../../components/fieldForm';
import { formatMoney } from '../../lib/format';
import type { RoomPayload } from './roomsApi';

/** The editable fields of a room (create and edit forms). */
export const ROOM_FORM_FIELDS = [
  'roomName',
  'roomDescription',
  'acreage',
  'floor',
  'price',
  'currentElectricityIndex',
  'currentWaterIndex',
] as const;

export type RoomFormField = (typeof ROOM_FORM_FIELDS)[number];
export type RoomFormValues = Record<RoomFormField, string>;

export const ROOM_FIELD_LABELS: Record<RoomFormField, string> = {
  roomName: 'Tên phòng',
  roomDescription: 'Mô tả',
  acreage: 'Diện tích (m²)',
  floor: 'Tầng',
  price: 'Giá thuê (VND)',
  currentElectricityIndex: 'Chỉ số điện đầu',
  currentWaterIndex: 'Chỉ số nước đầu',
};

/** Labels used in "… không được để trống!" (the server's own wording for the name). */
const REQUIRED_LABELS: Partial<Record<RoomFormField, string>> = {
  roomName: 'Tên phòng',
  acreage: 'Diện tích',
  floor: 'Tầng',
  price: 'Giá thuê',
  currentElectricityIndex: 'Chỉ số điện',
  currentWaterIndex: 'Chỉ số nước',
};

/** An existing room's meters hold its current indexes, not the first ones. */
const EDIT_LABELS: Partial<Record<RoomFormField, string>> = {
  currentElectricityIndex: 'Chỉ số điện hiện tại',
  currentWaterIndex: 'Chỉ số nước hiện tại',
};

export const EMPTY_ROOM_FORM: RoomFormValues = {
  roomName: '',
  roomDescription: '',
  acreage: '',
  floor: '1',
  price: '',
  currentElectricityIndex: '0',
  currentWaterIndex: '0',
};

function numberText(value: number | null | undefined): string {
  return typeof value === 'number' ? String(value) : '';
}

export function roomFormValues(room: Room): RoomFormValues {
  return {
    roomName: room.roomName,
    roomDescription: room.roomDescription ?? '',
    acreage: numberText(room.acreage),
    floor: numberText(room.floor),
    price: numberText(room.price),
    currentElectricityIndex: numberText(room.currentElectricityIndex),
    currentWaterIndex: numberText(room.currentWaterIndex),
  };
}

function toInput(values: RoomFormValues, houseID: string): Record<string, unknown> {
  return {
    houseID,
    roomName: values.roomName,
    roomDescription: values.roomDescription,
    acreage: parseVietnameseNumber(values.acreage),
    floor: parseVietnameseNumber(values.floor),
    price: parseVietnameseNumber(values.price),
    currentElectricityIndex: parseVietnameseNumber(values.currentElectricityIndex),
    currentWaterIndex: parseVietnameseNumber(values.currentWaterIndex),
  };
}

/** The API's own schema and messages (roomCreateSchema of @nhatro/common). */
export function validateRoomForm(values: RoomFormValues, houseID: string) {
  const { errors, data } = validateWithSchema<RoomFormField, RoomPayload & { houseID: string }>(
    roomCreateSchema,
    toInput(values, houseID),
    REQUIRED_LABELS,
  );
  let payload: RoomPayload | null = null;
  if (data !== null) {
    const { houseID: _houseID, ...fields } = data;
    payload = fields;
  }
  return { errors: errors as FieldErrors<RoomFormField>, payload };
}

function moneyHint(text: string): string | undefined {
  const value = parseVietnameseNumber(text);
  return value !== undefined && Number.isFinite(value) ? formatMoney(value) : undefined;
}

/** The seven room fields, laid out in one column on phones and two from 600 px. */
export function RoomFormFields({
  bind,
  idPrefix,
  mode,
  disabled = false,
  autoFocus = false,
}: {
  bind: (field: RoomFormField) => FieldBinding;
  idPrefix: string;
  mode: 'create' | 'edit';
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const field = (name: RoomFormField, extra: { unit?: string; numeric?: 'decimal' | 'numeric' } = {}) => {
    const binding = bind(name);
    const helperText =
      binding.helperText ?? (name === 'price' && binding.value !== '' ? moneyHint(binding.value) : undefined);
    return (
      <TextField
        key={name}
        id={`${idPrefix}-${name}`}
        name={name}
        label={(mode === 'edit' ? EDIT_LABELS[name] : undefined) ?? ROOM_FIELD_LABELS[name]}
        {...binding}
        helperText={reservedHelperText(helperText)}
        disabled={disabled}
        fullWidth
        required={name !== 'roomDescription'}
        autoFocus={autoFocus && name === 'roomName'}
        autoComplete="off"
        multiline={name === 'roomDescription'}
        minRows={name === 'roomDescription' ? 2 : undefined}
        slotProps={{
          htmlInput: {
            'data-testid': `${idPrefix}-${name}`,
            ...(extra.numeric ? { inputMode: extra.numeric } : {}),
          },
          input: extra.unit
            ? { endAdornment: <InputAdornment position="end">{extra.unit}</InputAdornment> }
            : {},
        }}
        sx={name === 'roomDescription' || name === 'roomName' ? { gridColumn: '1 / -1' } : undefined}
      />
    );
  };
  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 2,
        rowGap: 1,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        pt: 1,
      }}
    >
      {field('roomName')}
      {field('acreage', { unit: 'm²', numeric: 'decimal' })}
      {field('floor')}
      {field('price', { unit: '₫', numeric: 'numeric' })}
      {field('currentElectricityIndex', { unit: 'kWh', numeric: 'decimal' })}
      {field('currentWaterIndex', { unit: 'm³', numeric: 'decimal' })}
      {field('roomDescription')}
    </Box>
  );
}
