import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useWaitingTransferCount } from './bankTransfersApi';

/** The dashboard's line when transfers wait to be assigned (nothing otherwise). */
export function WaitingTransfersNotice() {
  const { data: count } = useWaitingTransferCount();
  if (!count) return null;
  return (
    <Alert
      severity="warning"
      data-testid="waiting-transfers"
      action={
        <Button component={RouterLink} to={paths.bankTransfers} color="inherit" size="small">
          Đối soát
        </Button>
      }
    >
      {formatNumber(count)} khoản chuyển khoản chưa khớp với hóa đơn nào.
    </Alert>
  );
}
