import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import RadioButtonUncheckedOutlined from '@mui/icons-material/RadioButtonUncheckedOutlined';
import SkipNextOutlined from '@mui/icons-material/SkipNextOutlined';
import { METER_KINDS, METER_KIND_LABELS, METER_UNITS, type MeterKind } from '@nhatro/common';
import { memo, useRef, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { formatNumber } from '../../lib/format';
import {
  draftFromRecord,
  liveUsage,
  type KindDraft,
  type KindProblem,
  type RoomDraft,
  type RoomRecords,
} from './meterDrafts';

/** Where a room stands: what the reader sees at a glance while walking the corridor. */
export type RoomState = 'unread' | 'partial' | 'done' | 'saving' | 'pending' | 'invalid';

export type RoomProblems = Partial<Record<MeterKind, KindProblem>>;

/** The id of a room's first input, which 'Phòng tiếp' focuses. */
export function meterInputId(roomID: string, kind: MeterKind): string {
  return `meter-${roomID}-${kind}`;
}

export function meterCardId(roomID: string): string {
  return `meter-room-${roomID}`;
}

function StateChip({ state, missing, onRetry }: { state: RoomState; missing: string; onRetry: () => void }) {
  switch (state) {
    case 'done':
      return (
        <Chip
          size="small"
          color="success"
          icon={<CheckCircleOutlined />}
          label="Đã ghi"
          data-testid="meter-state-chip"
        />
      );
    case 'saving':
      return <Chip size="small" label="Đang lưu…" data-testid="meter-state-chip" />;
    case 'pending':
      return (
        <Chip
          size="small"
          color="error"
          icon={<CloudOffOutlined />}
          label="Chưa lưu – thử lại"
          onClick={onRetry}
          data-testid="meter-state-chip"
        />
      );
    case 'invalid':
      return <Chip size="small" color="error" label="Chưa lưu" data-testid="meter-state-chip" />;
    case 'partial':
      return (
        <Chip
          size="small"
          color="warning"
          icon={<RadioButtonUncheckedOutlined />}
          label={`Chưa ghi ${missing}`}
          data-testid="meter-state-chip"
        />
      );
    case 'unread':
      return (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          icon={<RadioButtonUncheckedOutlined />}
          label="Chưa ghi"
          data-testid="meter-state-chip"
        />
      );
  }
}

/** A replaced meter: the old one's last index and the new one's first. */
function ReplacementFields({
  kind,
  draft,
  problem,
  onChange,
}: {
  kind: MeterKind;
  draft: KindDraft;
  problem: KindProblem | undefined;
  onChange: (patch: Partial<KindDraft>) => void;
}) {
  const numeric = { inputMode: 'numeric', autoComplete: 'off' } as const;
  const problemFor = (field: KindProblem['field']) =>
    problem?.field === field ? problem.message : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mt: 0.5 }}>
      <TextField
        size="small"
        label="Chỉ số cuối đồng hồ cũ"
        value={draft.oldFinal}
        onChange={(event) => onChange({ oldFinal: event.target.value, confirmed: false })}
        error={problemFor('oldMeterFinalIndex') !== undefined}
        helperText={problemFor('oldMeterFinalIndex')}
        slotProps={{ htmlInput: { ...numeric, 'data-testid': `meter-old-final-${kind}` } }}
      />
      <TextField
        size="small"
        label="Chỉ số đầu đồng hồ mới"
        value={draft.newStart}
        onChange={(event) => onChange({ newStart: event.target.value, confirmed: false })}
        error={problemFor('newMeterStartIndex') !== undefined}
        helperText={problemFor('newMeterStartIndex')}
        slotProps={{ htmlInput: { ...numeric, 'data-testid': `meter-new-start-${kind}` } }}
      />
    </Box>
  );
}

/** The camera button (a photo of the meter goes with the reading), and whether one is there. */
function MeterPhotoButton({
  kind,
  label,
  hasPhoto,
  photoBusy,
  onPhoto,
}: {
  kind: MeterKind;
  label: string;
  hasPhoto: boolean;
  photoBusy: boolean;
  onPhoto: (file: File) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const choosePhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPhoto(file);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Chụp ảnh đồng hồ ${label.toLocaleLowerCase('vi')}`}
        onClick={() => fileInput.current?.click()}
        disabled={photoBusy}
        color={hasPhoto ? 'success' : 'default'}
        data-testid={`meter-photo-${kind}`}
      >
        {photoBusy ? <CircularProgress size={18} /> : <PhotoCameraOutlined fontSize="small" />}
      </IconButton>
      {hasPhoto && (
        <Typography variant="caption" sx={{ color: 'success.dark' }}>
          Đã có ảnh
        </Typography>
      )}
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={choosePhoto}
        data-testid={`meter-photo-input-${kind}`}
      />
    </>
  );
}

function KindFields({
  roomID,
  kind,
  previous,
  movedIn,
  draft,
  problem,
  flagged,
  onChange,
  onEnter,
  onConfirm,
  photoBusy,
  onPhoto,
}: {
  roomID: string;
  kind: MeterKind;
  previous: number;
  /** The tenant moved in this month: `previous` is the index they moved in at. */
  movedIn: boolean;
  draft: KindDraft;
  problem: KindProblem | undefined;
  flagged: boolean;
  onChange: (patch: Partial<KindDraft>) => void;
  onEnter: () => void;
  onConfirm: () => void;
  photoBusy: boolean;
  onPhoto: (file: File) => void;
}) {
  const unit = METER_UNITS[kind];
  const label = METER_KIND_LABELS[kind];
  const usage = liveUsage(previous, draft);
  const numeric = { inputMode: 'numeric', autoComplete: 'off' } as const;
  const enterNext = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onEnter();
  };
  const problemFor = (field: KindProblem['field']) =>
    problem?.field === field ? problem.message : undefined;

  let usageText = 'Chưa nhập';
  if (usage !== null) usageText = `Dùng: ${formatNumber(usage)} ${unit}`;
  const indexError = problemFor('newIndex');

  return (
    <Box sx={{ minWidth: 0 }} data-testid={`meter-kind-${kind}`}>
      <Typography sx={{ fontWeight: 700 }}>
        {label}{' '}
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          ({unit})
        </Typography>
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }} data-testid="meter-previous">
        {movedIn ? 'Chỉ số nhận phòng' : 'Chỉ số cũ'}: <strong>{formatNumber(previous)}</strong>
      </Typography>
      <TextField
        id={meterInputId(roomID, kind)}
        label={`${label} mới`}
        value={draft.value}
        onChange={(event) => onChange({ value: event.target.value, confirmed: false })}
        onKeyDown={enterNext}
        error={indexError !== undefined}
        helperText={indexError ?? usageText}
        fullWidth
        slotProps={{
          htmlInput: {
            ...numeric,
            enterKeyHint: 'next',
            'data-testid': `meter-input-${kind}`,
            'aria-describedby': `${meterInputId(roomID, kind)}-helper-text`,
          },
          formHelperText: { sx: { mx: 0 }, 'aria-live': 'polite' } as object,
        }}
      />
      {problem?.needsConfirmation === true && (
        <FormControlLabel
          sx={{ mt: 0.5 }}
          control={
            <Checkbox checked={draft.confirmed} onChange={onConfirm} data-testid={`meter-confirm-${kind}`} />
          }
          label="Xác nhận chỉ số đúng"
        />
      )}
      {flagged && problem === undefined && (
        <Typography variant="caption" sx={{ color: 'warning.dark', display: 'block' }}>
          Mức dùng cao bất thường (đã xác nhận).
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
        <FormControlLabel
          sx={{ mr: 0.5, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
          control={
            <Checkbox
              size="small"
              checked={draft.replaced}
              onChange={(event) => onChange({ replaced: event.target.checked, confirmed: false })}
              slotProps={{ input: { 'data-testid': `meter-replaced-${kind}` } as object }}
            />
          }
          label="Thay đồng hồ"
        />
        <MeterPhotoButton
          kind={kind}
          label={label}
          hasPhoto={draft.imageBlobName !== undefined}
          photoBusy={photoBusy}
          onPhoto={onPhoto}
        />
      </Box>
      {draft.replaced && (
        <ReplacementFields kind={kind} draft={draft} problem={problem} onChange={onChange} />
      )}
    </Box>
  );
}

export interface MeterRoomCardProps {
  roomID: string;
  roomName: string;
  previousElectricity: number;
  previousWater: number;
  /** The room's tenant moved in this month: the previous indexes are the move-in ones. */
  movedIn: boolean;
  records: RoomRecords;
  draft: RoomDraft | undefined;
  state: RoomState;
  problems: RoomProblems | undefined;
  onChange: (roomID: string, kind: MeterKind, patch: Partial<KindDraft>) => void;
  /** Focus left the room's card: it is saved if something changed. */
  onLeave: (roomID: string) => void;
  onNext: (roomID: string) => void;
  onRetry: (roomID: string) => void;
  onConfirm: (roomID: string, kind: MeterKind) => void;
  /** The kind whose photo is being uploaded, if any. */
  photoBusy: MeterKind | undefined;
  onPhoto: (roomID: string, kind: MeterKind, file: File) => void;
}

/** One room: previous indexes, the new ones on a numeric keypad, the use worked out as it is typed. */
export const MeterRoomCard = memo(function MeterRoomCard({
  roomID,
  roomName,
  previousElectricity,
  previousWater,
  movedIn,
  records,
  draft,
  state,
  problems,
  onChange,
  onLeave,
  onNext,
  onRetry,
  onConfirm,
  photoBusy,
  onPhoto,
}: MeterRoomCardProps) {
  const missing = METER_KINDS.filter((kind) => records[kind] === undefined)
    .map((kind) => METER_KIND_LABELS[kind].toLocaleLowerCase('vi'))
    .join(', ');
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    onLeave(roomID);
  };
  const borderColor = {
    done: 'success.main',
    saving: 'divider',
    pending: 'error.main',
    invalid: 'error.main',
    partial: 'warning.main',
    unread: 'warning.main',
  }[state];

  return (
    <Paper
      component="li"
      variant="outlined"
      id={meterCardId(roomID)}
      onBlur={handleBlur}
      data-testid={`meter-room-${roomID}`}
      data-state={state}
      aria-label={`Phòng ${roomName}`}
      sx={{
        listStyle: 'none',
        p: 1.5,
        borderLeft: 5,
        borderLeftColor: borderColor,
        scrollMarginTop: { xs: 64, sm: 80 },
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.125rem', overflowWrap: 'anywhere' }}>
          {roomName}
        </Typography>
        <StateChip state={state} missing={missing} onRetry={() => onRetry(roomID)} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        {METER_KINDS.map((kind) => (
          <KindFields
            key={kind}
            roomID={roomID}
            kind={kind}
            previous={kind === 'electricity' ? previousElectricity : previousWater}
            movedIn={movedIn}
            draft={draft?.[kind] ?? draftFromRecord(records[kind])}
            problem={problems?.[kind]}
            flagged={records[kind]?.flagged === true}
            onChange={(patch) => onChange(roomID, kind, patch)}
            onEnter={() =>
              kind === 'electricity'
                ? document.getElementById(meterInputId(roomID, 'water'))?.focus()
                : onNext(roomID)
            }
            onConfirm={() => onConfirm(roomID, kind)}
            photoBusy={photoBusy === kind}
            onPhoto={(file) => onPhoto(roomID, kind, file)}
          />
        ))}
      </Box>
      <Button
        variant="contained"
        fullWidth
        endIcon={<SkipNextOutlined />}
        onClick={() => onNext(roomID)}
        disabled={state === 'saving'}
        sx={{ mt: 1, minHeight: 44 }}
        data-testid="meter-next"
      >
        Phòng tiếp
      </Button>
    </Paper>
  );
});
