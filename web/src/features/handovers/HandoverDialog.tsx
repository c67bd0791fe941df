import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEVICE_STATE_LABELS,
  DEVICE_STATES,
  HANDOVER_KIND_LABELS,
  HANDOVER_MESSAGES,
  type DeviceState,
  type HandoverKind,
  type HandoverPrefill,
  type HandoverView,
} from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { DateField } from '../../components/dates/DateField';
import { DialogForm, FormDialog, TWO_COLUMN_FIELDS_SX } from '../../components/FormDialog';
import { notifyFailure } from '../../components/mutationFeedback';
import { isApiError } from '../../lib/api';
import { vietnamToday } from '../../lib/api/resources/reservations';
import { notify } from '../../lib/toast';
import { saveHandover } from './handoversApi';
import { draftOf, handoverInput, type HandoverDraft, type HandoverFieldErrors } from './handoverRules';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  contractID: string;
  kind: HandoverKind;
  record: HandoverView | undefined;
  prefill: HandoverPrefill;
  onSaved: (record: HandoverView) => void;
}

/** The 400 reply's field messages (`devices[0].note` read as `devices.0.note`, as the form names them). */
function serverFieldErrors(body: unknown): HandoverFieldErrors {
  const errors: HandoverFieldErrors = {};
  if (!Array.isArray(body)) return errors;
  for (const item of body as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { field, errorMessage } = item as { field?: unknown; errorMessage?: unknown };
    if (typeof field === 'string' && typeof errorMessage === 'string') {
      errors[field.replace(/\[(\d+)\]/g, '.$1')] ??= errorMessage;
    }
  }
  return errors;
}

/** The form's state and saving: field messages from the shared rules, then from the server. */
function useHandoverForm({ contractID, kind, record, prefill, onSaved }: DialogProps) {
  const [draft, setDraft] = useState<HandoverDraft>(() => draftOf(record, prefill, vietnamToday()));
  const [errors, setErrors] = useState<HandoverFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Omit<HandoverDraft, 'devices'>, value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const setDevice = (index: number, changes: Partial<HandoverDraft['devices'][number]>) =>
    setDraft((current) => ({
      ...current,
      devices: current.devices.map((device, at) => (at === index ? { ...device, ...changes } : device)),
    }));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = handoverInput(contractID, kind, draft, prefill);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await saveHandover(checked.input);
      notify.success(HANDOVER_MESSAGES.saved);
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.status === 400) setErrors(serverFieldErrors(error.body));
      notifyFailure('Lưu biên bản thất bại!', error);
    } finally {
      setBusy(false);
    }
  };
  return { draft, errors, busy, set, setDevice, submit };
}

function DeviceRows({ kind, form }: { kind: HandoverKind; form: ReturnType<typeof useHandoverForm> }) {
  const { draft, errors, busy, setDevice } = form;
  if (draft.devices.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>Phòng chưa có thiết bị nào.</Typography>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="handover-devices">
      {draft.devices.map((device, index) => (
        <Box
          key={device.deviceID}
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <Typography sx={{ gridColumn: '1 / -1', fontWeight: 600 }}>
            {device.deviceName} (SL: {device.quantity})
          </Typography>
          <TextField
            select
            size="small"
            label="Tình trạng"
            value={device.state}
            disabled={busy}
            onChange={(event) => setDevice(index, { state: event.target.value as DeviceState })}
            slotProps={{ htmlInput: { 'data-testid': `handover-device-state-${index}` } }}
          >
            {DEVICE_STATES.map((state) => (
              <MenuItem key={state} value={state}>
                {DEVICE_STATE_LABELS[state]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Ghi chú"
            value={device.note}
            disabled={busy}
            onChange={(event) => setDevice(index, { note: event.target.value })}
            error={Boolean(errors[`devices.${index}.note`])}
            helperText={errors[`devices.${index}.note`]}
          />
          {kind === 'moveOut' && (
            <TextField
              size="small"
              label="Bồi thường (đồng)"
              value={device.damageAmount}
              disabled={busy}
              inputMode="numeric"
              onChange={(event) => setDevice(index, { damageAmount: event.target.value })}
              error={Boolean(errors[`devices.${index}.damageAmount`])}
              helperText={
                errors[`devices.${index}.damageAmount`] ??
                'Chỉ tính khi thiết bị xấu đi so với lúc nhận phòng.'
              }
              slotProps={{ htmlInput: { 'data-testid': `handover-device-amount-${index}` } }}
            />
          )}
        </Box>
      ))}
    </Box>
  );
}

/** 'Lập biên bản nhận/trả phòng': the day, the meters, the keys, each device's state, a note. */
export function HandoverDialog(props: DialogProps) {
  const { open, onClose, kind } = props;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={`Biên bản ${HANDOVER_KIND_LABELS[kind].toLowerCase()}`}
      titleId="handover-dialog-title"
      testId="handover-dialog"
    >
      <HandoverForm {...props} />
    </FormDialog>
  );
}

function HandoverForm(props: DialogProps) {
  const form = useHandoverForm(props);
  const { draft, errors, busy, set, submit } = form;
  const field = (name: keyof Omit<HandoverDraft, 'devices'>, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={draft[name]}
      disabled={busy}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      slotProps={{ htmlInput: { 'data-testid': `handover-${name}` } }}
      {...extra}
    />
  );
  return (
    <DialogForm
      label="Biên bản bàn giao"
      onSubmit={submit}
      actions={{ onCancel: props.onClose, busy, submitLabel: 'Lưu biên bản', submitTestId: 'handover-save' }}
    >
      <Box sx={TWO_COLUMN_FIELDS_SX}>
        <DateField
          label="Ngày bàn giao"
          value={draft.handoverDate}
          onChange={(value) => set('handoverDate', value)}
          disabled={busy}
          error={Boolean(errors.handoverDate)}
          helperText={errors.handoverDate ?? ' '}
          testId="handover-handoverDate"
        />
        {field('keyCount', 'Số chìa khoá', { inputMode: 'numeric' })}
        {field('electricityIndex', `Chỉ số điện (từ ${props.prefill.minElectricityIndex})`, {
          inputMode: 'decimal',
        })}
        {field('waterIndex', `Chỉ số nước (từ ${props.prefill.minWaterIndex})`, { inputMode: 'decimal' })}
        <Box sx={{ gridColumn: '1 / -1' }}>{field('keyNote', 'Ghi chú chìa khoá', { fullWidth: true })}</Box>
      </Box>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, my: 1 }}>
        Thiết bị trong phòng
      </Typography>
      <DeviceRows kind={props.kind} form={form} />
      <Box sx={{ mt: 2 }}>
        {field('note', 'Ghi chú chung', { fullWidth: true, multiline: true, minRows: 2 })}
      </Box>
    </DialogForm>
  );
}
