import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { ROLE_IDS, useSignedInSession } from '../../lib/session';
import { useAccountPlan } from './platformRequestsApi';

/** The landlord is warned this many days before the term's last day. */
const WARN_DAYS = 7;

/**
 * The shell's banner for a landlord and their staff: after the paid term they read but cannot write
 * (why, and how to extend); a week before it ends, the landlord is warned. Nothing for other roles.
 */
export function AccountExpiryBanner() {
  const { role } = useSignedInSession();
  const isLandlord = role.roleID === ROLE_IDS.houseModerator;
  const { data } = useAccountPlan(isLandlord || role.roleID === ROLE_IDS.staff, 'term');
  if (!data?.accountExpiresOn) return null;
  const lastDay = formatDate(`${data.accountExpiresOn}T12:00:00+07:00`);
  const extend = isLandlord ? (
    <Button
      component={RouterLink}
      to={paths.accountPlan}
      color="inherit"
      size="small"
      sx={{ whiteSpace: 'nowrap' }}
      data-testid="account-expiry-extend"
    >
      Gia hạn tài khoản
    </Button>
  ) : undefined;

  if (data.expired) {
    return (
      <Alert severity="error" action={extend} sx={{ mb: 2 }} data-testid="account-expiry-banner">
        <AlertTitle>Tài khoản đã hết hạn sử dụng</AlertTitle>
        {isLandlord
          ? `Thời hạn tài khoản đã kết thúc sau ngày ${lastDay}. Bạn và nhân viên vẫn xem được dữ liệu nhưng không thể thêm, sửa hay xóa cho đến khi gia hạn. Người thuê vẫn dùng bình thường.`
          : `Tài khoản của chủ trọ đã hết hạn sau ngày ${lastDay}: bạn chỉ xem được dữ liệu, không thể thêm, sửa hay xóa. Vui lòng báo chủ trọ gia hạn tài khoản.`}
      </Alert>
    );
  }
  if (isLandlord && data.daysLeft !== undefined && data.daysLeft <= WARN_DAYS) {
    const when = data.daysLeft === 0 ? 'hôm nay là ngày cuối' : `còn ${data.daysLeft} ngày`;
    return (
      <Alert severity="warning" action={extend} sx={{ mb: 2 }} data-testid="account-expiry-banner">
        Tài khoản dùng được đến hết ngày {lastDay} ({when}). Sau đó bạn và nhân viên chỉ xem được dữ liệu,
        không thêm hay sửa được.
      </Alert>
    );
  }
  return null;
}
