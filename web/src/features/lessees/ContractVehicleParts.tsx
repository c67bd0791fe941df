import Alert from '@mui/material/Alert';

import Box from '@mui/material/Box';

import Button from '@mui/material/Button';

import Card from '@mui/material/Card';

import CardActions from '@mui/material/CardActions';

import CardContent from '@mui/material/CardContent';

import Chip from '@mui/material/Chip';

import DialogActions from '@mui/material/DialogActions';

import DialogContent from '@mui/material/DialogContent';

import TextField from '@mui/material/TextField';

import Typography from '@mui/material/Typography';

import DeleteOutline from '@mui/icons-material/DeleteOutlined';

import EditOutlined from '@mui/icons-material/EditOutlined';

import PaidOutlined from '@mui/icons-material/PaidOutlined';

import { CONTRACT_MESSAGES, type Fee, type Vehicle } from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { DIALOG_FORM_SX } from '../../components/fieldForm';
import { isSessionExpiry, serverMessage } from '../../components/mutationFeedback';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/toast';
import { revalidateTenancy, subscribeVehicleFee, type Lessee } from './lesseesApi';

// A contract's vehicles on /vehicleAndLesseeAdd/{contractID}: a vehicle's card and its per-vehicle fees.

export function FeeForm({
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

export function VehicleCard({
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
