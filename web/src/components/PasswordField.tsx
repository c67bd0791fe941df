import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useState } from 'react';
import { reservedHelperText, type FieldBinding } from './fieldForm';

/** A password input of a form (`useFieldForm().bind(field)`), with a show / hide button. */
export function PasswordField({
  id,
  name,
  label,
  autoComplete,
  autoFocus,
  disabled,
  binding,
  testId,
}: {
  id: string;
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
  disabled?: boolean;
  binding: FieldBinding;
  testId: string;
}) {
  const [isVisible, setIsVisible] = useState(false);
  const { helperText, ...field } = binding;
  return (
    <TextField
      {...field}
      id={id}
      name={name}
      label={label}
      type={isVisible ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      disabled={disabled}
      required
      fullWidth
      helperText={reservedHelperText(helperText)}
      slotProps={{
        htmlInput: { 'data-testid': testId, autoCapitalize: 'none', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={isVisible ? `Ẩn ${label.toLowerCase()}` : `Hiện ${label.toLowerCase()}`}
                onClick={() => setIsVisible((visible) => !visible)}
                onMouseDown={(event) => event.preventDefault()}
              >
                {isVisible ? <VisibilityOffOutlined /> : <VisibilityOutlined />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export const PASSWORD_CONFIRM_MESSAGES = {
  required: 'Vui lòng nhập lại mật khẩu mới.',
  mismatch: 'Mật khẩu nhập lại không khớp với mật khẩu mới.',
} as const;

/** The repeat of a new password, which only forms have: its message, or `undefined` when it matches. */
export function confirmPasswordError(newPassword: string, confirmPassword: string): string | undefined {
  if (confirmPassword === '') return PASSWORD_CONFIRM_MESSAGES.required;
  return confirmPassword === newPassword ? undefined : PASSWORD_CONFIRM_MESSAGES.mismatch;
}

export const PASSWORD_RULES_TEXT = 'Mật khẩu mới có ít nhất 8 ký tự, gồm cả chữ và số.';
