import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PASSWORD_RECOVERY_MESSAGES, passwordResetSchema, type PasswordResetInput } from '@nhatro/common';
import { useCallback, useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  fieldErrorsFromBody,
  useFieldForm,
  validateWithSchema,
  type FieldErrors,
} from '../../components/fieldForm';
import { failureText } from '../../components/mutationFeedback';
import { PASSWORD_RULES_TEXT, PasswordField, confirmPasswordError } from '../../components/PasswordField';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useSessionActions } from '../../lib/session';
import { resetPassword } from './passwordRecoveryApi';

const FIELDS = ['newPassword', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

type Outcome = { kind: 'form' } | { kind: 'done' } | { kind: 'linkInvalid' };

/** After the form: the new password is set (sign in), or the link no longer works (ask for another). */
function ResetOutcome({ kind }: { kind: 'done' | 'linkInvalid' }) {
  if (kind === 'done') {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="success" data-testid="reset-password-done">
          {PASSWORD_RECOVERY_MESSAGES.changed}
        </Alert>
        <Button
          variant="contained"
          component={RouterLink}
          to={paths.login}
          sx={{ minHeight: 48 }}
          data-testid="reset-password-login"
        >
          Đăng nhập
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="warning" data-testid="reset-password-link-invalid">
        {PASSWORD_RECOVERY_MESSAGES.linkInvalid}
      </Alert>
      <Button variant="contained" component={RouterLink} to={paths.forgotPassword} sx={{ minHeight: 48 }}>
        Yêu cầu liên kết mới
      </Button>
    </Box>
  );
}

/**
 * /ChangePassword/{token}: the link of a recovery message. The new password follows the usual rules;
 * afterwards every session of the account has ended, this browser's included, and the person signs in.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { clear } = useSessionActions();
  const check = useCallback(
    (values: Values): FieldErrors<Field> => {
      const { errors } = validateWithSchema<Field, PasswordResetInput>(passwordResetSchema, {
        token: token || '-',
        newPassword: values.newPassword,
      });
      const confirm = confirmPasswordError(values.newPassword, values.confirmPassword);
      if (confirm !== undefined) errors.confirmPassword = confirm;
      return errors;
    },
    [token],
  );
  const form = useFieldForm<Field>({ newPassword: '', confirmPassword: '' }, check);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const firstInvalid = FIELDS.find((field) => form.errors[field] !== undefined);
    if (firstInvalid !== undefined) {
      document.getElementById(`reset-password-${firstInvalid}`)?.focus();
      return;
    }
    setIsSaving(true);
    setFailure(null);
    try {
      await resetPassword({ token, newPassword: form.values.newPassword });
      // The server ended every session of the account; a session this browser kept is one of them or not
      // the person's: sign in again either way.
      clear();
      setOutcome({ kind: 'done' });
    } catch (error) {
      const errors =
        isApiError(error) && error.status === 400
          ? fieldErrorsFromBody(error.body, ['token', ...FIELDS])
          : {};
      if (errors.token !== undefined) setOutcome({ kind: 'linkInvalid' });
      else if (errors.newPassword !== undefined) form.setServerErrors({ newPassword: errors.newPassword });
      else setFailure(failureText(PASSWORD_RECOVERY_MESSAGES.changeFailed, error));
    } finally {
      setIsSaving(false);
    }
  };

  let content;
  if (outcome.kind !== 'form') {
    content = <ResetOutcome kind={outcome.kind} />;
  } else {
    content = (
      <Box
        component="form"
        noValidate
        aria-label="Đặt lại mật khẩu"
        onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
        sx={{ display: 'grid', gap: 1 }}
      >
        {failure !== null && (
          <Alert severity="error" data-testid="reset-password-error">
            {failure}
          </Alert>
        )}
        <PasswordField
          id="reset-password-newPassword"
          name="newPassword"
          label="Mật khẩu mới"
          autoComplete="new-password"
          autoFocus
          disabled={isSaving}
          binding={form.bind('newPassword')}
          testId="reset-password-newPassword"
        />
        <PasswordField
          id="reset-password-confirmPassword"
          name="confirmPassword"
          label="Nhập lại mật khẩu mới"
          autoComplete="new-password"
          disabled={isSaving}
          binding={form.bind('confirmPassword')}
          testId="reset-password-confirmPassword"
        />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: -0.5, mb: 1 }}>
          {PASSWORD_RULES_TEXT} Sau khi đổi, mọi thiết bị đang đăng nhập tài khoản này sẽ bị đăng xuất.
        </Typography>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={isSaving}
          sx={{ minHeight: 48 }}
          data-testid="reset-password-submit"
        >
          Đặt mật khẩu mới
        </Button>
      </Box>
    );
  }

  return (
    <PublicPageFrame maxWidth={480}>
      <title>Đặt lại mật khẩu — Nhà trọ</title>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="reset-password-page">
        <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: 2 }}>
          Đặt lại mật khẩu
        </Typography>
        {content}
      </Paper>
    </PublicPageFrame>
  );
}
