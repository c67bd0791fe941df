import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import {
  BILL_MESSAGES,
  cashPaymentSchema,
  parseVietnameseNumber,
  type CashPaymentInput,
} from '@nhatro/common';
import { useCallback, useId, useState, type FormEvent } from 'react';
import {
  DIALOG_FORM_SX,
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
  type FieldErrors,
} from '../../components/fieldForm';
import { FormDialog, FormDialogActions } from '../../components/crud';
import { notifyFailure } from '../../components/mutationFeedback';
import { isApiError } from '../../lib/api';
import { revalidateBills } from '../../lib/api/resources/monthlyBills';
import { formatMoney, formatNumber } from '../../lib/format';
import { notify } from '../../lib/toast';

// Cash collected by the landlord on a bill or a one-time charge ('Thu tiền mặt').

const PAYMENT_FIELDS = ['amount', 'note'] as const;
type PaymentField = (typeof PAYMENT_FIELDS)[number];

function validatePayment(values: Record<PaymentField, string>, owed: number) {
  const amount = parseVietnameseNumber(values.amount);
  const result = validateWithSchema<PaymentField, CashPaymentInput>(
    cashPaymentSchema,
    { amount, note: values.note.trim() === '' ? undefined : values.note },
    { amount: 'Số tiền thanh toán' },
  );
  if (result.errors.amount === undefined && typeof amount === 'number' && amount > owed) {
    const errors: FieldErrors<PaymentField> = { ...result.errors, amount: BILL_MESSAGES.overpaid(owed) };
    return { errors, data: null };
  }
  return result;
}

function CashPaymentForm({
  owed,
  subject,
  onClose,
  onSubmit,
}: {
  owed: number;
  subject: string;
  onClose: () => void;
  /** Sends the payment; resolves true when it was recorded. A rejection carries the 400's field errors. */
  onSubmit: (payment: CashPaymentInput) => Promise<boolean>;
}) {
  const validate = useCallback(
    (values: Record<PaymentField, string>) => validatePayment(values, owed).errors,
    [owed],
  );
  const form = useFieldForm<PaymentField>({ amount: formatNumber(owed), note: '' }, validate);
  const [busy, setBusy] = useState(false);
  const amount = parseVietnameseNumber(form.values.amount);
  const amountBinding = form.bind('amount');
  const left = typeof amount === 'number' && Number.isFinite(amount) ? owed - amount : null;
  const hint =
    left !== null && left > 0 && left < owed
      ? `Thu một phần: còn nợ ${formatMoney(left)} sau lần thu này.`
      : left === 0
        ? 'Thu đủ số còn nợ.'
        : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    form.touchAll();
    const { data } = validatePayment(form.values, owed);
    if (data === null) return;
    setBusy(true);
    try {
      if (await onSubmit(data)) onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        form.setServerErrors(fieldErrorsFromBody(error.body, PAYMENT_FIELDS));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      sx={DIALOG_FORM_SX}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Thu tiền mặt"
    >
      <DialogContent dividers>
        <Typography sx={{ mb: 2 }}>
          {subject}: còn nợ <strong data-testid="cash-owed">{formatMoney(owed)}</strong>. Có thể thu một phần;
          phần còn lại vẫn được ghi nợ.
        </Typography>
        <TextField
          id="cash-amount"
          name="amount"
          label="Số tiền thu"
          {...amountBinding}
          helperText={reservedHelperText(amountBinding.helperText ?? hint)}
          required
          fullWidth
          autoFocus
          autoComplete="off"
          disabled={busy}
          slotProps={{
            htmlInput: { inputMode: 'numeric', 'data-testid': 'cash-amount' },
            input: { endAdornment: <InputAdornment position="end">₫</InputAdornment> },
          }}
        />
        <TextField
          id="cash-note"
          name="note"
          label="Ghi chú (không bắt buộc)"
          {...form.bind('note')}
          helperText={reservedHelperText(form.visibleError('note'))}
          fullWidth
          multiline
          minRows={2}
          disabled={busy}
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'cash-note', maxLength: 300 } }}
        />
      </DialogContent>
      <FormDialogActions
        onCancel={onClose}
        busy={busy}
        submitLabel="Xác nhận đã thu"
        submitTestId="cash-submit"
      />
    </Box>
  );
}

/** 'Thu tiền mặt': the amount (prefilled with what is owed, a part allowed) and an optional note. */
export function CashPaymentDialog({
  open,
  owed,
  subject,
  onClose,
  onSubmit,
}: {
  open: boolean;
  owed: number;
  /** What is paid, e.g. the bill's name. */
  subject: string;
  onClose: () => void;
  onSubmit: (payment: CashPaymentInput) => Promise<boolean>;
}) {
  const titleId = useId();
  return (
    <FormDialog open={open} onClose={onClose} title="Thu tiền mặt" titleId={titleId} testId="cash-dialog">
      <CashPaymentForm owed={owed} subject={subject} onClose={onClose} onSubmit={onSubmit} />
    </FormDialog>
  );
}

export const STALE_BILL_TEXT = 'Hóa đơn vừa được cập nhật ở nơi khác: đã tải lại, hãy kiểm tra rồi thu lại.';

/**
 * Cash collection on a bill or a charge: the dialog's open state and the call, with the spec's toast; a
 * stale copy (412) reloads and says so, any other failure toasts the server's reason.
 */
export function useCashPayment<T>(
  send: (payment: CashPaymentInput) => Promise<T>,
  onChanged: (next?: T) => void,
) {
  const [isOpen, setOpen] = useState(false);
  const pay = async (payment: CashPaymentInput): Promise<boolean> => {
    try {
      const updated = await send(payment);
      notify.success(BILL_MESSAGES.billPaid);
      onChanged(updated);
      void revalidateBills();
      return true;
    } catch (error) {
      if (isApiError(error) && error.status === 412) {
        notify.error(STALE_BILL_TEXT);
        onChanged();
        return true;
      }
      notifyFailure(`${BILL_MESSAGES.billPayFailed}!`, error);
      throw error;
    }
  };
  return { isOpen, open: () => setOpen(true), close: () => setOpen(false), pay };
}

export function CollectCashButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  return (
    <Button variant="contained" startIcon={<PaymentsOutlined />} onClick={onClick} data-testid={testId}>
      Thu tiền mặt
    </Button>
  );
}
