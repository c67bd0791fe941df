import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEventHandler, ReactNode, Ref } from 'react';

/**
 * A labelled outlined text field. Built from MUI's parts rather than <TextField>, whose `select`
 * option pulls Select, Menu and Popover into every page that has a form.
 */
export function FormTextField({
  id,
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  type = 'text',
  autoComplete,
  autoFocus = false,
  inputRef,
  endAdornment,
  testId,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur?: () => void;
  /** Message shown under the field; the field is marked invalid while it is set. */
  error?: string | undefined;
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  endAdornment?: ReactNode;
  testId?: string;
}) {
  const helperTextId = `${id}-helper-text`;
  const hasError = error !== undefined;
  return (
    <FormControl fullWidth margin="normal" variant="outlined" error={hasError}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        type={type}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputRef={inputRef}
        endAdornment={endAdornment}
        inputProps={{
          'aria-describedby': hasError ? helperTextId : undefined,
          'data-testid': testId,
        }}
      />
      {/* The line is always there, so a message appearing never moves what is below it (a click in flight would miss). */}
      {hasError ? (
        <FormHelperText id={helperTextId}>{error}</FormHelperText>
      ) : (
        <FormHelperText aria-hidden="true">{'\u00a0'}</FormHelperText>
      )}
    </FormControl>
  );
}
