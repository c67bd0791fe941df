import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import { CONTRACT_MESSAGES, CONTRACT_STATUS, LEVEL, type Fee, type Vehicle } from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ConfirmDialog, FormDialog, useEntityDialogs } from '../../components/crud';
import { EmptyState, ErrorState } from '../../components/DataStates';
import { DIALOG_FORM_SX } from '../../components/fieldForm';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { PageHeader } from '../../components/PageHeader';
import { EmptyLine, SectionCard } from '../../components/SectionCard';
import { isApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSignedInSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { AddOccupantDialog } from './LesseeDialogs';
import {
  deleteVehicle,
  revalidateTenancy,
  subscribeVehicleFee,
  useContract,
  useHouseFees,
  type ContractWithPeople,
  type Lessee,
} from './lesseesApi';
import { formatDay, lesseeStatusLabel } from './lesseeLabels';
import { VehicleDialog } from './VehicleDialog';

export const VEHICLE_DELETED_TEXT = 'Xóa xe thành công!';

function FeeForm({
  contractID,
  vehicle,
  fees,
  onClose,
}: {
  contractID: string;
  vehicle: Vehicle;
  fees: readonly Fee[];
  onClose: () => void;
}) {
  const [serviceID, setServiceID] = useState(fees[0]?.serviceID ?? '');
  const [isSaving, setIsSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || serviceID === '') return;
    setIsSaving(true);
    setProblem(null);
    try {
      await subscribeVehicleFee(contractID, serviceID, vehicle.vehicleID);
      notify.success(CONTRACT_MESSAGES.serviceAdded);
      void revalidateTenancy();
      onClose();
    } catch (error) {
      setIsSaving(false);
      if (isSessionExpiry(error)) return;
      notify.error(CONTRACT_MESSAGES.vehicleFeeFailed);
      setProblem(serverMessage(error));
    }
  };

  return (
    <Box
      component="form"
      sx={DIALOG_FORM_SX}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Đăng ký phí xe"
    >
      <DialogContent dividers>
        <Typography sx={{ mb: 2 }}>
          Xe <strong>{vehicle.licensePlate || vehicle.vehicleType}</strong> sẽ được tính phí hằng tháng trên
          hóa đơn của hợp đồng.
        </Typography>
        <TextField
          id="vehicle-fee-service"
          select
          label="Phí theo xe"
          value={serviceID}
          onChange={(event) => setServiceID(event.target.value)}
          disabled={isSaving}
          fullWidth
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'vehicle-fee-service' } }}
        >
          {fees.map((fee) => (
            <option key={fee.serviceID} value={fee.serviceID}>
              {fee.serviceName} — {formatMoney(fee.price)}/tháng
            </option>
          ))}
        </TextField>
        {problem !== null && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="vehicle-fee-error">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSaving}>
          Hủy
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={isSaving}
          disabled={serviceID === ''}
          data-testid="vehicle-fee-submit"
        >
          Đăng ký phí
        </Button>
      </DialogActions>
    </Box>
  );
}

function VehicleCard({
  vehicle,
  owner,
  feeNames,
  canEdit,
  canDelete,
  canSubscribe,
  onEdit,
  onDelete,
  onSubscribe,
}: {
  vehicle: Vehicle;
  owner: Lessee | undefined;
  feeNames: string[];
  canEdit: boolean;
  canDelete: boolean;
  canSubscribe: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onSubscribe: () => void;
}) {
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column' }}
      data-testid="vehicle-card"
    >
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Chip size="small" label={vehicle.vehicleType} />
          <Typography
            component="h3"
            sx={{ fontWeight: 700, fontSize: '1.0625rem' }}
            data-testid="vehicle-plate"
          >
            {vehicle.licensePlate || 'Không có biển số'}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          Chủ xe: {owner ? owner.occupantName : 'Người đại diện hợp đồng'}
          {vehicle.description ? ` · ${vehicle.description}` : ''}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }} data-testid="vehicle-fees">
          {feeNames.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Chưa đăng ký phí xe.
            </Typography>
          ) : (
            feeNames.map((name) => (
              <Chip key={name} size="small" color="info" variant="outlined" label={name} />
            ))
          )}
        </Box>
      </CardContent>
      {(canEdit || canDelete || canSubscribe) && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 1.5, pb: 1.5 }}>
          {canSubscribe && (
            <Button
              size="small"
              startIcon={<PaidOutlined />}
              onClick={onSubscribe}
              data-testid="vehicle-fee-button"
            >
              Đăng ký phí xe
            </Button>
          )}
          {canEdit && (
            <Button
              size="small"
              startIcon={<EditOutlined />}
              onClick={onEdit}
              aria-label={`Sửa xe ${vehicle.licensePlate}`}
            >
              Sửa
            </Button>
          )}
          {canDelete && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutline />}
              onClick={onDelete}
              aria-label={`Xóa xe ${vehicle.licensePlate}`}
            >
              Xóa
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}

function ContractPeople({ contract }: { contract: ContractWithPeople }) {
  const { role } = useSignedInSession();
  const { data: feeData } = useHouseFees(contract.houseID);
  const [isAddingPerson, setIsAddingPerson] = useState(false);
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
      </SectionCard>

      <SectionCard
        id="contract-occupants"
        title="Người ở"
        testId="contract-occupants"
        actions={
          canAddPerson ? (
            <Button
              variant="outlined"
              startIcon={<AddOutlined />}
              onClick={() => setIsAddingPerson(true)}
              data-testid="occupant-add-button"
            >
              Thêm người ở
            </Button>
          ) : undefined
        }
      >
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
      </SectionCard>

      <VehicleDialog
        open={editor.open}
        contractID={contract.contractID}
        vehicle={editor.item}
        occupants={everyone}
        onClose={editor.close}
      />
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
