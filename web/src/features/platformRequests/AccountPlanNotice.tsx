import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useAccountPlan } from './platformRequestsApi';

/** The landlord's dashboard line: rooms used of the quota, the paid term, and the way to buy or extend. */
export function AccountPlanNotice() {
  const { data } = useAccountPlan(true, 'quota');
  if (!data) return null;
  const term = data.accountExpiresOn
    ? `${data.expired ? 'đã hết hạn sau' : 'dùng đến hết'} ngày ${formatDate(`${data.accountExpiresOn}T12:00:00+07:00`)}`
    : 'không giới hạn thời hạn';
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
      data-testid="account-plan-notice"
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>
          Gói dịch vụ: {data.roomsUsed ?? 0}/{data.roomQuota ?? 0} phòng
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Tài khoản {term}.
        </Typography>
      </Box>
      <Button
        component={RouterLink}
        to={paths.accountPlan}
        variant="outlined"
        size="small"
        data-testid="account-plan-buy"
      >
        Mua thêm phòng
      </Button>
      <Button component={RouterLink} to={paths.accountPlan} size="small">
        Gia hạn tài khoản
      </Button>
    </Paper>
  );
}
