import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useRef, useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { BrandLink } from '../../components/BrandLink';
import { FormTextField } from '../../components/FormTextField';
import { NETWORK_FAILURE_STATUS, isApiError } from '../../lib/api';
import { corePaths } from '../../lib/paths/core';
import { peekReturnPath, takeReturnPath, useSession, useSessionActions } from '../../lib/session';
import { LOGIN_FAILURE_STATUSES, requestLogin } from './authApi';
import {
  LOGIN_FIELDS,
  normalizeLoginCredentials,
  validateLoginCredentials,
  type LoginCredentials,
  type LoginField,
} from './loginValidation';

export const DEFAULT_PATH_AFTER_LOGIN = corePaths.dashboard;

const NETWORK_FAILURE_MESSAGE = 'Không kết nối được máy chủ. Vui lòng kiểm tra kết nối mạng và thử lại.';
const GENERIC_FAILURE_MESSAGE = 'Đăng nhập không thành công. Vui lòng thử lại sau.';

function messageForLoginFailure(error: unknown): string | null {
  if (!isApiError(error)) return GENERIC_FAILURE_MESSAGE;
  // A 400 reply is already shown as toasts by the API client.
  if (error.status === 400) return null;
  if (error.status === NETWORK_FAILURE_STATUS) return NETWORK_FAILURE_MESSAGE;
  if ((LOGIN_FAILURE_STATUSES as readonly number[]).includes(error.status)) return error.message;
  return error.status === 200 ? error.message : GENERIC_FAILURE_MESSAGE;
}

function cameFromExpiredSession(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'sessionExpired' in state && state.sessionExpired === true
  );
}

export function LoginPage() {
  const session = useSession();
  const { signIn } = useSessionActions();
  const navigate = useNavigate();
  const location = useLocation();

  const [values, setValues] = useState<LoginCredentials>({ username: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<LoginField, boolean>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const fieldRefs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

  const errors = validateLoginCredentials(values);
  const visibleError = (field: LoginField): string | undefined =>
    touched[field] ? errors[field] : undefined;

  // While submitting, the submit handler itself navigates to the saved return path.
  if (session !== null && !isSubmitting) {
    return <Navigate to={peekReturnPath() ?? DEFAULT_PATH_AFTER_LOGIN} replace />;
  }

  const handleChange = (field: LoginField, value: string): void => {
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const handleBlur = (field: LoginField): void => {
    setTouched((previous) => ({ ...previous, [field]: true }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isSubmitting) return;
    setTouched({ username: true, password: true });
    const firstInvalidField = LOGIN_FIELDS.find((field) => errors[field] !== undefined);
    if (firstInvalidField !== undefined) {
      fieldRefs.current[firstInvalidField]?.focus();
      return;
    }

    setServerError(null);
    setIsSubmitting(true);
    try {
      const newSession = await requestLogin(normalizeLoginCredentials(values));
      const destination = takeReturnPath() ?? DEFAULT_PATH_AFTER_LOGIN;
      signIn(newSession);
      await navigate(destination, { replace: true });
    } catch (error) {
      setServerError(messageForLoginFailure(error));
      setIsSubmitting(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ mb: 3, color: 'primary.main' }}>
        <BrandLink />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          Đăng nhập
        </Typography>
        <Typography sx={{ mb: 3, color: 'text.secondary' }}>
          Đăng nhập để quản lý nhà trọ, phòng và hợp đồng của bạn.
        </Typography>

        {cameFromExpiredSession(location.state) && serverError === null && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="login-session-expired">
            Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.
          </Alert>
        )}
        {serverError !== null && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error">
            {serverError}
          </Alert>
        )}

        <Box
          component="form"
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          aria-label="Đăng nhập"
        >
          <FormTextField
            id="username"
            name="username"
            label="Tên đăng nhập"
            autoComplete="username"
            autoFocus
            value={values.username}
            onChange={(event) => handleChange('username', event.target.value)}
            onBlur={() => handleBlur('username')}
            error={visibleError('username')}
            inputRef={(element) => {
              fieldRefs.current.username = element;
            }}
            testId="login-username"
          />
          <FormTextField
            id="password"
            name="password"
            label="Mật khẩu"
            type={isPasswordVisible ? 'text' : 'password'}
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => handleChange('password', event.target.value)}
            onBlur={() => handleBlur('password')}
            error={visibleError('password')}
            inputRef={(element) => {
              fieldRefs.current.password = element;
            }}
            testId="login-password"
            endAdornment={
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={isPasswordVisible ? 'Ẩn mật khẩu' : 'Hiện mật khẩu'}
                  onClick={() => setIsPasswordVisible((visible) => !visible)}
                  onMouseDown={(event) => event.preventDefault()}
                >
                  {isPasswordVisible ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            }
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={isSubmitting}
            loadingIndicator={<CircularProgress size={22} color="inherit" aria-label="Đang đăng nhập" />}
            sx={{ mt: 2 }}
            data-testid="login-submit"
          >
            Đăng nhập
          </Button>
          <Box sx={{ mt: 2, textAlign: 'center' }}>
            <Link component={RouterLink} to={corePaths.forgotPassword} data-testid="forgot-password-link">
              Quên mật khẩu?
            </Link>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
