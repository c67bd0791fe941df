import type { ChangeEventHandler, ReactNode, Ref } from 'react';
import styles from './loginPage.module.css';

/**
 * The login form's outlined text field with a floating label, in plain HTML and CSS (it replaces the
 * MUI FormControl/OutlinedInput field, so /login loads no MUI): a label for the input,
 * `#<id>-helper-text` for the message, aria-invalid, and a message line that is always there.
 */
export function LoginTextField({
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
  type?: 'text' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  endAdornment?: ReactNode;
  testId?: string;
}) {
  const helperTextId = `${id}-helper-text`;
  const hasError = error !== undefined;
  const classNames = [
    styles.field,
    value !== '' && styles.filled,
    hasError && styles.invalid,
    endAdornment !== undefined && styles.withAdornment,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classNames}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputBox}>
        <input
          id={id}
          name={name}
          type={type}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          ref={inputRef}
          aria-invalid={hasError}
          aria-describedby={hasError ? helperTextId : undefined}
          data-testid={testId}
          className={styles.input}
        />
        {endAdornment}
      </div>
      {/* The line is always there, so a message appearing never moves what is below it (a click in flight would miss). */}
      {hasError ? (
        <p id={helperTextId} className={styles.helperText}>
          {error}
        </p>
      ) : (
        <p aria-hidden="true" className={styles.helperText}>
          {'\u00a0'}
        </p>
      )}
    </div>
  );
}
