import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DevicesOtherOutlined from '@mui/icons-material/DevicesOtherOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '../../components/DataStates';
import { ItemList } from '../../components/ItemList';
import { EmptyLine, SectionCard } from '../../components/SectionCard';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import {
  billStatusColor,
  billStatusLabel,
  owedAmount,
  useBillList,
  type BillRow,
} from '../../lib/api/resources/monthlyBills';
import { useRoomDevices } from '../../lib/api/resources/devices';
import { useRoomRelations } from './roomsApi';
import {
  CONTRACT_STATUS,
  CONTRACT_STATUS_LABELS,
  type Contract,
  type ContractStatus,
  type LesseeInfo,
} from '@nhatro/common';

/** How many of the latest bills the room page lists (the rest are on /monthlyBillCD/{id}). */
const LATEST_BILLS = 3;

function Line({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

function contractStatusLabel(status: number): string {
  return status in CONTRACT_STATUS_LABELS
    ? CONTRACT_STATUS_LABELS[status as ContractStatus]
    : 'Không còn hiệu lực';
}

function ContractItem({ contract }: { contract: Contract }) {
  const isActive = contract.status === CONTRACT_STATUS.active;
  return (
    <Box data-testid={`room-contract-${contract.contractID}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Link
          component={RouterLink}
          to={paths.contract(contract.contractID)}
          sx={{ fontWeight: 600 }}
          aria-label={`Hợp đồng ${formatDate(contract.startDate)} – ${formatDate(contract.endDate)}`}
        >
          {formatDate(contract.startDate) || '—'} – {formatDate(contract.endDate) || '—'}
        </Link>
        <Chip
          size="small"
          variant="outlined"
          color={isActive ? 'success' : 'default'}
          label={contractStatusLabel(contract.status)}
        />
      </Box>
      <Line>
        Tiền thuê:{' '}
        {typeof contract.rentFee === 'number' ? `${formatMoney(contract.rentFee)}/tháng` : 'Chưa có'}
        {typeof contract.deposit === 'number' ? ` · Tiền cọc: ${formatMoney(contract.deposit)}` : ''}
      </Line>
    </Box>
  );
}

function LesseeItem({ lessee }: { lessee: LesseeInfo }) {
  const details = [
    lessee.gender === 1 ? 'Nam' : lessee.gender === 0 ? 'Nữ' : null,
    lessee.dateOfBirth ? `Sinh ngày ${formatDate(lessee.dateOfBirth)}` : null,
    lessee.phoneNumber ? `SĐT ${lessee.phoneNumber}` : null,
  ].filter((part): part is string => part !== null);
  return (
    <Box data-testid={`room-lessee-${lessee.lesseeInfoID}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Link component={RouterLink} to={paths.lessee(lessee.lesseeInfoID)} sx={{ fontWeight: 600 }}>
          {lessee.occupantName || 'Chưa có tên'}
        </Link>
        {lessee.isRepresentative && <Chip size="small" color="primary" variant="outlined" label="Đại diện" />}
      </Box>
      {details.length > 0 && <Line>{details.join(' · ')}</Line>}
    </Box>
  );
}

function BillItem({ bill }: { bill: BillRow }) {
  const owed = owedAmount(bill);
  return (
    <Box data-testid={`room-bill-${bill.monthlyBillID}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Link component={RouterLink} to={paths.monthlyBill(bill.monthlyBillID)} sx={{ fontWeight: 600 }}>
          {bill.billName || 'Hóa đơn'}
        </Link>
        <Chip
          size="small"
          variant="outlined"
          color={billStatusColor(bill.status)}
          label={billStatusLabel(bill.status)}
        />
      </Box>
      <Line>
        {formatMoney(bill.total)}
        {owed > 0 && owed < bill.total ? ` · Còn nợ ${formatMoney(owed)}` : ''}
        {bill.dueDate ? ` · Hạn ${formatDate(bill.dueDate)}` : ''}
      </Line>
    </Box>
  );
}

function LoadingLines() {
  return (
    <Box aria-busy="true" aria-label="Đang tải">
      <Skeleton width="70%" />
      <Skeleton width="50%" />
    </Box>
  );
}

/** 'Hợp đồng' and 'Người thuê' of a room (one expanded call). */
export function RoomRelationSections({ roomID, houseID }: { roomID: string; houseID: string }) {
  const { data, error, isLoading, mutate } = useRoomRelations(roomID, houseID);
  const failed = error !== undefined && data === undefined;
  const loading = isLoading || data === undefined;

  const body = <T,>(
    items: T[] | undefined,
    empty: string,
    label: string,
    testId: string,
    render: (item: T) => ReactNode,
  ) => {
    if (failed) return <ErrorState onRetry={() => void mutate()} />;
    if (loading) return <LoadingLines />;
    if (!items || items.length === 0) return <EmptyLine testId={`${testId}-empty`}>{empty}</EmptyLine>;
    return <ItemList items={items} label={label} testId={testId} render={render} />;
  };

  return (
    <>
      <SectionCard id="room-contracts" title="Hợp đồng" testId="room-contracts-section">
        {body(data?.contracts, 'Phòng chưa có hợp đồng.', 'Hợp đồng của phòng', 'room-contracts', (item) => (
          <ContractItem contract={item} />
        ))}
      </SectionCard>
      <SectionCard
        id="room-lessees"
        title="Người thuê"
        testId="room-lessees-section"
        actions={
          <Button
            component={RouterLink}
            to={paths.roomLessees(roomID)}
            size="small"
            startIcon={<PeopleAltOutlined />}
            data-testid="room-lessees-link"
          >
            Quản lý người thuê
          </Button>
        }
      >
        {body(
          data?.lesseeInfos,
          'Phòng chưa có người thuê.',
          'Người thuê của phòng',
          'room-lessees',
          (item) => (
            <LesseeItem lessee={item} />
          ),
        )}
      </SectionCard>
    </>
  );
}

/** The devices of a room, with the way to manage them at /deviceCD/{id}. */
export function RoomDevicesSection({ roomID }: { roomID: string }) {
  const { data, error, isLoading, mutate } = useRoomDevices(roomID);
  const devices = data?.value;
  let content;
  if (error !== undefined && data === undefined) content = <ErrorState onRetry={() => void mutate()} />;
  else if (isLoading || devices === undefined) content = <LoadingLines />;
  else if (devices.length === 0)
    content = <EmptyLine testId="room-devices-empty">Phòng chưa có thiết bị.</EmptyLine>;
  else
    content = (
      <ItemList
        items={devices}
        label="Thiết bị của phòng"
        testId="room-devices"
        render={(device) => (
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {device.deviceName} × {formatNumber(device.quantity)}
              </Typography>
              <Line>Tình trạng: {device.condition}</Line>
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {formatMoney(device.value)}
            </Typography>
          </Box>
        )}
      />
    );
  return (
    <SectionCard
      id="room-devices"
      title="Thiết bị"
      testId="room-devices-section"
      actions={
        <Button
          component={RouterLink}
          to={paths.devices(roomID)}
          size="small"
          startIcon={<DevicesOtherOutlined />}
          data-testid="room-devices-link"
        >
          Quản lý thiết bị
        </Button>
      }
    >
      {content}
    </SectionCard>
  );
}

/**
 * 'Hóa đơn' of a room: its latest bills with their status, and the ways to every bill
 * (/monthlyBillCD/{id}) and to the one-time charges (/oneTimeBillCD/{id}), which everyone who sees the
 * section (billing rights, landlords and staff) may open.
 */
export function RoomBillsSection({ roomID, houseID }: { roomID: string; houseID: string }) {
  const { data, error, isLoading, mutate } = useBillList({
    roomID,
    houseID,
    month: '',
    status: 'all',
    page: 0,
    pageSize: LATEST_BILLS,
  });
  const bills = data?.value;
  const total = data?.['@odata.count'];
  let content;
  if (error !== undefined && data === undefined) content = <ErrorState onRetry={() => void mutate()} />;
  else if (isLoading || bills === undefined) content = <LoadingLines />;
  else if (bills.length === 0)
    content = <EmptyLine testId="room-bills-empty">Phòng chưa có hóa đơn.</EmptyLine>;
  else
    content = (
      <>
        <ItemList
          items={bills}
          label="Hóa đơn gần nhất của phòng"
          testId="room-bills"
          itemKey={(bill) => bill.monthlyBillID}
          render={(bill) => <BillItem bill={bill} />}
        />
        {typeof total === 'number' && total > bills.length && (
          <Line>
            {bills.length} / {total} hóa đơn gần nhất.
          </Line>
        )}
      </>
    );
  return (
    <SectionCard
      id="room-bills"
      title="Hóa đơn"
      testId="room-bills-section"
      actions={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Button
            component={RouterLink}
            to={paths.roomBills(roomID)}
            size="small"
            startIcon={<ReceiptOutlined />}
            data-testid="room-bills-link"
          >
            Tất cả hóa đơn
          </Button>
          <Button
            component={RouterLink}
            to={paths.roomCharges(roomID)}
            size="small"
            startIcon={<ReceiptLongOutlined />}
            data-testid="room-charges-link"
          >
            Phí phát sinh
          </Button>
        </Box>
      }
    >
      {content}
    </SectionCard>
  );
}
