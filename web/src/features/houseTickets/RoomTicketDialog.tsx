import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import {
  billLineInputSchema,
  parseVietnameseNumber,
  type BillLine,
  type BillLineInput,
} from '@nhatro/common';
import { useState, type FormEvent } from 'react';
import { FormDialog, FormDialogActions } from '../../components/FormDialog';
import { DIALOG_FORM_SX } from '../../components/fieldForm';
import { formatMoney } from '../../lib/format';
import type { RoomTicketView } from './houseTicketsApi';

interface LineRow {
  key: number;
  /** The line as the draft had it (kept fields: kind, quantity, unit, tiers…); null for a new one. */
  original: BillLine | null;
  description: string;
  amount: string;
  touched: boolean;
}

type RowErrors = Partial<Record<'description' | 'amount', string>>;

function toInput(row: LineRow): unknown {
  const amount = parseVietnameseNumber(row.amount);
  const original = row.original;
  if (original === null) {
    return { kind: 'other', description: row.description, quantity: 1, amount };
  }
  const sameAmount = amount === original.amount;
  const kept: Record<string, unknown> = {
    kind: original.kind,
    description: row.description,
    quantity: original.quantity,
    amount,
  };
  // The amount is the landlord's: a changed one no longer follows the unit price, tiers or note.
  if (original.unit !== undefined) kept.unit = original.unit;
  if (sameAmount && original.unitPrice !== undefined) kept.unitPrice = original.unitPrice;
  if (sameAmount && original.note !== undefined) kept.note = original.note;
  if (sameAmount && original.tiers !== undefined) kept.tiers = original.tiers;
  for (const field of ['serviceID', 'vehicleID', 'fromBillID'] as const) {
    if (original[field] !== undefined) kept[field] = original[field];
  }
  return kept;
}

function validateRow(row: LineRow): { errors: RowErrors; line: BillLineInput | null } {
  const errors: RowErrors = {};
  if (row.amount.trim() === '') errors.amount = 'Số tiền không được để trống!';
  const result = billLineInputSchema.safeParse(toInput(row));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] === 'description' ? 'description' : 'amount';
      errors[field] ??= issue.message;
    }
  }
  return { errors, line: result.success && Object.keys(errors).length === 0 ? result.data : null };
}

/** One line being edited: what it is for, its amount in đồng, and its removal. */
function LineRowFields({
  row,
  index,
  errors,
  submitted,
  onChange,
  onRemove,
}: {
  row: LineRow;
  index: number;
  errors: RowErrors;
  submitted: boolean;
  onChange: (patch: Partial<LineRow>) => void;
  onRemove: () => void;
}) {
  const show = (field: keyof RowErrors) => (row.touched || submitted ? errors[field] : undefined);
  const amount = parseVietnameseNumber(row.amount);
  return (
    <Box
      component="li"

      sx={{
        listStyle: 'none',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: '2fr 1fr auto' },
        gap: 1,
        alignItems: 'start',
      }}
      data-testid="ticket-line"
    >
      <TextField
        size="small"
        label="Khoản thu"
        value={row.description}
        onChange={(event) => onChange({ description: event.target.value })}
        onBlur={() => onChange({ touched: true })}
        error={show('description') !== undefined}
        helperText={show('description') ?? row.original?.note}
        slotProps={{ htmlInput: { 'data-testid': 'ticket-line-description' } }}
        sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' } }}
      />
      <TextField
        size="small"
        label="Số tiền (đ)"
        value={row.amount}
        onChange={(event) => onChange({ amount: event.target.value })}
        onBlur={() => onChange({ touched: true })}
        error={show('amount') !== undefined}
        helperText={
          show('amount') ?? (amount !== undefined && Number.isFinite(amount) ? formatMoney(amount) : ' ')
        }
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'ticket-line-amount' } }}
        sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 'span 1', sm: 'auto' } }}
      />
      <IconButton
        aria-label={`Xóa khoản thu ${row.description || index + 1}`}
        color="error"
        onClick={onRemove}
        sx={{ gridColumn: { xs: '2 / 3', sm: 'auto' }, gridRow: { xs: '1 / 3', sm: 'auto' } }}
        data-testid="ticket-line-remove"
      >
        <DeleteOutline />
      </IconButton>
    </Box>
  );
}

function LinesForm({
  roomTicket,
  onClose,
  onSave,
}: {
  roomTicket: RoomTicketView;
  onClose: () => void;
  onSave: (lines: BillLineInput[]) => Promise<boolean>;
}) {
  const [rows, setRows] = useState<LineRow[]>(() =>
    roomTicket.lines.map((line, index) => ({
      key: index,
      original: line,
      description: line.description,
      amount: String(line.amount),
      touched: false,
    })),
  );
  const [nextKey, setNextKey] = useState(roomTicket.lines.length);
  const [isSaving, setIsSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const checked = rows.map(validateRow);
  const total = checked.reduce((sum, { line }) => sum + (line?.amount ?? 0), 0);

  const update = (key: number, patch: Partial<LineRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (isSaving) return;
    const lines = checked.map(({ line }) => line);
    if (lines.some((line) => line === null)) return;
    setIsSaving(true);
    const saved = await onSave(lines as BillLineInput[]);
    if (saved) onClose();
    else setIsSaving(false);
  };

  return (
    <Box
      component="form"
      noValidate
      sx={DIALOG_FORM_SX}
      onSubmit={(event) => void submit(event)}
      aria-label={`Khoản thu phòng ${roomTicket.roomName}`}
    >
      <DialogContent dividers>
        {rows.length === 0 && (
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>Phòng chưa có khoản thu nào.</Typography>
        )}
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2 }} data-testid="ticket-lines">
          {rows.map((row, index) => (
            <LineRowFields
              key={row.key}
              row={row}
              index={index}
              errors={checked[index]?.errors ?? {}}
              submitted={submitted}
              onChange={(patch) => update(row.key, patch)}
              onRemove={() => setRows((current) => current.filter((other) => other.key !== row.key))}
            />
          ))}
        </Box>
        <Button
          startIcon={<AddOutlined />}
          sx={{ mt: 2 }}
          onClick={() => {
            setRows((current) => [
              ...current,
              { key: nextKey, original: null, description: '', amount: '', touched: false },
            ]);
            setNextKey((key) => key + 1);
          }}
          data-testid="ticket-line-add"
        >
          Thêm khoản thu
        </Button>
        <Typography sx={{ mt: 2, fontWeight: 700 }} data-testid="ticket-lines-total">
          Tổng cộng: {formatMoney(total)}
        </Typography>
      </DialogContent>
      <FormDialogActions
        onCancel={onClose}
        busy={isSaving}
        submitLabel="Lưu khoản thu"
        submitTestId="ticket-lines-submit"
      />
    </Box>
  );
}

/** Edits the lines of one room's draft bill: amounts in đồng, a line added or removed. */
export function RoomTicketDialog({
  roomTicket,
  onClose,
  onSave,
}: {
  roomTicket: RoomTicketView | null;
  onClose: () => void;
  onSave: (lines: BillLineInput[]) => Promise<boolean>;
}) {
  return (
    <FormDialog
      open={roomTicket !== null}
      onClose={onClose}
      title={roomTicket ? `Khoản thu phòng ${roomTicket.roomName}` : ''}
      titleId="room-ticket-dialog-title"
      testId="room-ticket-dialog"
    >
      {roomTicket !== null && <LinesForm roomTicket={roomTicket} onClose={onClose} onSave={onSave} />}
    </FormDialog>
  );
}
