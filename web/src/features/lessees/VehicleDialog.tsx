import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import {
  VEHICLE_TYPES,
  vehicleCreateSchema,
  vehicleUpdateSchema,
  type Vehicle,
  type VehicleCreateInput,
  type VehicleUpdateInput,
} from '@nhatro/common';
import { useCallback, useMemo, type FormEvent } from 'react';
import {
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
  type FieldBinding,
} from '../../components/fieldForm';
import { DialogForm, FormDialog, TWO_COLUMN_FIELDS_SX, useEntitySave } from '../../components/crud';
import { isApiError } from '../../lib/api';
import { createVehicle, revalidateTenancy, updateVehicle, type Lessee } from './lesseesApi';

export const VEHICLE_CREATED_TEXT = 'Thêm xe thành công!';
export const VEHICLE_UPDATED_TEXT = 'Cập nhật xe thành công!';

const VEHICLE_FIELDS = ['vehicleType', 'licensePlate', 'lesseeInfoID', 'description'] as const;
type VehicleField = (typeof VEHICLE_FIELDS)[number];
type VehicleFormValues = Record<VehicleField, string>;

const LABELS: Record<VehicleField, string> = {
  vehicleType: 'Loại xe',
  licensePlate: 'Biển số',
  lesseeInfoID: 'Chủ xe',
  description: 'Mô tả (màu, hiệu xe…)',
};

function formInput(values: VehicleFormValues): Record<string, unknown> {
  const input: Record<string, unknown> = { vehicleType: values.vehicleType };
  if (values.licensePlate.trim() !== '') input.licensePlate = values.licensePlate;
  if (values.lesseeInfoID !== '') input.lesseeInfoID = values.lesseeInfoID;
  if (values.description.trim() !== '') input.description = values.description;
  return input;
}

/** The API's schema (same messages): a plate in Vietnamese form, none needed for a bicycle. */
function validateVehicle(values: VehicleFormValues) {
  return validateWithSchema<VehicleField, VehicleCreateInput>(vehicleCreateSchema, formInput(values));
}

/** An edit sends what changed; an emptied plate or description is sent empty to clear it. */
function vehicleChanges(values: VehicleFormValues, vehicle: Vehicle): VehicleUpdateInput | null {
  const changes: Record<string, unknown> = {};
  if (values.vehicleType !== vehicle.vehicleType) changes.vehicleType = values.vehicleType;
  if (values.licensePlate.trim() !== vehicle.licensePlate) changes.licensePlate = values.licensePlate.trim();
  if (values.lesseeInfoID !== '' && values.lesseeInfoID !== (vehicle.lesseeInfoID ?? '')) {
    changes.lesseeInfoID = values.lesseeInfoID;
  }
  if (values.description.trim() !== (vehicle.description ?? ''))
    changes.description = values.description.trim();
  const parsed = vehicleUpdateSchema.safeParse(changes);
  return parsed.success ? parsed.data : null;
}

function initialValues(vehicle: Vehicle | null): VehicleFormValues {
  return {
    vehicleType: vehicle?.vehicleType ?? VEHICLE_TYPES[0],
    licensePlate: vehicle?.licensePlate ?? '',
    lesseeInfoID: vehicle?.lesseeInfoID ?? '',
    description: vehicle?.description ?? '',
  };
}

/** The vehicle's owner among the contract's occupants (the representative when none is chosen). */
function OwnerSelect({
  owner,
  isSaving,
  vehicle,
  occupants,
}: {
  owner: FieldBinding;
  isSaving: boolean;
  vehicle: Vehicle | null;
  occupants: readonly Lessee[];
}) {
  return (
    <>
      <TextField
        id="vehicle-lesseeInfoID"
        select
        label={LABELS.lesseeInfoID}
        {...owner}
        helperText={reservedHelperText(owner.helperText)}
        disabled={isSaving}
        fullWidth
        slotProps={{
          select: { native: true },
          htmlInput: { 'data-testid': 'vehicle-lesseeInfoID' },
          inputLabel: { shrink: true },
        }}
        sx={{ gridColumn: '1 / -1' }}
      >
        {!vehicle?.lesseeInfoID && <option value="">Người đại diện hợp đồng</option>}
        {occupants.map((lessee) => (
          <option key={lessee.lesseeInfoID} value={lessee.lesseeInfoID}>
            {lessee.occupantName}
            {lessee.isRepresentative ? ' (đại diện)' : ''}
            {lessee.status !== 1 ? ' (đã chuyển đi)' : ''}
          </option>
        ))}
      </TextField>
    </>
  );
}

function VehicleForm({
  contractID,
  vehicle,
  occupants,
  onClose,
}: {
  contractID: string;
  vehicle: Vehicle | null;
  occupants: readonly Lessee[];
  onClose: () => void;
}) {
  const { isSaving, save } = useEntitySave();
  const initial = useMemo(() => initialValues(vehicle), [vehicle]);
  const validate = useCallback((values: VehicleFormValues) => validateVehicle(values).errors, []);
  const form = useFieldForm<VehicleField>(initial, validate);
  const isEdit = vehicle !== null;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const { data } = validateVehicle(form.values);
    if (data === null) return;
    const changes = isEdit ? vehicleChanges(form.values, vehicle) : null;
    if (isEdit && changes === null) return;
    const saved = await save(
      () =>
        isEdit && changes !== null
          ? updateVehicle(vehicle.vehicleID, changes)
          : createVehicle(contractID, data),
      {
        successText: isEdit ? VEHICLE_UPDATED_TEXT : VEHICLE_CREATED_TEXT,
        failureText: isEdit ? 'Cập nhật xe thất bại!' : 'Thêm xe thất bại!',
        onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, VEHICLE_FIELDS)),
        // A plate already registered in the house.
        onFailure: (error) => {
          if (isApiError(error) && error.status === 409 && /biển số/i.test(error.message)) {
            form.setServerErrors({ licensePlate: error.message });
          }
        },
      },
    );
    if (!saved) return;
    void revalidateTenancy();
    onClose();
  };

  const type = form.bind('vehicleType');
  const plate = form.bind('licensePlate');
  const owner = form.bind('lesseeInfoID');
  const description = form.bind('description');
  const isBicycle = form.values.vehicleType === 'Xe đạp';
  return (
    <DialogForm
      label={isEdit ? 'Sửa xe' : 'Thêm xe'}
      onSubmit={handleSubmit}
      actions={{
        onCancel: onClose,
        busy: isSaving,
        submitDisabled: isEdit && !form.isDirty,
        submitLabel: isEdit ? 'Lưu thay đổi' : 'Thêm xe',
        submitTestId: 'vehicle-submit',
      }}
    >
      <Box sx={TWO_COLUMN_FIELDS_SX}>
        <TextField
          id="vehicle-vehicleType"
          select
          label={LABELS.vehicleType}
          {...type}
          helperText={reservedHelperText(type.helperText)}
          disabled={isSaving}
          required
          fullWidth
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'vehicle-vehicleType' } }}
        >
          {VEHICLE_TYPES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </TextField>
        <TextField
          id="vehicle-licensePlate"
          label={LABELS.licensePlate}
          {...plate}
          helperText={reservedHelperText(
            plate.helperText ?? (isBicycle ? 'Xe đạp không cần biển số.' : 'Ví dụ: 59-X3 123.45'),
          )}
          disabled={isSaving}
          required={!isBicycle}
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { 'data-testid': 'vehicle-licensePlate', autoCapitalize: 'characters' } }}
        />
        <OwnerSelect owner={owner} isSaving={isSaving} vehicle={vehicle} occupants={occupants} />
        <TextField
          id="vehicle-description"
          label={LABELS.description}
          {...description}
          helperText={reservedHelperText(description.helperText)}
          disabled={isSaving}
          fullWidth
          autoComplete="off"
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { 'data-testid': 'vehicle-description' } }}
        />
      </Box>
    </DialogForm>
  );
}

/** 'Thêm xe' / 'Sửa xe' of a contract: type, plate, owner among its occupants. */
export function VehicleDialog({
  open,
  contractID,
  vehicle,
  occupants,
  onClose,
}: {
  open: boolean;
  contractID: string;
  vehicle: Vehicle | null;
  occupants: readonly Lessee[];
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={vehicle === null ? 'Thêm xe' : 'Sửa xe'}
      titleId="vehicle-dialog-title"
      testId="vehicle-dialog"
    >
      <VehicleForm contractID={contractID} vehicle={vehicle} occupants={occupants} onClose={onClose} />
    </FormDialog>
  );
}
