import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export const INCOMPLETE_ACCOUNT_MESSAGE =
  'Thông tin tài khoản của bạn chưa đầy đủ. Vui lòng vào Cài đặt tài khoản để cập nhật.';

export function IncompleteAccountDialog({
  open,
  onClose,
  onGoToAccountSettings,
}: {
  open: boolean;
  onClose: () => void;
  onGoToAccountSettings: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="incomplete-account-title"
      aria-describedby="incomplete-account-message"
      data-testid="incomplete-account-dialog"
    >
      <DialogTitle id="incomplete-account-title">Thông tin tài khoản chưa đầy đủ</DialogTitle>
      <DialogContent>
        <DialogContentText id="incomplete-account-message">{INCOMPLETE_ACCOUNT_MESSAGE}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} data-testid="incomplete-account-later">
          Để sau
        </Button>
        <Button variant="contained" onClick={onGoToAccountSettings} data-testid="incomplete-account-settings">
          Đến Cài đặt tài khoản
        </Button>
      </DialogActions>
    </Dialog>
  );
}
