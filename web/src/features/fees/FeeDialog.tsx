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
  parseVietnameseNumber,
  type FeeUnit,
} from '@nhatro/common';
import { useCallback, type FormEvent } from 'react';
import { FormDialog, useEntitySave } from '../../components/crud';
import {
  DIALOG_FORM_SX,
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import { formatMoney } from '../../lib/format';
import { createFee, updateFee, type FeePayload, type FeeReply } from './feeApi';

export const FEE_CREATED_TEXT = 'Thêm dịch vụ thành công!';
export const FEE_UPDATED_TEXT = 'Cập nhật dịch vụ thành công!';

const FEE_FIELDS = ['serviceName', 'price', 'unit'] as const;
type FeeField = (typeof FEE_FIELDS)[number];
type FeeFormValues = Record<FeeField, string>;

export function isMeteredUnit(unit: string): boolean {
  return METERED_UNITS.some((metered) => metered === unit);
}

function validateFee(values: FeeFormValues, houseID: string) {
  return validateWithSchema<FeeField, FeePayload & { houseID: string }>(
    feeCreateSchema,
    {
      houseID,
      serviceName: values.serviceName,
      price: parseVietnameseNumber(values.price),
      unit: values.unit === '' ? undefined : values.unit,
    },
    { price: 'Giá dịch vụ', unit: 'Đơn vị tính' },
  );
}

function FeeForm({
  houseID,
  fee,
  unitsInUse,
  onClose,
  onSaved,
}: {
  houseID: string;
  fee: FeeReply | null;
  unitsInUse: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const isEdit = fee !== null;
  const isMetered = fee !== null && isMeteredUnit(fee.unit);
  const { isSaving, save } = useEntitySave();
  const validate = useCallback((values: FeeFormValues) => validateFee(values, houseID).errors, [houseID]);
  const form = useFieldForm<FeeField>(
    fee === null
      ? { serviceName: '', price: '', unit: 'room' }
      : { serviceName: fee.serviceName, price: String(fee.price), unit: fee.unit },
    validate,
  );

  /** A house has exactly one electricity and one water service. */
  const isUnitTaken = (unit: FeeUnit) =>
    isMeteredUnit(unit) && unit !== fee?.unit && unitsInUse.includes(unit);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const { data } = validateFee(form.values, houseID);
    if (data === null) return;
    const payload: FeePayload = { serviceName: data.serviceName, price: data.price, unit: data.unit };
    const saved = await save(
      () =>
        isEdit
          ? updateFee(
              fee.serviceID,
              isMetered ? { serviceName: payload.serviceName, price: payload.price } : payload,
            )
          : createFee(houseID, payload),
      {
        successText: isEdit ? FEE_UPDATED_TEXT : FEE_CREATED_TEXT,
        failureText: isEdit ? 'Cập nhật dịch vụ thất bại!' : 'Thêm dịch vụ thất bại!',
        onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, FEE_FIELDS)),
      },
    );
    if (!saved) return;
    onSaved();
    onClose();
  };

  const name = form.bind('serviceName');
  const price = form.bind('price');
  const unit = form.bind('unit');
  const priceAmount = parseVietnameseNumber(price.value);
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

export function FeeDialog({
  open,
  houseID,
  fee,
  unitsInUse,
  onClose,
  onSaved,
}: {
  open: boolean;
  houseID: string;
  /** null: a new service. */
  fee: FeeReply | null;
  unitsInUse: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={fee === null ? 'Thêm dịch vụ' : 'Sửa dịch vụ'}
      titleId="service-dialog-title"
      testId="service-dialog"
    >
      <FeeForm houseID={houseID} fee={fee} unitsInUse={unitsInUse} onClose={onClose} onSaved={onSaved} />
    </FormDialog>
  );
}
