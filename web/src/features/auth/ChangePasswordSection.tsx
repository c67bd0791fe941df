import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PASSWORD_MESSAGES, changePasswordSchema, type ChangePasswordInput } from '@nhatro/common';
import type { FormEvent } from 'react';
import { useEntitySave } from '../../components/crud';
import {
  fieldErrorsFromBody,
  useFieldForm,
  validateWithSchema,
  type FieldErrors,
} from '../../components/fieldForm';
import { PASSWORD_RULES_TEXT, PasswordField, confirmPasswordError } from '../../components/PasswordField';
import { SectionCard } from '../../components/SectionCard';
import { changePassword } from './authApi';

const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = { oldPassword: '', newPassword: '', confirmPassword: '' };

function validate(values: Values): FieldErrors<Field> {
  const { errors } = validateWithSchema<Field, ChangePasswordInput>(changePasswordSchema, {
    oldPassword: values.oldPassword,
    newPassword: values.newPassword,
  });
  const confirm = confirmPasswordError(values.newPassword, values.confirmPassword);
  if (confirm !== undefined) errors.confirmPassword = confirm;
  return errors;
}

const inputId = (field: Field) => `change-password-${field}`;

/**
 * 'Đổi mật khẩu' on the account settings page, for every role: this device stays signed in, the
 * account's other sessions end (the server does it).
 */
export function ChangePasswordSection() {
  const form = useFieldForm<Field>(EMPTY, validate);
  const { isSaving, save } = useEntitySave({ resetAfterSuccess: true });

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const firstInvalid = FIELDS.find((field) => form.errors[field] !== undefined);
    if (firstInvalid !== undefined) {
      document.getElementById(inputId(firstInvalid))?.focus();
      return;
    }
    const saved = await save(
      () => changePassword({ oldPassword: form.values.oldPassword, newPassword: form.values.newPassword }),
      {
        successText: PASSWORD_MESSAGES.changed,
        failureText: 'Đổi mật khẩu thất bại!',
        onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, FIELDS)),
      },
    );
    if (saved) form.reset(EMPTY);
  };

  const field = (name: Field, label: string, autoComplete: 'current-password' | 'new-password') => (
    <PasswordField
      id={inputId(name)}
      name={name}
      label={label}
      autoComplete={autoComplete}
      disabled={isSaving}
      binding={form.bind(name)}
      testId={inputId(name)}
    />
  );

  return (
    <SectionCard id="change-password" title="Đổi mật khẩu" testId="change-password-section">
      <Box
        component="form"
        noValidate
        aria-label="Đổi mật khẩu"
        onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
        sx={{ display: 'grid', gap: 1, maxWidth: 480 }}
      >
        {field('oldPassword', 'Mật khẩu hiện tại', 'current-password')}
        {field('newPassword', 'Mật khẩu mới', 'new-password')}
        {field('confirmPassword', 'Nhập lại mật khẩu mới', 'new-password')}
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: -0.5, mb: 1 }}>
          {PASSWORD_RULES_TEXT} Các thiết bị khác đang đăng nhập tài khoản này sẽ bị đăng xuất.
        </Typography>
        <Button
          type="submit"
          variant="contained"
          loading={isSaving}
          sx={{ minHeight: 44, justifySelf: { xs: 'stretch', sm: 'start' } }}
          data-testid="change-password-submit"
        >
          Đổi mật khẩu
        </Button>
      </Box>
    </SectionCard>
  );
}
