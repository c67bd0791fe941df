import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { IMAGE_MAX_BYTES, deviceCreateSchema, parseVietnameseNumber } from '@nhatro/common';
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  fieldErrorsFromBody,
  DIALOG_FORM_SX,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import { FormDialog, useEntitySave } from '../../components/crud';
import { imageToPng, pngFileName } from '../../components/imageToPng';
import { formatMoney } from '../../lib/format';
import { createDevice, updateDevice, type DevicePayload, type DeviceWithImages } from './devicesApi';

export const DEVICE_CREATED_TEXT = 'Thêm thiết bị thành công!';
export const DEVICE_UPDATED_TEXT = 'Cập nhật thiết bị thành công!';

/** The API takes at most five photos per device. */
const MAX_PHOTOS = 5;

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

interface Photo {
  file: File;
  previewURL: string;
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
  const fileInput = useRef<HTMLInputElement>(null);
  const { isSaving, save } = useEntitySave();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [isConverting, setIsConverting] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const validate = useCallback((values: DeviceFormValues) => validateDevice(values, roomID).errors, [roomID]);
  const form = useFieldForm<DeviceField>(initialValues(device), validate);

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setPhotoError(null);
    const room = MAX_PHOTOS - photos.length;
    if (files.length > room) setPhotoError(`Mỗi thiết bị có tối đa ${MAX_PHOTOS} ảnh.`);
    setIsConverting(true);
    const converted: Photo[] = [];
    try {
      for (const file of files.slice(0, Math.max(room, 0))) {
        const png = await imageToPng(file);
        if (png.size > IMAGE_MAX_BYTES) {
          setPhotoError(`Ảnh "${file.name}" quá lớn (tối đa ${IMAGE_MAX_BYTES / 1024 / 1024} MB).`);
          continue;
        }
        const pngFile = new File([png], pngFileName(file.name), { type: 'image/png' });
        converted.push({ file: pngFile, previewURL: URL.createObjectURL(pngFile) });
      }
    } catch (error) {
      setPhotoError(error instanceof Error ? error.message : 'Không đọc được ảnh.');
    } finally {
      setIsConverting(false);
      setPhotos((previous) => [...previous, ...converted]);
    }
  };

  const removePhoto = (photo: Photo) => {
    URL.revokeObjectURL(photo.previewURL);
    setPhotos((previous) => previous.filter((item) => item !== photo));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || isConverting) return;
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
            photos.map((photo) => photo.file),
          );
          for (const photo of photos) URL.revokeObjectURL(photo.previewURL);
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

  const textField = (field: DeviceField, extra: { unit?: string; numeric?: boolean } = {}) => {
    const binding = form.bind(field);
    const helperText =
      binding.helperText ??
      (field === 'value' && binding.value !== ''
        ? (() => {
            const amount = parseVietnameseNumber(binding.value);
            return amount !== undefined && Number.isFinite(amount) ? formatMoney(amount) : undefined;
          })()
        : undefined);
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
        disabled={isSaving}
        slotProps={{
          htmlInput: { 'data-testid': `device-${field}`, ...(extra.numeric ? { inputMode: 'numeric' } : {}) },
          input: extra.unit
            ? { endAdornment: <InputAdornment position="end">{extra.unit}</InputAdornment> }
            : {},
        }}
      />
    );
  };

  return (
    <Box
      component="form"
      sx={DIALOG_FORM_SX}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={isEdit ? 'Sửa thiết bị' : 'Thêm thiết bị'}
    >
      <DialogContent dividers>
        <Box
          sx={{
            display: 'grid',
            columnGap: 2,
            rowGap: 1,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            pt: 1,
          }}
        >
          <Box sx={{ gridColumn: '1 / -1' }}>{textField('deviceName')}</Box>
          {textField('quantity', { numeric: true })}
          {textField('value', { unit: '₫', numeric: true })}
          <Box sx={{ gridColumn: '1 / -1' }}>{textField('condition')}</Box>
        </Box>
        {!isEdit && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              Ảnh thiết bị (tối đa {MAX_PHOTOS} ảnh, tự chuyển sang PNG, cạnh dài nhất 1600 px).
            </Typography>
            <Button
              variant="outlined"
              startIcon={<AddPhotoAlternateOutlined />}
              onClick={() => fileInput.current?.click()}
              loading={isConverting}
              loadingPosition="start"
              disabled={photos.length >= MAX_PHOTOS || isSaving}
              data-testid="device-photo-add"
            >
              Chọn ảnh
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              multiple
              hidden
              onChange={(event) => void addPhotos(event)}
              aria-label="Ảnh thiết bị"
              data-testid="device-photo-file"
            />
            {photoError !== null && (
              <Typography role="alert" variant="body2" sx={{ color: 'error.main', mt: 1 }}>
                {photoError}
              </Typography>
            )}
            {photos.length > 0 && (
              <Box
                component="ul"
                aria-label="Ảnh đã chọn"
                data-testid="device-photo-previews"
                sx={{ p: 0, m: 0, mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}
              >
                {photos.map((photo, index) => (
                  <Box component="li" key={photo.previewURL} sx={{ listStyle: 'none', position: 'relative' }}>
                    <Box
                      component="img"
                      src={photo.previewURL}
                      alt={`Ảnh đã chọn ${index + 1}`}
                      sx={{
                        width: 72,
                        height: 72,
                        objectFit: 'cover',
                        borderRadius: 1,
                        border: 1,
                        borderColor: 'divider',
                      }}
                    />
                    <IconButton
                      size="small"
                      aria-label={`Bỏ ảnh ${index + 1}`}
                      onClick={() => removePhoto(photo)}
                      sx={{
                        position: 'absolute',
                        top: -8,
                        right: -8,
                        bgcolor: 'background.paper',
                        border: 1,
                        borderColor: 'divider',
                      }}
                    >
                      <CloseOutlined fontSize="inherit" />
                    </IconButton>
                  </Box>
                ))}
              </Box>
            )}
          </Box>
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
          disabled={isConverting}
          data-testid="device-submit"
        >
          {isEdit ? 'Lưu thay đổi' : 'Thêm thiết bị'}
        </Button>
      </DialogActions>
    </Box>
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
