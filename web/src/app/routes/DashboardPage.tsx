import { BILLING_LEVELS, LEVEL } from '@nhatro/common';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { ROLE_IDS, useSignedInSession } from '../../lib/session';
import { BillingSummaryCard } from '../../features/houseTickets/BillingSummaryCard';
import { DashboardReportCard } from '../../features/dashboardReport/DashboardReportCard';
import { OpenIssuesCard } from '../../features/issues/OpenIssuesCard';
import { ResidenceDeadlinesCard } from '../../features/residence/ResidenceDeadlinesCard';
import { LeaveNoticesCard } from '../../features/leaveNotices/LeaveNoticesCard';
import { OverdueDebtsCard } from '../../features/debts/OverdueDebtsCard';
import { RoomsOverview } from '../../features/rooms/RoomsOverview';
import { TenantHome } from './TenantHomePage';

/**
 * /dashboard: what each role sees first (spec section 2, guard behaviour). The super admin's list of
 * lessor registrations belongs to the registrations slice; the app passes it in (`app/routes`).
 */
export function DashboardPage({
  registrations,
  landlordNotices,
}: {
  registrations: ReactNode;
  /** What only the landlord is told (transfers waiting to be assigned). */
  landlordNotices?: ReactNode;
}) {
  const { role, houseID, houses } = useSignedInSession();
  const houseName = houses.find((house) => house.houseID === houseID)?.houseName;
  // Whoever reads meters sees the readings' progress; whoever drafts and issues also the bills and the draft.
  const billing =
    role.billingPermission >= LEVEL.create ? (
      <BillingSummaryCard
        houseID={houseID}
        canManage={role.billingPermission >= BILLING_LEVELS.draftAndIssue}
      />
    ) : undefined;
  // /requests is open to the landlord and to staff with room permission.
  const canOpenRooms = role.roomPermission >= LEVEL.read;
  const issues = canOpenRooms ? <OpenIssuesCard houseID={houseID} /> : undefined;
  // Residence declarations due (issue 27): whoever may read the house's occupants.
  const residence =
    role.lesseePermission >= LEVEL.read ? <ResidenceDeadlinesCard houseID={houseID} /> : undefined;
  const leaving =
    role.contractPermission >= LEVEL.read ? (
      <LeaveNoticesCard
        houseID={houseID}
        canAcknowledge={role.contractPermission >= LEVEL.update}
        canSetNotice={role.roleID === ROLE_IDS.houseModerator}
      />
    ) : undefined;
  // Debts past the house's days (issue 26 §3): whoever may read the house's bills.
  const debts =
    role.billingPermission >= BILLING_LEVELS.read ? (
      <OverdueDebtsCard houseID={houseID} canSetDays={role.roleID === ROLE_IDS.houseModerator} />
    ) : undefined;
  const summary = (
    <>
      {residence}
      {billing}
      {debts}
      {leaving}
      {issues}
    </>
  );

  switch (role.roleID) {
    case ROLE_IDS.superAdmin:
      return (
        <>
          <title>Tổng quan quản trị — Nhà trọ</title>
          <PageHeader
            title="Tổng quan quản trị"
            subtitle="Đăng ký chủ trọ mới nhất trước. Bấm một dòng để xem giấy tờ, duyệt hoặc từ chối."
          />
          {registrations}
        </>
      );
    case ROLE_IDS.houseModerator:
      return (
        <>
          <title>{houseName ? `Quản lý chung · ${houseName} — Nhà trọ` : 'Quản lý chung — Nhà trọ'}</title>
          <RoomsOverview
            title="Quản lý chung"
            canOpenRooms={canOpenRooms}
            summary={
              <>
                {landlordNotices}
                {role.billingPermission >= LEVEL.full && <DashboardReportCard houseID={houseID} />}
                {summary}
              </>
            }
          />
        </>
      );
    case ROLE_IDS.staff:
      return (
        <>
          <title>Tổng quan phòng — Nhà trọ</title>
          <RoomsOverview title="Tổng quan phòng" summary={summary} canOpenRooms={canOpenRooms} />
        </>
      );
    case ROLE_IDS.lessee:
      return (
        <>
          <title>Trang chủ — Nhà trọ</title>
          <TenantHome />
        </>
      );
  }
}
