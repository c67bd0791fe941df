import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import { CHIP_CCCD_PLACE_OF_ISSUE, LESSEE_STATUS_LABELS, type CitizenIdQrData } from '@nhatro/common';
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  DIALOG_FORM_SX,
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  type FieldBinding,
} from '../../components/fieldForm';
import { useEntitySave } from '../../components/crud';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { CitizenIdScannerDialog } from './CitizenIdScanner';
import { IDENTITY_IMAGE_FIELDS, IdentityPhotoFields, type IdentityImageField } from './IdentityPhotos';
import {
  createLessee,
  revalidateTenancy,
  updateLessee,
  useActiveContracts,
  type Lessee,
  type LesseeDetail,
} from './lesseesApi';
import { GENDER_LABELS, LESSEE_FIELD_LABELS, vietnamToday } from './lesseeLabels';
import {
  LESSEE_FORM_FIELDS,
  lesseeFormValues,
  validateLesseeForm,
  type LesseeFormField,
  type LesseeFormTarget,
  type LesseeFormValues,
} from './lesseeValidation';

export const LESSEE_CREATED_TEXT = 'Tạo người thuê mới thành công!';
export const LESSEE_CREATE_FAILED_TEXT = 'Tạo người thuê thất bại!';
export const LESSEE_EDITED_TEXT = 'Chỉnh sửa thông tin thành công!';
const LESSEE_EDIT_FAILED_TEXT = 'Chỉnh sửa thông tin thất bại!';
/** Holders of a chip-based CCCD are Vietnamese citizens. */
const CARD_NATIONALITY = 'Việt Nam';

const roomCollator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

/** The fields a card's QR code fills in (the old CMND number goes into the notes). */
function cardValues(card: CitizenIdQrData, current: LesseeFormValues): Partial<LesseeFormValues> {
  const filled: Partial<LesseeFormValues> = {
    citizenID: card.citizenID,
    occupantName: card.occupantName,
    dateOfBirth: card.dateOfBirth,
    gender: String(card.gender),
    permanentResidence: card.permanentResidence,
    dateOfIssue: card.dateOfIssue,
  };
  if (current.placeOfIssue.trim() === '') filled.placeOfIssue = CHIP_CCCD_PLACE_OF_ISSUE;
  if (current.nationality.trim() === '') filled.nationality = CARD_NATIONALITY;
  if (card.oldIdNumber !== undefined) {
    const line = `Số CMND cũ: ${card.oldIdNumber}`;
    const notes = current.notes.trim();
    if (!notes.includes(line)) filled.notes = notes === '' ? line : `${notes}\n${line}`;
  }
  return filled;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h3" sx={{ fontSize: '1.0625rem', mb: 1.5, p: 0 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          rowGap: 1,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** The rooms of the house that have an active contract (an occupant joins a contract). */
function RoomChoice({
  houseID,
  field,
  disabled,
}: {
  houseID: string;
  field: FieldBinding;
  disabled: boolean;
}) {
  const { data, error, isLoading, mutate } = useActiveContracts(houseID);
  const rooms = useMemo(
    () =>
      (data?.value ?? [])
        .filter((contract) => contract.room !== undefined)
        .map((contract) => ({ roomID: contract.roomID, roomName: contract.room?.roomName ?? '' }))
        .sort((a, b) => roomCollator.compare(a.roomName, b.roomName)),
    [data],
  );
  const presetMissing =
    data !== undefined && field.value !== '' && !rooms.some((room) => room.roomID === field.value);
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <TextField
        id="lessee-roomID"
        select
        label={LESSEE_FIELD_LABELS.roomID}
        {...field}
        helperText={reservedHelperText(
          field.helperText ?? (error !== undefined ? 'Không tải được danh sách phòng.' : undefined),
        )}
        disabled={disabled || isLoading}
        required
        fullWidth
        slotProps={{
          select: { native: true },
          htmlInput: { 'data-testid': 'lessee-roomID' },
          inputLabel: { shrink: true },
        }}
      >
        <option value="">
          {isLoading ? 'Đang tải danh sách phòng…' : '— Chọn phòng đang có hợp đồng —'}
        </option>
        {presetMissing && <option value={field.value}>Phòng không có hợp đồng hiệu lực</option>}
        {rooms.map((room) => (
          <option key={room.roomID} value={room.roomID}>
            Phòng {room.roomName}
          </option>
        ))}
      </TextField>
      {error !== undefined && (
        <Button size="small" onClick={() => void mutate()} sx={{ mt: -1 }}>
          Tải lại danh sách phòng
        </Button>
      )}
      {(presetMissing || (data !== undefined && rooms.length === 0)) && (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          data-testid="lessee-room-no-contract"
          action={
            <Button
              component={RouterLink}
              to={paths.createContract(presetMissing ? field.value : undefined)}
              color="inherit"
              size="small"
            >
              Tạo hợp đồng
            </Button>
          }
        >
          {presetMissing
            ? 'Phòng này chưa có hợp đồng hiệu lực. Hãy tạo hợp đồng trước khi thêm người thuê.'
            : 'Nhà trọ chưa có phòng nào đang có hợp đồng hiệu lực. Hãy tạo hợp đồng trước khi thêm người thuê.'}
        </Alert>
      )}
    </Box>
  );
}

/**
 * The occupant form, shared by the create page, the 'Thêm người ở' dialog and the edit dialog: every
 * field of spec section 3, the identity photos and 'Quét mã QR CCCD', validated with the API's schemas.
 */
export function LesseeForm({
  target,
  houseID,
  frame,
  onSaved,
  onCancel,
}: {
  target: LesseeFormTarget;
  houseID: string;
  /** In a dialog the fields scroll and the buttons stay at the bottom. */
  frame: 'page' | 'dialog';
  onSaved: (lessee: Lessee) => void;
  onCancel: () => void;
}) {
  const isEdit = target.kind === 'edit';
  const today = vietnamToday();
  const initialValues = useMemo(() => lesseeFormValues(target), [target]);
  const validate = useCallback(
    (values: LesseeFormValues) => validateLesseeForm(values, target, today).errors,
    [target, today],
  );
  const form = useFieldForm<LesseeFormField>(initialValues, validate);
  // A fresher copy of the occupant arrived (after a 412): fields this person did not touch take the
  // new values, so the next save sends only their own changes.
  const [base, setBase] = useState(initialValues);
  if (base !== initialValues) {
    setBase(initialValues);
    for (const field of LESSEE_FORM_FIELDS) {
      if (form.values[field] === base[field] && initialValues[field] !== base[field]) {
        form.setValue(field, initialValues[field]);
      }
    }
  }
  const { isSaving, save } = useEntitySave();
  const [isUploading, setIsUploading] = useState(false);
  const [isScanning, setIsScanning] = useState(false);
  const [scannedName, setScannedName] = useState<string | null>(null);
  const disabled = isSaving;

  const applyCard = (card: CitizenIdQrData) => {
    setIsScanning(false);
    for (const [field, value] of Object.entries(cardValues(card, form.values)) as Array<
      [LesseeFormField, string]
    >) {
      form.setValue(field, value);
      form.bind(field).onBlur();
    }
    setScannedName(card.occupantName);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || isUploading) return;
    form.touchAll();
    const checked = validateLesseeForm(form.values, target, today);
    if (checked.payload === null) return;
    const onBadRequest = (body: unknown) =>
      form.setServerErrors(fieldErrorsFromBody(body, LESSEE_FORM_FIELDS));
    const result: { saved: Lessee | null } = { saved: null };
    if (checked.kind === 'update' && target.kind === 'edit') {
      const payload = checked.payload;
      await save(
        async () => {
          result.saved = await updateLessee(target.lessee, payload);
        },
        {
          successText: LESSEE_EDITED_TEXT,
          failureText: LESSEE_EDIT_FAILED_TEXT,
          onBadRequest,
          // Someone else saved first: load their version (the fields not touched here follow it).
          onFailure: (error) => {
            if (isApiError(error) && error.status === 412) void revalidateTenancy();
          },
        },
      );
    } else if (checked.kind === 'create') {
      const payload = checked.payload;
      await save(
        async () => {
          result.saved = await createLessee(payload);
        },
        { successText: LESSEE_CREATED_TEXT, failureText: LESSEE_CREATE_FAILED_TEXT, onBadRequest },
      );
    }
    if (result.saved === null) return;
    void revalidateTenancy();
    onSaved(result.saved);
  };

  const bindText = (
    field: LesseeFormField,
    options: { full?: boolean; multiline?: boolean; numeric?: boolean; type?: string } = {},
  ) => {
    const binding = form.bind(field);
    return (
      <TextField
        key={field}
        id={`lessee-${field}`}
        name={field}
        label={LESSEE_FIELD_LABELS[field as keyof typeof LESSEE_FIELD_LABELS]}
        {...binding}
        helperText={reservedHelperText(binding.helperText)}
        disabled={disabled}
        required={field === 'occupantName'}
        fullWidth
        multiline={options.multiline}
        minRows={options.multiline ? 2 : undefined}
        type={options.type}
        autoComplete="off"
        sx={options.full ? { gridColumn: '1 / -1' } : undefined}
        slotProps={{
          htmlInput: {
            'data-testid': `lessee-${field}`,
            ...(options.numeric ? { inputMode: 'numeric' } : {}),
          },
          ...(options.type === 'date' ? { inputLabel: { shrink: true } } : {}),
        }}
      />
    );
  };

  const bindSelect = (
    field: 'gender' | 'status',
    options: ReadonlyArray<[string, string]>,
    placeholder?: string,
  ) => {
    const binding = form.bind(field);
    return (
      <TextField
        id={`lessee-${field}`}
        select
        label={field === 'gender' ? LESSEE_FIELD_LABELS.gender : LESSEE_FIELD_LABELS.status}
        {...binding}
        helperText={reservedHelperText(binding.helperText)}
        disabled={disabled}
        required
        fullWidth
        slotProps={{
          select: { native: true },
          htmlInput: { 'data-testid': `lessee-${field}` },
          inputLabel: { shrink: true },
        }}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </TextField>
    );
  };

  const isCurrentRepresentative = target.kind === 'edit' && target.lessee.isRepresentative;
  const photoValues = Object.fromEntries(
    IDENTITY_IMAGE_FIELDS.map((field) => [field, form.values[field]]),
  ) as Record<IdentityImageField, string>;
  const { setValue } = form;
  const setPhoto = useCallback(
    (field: IdentityImageField, blobName: string) => setValue(field, blobName),
    [setValue],
  );

  const body = (
    <Box sx={{ display: 'grid', gap: 3, pt: frame === 'dialog' ? 1 : 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          p: 1.5,
          borderRadius: 2,
          bgcolor: 'action.hover',
        }}
      >
        <Typography variant="body2" sx={{ flex: '1 1 220px' }}>
          Có thẻ CCCD gắn chip? Quét mã QR ở mặt sau để điền nhanh số CCCD, họ tên, ngày sinh, giới tính, nơi
          thường trú và ngày cấp.
        </Typography>
        <Button
          variant="outlined"
          startIcon={<QrCodeScannerOutlined />}
          onClick={() => setIsScanning(true)}
          disabled={disabled}
          data-testid="lessee-scan-qr"
        >
          Quét mã QR CCCD
        </Button>
        {scannedName !== null && (
          <Alert severity="success" sx={{ flex: '1 1 100%' }} data-testid="lessee-scan-result">
            Đã điền thông tin từ CCCD của <strong>{scannedName}</strong>. Hãy kiểm tra lại trước khi lưu.
          </Alert>
        )}
      </Box>

      <Section title="Thông tin cá nhân">
        {target.kind === 'chooseRoom' && (
          <RoomChoice houseID={houseID} field={form.bind('roomID')} disabled={disabled} />
        )}
        {bindText('occupantName', { full: true })}
        {bindSelect(
          'gender',
          ([1, 0] as const).map((code) => [String(code), GENDER_LABELS[code]]),
          '— Chọn giới tính —',
        )}
        {bindText('dateOfBirth', { type: 'date' })}
        {bindText('phoneNumber', { type: 'tel', numeric: true })}
        {isEdit &&
          bindSelect(
            'status',
            ([1, 2] as const).map((code) => [String(code), LESSEE_STATUS_LABELS[code]]),
          )}
        {bindText('ethnicity')}
        {bindText('nationality')}
        {bindText('hometown', { full: true })}
        {bindText('currentJob')}
        {bindText('workPlace')}
        <Box sx={{ gridColumn: '1 / -1' }}>
          {isCurrentRepresentative ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Đang là người đại diện của hợp đồng. Muốn đổi, hãy chọn người đại diện khác.
            </Typography>
          ) : (
            <FormControlLabel
              control={
                <Switch
                  checked={form.values.isRepresentative === 'true'}
                  onChange={(event) =>
                    form.setValue('isRepresentative', event.target.checked ? 'true' : 'false')
                  }
                  disabled={disabled}
                  slotProps={{ input: { 'aria-describedby': 'lessee-representative-help' } }}
                />
              }
              label="Là người đại diện hợp đồng"
            />
          )}
          {!isCurrentRepresentative && (
            <Typography id="lessee-representative-help" variant="body2" sx={{ color: 'text.secondary' }}>
              Người đại diện hiện tại (nếu có) sẽ tự động thôi làm đại diện.
            </Typography>
          )}
        </Box>
      </Section>

      <Section title="Giấy tờ tùy thân">
        {bindText('citizenID', { numeric: true })}
        {bindText('rfidCardID')}
        {bindText('dateOfIssue', { type: 'date' })}
        {bindText('placeOfIssue')}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <IdentityPhotoFields
            houseID={target.kind === 'edit' ? target.lessee.houseID : houseID}
            values={photoValues}
            links={target.kind === 'edit' ? (target.lessee as LesseeDetail).imageURLs : undefined}
            disabled={disabled}
            onChange={setPhoto}
            onBusyChange={setIsUploading}
          />
        </Box>
      </Section>

      <Section title="Cư trú">
        {bindText('permanentResidence', { full: true })}
        {bindText('temporaryResidence', { full: true })}
        {bindText('residentialReason', { full: true })}
        {bindText('residentialAddress', { full: true })}
        {bindText('residentialStartDate', { type: 'date' })}
        {bindText('residentialEndDate', { type: 'date' })}
        {bindText('notes', { full: true, multiline: true })}
      </Section>
    </Box>
  );

  const submitLabel = isEdit ? 'Lưu thay đổi' : 'Thêm người thuê';
  const actions = (
    <>
      <Button onClick={onCancel} disabled={isSaving}>
        Hủy
      </Button>
      <Button
        type="submit"
        variant="contained"
        loading={isSaving}
        disabled={isUploading || (isEdit && !form.isDirty)}
        data-testid="lessee-submit"
      >
        {submitLabel}
      </Button>
    </>
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={isEdit ? 'Sửa thông tin người thuê' : 'Thêm người thuê'}
      sx={frame === 'dialog' ? DIALOG_FORM_SX : undefined}
    >
      {frame === 'dialog' ? (
        <>
          <DialogContent dividers>{body}</DialogContent>
          <DialogActions>{actions}</DialogActions>
        </>
      ) : (
        <>
          {body}
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'flex-end',
              gap: 1,
              mt: 3,
              position: 'sticky',
              bottom: 0,
              py: 1.5,
              bgcolor: 'background.paper',
              borderTop: 1,
              borderColor: 'divider',
              zIndex: 1,
            }}
          >
            {actions}
          </Box>
        </>
      )}
      <CitizenIdScannerDialog open={isScanning} onClose={() => setIsScanning(false)} onScanned={applyCard} />
    </Box>
  );
}
