import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { PASSWORD_MESSAGES, changePasswordSchema, type ChangePasswordInput } from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useEntitySave } from '../../components/crud';
import {
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
  type FieldErrors,
} from '../../components/fieldForm';
import { PageHeader } from '../../components/PageHeader';
import { apiRequest } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useSessionActions, useSignedInSession } from '../../lib/session';
import { takeOneTimePassword } from './oneTimePassword';

const CHANGE_PASSWORD_PATH = '/api/User/ChangePassword';

const FIELDS = ['oldPassword', 'newPassword'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const NEW_PASSWORD_MESSAGES = {
  failed: 'Đổi mật khẩu thất bại!',
} as const;

/**
 * The server's schema (same messages). The new password is typed once: its eye button shows what was
 * typed, instead of a second field to repeat it.
 */
function validate(values: Values): FieldErrors<Field> {
  return validateWithSchema<Field, ChangePasswordInput>(changePasswordSchema, values).errors;
}

/** `POST /api/User/ChangePassword`: the server keeps this session and ends the account's others. */
function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiRequest(CHANGE_PASSWORD_PATH, {
    method: 'POST',
    body: input,
    toastBadRequest: false,
    handledStatuses: [400],
  });
}

const inputId = (field: Field) => `new-password-${field}`;

function focusField(field: Field): void {
  document.getElementById(inputId(field))?.focus();
}

function PasswordField({
  field,
  label,
  autoComplete,
  autoFocus,
  form,
}: {
  field: Field;
  label: string;
  autoComplete: string;
  autoFocus?: boolean;
  form: ReturnType<typeof useFieldForm<Field>>;
}) {
  const [isVisible, setIsVisible] = useState(false);
  const { helperText, ...binding } = form.bind(field);
  return (
    <TextField
      {...binding}
      id={inputId(field)}
      name={field}
      label={label}
      type={isVisible ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      required
      fullWidth
      helperText={reservedHelperText(helperText)}
      slotProps={{
        htmlInput: { 'data-testid': `new-password-${field}`, autoCapitalize: 'none', spellCheck: false },
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

/**
 * /newPassword: 'Đặt mật khẩu mới'. A tenant signing in with the one-time password the landlord gave
 * them, or a new landlord with the one their approval e-mailed, lands here and stays here (their pages
 * send them back) until they choose their own.
 */
export function NewPasswordPage() {
  const navigate = useNavigate();
  const session = useSignedInSession();
  const { passwordChanged } = useSessionActions();
  const [isRequired] = useState(session.mustChangePassword);
  // The one-time password just typed at login is not asked for again (a reload asks for it).
  const [typedAtLogin] = useState(() => (session.mustChangePassword ? takeOneTimePassword() : null));
  const form = useFieldForm<Field>({ oldPassword: typedAtLogin ?? '', newPassword: '' }, validate);
  const asksOldPassword = typedAtLogin === null || form.errors.oldPassword !== undefined;
  const { isSaving, save } = useEntitySave();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const firstInvalid = FIELDS.find((field) => form.errors[field] !== undefined);
    if (firstInvalid !== undefined) {
      focusField(firstInvalid);
      return;
    }
    const input = { oldPassword: form.values.oldPassword, newPassword: form.values.newPassword };
    const saved = await save(() => changePassword(input), {
      successText: PASSWORD_MESSAGES.changed,
      failureText: NEW_PASSWORD_MESSAGES.failed,
      onBadRequest: (body) => {
        const errors = fieldErrorsFromBody(body, FIELDS);
        form.setServerErrors(errors);
        const field = FIELDS.find((candidate) => errors[candidate] !== undefined);
        if (field !== undefined) focusField(field);
      },
    });
    if (!saved) return;
    passwordChanged();
    await navigate(paths.dashboard, { replace: true });
  };

  return (
    <Box sx={{ maxWidth: 520, mx: 'auto' }} data-testid="new-password-page">
      <title>Đặt mật khẩu mới — Nhà trọ</title>
      <PageHeader title="Đặt mật khẩu mới" />
      {isRequired && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="new-password-required">
          Bạn đang đăng nhập bằng mật khẩu dùng một lần. Vui lòng đặt mật khẩu mới để tiếp tục sử dụng.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component="form"
          noValidate
          aria-label="Đặt mật khẩu mới"
          onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(event)}
          sx={{ display: 'grid', gap: 1 }}
        >
          {asksOldPassword && (
            <PasswordField
              field="oldPassword"
              label={isRequired ? 'Mật khẩu một lần' : 'Mật khẩu hiện tại'}
              autoComplete="current-password"
              autoFocus
              form={form}
            />
          )}
          <PasswordField
            field="newPassword"
            label="Mật khẩu mới"
            autoComplete="new-password"
            autoFocus={!asksOldPassword}
            form={form}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: -0.5, mb: 1 }}>
            Mật khẩu mới có ít nhất 8 ký tự, gồm cả chữ và số, và khác mật khẩu hiện tại.
          </Typography>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSaving}
            sx={{ minHeight: 48, justifySelf: { xs: 'stretch', sm: 'start' } }}
            data-testid="new-password-submit"
          >
            {isSaving ? (
              <CircularProgress size={22} color="inherit" aria-label="Đang đổi mật khẩu" />
            ) : (
              'Đổi mật khẩu'
            )}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
