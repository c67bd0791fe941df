import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { viVN } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/vi';
import { useState } from 'react';
import type { DateFieldProps } from './DateField';
import { INVALID_DATE } from './isoDates';

const localeText = viVN.components.MuiLocalizationProvider.defaultProps.localeText;

const KINDS = {
  day: { format: 'DD/MM/YYYY', iso: 'YYYY-MM-DD', views: ['year', 'month', 'day'] as const },
  month: { format: 'MM/YYYY', iso: 'YYYY-MM', views: ['year', 'month'] as const },
};

function fromIso(value: string, iso: string): Dayjs | null {
  if (value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() && parsed.format(iso) === value ? parsed : null;
}

/** `data-testid` on the hidden input (the picker's types do not list data attributes). */
function testIdProps(testId: string | undefined): Record<string, string> {
  return testId === undefined ? {} : { 'data-testid': testId };
}

function toIso(next: Dayjs | null, iso: string): string {
  if (next === null) return '';
  return next.isValid() ? next.format(iso) : INVALID_DATE;
}

/**
 * The desktop picker on every screen: its field takes typing on a phone too (the mobile one is read-only
 * and only opens a dialog), and the calendar opens from its button.
 */
export default function PickerField(props: DateFieldProps & { kind: keyof typeof KINDS }) {
  const { kind, value, onChange, onBlur, testId } = props;
  const { format, iso, views } = KINDS[kind];
  // The picker keeps what is being typed (an unfinished date is an invalid one, which the form gets as
  // INVALID_DATE); a value the form sets itself replaces it.
  const [current, setCurrent] = useState(() => fromIso(value, iso));
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setCurrent(fromIso(value, iso));
  }
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="vi" localeText={localeText}>
      <DesktopDatePicker
        label={props.label}
        value={current}
        onChange={(next: Dayjs | null) => {
          const text = toIso(next, iso);
          setCurrent(next);
          setLastValue(text);
          onChange(text);
        }}
        format={format}
        views={views}
        openTo={kind === 'month' ? 'month' : 'day'}
        disabled={props.disabled}
        minDate={props.min === undefined ? undefined : (fromIso(props.min, iso) ?? undefined)}
        maxDate={props.max === undefined ? undefined : (fromIso(props.max, iso) ?? undefined)}
        className={props.className}
        sx={props.sx}
        slotProps={{
          textField: {
            id: props.id,
            name: props.name,
            onBlur,
            error: props.error,
            helperText: props.helperText,
            required: props.required,
            fullWidth: props.fullWidth,
            size: props.size,
            slotProps: { htmlInput: testIdProps(testId) },
          },
        }}
      />
    </LocalizationProvider>
  );
}
