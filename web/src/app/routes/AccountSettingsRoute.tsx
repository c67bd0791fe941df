import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LESSOR_FIELD_LABELS } from '@nhatro/common';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { SectionCard } from '../../components/SectionCard';
import { paths } from '../../lib/paths';
import { LESSOR_STATUS, ROLE_IDS, useSignedInSession } from '../../lib/session';
import { useLessorAccount, type LessorAccountReply } from '../../features/lessorInfo/lessorInfoApi';
import { ChangePasswordSection } from '../../features/auth/ChangePasswordSection';
import { BankFeedConnectionsSection } from '../../features/bankTransfers/BankFeedConnectionsSection';
import { useLessorStatusSync } from '../../features/lessorInfo/lessorStatus';

const SHOWN_FIELDS = [
  'fullName',
  'phoneNumber',
  'email',
  'citizenID',
  'address',
  'bankName',
  'bankAccountNumber',
] as const;

/** A CCCD number shown with its last four digits only. */
function maskedCitizenID(value: string): string {
  return value.length > 4 ? `${'•'.repeat(value.length - 4)}${value.slice(-4)}` : value;
}

function LessorInfoSummary({ account }: { account: LessorAccountReply }) {
  const isComplete = account.status === LESSOR_STATUS.complete;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {isComplete ? (
        <Alert severity="success" data-testid="lessor-info-complete">
          Thông tin chủ trọ đã đầy đủ. Hóa đơn của người thuê hiện mã QR chuyển khoản đến tài khoản ngân hàng
          của bạn.
        </Alert>
      ) : (
        <Alert
          severity="warning"
          data-testid="lessor-info-incomplete"
          action={
            <Button
              component={RouterLink}
              to={paths.lessorUpdateInfo}
              color="inherit"
              size="small"
              data-testid="lessor-info-complete-now"
            >
              Hoàn tất
            </Button>
          }
          sx={{ flexWrap: 'wrap' }}
        >
          <AlertTitle>Thông tin chủ trọ chưa đầy đủ</AlertTitle>
          Còn thiếu:{' '}
          {account.missingFields.map((field) => LESSOR_FIELD_LABELS[field].toLowerCase()).join(', ')}. Hoàn
          tất để dùng mọi chức năng quản lý.
        </Alert>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
          columnGap: 2,
          rowGap: { xs: 0, sm: 1 },
        }}
      >
        {SHOWN_FIELDS.map((field) => {
          const value = account[field];
          const shown =
            value === undefined || value === ''
              ? 'Chưa có'
              : field === 'citizenID'
                ? maskedCitizenID(value)
                : value;
          return (
            <Box key={field} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}>
                {LESSOR_FIELD_LABELS[field]}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, overflowWrap: 'anywhere', color: value ? 'text.primary' : 'text.disabled' }}
                data-testid={`lessor-info-${field}`}
              >
                {shown}
              </Typography>
            </Box>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          component={RouterLink}
          to={paths.lessorUpdateInfo}
          variant={isComplete ? 'outlined' : 'contained'}
          data-testid="lessor-info-edit"
        >
          {isComplete ? 'Cập nhật thông tin và CCCD' : 'Hoàn tất thông tin'}
        </Button>
        {isComplete && (
          <Button
            component={RouterLink}
            to={paths.lessorUpdateInfoWithoutIdentity}
            variant="outlined"
            data-testid="lessor-info-edit-contact"
          >
            Đổi liên hệ, tài khoản ngân hàng
          </Button>
        )}
      </Box>
    </Box>
  );
}

function LessorInfoSection() {
  const { data, error, isLoading, mutate } = useLessorAccount(true);
  useLessorStatusSync(data?.status);
  let content;
  if (data !== undefined) content = <LessorInfoSummary account={data} />;
  else if (error !== undefined && !isLoading) content = <ErrorState onRetry={() => void mutate()} />;
  else content = <Skeleton variant="rounded" height={160} aria-label="Đang tải thông tin chủ trọ" />;
  return (
    <SectionCard
      id="lessor-info"
      title="Thông tin chủ trọ"
      testId="lessor-info-section"
      actions={
        data !== undefined && (
          <Chip
            size="small"
            color={data.status === LESSOR_STATUS.complete ? 'success' : 'warning'}
            label={data.status === LESSOR_STATUS.complete ? 'Đầy đủ' : 'Chưa đầy đủ'}
          />
        )
      }
    >
      {content}
    </SectionCard>
  );
}

/**
 * /accountSetting: every role changes its password here; a landlord also sees their lessor information
 * (what contracts and bills show, the bank account tenants pay into) and completes or changes it.
 */
export function AccountSettingsPage() {
  const session = useSignedInSession();
  const isLandlord = session.role.roleID === ROLE_IDS.houseModerator;
  return (
    <Box data-testid="account-settings-page" sx={{ maxWidth: 880 }}>
      <title>Cài đặt tài khoản — Nhà trọ</title>
      <PageHeader
        title="Cài đặt tài khoản"
        subtitle={session.fullName ? `${session.fullName} · ${session.role.roleName}` : session.role.roleName}
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        {isLandlord && <LessorInfoSection />}
        {isLandlord && <BankFeedConnectionsSection />}
        {isLandlord && (
          <SectionCard id="account-plan" title="Gói dịch vụ" testId="account-plan-section">
            <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>
              Số phòng được dùng và thời hạn tài khoản. Khi cần thêm phòng hoặc sắp hết hạn, mua thêm hoặc gia
              hạn tại đây.
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button component={RouterLink} to={paths.accountPlan} variant="contained">
                Mua thêm phòng
              </Button>
              <Button component={RouterLink} to={paths.accountPlan} variant="outlined">
                Gia hạn tài khoản
              </Button>
            </Box>
          </SectionCard>
        )}
        <ChangePasswordSection />
      </Box>
    </Box>
  );
}
