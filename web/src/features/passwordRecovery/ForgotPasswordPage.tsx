import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PASSWORD_RECOVERY_MESSAGES,
  passwordRecoveryRequestSchema,
  type PasswordRecoveryRequest,
} from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import { failureText } from '../../components/mutationFeedback';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { requestPasswordChange } from './passwordRecoveryApi';

type Field = 'emailOrPhoneNumber';

function validate(values: Record<Field, string>) {
  return validateWithSchema<Field, PasswordRecoveryRequest>(passwordRecoveryRequestSchema, values).errors;
}

/**
 * /ForgotPassword (also /forgotPassword, the login page's link): the e-mail or phone number of the
 * account; a link to choose a new password goes there. The page says the same whether or not an
 * account has that contact.
 */
export function ForgotPasswordPage() {
  const form = useFieldForm<Field>({ emailOrPhoneNumber: '' }, validate);
  const [isSending, setIsSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    form.touchAll();
    if (!form.isValid) {
      document.getElementById('forgot-password-contact')?.focus();
      return;
    }
    setIsSending(true);
    setFailure(null);
    try {
      await requestPasswordChange(form.values.emailOrPhoneNumber.trim());
      setSentTo(form.values.emailOrPhoneNumber.trim());
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        form.setServerErrors(fieldErrorsFromBody(error.body, ['emailOrPhoneNumber'] as const));
      }
      setFailure(
        isApiError(error) && error.status === 429
          ? error.message
          : failureText(PASSWORD_RECOVERY_MESSAGES.requestFailed, error),
      );
    } finally {
      setIsSending(false);
    }
  };

  return (
    <PublicPageFrame maxWidth={480}>
      <title>Quên mật khẩu — Nhà trọ</title>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="forgot-password-page">
        <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: 1 }}>
          Quên mật khẩu
        </Typography>
        {sentTo !== null ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Alert severity="success" data-testid="forgot-password-sent">
              {PASSWORD_RECOVERY_MESSAGES.requested}
            </Alert>
            <Typography sx={{ color: 'text.secondary' }}>
              Hãy mở email hoặc tin nhắn (Zalo, SMS) gửi tới <strong>{sentTo}</strong>. Không thấy tin? Kiểm
              tra thư rác, hoặc gửi lại sau ít phút.
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button variant="contained" component={RouterLink} to={paths.login} sx={{ minHeight: 44 }}>
                Về trang đăng nhập
              </Button>
              <Button onClick={() => setSentTo(null)} sx={{ minHeight: 44 }}>
                Gửi lại
              </Button>
            </Box>
          </Box>
        ) : (
          <Box
            component="form"
            noValidate
            aria-label="Quên mật khẩu"
            onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
            sx={{ display: 'grid', gap: 1 }}
          >
            <Typography sx={{ color: 'text.secondary', mb: 1 }}>
              Nhập email hoặc số điện thoại của tài khoản. Chúng tôi gửi một liên kết để bạn đặt mật khẩu mới.
            </Typography>
            {failure !== null && (
              <Alert severity="error" data-testid="forgot-password-error">
                {failure}
              </Alert>
            )}
            <TextField
              {...form.bind('emailOrPhoneNumber')}
              helperText={reservedHelperText(form.visibleError('emailOrPhoneNumber'))}
              id="forgot-password-contact"
              name="emailOrPhoneNumber"
              label="Email hoặc số điện thoại"
              autoComplete="username"
              autoFocus
              required
              fullWidth
              disabled={isSending}
              slotProps={{ htmlInput: { 'data-testid': 'forgot-password-contact', autoCapitalize: 'none' } }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={isSending}
              sx={{ minHeight: 48 }}
              data-testid="forgot-password-submit"
            >
              Gửi liên kết
            </Button>
            <Link component={RouterLink} to={paths.login} sx={{ justifySelf: 'center', mt: 1 }}>
              Quay lại đăng nhập
            </Link>
          </Box>
        )}
      </Paper>
    </PublicPageFrame>
  );
}
