import TextField from '@mui/material/TextField';
import { lazy, Suspense, type ReactNode } from 'react';
import { displayOfIso } from './isoDates';

/** The picker (MUI X with dayjs, Vietnamese) is its own chunk: pages without a date field never load it. */
const PickerField = lazy(() => import('./PickerField'));

export interface DateFieldProps {
  /** `yyyy-mm-dd` (a month field: `yyyy-mm`) or ''. */
  value: string;
  /** `yyyy-mm-dd` / `yyyy-mm`, '' when emptied, INVALID_DATE (isoDates.ts) when the typed text is no date. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  label: string;
  id?: string;
  name?: string;
  /** Put on the field's hidden input, which holds the value as typed (dd/mm/yyyy). */
  testId?: string;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  /** The earliest and latest day (month) the calendar offers, ISO. */
  min?: string;
  max?: string;
  className?: string;
  sx?: Record<string, unknown>;
}

/** Shown for the moment the picker's chunk takes to arrive: the same box with the value, read-only. */
function LoadingField(props: DateFieldProps) {
  return (
    <TextField
      id={props.id}
      label={props.label}
      value={displayOfIso(props.value)}
      size={props.size}
      fullWidth={props.fullWidth}
      required={props.required}
      error={props.error}
      helperText={props.helperText}
      disabled={props.disabled}
      sx={props.sx}
      className={props.className}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly: true } }}
    />
  );
}

/**
 * A day typed and shown as dd/mm/yyyy whatever the browser's language, with a calendar in Vietnamese.
 * The value in and out stays ISO, so forms and the API do not change.
 */
export function DateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<LoadingField {...props} />}>
      <PickerField {...props} kind="day" />
    </Suspense>
  );
}

/** A month typed and shown as mm/yyyy; the value in and out is `yyyy-mm`. */
export function MonthField(props: DateFieldProps) {
  return (
    <Suspense fallback={<LoadingField {...props} />}>
      <PickerField {...props} kind="month" />
    </Suspense>
  );
}
