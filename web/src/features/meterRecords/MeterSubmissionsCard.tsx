import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  METER_KIND_LABELS,
  METER_KINDS,
  METER_SUBMISSION_STATUS_LABELS,
  METER_UNITS,
  meterSubmissionDecisionSchema,
  type ImageLink,
  type MeterKind,
  type MeterSubmissionView,
} from '@nhatro/common';
import { useState } from 'react';
import { failureText, isSessionExpiry } from '../../components/mutationFeedback';
import { SectionCard } from '../../components/SectionCard';
import { formatDateTime, formatNumber } from '../../lib/format';
import { notify } from '../../lib/toast';
import { acceptMeterSubmission, useHouseMeterSubmissions } from './meterRecordsApi';

const INDEX_FIELD = { electricity: 'electricityIndex', water: 'waterIndex' } as const;

function Photo({ link, alt, testId }: { link: ImageLink | undefined; alt: string; testId: string }) {
  if (!link) {
    return (
      <Box
        data-testid={testId}
        sx={{
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          borderRadius: 1,
          aspectRatio: '4 / 3',
        }}
      >
        <Typography variant="caption" sx={{ color: 'text.secondary', p: 1, textAlign: 'center' }}>
          Chưa có ảnh
        </Typography>
      </Box>
    );
  }
  return (
    <a href={link.url} target="_blank" rel="noreferrer" data-testid={testId}>
      <Box
        component="img"
        src={link.thumbnailURL ?? link.url}
        alt={alt}
        sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1, display: 'block' }}
      />
    </a>
  );
}

/** One meter of a sending: the tenant's index and photo beside last month's photo. */
function MeterLine({ submission, kind }: { submission: MeterSubmissionView; kind: MeterKind }) {
  const label = METER_KIND_LABELS[kind];
  const corrected =
    kind === 'electricity' ? submission.correctedElectricityIndex : submission.correctedWaterIndex;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}: {formatNumber(submission[INDEX_FIELD[kind]])} {METER_UNITS[kind]}
        {corrected !== undefined &&
          corrected !== submission[INDEX_FIELD[kind]] &&
          ` → ${formatNumber(corrected)}`}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <Box>
          <Typography variant="caption">Ảnh khách gửi</Typography>
          <Photo
            link={submission.photos[kind]?.sent}
            alt={`Đồng hồ ${label.toLowerCase()} phòng ${submission.roomName}, khách gửi`}
            testId={`submission-photo-${kind}`}
          />
        </Box>
        <Box>
          <Typography variant="caption">Ảnh tháng trước</Typography>
          <Photo
            link={submission.photos[kind]?.previous}
            alt={`Đồng hồ ${label.toLowerCase()} phòng ${submission.roomName}, tháng trước`}
            testId={`submission-previous-photo-${kind}`}
          />
        </Box>
      </Box>
    </Box>
  );
}

/** Accept as sent, or open the two fields and accept the corrected values. */
function Decision({ submission }: { submission: MeterSubmissionView }) {
  const [correcting, setCorrecting] = useState(false);
  const [values, setValues] = useState({
    electricity: String(submission.electricityIndex),
    water: String(submission.waterIndex),
  });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);

  const decide = async (input: Record<string, unknown>) => {
    const parsed = meterSubmissionDecisionSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<string, string>> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await acceptMeterSubmission(submission.meterSubmissionID, parsed.data);
      if (saved.message) notify.success(saved.message);
    } catch (error) {
      if (!isSessionExpiry(error)) notify.error(failureText('Duyệt chỉ số thất bại!', error));
    } finally {
      setBusy(false);
    }
  };

  if (!correcting) {
    return (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          loading={busy}
          onClick={() => void decide({})}
          data-testid="submission-accept"
        >
          Duyệt
        </Button>
        <Button variant="outlined" onClick={() => setCorrecting(true)} data-testid="submission-correct">
          Sửa
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {METER_KINDS.map((kind) => (
        <TextField
          key={kind}
          size="small"
          type="number"
          label={`Chỉ số ${METER_KIND_LABELS[kind].toLowerCase()} đúng`}
          value={values[kind]}
          onChange={(event) => setValues((current) => ({ ...current, [kind]: event.target.value }))}
          error={errors[INDEX_FIELD[kind]] !== undefined}
          helperText={errors[INDEX_FIELD[kind]] ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': `submission-correct-${kind}` } }}
        />
      ))}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          loading={busy}
          onClick={() =>
            void decide({
              electricityIndex: values.electricity === '' ? undefined : Number(values.electricity),
              waterIndex: values.water === '' ? undefined : Number(values.water),
              // The reader has the photos in front of them: a high use they type is confirmed.
              confirmed: true,
            })
          }
          data-testid="submission-correct-save"
        >
          Sửa và duyệt
        </Button>
        <Button onClick={() => setCorrecting(false)}>Hủy</Button>
      </Box>
    </Box>
  );
}

/**
 * The tenants' sendings of the month on the meter board (issue 27): each meter's index and photo beside
 * last month's, to accept or correct. Shown only when some tenant sent readings.
 */
export function MeterSubmissionsCard({ houseID, month }: { houseID: string; month: string }) {
  const { data, error } = useHouseMeterSubmissions(houseID, month);
  if (error) return <Alert severity="warning">Không tải được chỉ số khách gửi.</Alert>;
  const submissions = data?.value ?? [];
  if (submissions.length === 0) return null;
  const pending = submissions.filter((submission) => submission.status === 'pending').length;
  return (
    <SectionCard
      id="meter-submissions"
      title={`Chỉ số khách gửi (${pending} chờ duyệt)`}
      testId="meter-submissions"
    >
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
        {submissions.map((submission) => (
          <Box
            component="li"
            key={submission.meterSubmissionID}
            data-testid={`submission-${submission.roomName}`}
            sx={{ display: 'grid', gap: 1, borderTop: 1, borderColor: 'divider', pt: 1 }}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>Phòng {submission.roomName}</Typography>
              <Chip
                size="small"
                label={METER_SUBMISSION_STATUS_LABELS[submission.status]}
                color={submission.status === 'pending' ? 'warning' : 'default'}
                data-testid="submission-status"
              />
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {submission.submittedByName ?? 'Khách thuê'} gửi lúc {formatDateTime(submission.submittedOn)}
              </Typography>
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              {METER_KINDS.map((kind) => (
                <MeterLine key={kind} submission={submission} kind={kind} />
              ))}
            </Box>
            {submission.status === 'pending' && <Decision submission={submission} />}
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
