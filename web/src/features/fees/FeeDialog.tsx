import Box from '@mui/material/Box';

import InputAdornment from '@mui/material/InputAdornment';

import Stack from '@mui/material/Stack';

import TextField from '@mui/material/TextField';

import Typography from '@mui/material/Typography';

import {
  METERED_UNITS,
  FEE_PRICINGS,
  FEE_PRICING_LABELS,
  FEE_UNITS,
  FEE_UNIT_LABELS,
  feeCreateSchema,
  parseVietnameseNumber,
  ELECTRICITY_TIERS,
  PEOPLE_PER_ELECTRICITY_QUOTA,
  type FeeUnit,
} from '@nhatro/common';
import { useCallback, type FormEvent } from 'react';
import { DialogForm, FormDialog, useEntitySave } from '../../components/crud';
import {
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
  type FieldBinding,
} from '../../components/fieldForm';
import { formatMoney } from '../../lib/format';
import { createFee, updateFee, type FeePayload, type FeeReply } from './feesApi';

export const FEE_CREATED_TEXT = 'Thêm dịch vụ thành công!';
export const FEE_UPDATED_TEXT = 'Cập nhật dịch vụ thành công!';

const FEE_FIELDS = ['serviceName', 'price', 'unit', 'pricing'] as const;
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
      // Only electricity chooses between one price and the national tiers.
      ...(values.unit === 'kWh' ? { pricing: values.pricing } : {}),
    },
    { price: 'Giá dịch vụ', unit: 'Đơn vị tính' },
  );
}

/** The national tiers a tiered house bills by, widened per room by its occupants' quota. */
function ElectricityTiers() {
  return (
    <Box data-testid="service-tiers" sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Giá điện sinh hoạt bậc thang (EVN, chưa gồm VAT). Mỗi {PEOPLE_PER_ELECTRICITY_QUOTA} người đăng ký ở
        trong phòng được tính là một định mức: độ rộng mỗi bậc nhân theo số định mức của phòng.
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {ELECTRICITY_TIERS.map((tier, index) => {
          const from = (index === 0 ? 0 : (ELECTRICITY_TIERS[index - 1]?.upTo ?? 0)) + 1;
          const label =
            tier.upTo === null
              ? `Bậc ${index + 1}: từ ${from} kWh trở lên`
              : `Bậc ${index + 1}: ${from}–${tier.upTo} kWh`;
          return (
            <Typography component="li" variant="body2" key={index}>
              {label}: {formatMoney(tier.price)}/kWh
            </Typography>
          );
        })}
      </Box>
    </Box>
  );
}

/** The unit a fee is counted in, and for electricity whether it is priced in tiers. */
function UnitFields({
  unit,
  pricing,
  isSaving,
  isMetered,
  isUnitTaken,
}: {
  unit: FieldBinding;
  pricing: FieldBinding;
  isSaving: boolean;
  isMetered: boolean;
  isUnitTaken: (code: FeeUnit) => boolean;
}) {
  return (
    <>
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
      {unit.value === 'kWh' && (
        <TextField
          id="service-pricing"
          name="pricing"
          select
          label="Cách tính tiền điện"
          {...pricing}
          helperText={reservedHelperText(pricing.helperText)}
          fullWidth
          disabled={isSaving}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'service-pricing' } }}
        >
          {FEE_PRICINGS.map((code) => (
            <option key={code} value={code}>
              {FEE_PRICING_LABELS[code]}
            </option>
          ))}
        </TextField>
      )}
    </>
  );
}

function feeFormValues(fee: FeeReply | null): FeeFormValues {
  if (fee === null) return { serviceName: '', price: '', unit: 'room', pricing: 'flat' };
  return {
    serviceName: fee.serviceName,
    price: String(fee.price),
    unit: fee.unit,
    pricing: fee.pricing ?? 'flat',
  };
}

/** What is sent: name, price, unit and (for electricity) how it is priced. */
function feePayload(data: FeePayload): FeePayload {
  const pricing = data.pricing !== undefined ? { pricing: data.pricing } : {};
  return { serviceName: data.serviceName, price: data.price, unit: data.unit, ...pricing };
}

/** An electricity or water service keeps its unit (a house has one of each). */
function withoutUnit({ unit: _unit, ...rest }: FeePayload): Partial<FeePayload> {
  return rest;
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
  const form = useFieldForm<FeeField>(feeFormValues(fee), validate);

  /** A house has exactly one electricity and one water service. */
  const isUnitTaken = (unit: FeeUnit) =>
    isMeteredUnit(unit) && unit !== fee?.unit && unitsInUse.includes(unit);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const { data } = validateFee(form.values, houseID);
    if (data === null) return;
    const saved = await save(
      () =>
        isEdit
          ? updateFee(fee.serviceID, isMetered ? withoutUnit(feePayload(data)) : feePayload(data))
          : createFee(houseID, feePayload(data)),
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
  const pricing = form.bind('pricing');
  const isTiered = unit.value === 'kWh' && pricing.value === 'tiered';
  const priceAmount = parseVietnameseNumber(price.value);
  const priceHint =
    price.helperText ??
    (isTiered
      ? 'Khi tính theo bậc thang, tiền điện dùng giá từng bậc bên dưới.'
      : priceAmount !== undefined && Number.isFinite(priceAmount)
        ? formatMoney(priceAmount)
        : undefined);

  return (
    <DialogForm
      label={isEdit ? 'Sửa dịch vụ' : 'Thêm dịch vụ'}
      onSubmit={handleSubmit}
      actions={{
        onCancel: onClose,
        busy: isSaving,
        submitLabel: isEdit ? 'Lưu thay đổi' : 'Thêm dịch vụ',
        submitTestId: 'service-submit',
      }}
    >
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
        <UnitFields
          unit={unit}
          pricing={pricing}
          isSaving={isSaving}
          isMetered={isMetered}
          isUnitTaken={isUnitTaken}
        />
        {isTiered && <ElectricityTiers />}
      </Stack>
    </DialogForm>
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
