import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CallOutlined from '@mui/icons-material/CallOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import {
  CONTRACT_STATUS,
  CONTRACT_STATUS_LABELS,
  type ContractService,
  type ContractStatus,
  type Fee,
  type Vehicle,
  feePriceSuffix,
} from '@nhatro/common';
import { EmptyState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { EmptyLine, SectionCard } from '../../components/SectionCard';
import { useOwnHousesWithRooms } from '../../lib/api/resources/houses';
import { formatDate, formatMoney } from '../../lib/format';
import { useSignedInSession } from '../../lib/session';
import { DocumentButton } from '../../components/DocumentButton';
import {
  fetchContractDocument,
  pickOwnContract,
  useHouseServices,
  useOwnContracts,
  type OwnContract,
} from '../../lib/api/resources/ownContracts';
import { ItemList } from '../../components/ItemList';
import { LiquidationDocument } from './LiquidationDocument';
import {
  DetailGrid,
  Line,
  ListBody,
  OccupantItem,
  sortOccupants,
  TenantPageStates,
} from '../../components/tenantParts';

const TITLE = 'Hợp đồng của tôi';
const NO_CONTRACT_TEXT = 'Bạn chưa có hợp đồng thuê nào. Vui lòng liên hệ chủ trọ.';

function statusLabel(status: number): string {
  return CONTRACT_STATUS_LABELS[status as ContractStatus] ?? 'Không còn hiệu lực';
}

function EndedNotice({ contract }: { contract: OwnContract }) {
  const endedOn =
    contract.status === CONTRACT_STATUS.terminated && contract.terminatedOn
      ? contract.terminatedOn
      : contract.endDate;
  const reason = contract.terminationReason ? ` Lý do: ${contract.terminationReason}` : '';
  // The end date may still be ahead (an early end agreed for later): the wording has no tense.
  const text = `Hợp đồng này không còn hiệu lực (${statusLabel(contract.status).toLowerCase()}), ngày kết thúc: ${formatDate(endedOn)}.${reason}`;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="tenant-contract-ended">
      {text}
    </Alert>
  );
}

function LessorSection({ contract }: { contract: OwnContract }) {
  const lessor = contract.lessorInfo;
  if (lessor === undefined) {
    return (
      <SectionCard id="tenant-lessor" title="Chủ trọ" testId="tenant-lessor">
        <EmptyLine>Chưa có thông tin chủ trọ.</EmptyLine>
      </SectionCard>
    );
  }
  return (
    <SectionCard id="tenant-lessor" title="Chủ trọ" testId="tenant-lessor">
      <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }} data-testid="tenant-lessor-name">
        {lessor.fullName || 'Chưa có tên'}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {lessor.phoneNumber && (
          <Button
            variant="contained"
            size="large"
            href={`tel:${lessor.phoneNumber.replace(/\s+/g, '')}`}
            startIcon={<CallOutlined />}
            sx={{ minHeight: 48, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
            data-testid="tenant-lessor-phone"
          >
            Gọi {lessor.phoneNumber}
          </Button>
        )}
        {lessor.email && (
          <Button
            variant="outlined"
            size="large"
            href={`mailto:${lessor.email}`}
            startIcon={<EmailOutlined />}
            sx={{
              minHeight: 48,
              flex: { xs: '1 1 100%', sm: '0 0 auto' },
              overflowWrap: 'anywhere',
              textAlign: 'left',
            }}
          >
            {lessor.email}
          </Button>
        )}
      </Box>
      {(lessor.bankName || lessor.bankAccountNumber) && (
        <Box sx={{ mt: 2 }}>
          <DetailGrid
            testIdPrefix="tenant-lessor"
            items={[
              { key: 'bank', label: 'Ngân hàng', value: lessor.bankName || '—' },
              { key: 'account', label: 'Số tài khoản', value: lessor.bankAccountNumber || '—' },
            ]}
          />
        </Box>
      )}
    </SectionCard>
  );
}

function TermsSection({ contract, houseName }: { contract: OwnContract; houseName: string | undefined }) {
  const depositState =
    contract.deposited === undefined ? '' : contract.deposited ? ' (đã đặt cọc)' : ' (chưa đặt cọc)';
  const items = [
    {
      key: 'room',
      label: 'Phòng',
      value: `${contract.room?.roomName ?? '—'}${houseName ? ` · ${houseName}` : ''}`,
    },
    {
      key: 'term',
      label: 'Thời hạn',
      value: `${formatDate(contract.startDate)} – ${formatDate(contract.endDate)}`,
    },
    { key: 'rent', label: 'Tiền thuê', value: `${formatMoney(contract.rentFee)}/tháng` },
    { key: 'deposit', label: 'Tiền cọc', value: `${formatMoney(contract.deposit)}${depositState}` },
  ];
  if (contract.isIncreased && typeof contract.increasedFee === 'number') {
    items.push({ key: 'increase', label: 'Mức tăng giá', value: formatMoney(contract.increasedFee) });
  }
  items.push({ key: 'created', label: 'Ngày lập hợp đồng', value: formatDate(contract.createdOn) });
  return (
    <SectionCard id="tenant-terms" title="Thời hạn và chi phí" testId="tenant-terms">
      <DetailGrid items={items} testIdPrefix="tenant-contract" />
    </SectionCard>
  );
}

function SignatureSection({ contract }: { contract: OwnContract }) {
  const signedOn = contract.representativeLesseeSignedOn;
  return (
    <SectionCard id="tenant-signature" title="Chữ ký" testId="tenant-signature">
      {signedOn ? (
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main' }}
          data-testid="tenant-signature-signed"
        >
          <CheckCircleOutlined aria-hidden />
          <Typography sx={{ fontWeight: 600 }}>Đã ký ngày {formatDate(signedOn)}</Typography>
        </Box>
      ) : (
        <Box data-testid="tenant-signature-unsigned">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <DrawOutlined aria-hidden color="action" />
            <Typography sx={{ fontWeight: 600 }}>Chưa ký</Typography>
          </Box>
          <Line>Chủ trọ sẽ gửi cho người đại diện một liên kết để đọc và ký hợp đồng trên điện thoại.</Line>
        </Box>
      )}
    </SectionCard>
  );
}

function VehiclesSection({ vehicles }: { vehicles: readonly Vehicle[] }) {
  return (
    <SectionCard id="tenant-vehicles" title="Xe" testId="tenant-vehicles-section">
      {vehicles.length === 0 ? (
        <EmptyLine testId="tenant-vehicles-empty">Hợp đồng không đăng ký xe nào.</EmptyLine>
      ) : (
        <ItemList
          items={vehicles}
          label="Xe của hợp đồng"
          testId="tenant-vehicles"
          itemKey={(vehicle) => vehicle.vehicleID}
          render={(vehicle) => (
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{vehicle.licensePlate}</Typography>
              <Typography sx={{ color: 'text.secondary' }}>{vehicle.vehicleType}</Typography>
            </Box>
          )}
        />
      )}
    </SectionCard>
  );
}

interface ServiceLine {
  key: string;
  name: string;
  price: string;
  vehicle?: string;
}

function serviceLines(
  subscriptions: readonly ContractService[],
  fees: readonly Fee[],
  vehicles: readonly Vehicle[],
): ServiceLine[] {
  return subscriptions.map((subscription) => {
    const fee = fees.find((candidate) => candidate.serviceID === subscription.serviceID);
    const vehicle = vehicles.find((candidate) => candidate.vehicleID === subscription.vehicleID);
    return {
      key: subscription.contractServiceID,
      name: fee?.serviceName ?? 'Dịch vụ đã bị xóa',
      price: fee === undefined ? '—' : `${formatMoney(fee.price)}${feePriceSuffix(fee.unit)}`,
      ...(vehicle ? { vehicle: `${vehicle.vehicleType} ${vehicle.licensePlate}` } : {}),
    };
  });
}

function ServicesSection({ contract }: { contract: OwnContract }) {
  const subscriptions = contract.contractServices ?? [];
  const { data, error, mutate } = useHouseServices(subscriptions.length > 0 ? contract.houseID : null);
  const lines =
    subscriptions.length === 0
      ? []
      : data === undefined
        ? undefined
        : serviceLines(subscriptions, data.value, contract.vehicles ?? []);
  return (
    <SectionCard id="tenant-services" title="Dịch vụ" testId="tenant-services-section">
      <ListBody
        items={lines}
        error={error}
        onRetry={() => void mutate()}
        empty="Hợp đồng không đăng ký dịch vụ nào."
        label="Dịch vụ của hợp đồng"
        testId="tenant-services"
        itemKey={(line) => line.key}
        render={(line) => (
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{line.name}</Typography>
              {line.vehicle && <Line>{line.vehicle}</Line>}
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {line.price}
            </Typography>
          </Box>
        )}
      />
    </SectionCard>
  );
}

/** What another slice shows under the tenant's contract (composed in app/routes). */
type Below = (contract: OwnContract) => ReactNode;

function ContractView({ contract, below }: { contract: OwnContract; below?: Below | undefined }) {
  const session = useSignedInSession();
  const { data: houses } = useOwnHousesWithRooms();
  const house = houses?.value.find((candidate) => candidate.houseID === contract.houseID);
  const isActive = contract.status === CONTRACT_STATUS.active;
  const occupants = sortOccupants(contract.lesseeInfors ?? []);
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={
          <Box
            component="span"
            sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            <Chip
              size="small"
              color={isActive ? 'success' : 'default'}
              label={statusLabel(contract.status)}
              data-testid="tenant-contract-status"
            />
            <span>
              Phòng {contract.room?.roomName ?? '—'}
              {house ? ` · ${house.houseName}` : ''}
            </span>
          </Box>
        }
        actions={
          <DocumentButton
            getLink={() => fetchContractDocument(contract.contractID)}
            testId="tenant-contract-pdf"
            fullWidthOnPhone
          />
        }
      />
      {!isActive && <EndedNotice contract={contract} />}
      {contract.settlement !== undefined && (
        <Box sx={{ mb: 2 }}>
          <SectionCard id="tenant-liquidation" title="Thanh lý hợp đồng" testId="tenant-liquidation">
            <LiquidationDocument contractID={contract.contractID} viewer="tenant" />
          </SectionCard>
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <TermsSection contract={contract} houseName={house?.houseName} />
          <LessorSection contract={contract} />
          <SignatureSection contract={contract} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <SectionCard id="tenant-contract-occupants" title="Người ở" testId="tenant-contract-occupants">
            {occupants.length === 0 ? (
              <EmptyLine>Chưa có thông tin người ở.</EmptyLine>
            ) : (
              <ItemList
                items={occupants}
                label="Người ở theo hợp đồng"
                testId="tenant-contract-occupant-list"
                itemKey={(lessee) => lessee.lesseeInfoID}
                render={(lessee) => <OccupantItem lessee={lessee} ownLesseeID={session.lesseeID} />}
              />
            )}
          </SectionCard>
          <VehiclesSection vehicles={contract.vehicles ?? []} />
          <ServicesSection contract={contract} />
          {below?.(contract)}
        </Box>
      </Box>
    </>
  );
}

function ContractContent({ below }: { below?: Below | undefined }) {
  const session = useSignedInSession();
  const { data, error, mutate } = useOwnContracts();

  if (data === undefined) {
    return (
      <TenantPageStates
        title={TITLE}
        error={error}
        loadingLabel="Đang tải hợp đồng"
        onRetry={() => void mutate()}
      />
    );
  }
  const contract = pickOwnContract(data.value, session.contractID);
  if (contract === undefined) {
    return (
      <>
        <PageHeader title={TITLE} />
        <EmptyState title="Chưa có hợp đồng" description={NO_CONTRACT_TEXT} />
      </>
    );
  }
  return <ContractView contract={contract} below={below} />;
}

/** /lesseeContract ('Hợp đồng của tôi', role 4): the tenant's contract, read-only, with its PDF. */
export function LesseeContractPage({ below }: { below?: Below } = {}) {
  return (
    <>
      <title>Hợp đồng của tôi — Nhà trọ</title>
      <Box data-testid="lessee-contract-page">
        <ContractContent below={below} />
      </Box>
    </>
  );
}
