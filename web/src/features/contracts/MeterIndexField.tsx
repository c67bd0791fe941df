import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { METER_KIND_LABELS, METER_UNITS, type MeterKind } from '@nhatro/common';
import { reservedHelperText } from '../../components/fieldForm';
import { formatNumber } from '../../lib/format';

/**
 * A meter index typed on the day a tenant moves in or out ('Chỉ số điện khi nhận phòng'), prefilled with
 * the room's last reading, which its helper text recalls.
 */
export function MeterIndexField({
  kind,
  moment,
  value,
  onChange,
  onBlur,
  error,
  last,
  disabled,
  testId,
}: {
  kind: MeterKind;
  moment: 'nhận phòng' | 'trả phòng';
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
  last: number | undefined;
  disabled: boolean;
  testId: string;
}) {
  const hint = last === undefined ? undefined : `Chỉ số ghi gần nhất: ${formatNumber(last)}`;
  return (
    <TextField
      id={testId}
      label={`Chỉ số ${METER_KIND_LABELS[kind].toLowerCase()} khi ${moment}`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error !== undefined}
      helperText={reservedHelperText(error ?? hint)}
      disabled={disabled}
      fullWidth
      autoComplete="off"
      slotProps={{
        htmlInput: { 'data-testid': testId, inputMode: 'decimal' },
        input: { endAdornment: <InputAdornment position="end">{METER_UNITS[kind]}</InputAdornment> },
      }}
    />
  );
}
