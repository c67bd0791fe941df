import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  METERED_UNITS,
  FEE_UNITS,
  FEE_UNIT_LABELS,
  feeCreateSchema,
  type FeeUnit,
} from '@nhatro/common';
import { useCallback, useState, type FormEvent } from 'react';
import {
  DIALOG_FORM_SX,
  fieldErrorsFromBody,
  parseLocalizedNumber,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import { notifyFailure } from '../../components/mutationFeedback';
import { FormDialog } from '../../components/FormDialog';
import { isApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/toast';
import { createService, updateService, type ServiceFee, type ServicePayload } from './serviceApi';

export const SERVICE_CREATED_TEXT = 'Thêm dịch vụ thành công!';
export const SERVICE_UPDATED_TEXT = 'Cập nhật dịch vụ thành công!';

const SERVICE_FIELDS = ['serviceName', 'price', 'unit'] as const;
type ServiceField = (typeof SERVICE_FIELDS)[number];
type ServiceFormValues = Record<ServiceField, string>;

export function isMeteredUnit(unit: string): boolean {
  return METERED_UNITS.some((metered) => metered === unit);
}

function validateService(values: ServiceFormValues, houseID: string) {
  return validateWithSchema<ServiceField, ServicePayload & { houseID: string }>(
    feeCreateSchema,
    {
      houseID,
      serviceName: values.serviceName,
      price: parseLocalizedNumber(values.price),
      unit: values.unit === '' ? undefined : values.unit,
    },
    { price: 'Giá dịch vụ', unit: 'Đơn vị tính' },
  );
}

function ServiceForm({
  houseID,
  service,
  unitsInUse,
  onClose,
  onSaved,
}: {
  houseID: string;
  service: ServiceFee | null;
  unitsInUse: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const isEdit = service !== null;
  const isMetered = service !== null && isMeteredUnit(service.unit);
  const [isSaving, setIsSaving] = useState(false);
  const validate = useCallback(
    (values: ServiceFormValues) => validateService(values, houseID).errors,
    [houseID],
  );
  const form = useFieldForm<ServiceField>(
    service === null
      ? { serviceName: '', price: '', unit: 'room' }
      : { serviceName: service.serviceName, price: String(service.price), unit: service.unit },
    validate,
  );

  /** A house has exactly one electricity and one water service. */
  const isUnitTaken = (unit: FeeUnit) =>
    isMeteredUnit(unit) && unit !== service?.unit && unitsInUse.includes(unit);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const { data } = validateService(form.values, houseID);
    if (data === null) return;
    const payload: ServicePayload = { serviceName: data.serviceName, price: data.price, unit: data.unit };
    setIsSaving(true);
    try {
      if (isEdit) {
        await updateService(
          service.serviceID,
          isMetered ? { serviceName: payload.serviceName, price: payload.price } : payload,
        );
        notify.success(SERVICE_UPDATED_TEXT);
      } else {
        await createService(houseID, payload);
        notify.success(SERVICE_CREATED_TEXT);
      }
      onSaved();
      onClose();
    } catch (error) {
      setIsSaving(false);
      if (isApiError(error) && error.status === 400) {
        form.setServerErrors(fieldErrorsFromBody(error.body, SERVICE_FIELDS));
      }
      notifyFailure(isEdit ? 'Cập nhật dịch vụ thất bại!' : 'Thêm dịch vụ thất bại!', error);
    }
  };

  const name = form.bind('serviceName');
  const price = form.bind('price');
  const unit = form.bind('unit');
  const priceAmount = parseLocalizedNumber(price.value);
  const priceHint =
    price.helperText ??
    (priceAmount !== undefined && Number.isFinite(priceAmount) ? formatMoney(priceAmount) : undefined);

  return (
    <Box
      component="form"
      sx={DIALOG_FORM_SX}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={isEdit ? 'Sửa dịch vụ' : 'Thêm dịch vụ'}
    >
      <DialogContent dividers>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <TextField
            id="service-name"
            name="serviceName"
            label="Tên dịch vụ"
            {...name}
            helperText={reservedHelperText(name.helperText)}
            required
            fullWidth
            autoFocus
            autoComplete="off"
            disabled={isSaving}
            slotProps={{ htmlInput: { 'data-testid': 'service-name' } }}
          />
          <TextField
            id="service-price"
            name="price"
            label="Đơn giá (VND)"
            {...price}
            helperText={reservedHelperText(priceHint)}
            required
            fullWidth
            autoComplete="off"
            disabled={isSaving}
            slotProps={{
              htmlInput: { 'data-testid': 'service-price', inputMode: 'numeric' },
              input: { endAdornment: <InputAdornment position="end">₫</InputAdornment> },
            }}
          />
          <TextField
            id="service-unit"
            name="unit"
            select
            label="Đơn vị tính"
            {...unit}
            helperText={reservedHelperText(
              unit.helperText ??
                (isMetered ? 'Không thể đổi đơn vị tính của dịch vụ điện hoặc nước.' : undefined),
            )}
            required
            fullWidth
            disabled={isSaving || isMetered}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'service-unit' } }}
          >
            {FEE_UNITS.map((code) => (
              <option key={code} value={code} disabled={isUnitTaken(code)}>
                {FEE_UNIT_LABELS[code]}
                {isUnitTaken(code) ? ' — đã có' : ''}
              </option>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSaving}>
          Hủy
        </Button>
        <Button type="submit" variant="contained" loading={isSaving} data-testid="service-submit">
          {isEdit ? 'Lưu thay đổi' : 'Thêm dịch vụ'}
        </Button>
      </DialogActions>
    </Box>
  );
}

export function ServiceDialog({
  open,
  houseID,
  service,
  unitsInUse,
  onClose,
  onSaved,
}: {
  open: boolean;
  houseID: string;
  /** null: a new service. */
  service: ServiceFee | null;
  unitsInUse: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={service === null ? 'Thêm dịch vụ' : 'Sửa dịch vụ'}
      titleId="service-dialog-title"
      testId="service-dialog"
    >
      <ServiceForm
        houseID={houseID}
        service={service}
        unitsInUse={unitsInUse}
        onClose={onClose}
        onSaved={onSaved}
      />
    </FormDialog>
  );
}
