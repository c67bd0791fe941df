import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { REGISTRATION_MESSAGES } from '@nhatro/common';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '../../components/DataStates';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { forgetRegistration } from './registrationsApi';

function RegisterAction() {
  return (
    <Button color="inherit" size="small" component={RouterLink} to={paths.registration()}>
      Đăng ký
    </Button>
  );
}

/** This browser made no registration (or forgot it): the way to the form. */
export function NoHeldRegistration() {
  return (
    <Alert severity="info" action={<RegisterAction />} data-testid="registration-none">
      Trình duyệt này chưa có đăng ký nào đang chờ. Vui lòng đăng ký sử dụng dịch vụ.
    </Alert>
  );
}

/** The held registration could not be read: gone (withdrawn, deleted), or the server did not answer. */
export function RegistrationLoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const gone = isApiError(error) && error.status === 404;
  useEffect(() => {
    if (gone) forgetRegistration();
  }, [gone]);
  if (gone) {
    return (
      <Alert severity="warning" action={<RegisterAction />}>
        {REGISTRATION_MESSAGES.notFound}
      </Alert>
    );
  }
  return <ErrorState message="Không tải được đăng ký. Vui lòng thử lại." onRetry={onRetry} />;
}
