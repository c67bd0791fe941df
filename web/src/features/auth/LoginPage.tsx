import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { BrandLink } from '../../components/BrandLink';
import { rememberOneTimePassword } from './oneTimePassword';
import { Spinner } from '../../components/Spinner';
import { useLeftFields } from '../../components/useLeftFields';
import plainUi from '../../components/plainUi.module.css';
import { NETWORK_FAILURE_STATUS, isApiError } from '../../lib/api';
import { corePaths } from '../../lib/paths/core';
import { peekReturnPath, takeReturnPath, useSession, useSessionActions } from '../../lib/session';
import { LOGIN_FAILURE_STATUSES, requestLogin } from './authApi';
import styles from './loginPage.module.css';
import { LoginTextField } from './LoginTextField';
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

// Material icons' paths (Visibility, VisibilityOff, ErrorOutline, InfoOutlined), inline: no MUI on /login.
const ICON_PATHS = {
  visibility:
    'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
  visibilityOff:
    'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  info: 'M11 9h2V7h-2m1 13c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m0-18A10 10 0 0 0 2 12a10 10 0 0 0 10 10 10 10 0 0 0 10-10A10 10 0 0 0 12 2m-1 15h2v-6h-2z',
} as const;

function Icon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

/** A message box above the form (the look of MUI's standard <Alert>). */
function LoginAlert({
  severity,
  testId,
  children,
}: {
  severity: 'error' | 'info';
  testId: string;
  children: ReactNode;
}) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className={`${styles.alert} ${severity === 'error' ? styles.alertError : styles.alertInfo}`}
    >
      <div className={styles.alertIcon}>
        <Icon name={severity} />
      </div>
      <div className={styles.alertMessage}>{children}</div>
    </div>
  );
}

/** 'Đăng nhập', holding a spinner (and disabled) while the login is sent. */
function SubmitButton({ isSubmitting }: { isSubmitting: boolean }) {
  return (
    <>
      <button
        type="submit"
        className={`${plainUi.button} ${styles.submit}`}
        disabled={isSubmitting}
        data-testid="login-submit"
      >
        <span className={isSubmitting ? styles.submitLabelHidden : undefined}>Đăng nhập</span>
        {isSubmitting && <Spinner size={22} label="Đang đăng nhập" className={styles.submitSpinner} />}
      </button>
    </>
  );
}

/** Shows or hides the password, without taking the focus from it. */
function PasswordToggle({
  isPasswordVisible,
  setIsPasswordVisible,
}: {
  isPasswordVisible: boolean;
  setIsPasswordVisible: (change: (visible: boolean) => boolean) => void;
}) {
  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={isPasswordVisible ? 'Ẩn mật khẩu' : 'Hiện mật khẩu'}
        onClick={() => setIsPasswordVisible((visible) => !visible)}
        onMouseDown={(event) => event.preventDefault()}
      >
        <Icon name={isPasswordVisible ? 'visibilityOff' : 'visibility'} />
      </button>
    </>
  );
}

/** The form's values, which messages show (a field once left, both once sent), and signing in. */
function useLoginForm() {
  const { signIn } = useSessionActions();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginCredentials>({ username: '', password: '' });
  const shown = useLeftFields<LoginField>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const fieldsRef = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

  const errors = validateLoginCredentials(values);
  const visibleError = (field: LoginField): string | undefined =>
    shown.isShown(field) ? errors[field] : undefined;

  const handleChange = (field: LoginField, value: string): void => {
    shown.changed(field);
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const handleBlur = (field: LoginField): void => shown.leave(field);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isSubmitting) return;
    shown.showAll();
    const firstInvalidField = LOGIN_FIELDS.find((field) => errors[field] !== undefined);
    if (firstInvalidField !== undefined) {
      fieldsRef.current[firstInvalidField]?.focus();
      return;
    }

    setServerError(null);
    setIsSubmitting(true);
    try {
      const newSession = await requestLogin(normalizeLoginCredentials(values));
      const returnPath = takeReturnPath() ?? DEFAULT_PATH_AFTER_LOGIN;
      // A one-time password (a new tenant's first login) is replaced before anything else.
      const destination = newSession.mustChangePassword ? corePaths.newPassword : returnPath;
      if (newSession.mustChangePassword) rememberOneTimePassword(values.password);
      signIn(newSession);
      await navigate(destination, { replace: true });
    } catch (error) {
      setServerError(messageForLoginFailure(error));
      setIsSubmitting(false);
    }
  };

  return {
    values,
    serverError,
    isSubmitting,
    fieldsRef,
    visibleError,
    handleChange,
    handleBlur,
    handleSubmit,
  };
}

export function LoginPage() {
  const session = useSession();
  const location = useLocation();

  const {
    values,
    serverError,
    isSubmitting,
    fieldsRef,
    visibleError,
    handleChange,
    handleBlur,
    handleSubmit,
  } = useLoginForm();
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);

  // While submitting, the submit handler itself navigates to the saved return path.
  if (session !== null && !isSubmitting) {
    return <Navigate to={peekReturnPath() ?? DEFAULT_PATH_AFTER_LOGIN} replace />;
  }

  return (
    <main className={styles.page}>
      <title>Đăng nhập — Nhà trọ</title>
      <div className={styles.brand}>
        <BrandLink />
      </div>
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title" className={`${plainUi.heading} ${styles.title}`}>
          Đăng nhập
        </h1>
        <p className={`${plainUi.secondaryText} ${styles.intro}`}>
          Đăng nhập để quản lý nhà trọ, phòng và hợp đồng của bạn.
        </p>

        {cameFromExpiredSession(location.state) && serverError === null && (
          <LoginAlert severity="info" testId="login-session-expired">
            Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.
          </LoginAlert>
        )}
        {serverError !== null && (
          <LoginAlert severity="error" testId="login-error">
            {serverError}
          </LoginAlert>
        )}

        <form noValidate onSubmit={(event) => void handleSubmit(event)} aria-label="Đăng nhập">
          <LoginTextField
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
              fieldsRef.current.username = element;
            }}
            testId="login-username"
          />
          <LoginTextField
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
              fieldsRef.current.password = element;
            }}
            testId="login-password"
            endAdornment={
              <PasswordToggle
                isPasswordVisible={isPasswordVisible}
                setIsPasswordVisible={setIsPasswordVisible}
              />
            }
          />
          <SubmitButton isSubmitting={isSubmitting} />
          <div className={styles.links}>
            <Link to={corePaths.forgotPassword} className={styles.link} data-testid="forgot-password-link">
              Quên mật khẩu?
            </Link>
          </div>
        </form>
      </section>
    </main>
  );
}
