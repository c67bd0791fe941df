import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LESSOR_FIELD_LABELS } from '@nhatro/common';
import { useLessorAccount } from '../../features/lessorInfo/lessorInfoApi';
import { ROLE_IDS, useSession } from '../../lib/session';

export const INCOMPLETE_ACCOUNT_MESSAGE =
  'Thông tin tài khoản của bạn chưa đầy đủ. Vui lòng vào Cài đặt tài khoản để cập nhật.';

/**
 * The first modal of a landlord whose lessor information is incomplete: what is missing, as the server
 * counts it (`missingFields` of `GET /odata/LessorInfor`, from common's `missingLessorFields`).
 */
export function IncompleteAccountDialog({
  open,
  onClose,
  onGoToAccountSettings,
}: {
  open: boolean;
  onClose: () => void;
  onGoToAccountSettings: () => void;
}) {
  const isLandlord = useSession()?.role.roleID === ROLE_IDS.houseModerator;
  const { data: account } = useLessorAccount(open && isLandlord);
  const missing = account?.missingFields ?? [];
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
        {missing.length > 0 && (
          <>
            <DialogContentText sx={{ mt: 2 }} id="incomplete-account-missing-title">
              Còn thiếu:
            </DialogContentText>
            <ul aria-labelledby="incomplete-account-missing-title" data-testid="incomplete-account-missing">
              {missing.map((field) => (
                <li key={field}>{LESSOR_FIELD_LABELS[field]}</li>
              ))}
            </ul>
          </>
        )}
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
