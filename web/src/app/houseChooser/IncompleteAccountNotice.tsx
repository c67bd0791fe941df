import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { INCOMPLETE_ACCOUNT_MESSAGE } from './IncompleteAccountDialog';

/** Replaces a house moderator's pages while their lessor information is incomplete. */
export function IncompleteAccountNotice() {
  return (
    <Alert
      severity="warning"
      data-testid="incomplete-account-notice"
      action={
        <Button component={RouterLink} to={paths.accountSettings} color="inherit" size="small">
          Cài đặt tài khoản
        </Button>
      }
      sx={{ flexWrap: 'wrap' }}
    >
      <AlertTitle>Thông tin tài khoản chưa đầy đủ</AlertTitle>
      {INCOMPLETE_ACCOUNT_MESSAGE}
    </Alert>
  );
}
