// Pages that show more than one feature slice are composed here, at the app level: a slice never imports
// another slice. AppRoutes lazy-loads this module like any other page.
import { AccountPlanNotice } from '../../features/platformRequests/AccountPlanNotice';
import { WaitingTransfersNotice } from '../../features/bankTransfers/WaitingTransfersNotice';
import { DashboardPage } from './DashboardPage';
import { RegistrationsOverview } from '../../features/registrations/RegistrationsOverview';

/**
 * /dashboard, with the registrations slice's table for the super admin, and for the landlord their plan
 * (rooms used, paid term, 'Mua thêm phòng') and waiting transfers.
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      registrations={<RegistrationsOverview />}
      landlordNotices={
        <>
          <AccountPlanNotice />
          <WaitingTransfersNotice />
        </>
      }
    />
  );
}
