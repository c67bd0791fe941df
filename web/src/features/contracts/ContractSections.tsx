import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { FEE_UNIT_LABELS, LEVEL, LESSEE_STATUS_LABELS, type LesseeInfo } from '@nhatro/common';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ItemList } from '../../components/ItemList';
import { EmptyLine, SectionCard } from '../../components/SectionCard';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { Facts } from './SettlementFacts';
import { RefundSection } from './RefundSection';
import { LiquidationDocument } from './LiquidationDocument';
import { useHouseServices, type ContractDetails } from './contractsApi';
import { formatDay, sortFees } from './contractRules';

// The sections of a contract's page (/contracts/{id}).

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

/** What the role may do with the contract: extend, add people, read the document and history, end it. */
export function ContractActions({
  contract,
  level,
  isEnded,
}: {
  contract: ContractDetails;
  level: number;
  isEnded: boolean;
}) {
  const id = contract.contractID;
  const canChange = !isEnded && level >= LEVEL.update;
  const canCreate = !isEnded && level >= LEVEL.create;
  return (
    <Box
      component="nav"
      aria-label="Thao tác với hợp đồng"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3, '& > a': { flexGrow: { xs: 1, sm: 0 } } }}
      data-testid="contract-actions"
    >
      {canChange && (
        <Button
          component={RouterLink}
          to={paths.contractExtend(id)}
          variant="contained"
          startIcon={<EventRepeatOutlined />}
        >
          Gia hạn
        </Button>
      )}
      {canCreate && (
        <Button
          component={RouterLink}
          to={paths.vehicleAndLesseeAdd(id)}
          variant="outlined"
          startIcon={<GroupAddOutlined />}
        >
          Thêm xe / người ở
        </Button>
      )}
      <Button
        component={RouterLink}
        to={paths.contractDocument(id)}
        variant="outlined"
        startIcon={<DescriptionOutlined />}
      >
        Văn bản hợp đồng
      </Button>
      <Button
        component={RouterLink}
        to={paths.contractHistory(id)}
        variant="outlined"
        startIcon={<HistoryOutlined />}
      >
        Lịch sử
      </Button>
      {canCreate && (
        <Button
          component={RouterLink}
          to={paths.contractTerminate(id)}
          color="error"
          variant="outlined"
          startIcon={<LogoutOutlined />}
        >
          Kết thúc sớm
        </Button>
      )}
    </Box>
  );
}

/** The term and the money; after an early end, its settlement. */
export function TermsSections({ contract }: { contract: ContractDetails }) {
  return (
    <>
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
        <SectionCard id="contract-settlement" title="Thanh lý hợp đồng" testId="contract-settlement">
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            Kết thúc ngày <strong>{formatDay(contract.terminatedOn)}</strong>
            {contract.terminationReason ? ` · Lý do: ${contract.terminationReason}` : ''}
          </Typography>
          <LiquidationDocument contractID={contract.contractID} viewer="landlord" />
          <RefundSection contract={contract} />
        </SectionCard>
      )}
    </>
  );
}

/** The landlord, the representative (with their contacts) and whether the representative signed. */
export function PartiesSection({ contract }: { contract: ContractDetails }) {
  const representative = contract.renterRepresentative;
  const lessor = contract.lessorInfo;
  return (
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
  );
}

function RoomSection({ contract }: { contract: ContractDetails }) {
  return (
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
          {typeof contract.room.acreage === 'number' ? ` · ${formatNumber(contract.room.acreage)} m²` : ''}
        </Typography>
      ) : (
        <EmptyLine>Không tìm thấy phòng.</EmptyLine>
      )}
    </SectionCard>
  );
}

/** A list section of the contract: its count in the title, or a line saying it has none. */
function ListSection<T>({
  name,
  title,
  items,
  empty,
  label,
  render,
}: {
  name: string;
  title: string;
  items: readonly T[];
  empty: string;
  label: string;
  render: (item: T) => ReactNode;
}) {
  return (
    <SectionCard
      id={`contract-${name}`}
      title={`${title} (${formatNumber(items.length)})`}
      testId={`contract-${name}`}
    >
      {items.length === 0 ? (
        <EmptyLine>{empty}</EmptyLine>
      ) : (
        <ItemList items={items} label={label} render={render} dense />
      )}
    </SectionCard>
  );
}

/** The room, its occupants, their vehicles and the services the contract pays for. */
export function RoomPeopleServices({ contract }: { contract: ContractDetails }) {
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
  return (
    <>
      <RoomSection contract={contract} />
      <ListSection
        name="occupants"
        title="Người ở"
        items={occupants}
        empty="Hợp đồng chưa có người ở."
        label="Người ở theo hợp đồng"
        render={(lessee) => <OccupantLine lessee={lessee} />}
      />
      <ListSection
        name="vehicles"
        title="Xe"
        items={vehicles}
        empty="Hợp đồng chưa có xe."
        label="Xe theo hợp đồng"
        render={(vehicle) => (
          <Box data-testid={`contract-vehicle-${vehicle.vehicleID}`}>
            <Typography sx={{ fontWeight: 600 }}>
              {vehicle.vehicleType} {vehicle.licensePlate}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Chủ xe: {nameOf(vehicle.lesseeInfoID) ?? contract.renterRepresentative?.occupantName ?? '—'}
            </Typography>
          </Box>
        )}
      />
      <ListSection
        name="services"
        title="Dịch vụ"
        items={contractServices}
        empty="Hợp đồng chưa đăng ký dịch vụ."
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
    </>
  );
}
