import Alert from '@mui/material/Alert';

import Box from '@mui/material/Box';

import Button from '@mui/material/Button';

import Chip from '@mui/material/Chip';

import Link from '@mui/material/Link';

import Skeleton from '@mui/material/Skeleton';

import Typography from '@mui/material/Typography';

import AddOutlined from '@mui/icons-material/AddOutlined';

import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';

import { CONTRACT_STATUS, LEVEL, type Fee, type Vehicle } from '@nhatro/common';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ConfirmDialog, FormDialog, useEntityDialogs } from '../../components/crud';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { PageHeader } from '../../components/PageHeader';
import { EmptyLine, SectionCard } from '../../components/SectionCard';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useSignedInSession, type Role } from '../../lib/session';
import { FeeForm, VehicleCard } from './ContractVehicleParts';
import { AddOccupantDialog } from './LesseeDialogs';
import {
  deleteVehicle,
  revalidateTenancy,
  useContract,
  useHouseFees,
  type ContractWithPeople,
} from './lesseesApi';
import { formatDay, lesseeStatusLabel } from './lesseeLabels';
import { VehicleDialog } from './VehicleDialog';

export const VEHICLE_DELETED_TEXT = 'Xóa xe thành công!';

/** The contract's occupants, each linked to their page. */
function OccupantLinks({ everyone }: { everyone: NonNullable<ContractWithPeople['lesseeInfors']> }) {
  return (
    <>
      {everyone.length === 0 ? (
        <EmptyLine>Hợp đồng chưa có người ở.</EmptyLine>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
          {everyone.map((lessee) => (
            <Box
              component="li"
              key={lessee.lesseeInfoID}
              sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            >
              <Link component={RouterLink} to={paths.lessee(lessee.lesseeInfoID)} sx={{ fontWeight: 600 }}>
                {lessee.occupantName}
              </Link>
              {lessee.isRepresentative && <Chip size="small" color="primary" label="Đại diện" />}
              {lessee.status !== 1 && <Chip size="small" label={lesseeStatusLabel(lessee.status)} />}
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

/** Without a per-vehicle fee in the house, the way to add one (for those who may). */
function NoVehicleFeeHint({
  feeData,
  vehicleFees,
  vehicles,
  role,
}: {
  feeData: unknown;
  vehicleFees: readonly unknown[];
  vehicles: readonly Vehicle[];
  role: Role;
}) {
  return (
    <>
      {feeData !== undefined && vehicleFees.length === 0 && vehicles.length > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
          Nhà trọ chưa có phí tính theo xe.{' '}
          {role.housePermission >= LEVEL.update && (
            <Link component={RouterLink} to={paths.fees('fixed')}>
              Thêm phí dịch vụ
            </Link>
          )}
        </Typography>
      )}
    </>
  );
}

/** A contract's vehicles: who may do what with them, their per-vehicle fees, and the dialogs' state. */
function useContractVehicles(contract: ContractWithPeople) {
  const { role } = useSignedInSession();
  const { data: feeData } = useHouseFees(contract.houseID);
  const [feeFor, setFeeFor] = useState<{ open: boolean; vehicle: Vehicle | null }>({
    open: false,
    vehicle: null,
  });
  const { editor, removal } = useEntityDialogs<Vehicle>({
    remove: (vehicle) => deleteVehicle(vehicle.vehicleID),
    afterRemove: () => revalidateTenancy(),
    removedText: VEHICLE_DELETED_TEXT,
    removeFailedText: 'Xóa xe thất bại!',
    keepOpenOnStatuses: [409],
  });
  const everyone = contract.lesseeInfors ?? [];
  const vehicles = contract.vehicles ?? [];
  const vehicleFees = (feeData?.value ?? []).filter((fee) => fee.unit === 'vehicle');
  const feeName = new Map((feeData?.value ?? []).map((fee) => [fee.serviceID, fee.serviceName]));
  const subscribed = (vehicle: Vehicle) =>
    (contract.contractServices ?? []).filter((service) => service.vehicleID === vehicle.vehicleID);
  const canCreateVehicle = role.vehiclePermission >= LEVEL.create;
  const canEditVehicle = role.vehiclePermission >= LEVEL.update;
  const canDeleteVehicle = role.vehiclePermission >= LEVEL.full;
  const canSubscribe = role.contractPermission >= LEVEL.create && vehicleFees.length > 0;
  const canAddPerson = role.lesseePermission >= LEVEL.create;
  const freeFees = (vehicle: Vehicle) => {
    const taken = new Set(subscribed(vehicle).map((service) => service.serviceID));
    return vehicleFees.filter((fee) => !taken.has(fee.serviceID));
  };

  return {
    role,
    feeData,
    feeFor,
    setFeeFor,
    editor,
    removal,
    everyone,
    vehicles,
    vehicleFees,
    feeName,
    subscribed,
    canCreateVehicle,
    canEditVehicle,
    canDeleteVehicle,
    canSubscribe,
    canAddPerson,
    freeFees,
  };
}

/** 'Đăng ký phí xe': the house's per-vehicle fees the vehicle does not pay yet. */
type FeeFor = { open: boolean; vehicle: Vehicle | null };

function VehicleFeeDialog({
  contract,
  feeFor,
  setFeeFor,
  freeFees,
}: {
  contract: ContractWithPeople;
  feeFor: FeeFor;
  setFeeFor: (change: (current: FeeFor) => FeeFor) => void;
  freeFees: (vehicle: Vehicle) => Fee[];
}) {
  return (
    <>
      <FormDialog
        open={feeFor.open}
        onClose={() => setFeeFor((current) => ({ ...current, open: false }))}
        title="Đăng ký phí xe"
        titleId="vehicle-fee-title"
        testId="vehicle-fee-dialog"
      >
        {feeFor.vehicle !== null && (
          <FeeForm
            contractID={contract.contractID}
            vehicle={feeFor.vehicle}
            fees={freeFees(feeFor.vehicle)}
            onClose={() => setFeeFor((current) => ({ ...current, open: false }))}
          />
        )}
      </FormDialog>
    </>
  );
}

/** The contract's occupants, and 'Thêm người ở' for those who may add one. */
function OccupantsSection({
  everyone,
  canAddPerson,
  onAdd,
}: {
  everyone: NonNullable<ContractWithPeople['lesseeInfors']>;
  canAddPerson: boolean;
  onAdd: () => void;
}) {
  return (
    <SectionCard
      id="contract-occupants"
      title="Người ở"
      testId="contract-occupants"
      actions={
        canAddPerson ? (
          <Button
            variant="outlined"
            startIcon={<AddOutlined />}
            onClick={onAdd}
            data-testid="occupant-add-button"
          >
            Thêm người ở
          </Button>
        ) : undefined
      }
    >
      <OccupantLinks everyone={everyone} />
    </SectionCard>
  );
}

function ContractPeople({ contract }: { contract: ContractWithPeople }) {
  const [isAddingPerson, setIsAddingPerson] = useState(false);
  const {
    role,
    feeData,
    feeFor,
    setFeeFor,
    editor,
    removal,
    everyone,
    vehicles,
    vehicleFees,
    feeName,
    subscribed,
    canCreateVehicle,
    canEditVehicle,
    canDeleteVehicle,
    canSubscribe,
    canAddPerson,
    freeFees,
  } = useContractVehicles(contract);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '3fr 2fr' },
        alignItems: 'start',
      }}
    >
      <SectionCard
        id="contract-vehicles"
        title="Xe"
        testId="contract-vehicles"
        actions={
          canCreateVehicle ? (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={editor.openCreate}
              data-testid="vehicle-add-button"
            >
              Thêm xe
            </Button>
          ) : undefined
        }
      >
        {vehicles.length === 0 ? (
          <EmptyLine>Hợp đồng chưa đăng ký xe nào.</EmptyLine>
        ) : (
          <Box
            component="ul"
            aria-label="Xe của hợp đồng"
            sx={{
              m: 0,
              p: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
            }}
          >
            {vehicles.map((vehicle) => (
              <VehicleCard
                key={vehicle.vehicleID}
                vehicle={vehicle}
                owner={everyone.find((lessee) => lessee.lesseeInfoID === vehicle.lesseeInfoID)}
                feeNames={subscribed(vehicle).map((service) => feeName.get(service.serviceID) ?? 'Phí xe')}
                canEdit={canEditVehicle}
                canDelete={canDeleteVehicle}
                canSubscribe={canSubscribe && freeFees(vehicle).length > 0}
                onEdit={() => editor.openEdit(vehicle)}
                onDelete={() => removal.ask(vehicle)}
                onSubscribe={() => setFeeFor({ open: true, vehicle })}
              />
            ))}
          </Box>
        )}
        <NoVehicleFeeHint feeData={feeData} vehicleFees={vehicleFees} vehicles={vehicles} role={role} />
      </SectionCard>

      <OccupantsSection
        everyone={everyone}
        canAddPerson={canAddPerson}
        onAdd={() => setIsAddingPerson(true)}
      />

      <VehicleDialog
        open={editor.open}
        contractID={contract.contractID}
        vehicle={editor.item}
        occupants={everyone}
        onClose={editor.close}
      />
      <VehicleFeeDialog contract={contract} feeFor={feeFor} setFeeFor={setFeeFor} freeFees={freeFees} />
      <ConfirmDialog
        {...removal.dialogProps}
        title="Xóa xe"
        message={
          <>
            Xe <strong>{removal.item?.licensePlate || removal.item?.vehicleType}</strong> sẽ bị xóa khỏi hợp
            đồng. Bạn có chắc chắn?
          </>
        }
        confirmLabel="Xóa xe"
        testId="vehicle-delete-dialog"
      />
      {canAddPerson && (
        <AddOccupantDialog
          open={isAddingPerson}
          contractID={contract.contractID}
          houseID={contract.houseID}
          onClose={() => setIsAddingPerson(false)}
        />
      )}
    </Box>
  );
}

/** /vehicleAndLesseeAdd/{contractID}: vehicles (with their per-vehicle fees) and occupants of a contract. */
export function VehicleAndLesseeAddPage() {
  const { id: contractID = '' } = useParams();
  const { data: contract, error, isLoading, mutate } = useContract(contractID);
  const roomName = contract?.room?.roomName;

  let content;
  if (error !== undefined && contract === undefined) {
    content =
      isApiError(error) && (error.status === 404 || error.status === 400) ? (
        <EmptyState
          title="Không tìm thấy hợp đồng"
          description="Hợp đồng này không tồn tại hoặc bạn không có quyền xem."
          action={
            <Button component={RouterLink} to={paths.lessees} variant="contained">
              Về danh sách người thuê
            </Button>
          }
        />
      ) : (
        <ErrorState onRetry={() => void mutate()} />
      );
  } else if (isLoading || contract === undefined) {
    content = (
      <Box
        aria-busy="true"
        aria-label="Đang tải hợp đồng"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}
      >
        <Skeleton variant="rounded" height={240} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  } else {
    content = (
      <>
        {contract.status !== CONTRACT_STATUS.active && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Hợp đồng này không còn hiệu lực.
          </Alert>
        )}
        <ContractPeople contract={contract} />
      </>
    );
  }

  return (
    <Box data-testid="vehicle-lessee-page">
      <title>{roomName ? `Xe và người ở phòng ${roomName} — Nhà trọ` : 'Xe và người ở — Nhà trọ'}</title>
      {contract !== undefined && (
        <Button
          component={RouterLink}
          to={paths.roomLessees(contract.roomID)}
          size="small"
          startIcon={<ArrowBackOutlined />}
          sx={{ mb: 1, ml: -0.5 }}
        >
          {roomName ? `Người ở phòng ${roomName}` : 'Người ở của phòng'}
        </Button>
      )}
      <PageHeader
        title={roomName ? `Xe và người ở — Phòng ${roomName}` : 'Xe và người ở'}
        subtitle={
          contract ? (
            <>
              Hợp đồng {formatDay(contract.startDate)} – {formatDay(contract.endDate)} ·{' '}
              <Link component={RouterLink} to={paths.contract(contract.contractID)}>
                Xem hợp đồng
              </Link>
            </>
          ) : undefined
        }
      />
      {content}
    </Box>
  );
}
