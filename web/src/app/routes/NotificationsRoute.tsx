// /notifications is two slices: the landlord's page (notifications) and the tenant's list (tenant).
import Box from '@mui/material/Box';
import { PageHeader } from '../../components/PageHeader';
import { NotificationsPage } from '../../features/notifications/NotificationsPage';
import { TenantNotices } from '../../features/notifications/TenantNotices';
import { ROLE_IDS, useSignedInSession } from '../../lib/session';

/** Landlords and staff manage the house's notices; a tenant reads the notices sent to them. */
export function NotificationsRoute() {
  const { role } = useSignedInSession();
  if (role.roleID !== ROLE_IDS.lessee) return <NotificationsPage />;
  return (
    <Box data-testid="tenant-notifications-page" sx={{ maxWidth: 720 }}>
      <title>Thông báo — Nhà trọ</title>
      <PageHeader title="Thông báo" />
      <TenantNotices />
    </Box>
  );
}
