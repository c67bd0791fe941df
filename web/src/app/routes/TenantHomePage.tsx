import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { SectionCard } from '../../components/SectionCard';
import { TenantPageStates } from '../../components/tenantParts';
import { ContractDebtSection } from '../../features/debts/ContractDebtSection';
import { TenantIssuesSection } from '../../features/issues/TenantIssues';
import { TenantLeaveNotice } from '../../features/leaveNotices/TenantLeaveNotice';
import {
  TenantBillsSection,
  TenantChargesSection,
  TenantOwedSection,
} from '../../features/monthlyBills/TenantBills';
import { TenantNotices } from '../../features/notifications/TenantNotices';
import { useOwnHousesWithRooms } from '../../lib/api/resources/houses';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { findOwnRoom } from './LesseeRoomPage';

/** The tenant's house and room (from their session, else their first), or a page saying there is none. */
function WithOwnRoom({
  title,
  children,
}: {
  title: string;
  children: (own: { houseID: string; roomID: string; roomName: string }) => ReactNode;
}) {
  const session = useSignedInSession();
  const { data, error, mutate } = useOwnHousesWithRooms();
  if (data === undefined)
    return (
      <TenantPageStates
        title={title}
        error={error}
        loadingLabel="Đang tải thông tin phòng"
        onRetry={() => void mutate()}
      />
    );
  const { house, room } = findOwnRoom(data.value, session.houseID, session.roomID);
  if (house === undefined || room === undefined)
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          title="Chưa có phòng"
          description="Bạn chưa có phòng thuê nào. Vui lòng liên hệ chủ trọ."
        />
      </>
    );
  return <>{children({ houseID: house.houseID, roomID: room.roomID, roomName: room.roomName })}</>;
}

const COLUMNS = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;

/**
 * The tenant's home after login (/dashboard, role 4), phone first: what is owed now with 'Thanh toán'
 * and the QR code, then 'Báo sự cố' and the landlord's notices; the room's facts are one tap away.
 */
export function TenantHome() {
  const session = useSignedInSession();
  return (
    <WithOwnRoom title="Tổng quan">
      {(own) => (
        <Box data-testid="tenant-home">
          <PageHeader
            title="Tổng quan"
            subtitle={
              <span data-testid="tenant-home-room">
                {session.fullName ? `Xin chào, ${session.fullName} · ` : ''}Phòng {own.roomName}
              </span>
            }
          />
          <Box sx={COLUMNS}>
            <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <TenantOwedSection roomID={own.roomID} />
              {session.contractID && <ContractDebtSection contractID={session.contractID} canPause={false} />}
            </Box>
            <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <SectionCard id="tenant-report" title="Sự cố trong phòng?" testId="tenant-report">
                <Typography sx={{ mb: 1.5, color: 'text.secondary' }}>
                  Điện, nước, thiết bị hỏng… hãy báo để chủ trọ xử lý, kèm ảnh nếu có.
                </Typography>
                <Button
                  component={RouterLink}
                  to={paths.lesseeIssues}
                  variant="outlined"
                  color="warning"
                  fullWidth
                  startIcon={<ReportProblemOutlined />}
                  sx={{ minHeight: 48 }}
                  data-testid="tenant-report-issue"
                >
                  Báo sự cố
                </Button>
              </SectionCard>
              <TenantNotices />
              <TenantLeaveNotice houseID={own.houseID} />
              <Button component={RouterLink} to={paths.lesseeRoom} sx={{ justifySelf: 'start' }}>
                Xem phòng, người ở và thiết bị
              </Button>
            </Box>
          </Box>
        </Box>
      )}
    </WithOwnRoom>
  );
}

/** /lesseeBills ('Hóa đơn' in the tenant's menu): every bill and charge, owed first. */
export function TenantBillsPage() {
  return (
    <WithOwnRoom title="Hóa đơn">
      {(own) => (
        <Box data-testid="tenant-bills-page">
          <title>Hóa đơn — Nhà trọ</title>
          <PageHeader title="Hóa đơn" subtitle={`Phòng ${own.roomName}`} />
          <Box sx={COLUMNS}>
            <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <TenantBillsSection roomID={own.roomID} />
            </Box>
            <TenantChargesSection roomID={own.roomID} />
          </Box>
        </Box>
      )}
    </WithOwnRoom>
  );
}

/** /lesseeIssues ('Báo sự cố' in the tenant's menu): a new report, then the reports sent. */
export function TenantIssuesPage() {
  const session = useSignedInSession();
  return (
    <WithOwnRoom title="Báo sự cố">
      {(own) => (
        <Box data-testid="tenant-issues-page" sx={{ maxWidth: 720 }}>
          <title>Báo sự cố — Nhà trọ</title>
          <PageHeader title="Báo sự cố" subtitle={`Phòng ${own.roomName}`} />
          <TenantIssuesSection houseID={own.houseID} roomID={own.roomID} contractID={session.contractID} />
        </Box>
      )}
    </WithOwnRoom>
  );
}
