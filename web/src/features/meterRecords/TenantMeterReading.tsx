import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import {
  DEFAULT_TENANT_READING_DEADLINE_DAY,
  METER_KIND_LABELS,
  METER_KINDS,
  METER_SUBMISSION_STATUS_LABELS,
  METER_UNITS,
  TENANT_READING_MESSAGES,
  meterSubmissionSchema,
  type MeterKind,
  type MeterSubmission,
} from '@nhatro/common';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { preparePhoto } from '../../components/photoFile';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { SectionCard } from '../../components/SectionCard';
import { isApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { notify } from '../../lib/toast';
import { sendMeterSubmission, uploadMeterPhoto, useOwnMeterSubmissions } from './meterRecordsApi';

const INDEX_FIELD = { electricity: 'electricityIndex', water: 'waterIndex' } as const;
const IMAGE_FIELD = { electricity: 'electricityImage', water: 'waterImage' } as const;
type Errors = Partial<Record<string, string>>;

function fieldErrorsOf(body: unknown): Errors {
  if (!Array.isArray(body)) return {};
  const errors: Errors = {};
  for (const item of body as Array<{ field?: unknown; errorMessage?: unknown }>) {
    if (typeof item.field === 'string' && typeof item.errorMessage === 'string') {
      errors[item.field] ??= item.errorMessage;
    }
  }
  return errors;
}

/** One meter: its index and the photo taken with the phone's camera (uploaded as soon as it is taken). */
function MeterField({
  kind,
  value,
  onValue,
  photo,
  busy,
  onPhoto,
  errors,
}: {
  kind: MeterKind;
  value: string;
  onValue: (value: string) => void;
  photo: string | undefined;
  busy: boolean;
  onPhoto: (file: File) => void;
  errors: Errors;
}) {
  const label = `Chỉ số ${METER_KIND_LABELS[kind].toLowerCase()} (${METER_UNITS[kind]})`;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPhoto(file);
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label={label}
        type="number"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        error={errors[INDEX_FIELD[kind]] !== undefined}
        helperText={errors[INDEX_FIELD[kind]] ?? ' '}
        slotProps={{ htmlInput: { inputMode: 'decimal', min: 0, 'data-testid': `tenant-meter-${kind}` } }}
        fullWidth
      />
      <Button
        component="label"
        variant={photo ? 'outlined' : 'contained'}
        color={photo ? 'success' : 'primary'}
        startIcon={<PhotoCameraOutlined />}
        loading={busy}
        sx={{ minHeight: 44 }}
      >
        {photo
          ? `Đã chụp đồng hồ ${METER_KIND_LABELS[kind].toLowerCase()} · chụp lại`
          : `Chụp đồng hồ ${METER_KIND_LABELS[kind].toLowerCase()}`}
        <input
          hidden
          type="file"
          accept="image/*"
          capture="environment"
          onChange={choose}
          data-testid={`tenant-meter-photo-${kind}`}
        />
      </Button>
      {errors[IMAGE_FIELD[kind]] && (
        <Typography role="alert" variant="body2" color="error">
          {errors[IMAGE_FIELD[kind]]}
        </Typography>
      )}
    </Box>
  );
}

/** What the tenant sent this month and what the landlord decided. */
function SentStatus({ sent }: { sent: MeterSubmission }) {
  return (
    <Alert
      severity={sent.status === 'pending' ? 'info' : 'success'}
      sx={{ mb: 2 }}
      data-testid="tenant-meter-sent"
    >
      Đã gửi: điện {formatNumber(sent.electricityIndex)}, nước {formatNumber(sent.waterIndex)} —{' '}
      {METER_SUBMISSION_STATUS_LABELS[sent.status]}
      {sent.correctedElectricityIndex !== undefined &&
        ` (chủ nhà sửa: điện ${formatNumber(sent.correctedElectricityIndex)}, nước ${formatNumber(sent.correctedWaterIndex ?? sent.waterIndex)})`}
    </Alert>
  );
}

/**
 * 'Ghi chỉ số điện nước' on the tenant's room page (issue 27), shown when the house lets tenants read
 * their own meters: both indexes, a photo of each meter, sent until the deadline day; then what was sent
 * and whether the landlord accepted it.
 */
export function TenantMeterReadingSection({
  houseID,
  deadlineDay,
}: {
  houseID: string;
  deadlineDay?: number;
}) {
  const { data, mutate } = useOwnMeterSubmissions();
  const [values, setValues] = useState<Record<MeterKind, string>>({ electricity: '', water: '' });
  const [photos, setPhotos] = useState<Partial<Record<MeterKind, string>>>({});
  const [busy, setBusy] = useState<Partial<Record<MeterKind, boolean>>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const sent = data?.value[0];
  const deadline = deadlineDay ?? DEFAULT_TENANT_READING_DEADLINE_DAY;

  const takePhoto = async (kind: MeterKind, file: File) => {
    setBusy((current) => ({ ...current, [kind]: true }));
    try {
      const blobName = await uploadMeterPhoto(houseID, await preparePhoto(file));
      setPhotos((current) => ({ ...current, [kind]: blobName }));
      setErrors((current) => ({ ...current, [IMAGE_FIELD[kind]]: undefined }));
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Tải ảnh lên thất bại!', error));
    } finally {
      setBusy((current) => ({ ...current, [kind]: false }));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = {};
    for (const kind of METER_KINDS) {
      if (!photos[kind])
        missing[IMAGE_FIELD[kind]] = TENANT_READING_MESSAGES.photoRequired(METER_KIND_LABELS[kind]);
    }
    const parsed = meterSubmissionSchema.safeParse({
      electricityIndex: values.electricity === '' ? undefined : Number(values.electricity),
      waterIndex: values.water === '' ? undefined : Number(values.water),
      electricityImage: photos.electricity ?? '-',
      waterImage: photos.water ?? '-',
    });
    const local: Errors = { ...missing };
    if (!parsed.success) {
      for (const issue of parsed.error.issues) local[String(issue.path[0])] ??= issue.message;
    }
    setErrors(local);
    setRefusal(undefined);
    if (!parsed.success || Object.keys(missing).length > 0) return;
    setSending(true);
    try {
      const saved = await sendMeterSubmission(parsed.data);
      notify.success(saved.message ?? TENANT_READING_MESSAGES.sent);
      setValues({ electricity: '', water: '' });
      setPhotos({});
      await mutate();
    } catch (error) {
      if (isApiError(error) && error.status === 400) setErrors(fieldErrorsOf(error.body));
      else if (isApiError(error)) setRefusal(error.message);
      else if (!isSessionExpiry(error)) notify.error(failureText('Gửi chỉ số thất bại!', error));
    } finally {
      setSending(false);
    }
  };

  return (
    <SectionCard id="tenant-meters" title="Ghi chỉ số điện nước" testId="tenant-meters">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Nhập chỉ số và chụp ảnh từng đồng hồ trước hết ngày {deadline} hằng tháng. Sau hạn này, nhân viên sẽ
        ghi chỉ số phòng bạn.
      </Typography>
      {sent && <SentStatus sent={sent} />}
      {refusal && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="tenant-meter-refusal">
          {refusal}
        </Alert>
      )}
      {(sent === undefined || sent.status === 'pending') && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          sx={{ display: 'grid', gap: 2 }}
        >
          {METER_KINDS.map((kind) => (
            <MeterField
              key={kind}
              kind={kind}
              value={values[kind]}
              onValue={(value) => setValues((current) => ({ ...current, [kind]: value }))}
              photo={photos[kind]}
              busy={busy[kind] === true}
              onPhoto={(file) => void takePhoto(kind, file)}
              errors={errors}
            />
          ))}
          <Button
            type="submit"
            variant="contained"
            loading={sending}
            sx={{ minHeight: 44 }}
            data-testid="tenant-meter-send"
          >
            {sent ? 'Gửi lại chỉ số' : 'Gửi chỉ số'}
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}
