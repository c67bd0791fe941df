import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import {
  CONTRACT_STATUS,
  FEE_UNIT_LABELS,
  LEVEL,
  LESSEE_STATUS_LABELS,
  type LesseeInfo,
} from '@nhatro/common';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { EmptyLine, SectionCard } from '../../components/SectionCard';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { ContractFrame, ContractStatusChip, contractTitle } from './ContractFrame';
import { GuestLinkSection } from './GuestLinkSection';
import { Facts, SettlementFacts } from './SettlementFacts';
import { useHouseServices, type ContractDetails } from './contractsApi';
import { formatDay, sortFees } from './contractRules';

function ItemList<T>({
  items,
  label,
  render,
}: {
  items: readonly T[];
  label: string;
  render: (item: T) => ReactNode;
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ p: 0, m: 0 }}>
      {items.map((item, index) => (
        <Fragment key={index}>
          {index > 0 && <Divider component="li" aria-hidden sx={{ listStyle: 'none' }} />}
          <Box component="li" sx={{ listStyle: 'none', py: 1 }}>
            {render(item)}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

function OccupantLine({ lessee }: { lessee: LesseeInfo }) {
  const details = [
    lessee.gender === 1 ? 'Nam' : 'Nữ',
    lessee.phoneNumber ?? null,
    lessee.citizenID ? `CCCD ${lessee.citizenID}` : null,
    lessee.dateOfBirth ? `sinh ${formatDay(lessee.dateOfBirth)}` : null,
  ].filter((part): part is string => part !== null);
  return (
    <Box data-testid={`contract-lessee-${lessee.lesseeInfoID}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Link component={RouterLink} to={paths.lessee(lessee.lesseeInfoID)} sx={{ fontWeight: 600 }}>
          {lessee.occupantName}
        </Link>
        {lessee.isRepresentative && <Chip size="small" color="primary" variant="outlined" label="Đại diện" />}
        {lessee.status === 2 && <Chip size="small" variant="outlined" label={LESSEE_STATUS_LABELS[2]} />}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {details.join(' · ')}
      </Typography>
    </Box>
  );
}

function ContractOverview({ contract }: { contract: ContractDetails }) {
  const session = useSignedInSession();
  const level = session.role.contractPermission;
  const isEnded = contract.status === CONTRACT_STATUS.terminated;
  const { data: services } = useHouseServices(contract.houseID);
  const serviceByID = new Map((services?.value ?? []).map((fee) => [fee.serviceID, fee]));
  const occupants = contract.lesseeInfors ?? [];
  const vehicles = contract.vehicles ?? [];
  const order = sortFees(services?.value ?? []).map((fee) => fee.serviceID);
  const contractServices = [...(contract.contractServices ?? [])].sort(
    (a, b) => order.indexOf(a.serviceID) - order.indexOf(b.serviceID),
  );
  const nameOf = (lesseeInfoID: string | undefined) =>
    occupants.find((lessee) => lessee.lesseeInfoID === lesseeInfoID)?.occupantName;
  const representative = contract.renterRepresentative;
  const lessor = contract.lessorInfo;
  const title = contractTitle(contract);

  const actions: ReactNode[] = [];
  if (!isEnded && level >= LEVEL.update) {
    actions.push(
      <Button
        key="extend"
        component={RouterLink}
        to={paths.contractExtend(contract.contractID)}
        variant="contained"
        startIcon={<EventRepeatOutlined />}
      >
        Gia hạn
      </Button>,
    );
  }
  if (!isEnded && level >= LEVEL.create) {
    actions.push(
      <Button
        key="add"
        component={RouterLink}
        to={paths.vehicleAndLesseeAdd(contract.contractID)}
        variant="outlined"
        startIcon={<GroupAddOutlined />}
      >
        Thêm xe / người ở
      </Button>,
    );
  }
  actions.push(
    <Button
      key="document"
      component={RouterLink}
      to={paths.contractDocument(contract.contractID)}
      variant="outlined"
      startIcon={<DescriptionOutlined />}
    >
      Văn bản hợp đồng
    </Button>,
    <Button
      key="history"
      component={RouterLink}
      to={paths.contractHistory(contract.contractID)}
      variant="outlined"
      startIcon={<HistoryOutlined />}
    >
      Lịch sử
    </Button>,
  );
  if (!isEnded && level >= LEVEL.create) {
    actions.push(
      <Button
        key="terminate"
        component={RouterLink}
        to={paths.contractTerminate(contract.contractID)}
        color="error"
        variant="outlined"
        startIcon={<LogoutOutlined />}
      >
        Kết thúc sớm
      </Button>,
    );
  }

  return (
    <>
      <title>{`${title} — Nhà trọ`}</title>
      <PageHeader
        title={title}
        subtitle={
          <Box
            component="span"
            sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            <ContractStatusChip status={contract.status} testId="contract-status" />
            <span>
              {formatDay(contract.startDate)} – {formatDay(contract.endDate)}
            </span>
          </Box>
        }
      />
      <Box
        component="nav"
        aria-label="Thao tác với hợp đồng"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3, '& > a': { flexGrow: { xs: 1, sm: 0 } } }}
        data-testid="contract-actions"
      >
        {actions}
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
          <SectionCard id="contract-terms" title="Thời hạn và tiền thuê" testId="contract-terms">
            <Facts
              testIdPrefix="contract-fact"
              items={[
                ['Ngày bắt đầu', formatDay(contract.startDate), 'start'],
                ['Ngày kết thúc', formatDay(contract.endDate), 'end'],
                ['Tiền thuê / tháng', formatMoney(contract.rentFee), 'rent'],
                ['Tiền cọc', formatMoney(contract.deposit), 'deposit'],
                ['Cọc', contract.deposited ? 'Đã nhận' : 'Chưa nhận', 'deposited'],
                ['Ngày lập', formatDateTime(contract.createdOn), 'created'],
              ]}
            />
          </SectionCard>
          {contract.settlement !== undefined && (
            <SectionCard
              id="contract-settlement"
              title="Quyết toán khi kết thúc sớm"
              testId="contract-settlement"
            >
              <Typography variant="body2" sx={{ mb: 1.5 }}>
                Kết thúc ngày <strong>{formatDay(contract.terminatedOn)}</strong>
                {contract.terminationReason ? ` · Lý do: ${contract.terminationReason}` : ''}
              </Typography>
              <SettlementFacts settlement={contract.settlement} testIdPrefix="contract-settlement" />
            </SectionCard>
          )}
          <SectionCard id="contract-parties" title="Các bên" testId="contract-parties">
            <Box sx={{ display: 'grid', gap: 1.5 }}>
              <Box>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Bên cho thuê
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>{lessor?.fullName ?? 'Chưa cập nhật'}</Typography>
                {lessor?.phoneNumber && <Typography variant="body2">SĐT {lessor.phoneNumber}</Typography>}
              </Box>
              <Box>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Bên thuê (người đại diện)
                </Typography>
                {representative ? (
                  <Link
                    component={RouterLink}
                    to={paths.lessee(representative.lesseeInfoID)}
                    sx={{ fontWeight: 600 }}
                    data-testid="contract-representative"
                  >
                    {representative.occupantName}
                  </Link>
                ) : (
                  <Typography>—</Typography>
                )}
                {representative?.phoneNumber && (
                  <Typography variant="body2">SĐT {representative.phoneNumber}</Typography>
                )}
                {contract.representativeLesseeEmail && (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    Email {contract.representativeLesseeEmail}
                  </Typography>
                )}
              </Box>
              <Box data-testid="contract-signature">
                {contract.representativeLesseeSignedOn ? (
                  <Chip
                    color="success"
                    variant="outlined"
                    label={`Người đại diện đã ký lúc ${formatDateTime(contract.representativeLesseeSignedOn)}`}
                  />
                ) : (
                  <Chip variant="outlined" label="Người đại diện chưa ký hợp đồng" />
                )}
              </Box>
            </Box>
          </SectionCard>
          {!isEnded && level >= LEVEL.update && (
            <GuestLinkSection
              contractID={contract.contractID}
              title={title}
              signedOn={contract.representativeLesseeSignedOn}
            />
          )}
        </Box>

        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
          <SectionCard
            id="contract-room"
            title="Phòng"
            testId="contract-room"
            actions={
              <Button component={RouterLink} to={paths.room(contract.roomID)} size="small">
                Xem phòng
              </Button>
            }
          >
            {contract.room ? (
              <Typography>
                <strong>{contract.room.roomName}</strong>
                {typeof contract.room.floor === 'number' ? ` · Tầng ${contract.room.floor}` : ''}
                {typeof contract.room.acreage === 'number'
                  ? ` · ${formatNumber(contract.room.acreage)} m²`
                  : ''}
              </Typography>
            ) : (
              <EmptyLine>Không tìm thấy phòng.</EmptyLine>
            )}
          </SectionCard>
          <SectionCard
            id="contract-occupants"
            title={`Người ở (${occupants.length})`}
            testId="contract-occupants"
          >
            {occupants.length === 0 ? (
              <EmptyLine>Hợp đồng chưa có người ở.</EmptyLine>
            ) : (
              <ItemList
                items={occupants}
                label="Người ở theo hợp đồng"
                render={(lessee) => <OccupantLine lessee={lessee} />}
              />
            )}
          </SectionCard>
          <SectionCard id="contract-vehicles" title={`Xe (${vehicles.length})`} testId="contract-vehicles">
            {vehicles.length === 0 ? (
              <EmptyLine>Hợp đồng chưa có xe.</EmptyLine>
            ) : (
              <ItemList
                items={vehicles}
                label="Xe theo hợp đồng"
                render={(vehicle) => (
                  <Box data-testid={`contract-vehicle-${vehicle.vehicleID}`}>
                    <Typography sx={{ fontWeight: 600 }}>
                      {vehicle.vehicleType} {vehicle.licensePlate}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      Chủ xe: {nameOf(vehicle.lesseeInfoID) ?? representative?.occupantName ?? '—'}
                    </Typography>
                  </Box>
                )}
              />
            )}
          </SectionCard>
          <SectionCard
            id="contract-services"
            title={`Dịch vụ (${contractServices.length})`}
            testId="contract-services"
          >
            {contractServices.length === 0 ? (
              <EmptyLine>Hợp đồng chưa đăng ký dịch vụ.</EmptyLine>
            ) : (
              <ItemList
                items={contractServices}
                label="Dịch vụ theo hợp đồng"
                render={(item) => {
                  const fee = serviceByID.get(item.serviceID);
                  const vehicle = vehicles.find((candidate) => candidate.vehicleID === item.vehicleID);
                  return (
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                      <Typography>
                        {fee?.serviceName ?? 'Dịch vụ'}
                        {vehicle ? ` · ${vehicle.vehicleType} ${vehicle.licensePlate}` : ''}
                      </Typography>
                      {fee && (
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {formatMoney(fee.price)} · {FEE_UNIT_LABELS[fee.unit] ?? fee.unit}
                        </Typography>
                      )}
                    </Box>
                  );
                }}
              />
            )}
          </SectionCard>
        </Box>
      </Box>
    </>
  );
}

/** /contracts/{id}: everything about one contract, with the actions the role allows. */
export function ContractDetailPage() {
  return (
    <Box data-testid="contract-detail-page">
      <ContractFrame title="Hợp đồng" back="list">
        {(contract) => <ContractOverview key={contract.contractID} contract={contract} />}
      </ContractFrame>
    </Box>
  );
}
