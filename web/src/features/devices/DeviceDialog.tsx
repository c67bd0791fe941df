import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { deviceCreateSchema, parseVietnameseNumber } from '@nhatro/common';
import { useCallback, type FormEvent } from 'react';
import {
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import { DialogForm, FormDialog, TWO_COLUMN_FIELDS_SX, useEntitySave } from '../../components/crud';
import { formatMoney } from '../../lib/format';
import { DevicePhotoField, useDevicePhotos } from './DevicePhotoField';
import { createDevice, updateDevice, type DevicePayload, type DeviceWithImages } from './devicesApi';

export const DEVICE_CREATED_TEXT = 'Thêm thiết bị thành công!';
export const DEVICE_UPDATED_TEXT = 'Cập nhật thiết bị thành công!';

const DEVICE_FIELDS = ['deviceName', 'quantity', 'condition', 'value'] as const;
type DeviceField = (typeof DEVICE_FIELDS)[number];
type DeviceFormValues = Record<DeviceField, string>;

const LABELS: Record<DeviceField, string> = {
  deviceName: 'Tên thiết bị',
  quantity: 'Số lượng',
  condition: 'Tình trạng',
  value: 'Giá trị (VND)',
};

const REQUIRED_LABELS: Partial<Record<DeviceField, string>> = {
  quantity: 'Số lượng',
  value: 'Giá trị thiết bị',
};

function validateDevice(values: DeviceFormValues, roomID: string) {
  return validateWithSchema<DeviceField, DevicePayload & { roomID: string }>(
    deviceCreateSchema,
    {
      roomID,
      deviceName: values.deviceName,
      quantity: parseVietnameseNumber(values.quantity),
      condition: values.condition,
      value: parseVietnameseNumber(values.value),
    },
    REQUIRED_LABELS,
  );
}

function initialValues(device: DeviceWithImages | null): DeviceFormValues {
  if (device === null) return { deviceName: '', quantity: '1', condition: 'Tốt', value: '' };
  return {
    deviceName: device.deviceName,
    quantity: String(device.quantity),
    condition: device.condition,
    value: String(device.value),
  };
}

/** A device's field; the value also shows in đồng under it. */
function DeviceTextField({
  form,
  field,
  disabled,
  unit,
  numeric = false,
}: {
  form: ReturnType<typeof useFieldForm<DeviceField>>;
  field: DeviceField;
  disabled: boolean;
  unit?: string;
  numeric?: boolean;
}) {
  const binding = form.bind(field);
  const amount = field === 'value' && binding.value !== '' ? parseVietnameseNumber(binding.value) : undefined;
  const helperText =
    binding.helperText ?? (amount !== undefined && Number.isFinite(amount) ? formatMoney(amount) : undefined);
  return (
    <TextField
      id={`device-${field}`}
      name={field}
      label={LABELS[field]}
      {...binding}
      helperText={reservedHelperText(helperText)}
      required
      fullWidth
      autoComplete="off"
      autoFocus={field === 'deviceName'}
      disabled={disabled}
      slotProps={{
        htmlInput: { 'data-testid': `device-${field}`, ...(numeric ? { inputMode: 'numeric' } : {}) },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {},
      }}
    />
  );
}

function DeviceForm({
  roomID,
  device,
  onClose,
  onSaved,
}: {
  roomID: string;
  device: DeviceWithImages | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const isEdit = device !== null;
  const { isSaving, save } = useEntitySave();
  const photos = useDevicePhotos();
  const validate = useCallback((values: DeviceFormValues) => validateDevice(values, roomID).errors, [roomID]);
  const form = useFieldForm<DeviceField>(initialValues(device), validate);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || photos.isConverting) return;
    form.touchAll();
    const { data } = validateDevice(form.values, roomID);
    if (data === null) return;
    const payload: DevicePayload = {
      deviceName: data.deviceName,
      quantity: data.quantity,
      condition: data.condition,
      value: data.value,
    };
    const saved = await save(
      async () => {
        if (isEdit) {
          await updateDevice(device.deviceID, payload);
        } else {
          await createDevice(
            roomID,
            payload,
            photos.photos.map((photo) => photo.file),
          );
          photos.releasePreviews();
        }
      },
      {
        successText: isEdit ? DEVICE_UPDATED_TEXT : DEVICE_CREATED_TEXT,
        failureText: isEdit ? 'Cập nhật thiết bị thất bại!' : 'Thêm thiết bị thất bại!',
        onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, DEVICE_FIELDS)),
      },
    );
    if (!saved) return;
    onSaved();
    onClose();
  };

  return (
    <DialogForm
      label={isEdit ? 'Sửa thiết bị' : 'Thêm thiết bị'}
      onSubmit={handleSubmit}
      actions={{
        onCancel: onClose,
        busy: isSaving,
        submitDisabled: photos.isConverting,
        submitLabel: isEdit ? 'Lưu thay đổi' : 'Thêm thiết bị',
        submitTestId: 'device-submit',
      }}
    >
      <Box sx={TWO_COLUMN_FIELDS_SX}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <DeviceTextField form={form} field="deviceName" disabled={isSaving} />
        </Box>
        <DeviceTextField form={form} field="quantity" disabled={isSaving} numeric />
        <DeviceTextField form={form} field="value" disabled={isSaving} unit="₫" numeric />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <DeviceTextField form={form} field="condition" disabled={isSaving} />
        </Box>
      </Box>
      {!isEdit && <DevicePhotoField photos={photos} disabled={isSaving} />}
    </DialogForm>
  );
}

/** Create ('Thêm thiết bị', multipart with PNG photos) or edit (PATCH) one device. */
export function DeviceDialog({
  open,
  roomID,
  device,
  onClose,
  onSaved,
}: {
  open: boolean;
  roomID: string;
  /** null: a new device. */
  device: DeviceWithImages | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={device === null ? 'Thêm thiết bị' : 'Sửa thiết bị'}
      titleId="device-dialog-title"
      testId="device-dialog"
    >
      <DeviceForm roomID={roomID} device={device} onClose={onClose} onSaved={onSaved} />
    </FormDialog>
  );
}
