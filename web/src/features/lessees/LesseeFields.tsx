import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import {
  CHIP_CCCD_PLACE_OF_ISSUE,
  LESSEE_NOTES_PLACEHOLDER,
  LESSEE_STATUS_LABELS,
  type CitizenIdQrData,
} from '@nhatro/common';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DateField } from '../../components/dates/DateField';
import { reservedHelperText, type FieldBinding, type ValueBinding } from '../../components/fieldForm';
import { paths } from '../../lib/paths';
import { useActiveContracts } from './lesseesApi';
import { GENDER_LABELS, LESSEE_FIELD_LABELS } from './lesseeLabels';
import type { LesseeFormField, LesseeFormValues } from './lesseeValidation';

/** Holders of a chip-based CCCD are Vietnamese citizens. */
const CARD_NATIONALITY = 'Việt Nam';

const roomCollator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

/** What the fields need from the form: a binding per field, and whether it is saving. */
export interface LesseeFieldsForm {
  bind: (field: LesseeFormField) => FieldBinding;
  bindValue: (field: LesseeFormField) => ValueBinding;
  disabled: boolean;
}

/** The fields a card's QR code fills in (the old CMND number goes into the notes). */
export function cardValues(card: CitizenIdQrData, current: LesseeFormValues): Partial<LesseeFormValues> {
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
    // The placeholder a new occupant's empty notes got (spec §3) gives way to the line.
    const written = current.notes.trim();
    const notes = written === LESSEE_NOTES_PLACEHOLDER ? '' : written;
    if (!notes.includes(line)) filled.notes = notes === '' ? line : `${notes}\n${line}`;
  }
  return filled;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
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
export function RoomChoice({
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

/** A text field of the form (`full`: across both columns). */
export function LesseeTextField({
  form,
  field,
  full = false,
  multiline = false,
  numeric = false,
  type,
}: {
  form: LesseeFieldsForm;
  field: LesseeFormField;
  full?: boolean;
  multiline?: boolean;
  numeric?: boolean;
  type?: string;
}) {
  const binding = form.bind(field);
  return (
    <TextField
      id={`lessee-${field}`}
      name={field}
      label={LESSEE_FIELD_LABELS[field as keyof typeof LESSEE_FIELD_LABELS]}
      {...binding}
      helperText={reservedHelperText(binding.helperText)}
      disabled={form.disabled}
      required={field === 'occupantName'}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      type={type}
      autoComplete="off"
      sx={full ? { gridColumn: '1 / -1' } : undefined}
      slotProps={{
        htmlInput: { 'data-testid': `lessee-${field}`, ...(numeric ? { inputMode: 'numeric' } : {}) },
      }}
    />
  );
}

/** A date of the form, typed and shown as dd/mm/yyyy. */
export function LesseeDateField({ form, field }: { form: LesseeFieldsForm; field: LesseeFormField }) {
  const binding = form.bindValue(field);
  return (
    <DateField
      id={`lessee-${field}`}
      name={field}
      label={LESSEE_FIELD_LABELS[field as keyof typeof LESSEE_FIELD_LABELS]}
      {...binding}
      helperText={reservedHelperText(binding.helperText)}
      disabled={form.disabled}
      fullWidth
      testId={`lessee-${field}`}
    />
  );
}

const GENDER_OPTIONS = ([1, 0] as const).map((code): [string, string] => [String(code), GENDER_LABELS[code]]);
const STATUS_OPTIONS = ([1, 2] as const).map((code): [string, string] => [
  String(code),
  LESSEE_STATUS_LABELS[code],
]);

/** Gender (with a placeholder until chosen) or whether the occupant still lives there. */
export function LesseeSelect({ form, field }: { form: LesseeFieldsForm; field: 'gender' | 'status' }) {
  const binding = form.bind(field);
  const options = field === 'gender' ? GENDER_OPTIONS : STATUS_OPTIONS;
  return (
    <TextField
      id={`lessee-${field}`}
      select
      label={field === 'gender' ? LESSEE_FIELD_LABELS.gender : LESSEE_FIELD_LABELS.status}
      {...binding}
      helperText={reservedHelperText(binding.helperText)}
      disabled={form.disabled}
      required
      fullWidth
      slotProps={{
        select: { native: true },
        htmlInput: { 'data-testid': `lessee-${field}` },
        inputLabel: { shrink: true },
      }}
    >
      {field === 'gender' && <option value="">— Chọn giới tính —</option>}
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </TextField>
  );
}

/** 'Quét mã QR CCCD', and whose card filled the form in. */
export function CardScanPrompt({
  disabled,
  scannedName,
  onScan,
}: {
  disabled: boolean;
  scannedName: string | null;
  onScan: () => void;
}) {
  return (
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
        onClick={onScan}
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
  );
}

/** 'Là người đại diện hợp đồng' (the current representative only reads that they are). */
export function RepresentativeSwitch({
  isCurrentRepresentative,
  checked,
  disabled,
  onChange,
}: {
  isCurrentRepresentative: boolean;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  if (isCurrentRepresentative) {
    return (
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Đang là người đại diện của hợp đồng. Muốn đổi, hãy chọn người đại diện khác.
        </Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            disabled={disabled}
            slotProps={{ input: { 'aria-describedby': 'lessee-representative-help' } }}
          />
        }
        label="Là người đại diện hợp đồng"
      />
      <Typography id="lessee-representative-help" variant="body2" sx={{ color: 'text.secondary' }}>
        Người đại diện hiện tại (nếu có) sẽ tự động thôi làm đại diện.
      </Typography>
    </Box>
  );
}

/** 'Cư trú': residence, the reason and address of the stay, its dates, and notes. */
export function ResidenceSection({ form }: { form: LesseeFieldsForm }) {
  return (
    <Section title="Cư trú">
      <LesseeTextField form={form} field="permanentResidence" full />
      <LesseeTextField form={form} field="temporaryResidence" full />
      <LesseeTextField form={form} field="residentialReason" full />
      <LesseeTextField form={form} field="residentialAddress" full />
      <LesseeDateField form={form} field="residentialStartDate" />
      <LesseeDateField form={form} field="residentialEndDate" />
      <LesseeTextField form={form} field="notes" full multiline />
    </Section>
  );
}
