import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import {
  BILL_MESSAGES,
  oneTimeChargeCreateSchema,
  parseVietnameseNumber,
  type OneTimeChargeCreateInput,
} from '@nhatro/common';
import { useCallback, useId, type FormEvent, type ReactNode } from 'react';
import { DateField } from './dates/DateField';
import { FormDialog, FormDialogActions, useEntitySave } from './crud';
import {
  DIALOG_FORM_SX,
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from './fieldForm';
import { isNetworkFailure, isSessionExpiry, serverMessage } from './mutationFeedback';
import { createOneTimeCharge } from '../lib/api/resources/monthlyBills';
import { formatMoney } from '../lib/format';
import { notify } from '../lib/toast';

const CHARGE_FIELDS = ['description', 'amount', 'dueDate'] as const;
type ChargeField = (typeof CHARGE_FIELDS)[number];
type ChargeValues = Record<ChargeField, string>;

function validateCharge(values: ChargeValues, contractID: string, issueID: string | undefined) {
  return validateWithSchema<ChargeField, OneTimeChargeCreateInput>(
    oneTimeChargeCreateSchema,
    {
      contractID,
      ...(issueID ? { issueID } : {}),
      description: values.description,
      amount: parseVietnameseNumber(values.amount),
      dueDate: values.dueDate === '' ? undefined : values.dueDate,
    },
    { amount: 'Số tiền' },
  );
}

interface ChargeFormProps {
  contractID: string;
  /** The issue report the charge bills (its title fills the description). */
  issue?: { issueID: string; title: string } | undefined;
  intro?: ReactNode;
  /** `charge` → `charge-description`, `charge-amount`, `charge-submit`, `charge-dialog`. */
  testIdPrefix: string;
  onClose: () => void;
  onSaved?: (() => void) | undefined;
}

function ChargeForm({ contractID, issue, intro, testIdPrefix, onClose, onSaved }: ChargeFormProps) {
  const { isSaving, save } = useEntitySave();
  const issueID = issue?.issueID;
  const validate = useCallback(
    (values: ChargeValues) => validateCharge(values, contractID, issueID).errors,
    [contractID, issueID],
  );
  const form = useFieldForm<ChargeField>(
    { description: issue?.title ?? '', amount: '', dueDate: '' },
    validate,
  );
  const amountBinding = form.bind('amount');
  const typedAmount = parseVietnameseNumber(form.values.amount);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const { data } = validateCharge(form.values, contractID, issueID);
    if (data === null) return;
    const saved = await save(() => createOneTimeCharge(data), {
      successText: BILL_MESSAGES.chargeAdded,
      failureText: BILL_MESSAGES.chargeFailed,
      onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, CHARGE_FIELDS)),
      // The spec's 'Thêm phí thất bại! Vui lòng thử lại' ends with its own advice: the reason follows it.
      notifyFailure: (error) => {
        if (isSessionExpiry(error)) return;
        notify.error(
          isNetworkFailure(error)
            ? BILL_MESSAGES.chargeFailed
            : `${BILL_MESSAGES.chargeFailed} (${serverMessage(error)})`,
        );
      },
    });
    if (!saved) return;
    onSaved?.();
    onClose();
  };

  return (
    <Box
      component="form"
      sx={DIALOG_FORM_SX}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Thêm phí"
    >
      <DialogContent dividers>
        {intro}
        <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
          <TextField
            id={`${testIdPrefix}-description`}
            name="description"
            label="Nội dung khoản phí"
            {...form.bind('description')}
            helperText={reservedHelperText(form.visibleError('description'))}
            required
            fullWidth
            autoFocus
            autoComplete="off"
            disabled={isSaving}
            placeholder="Ví dụ: Sửa vòi nước"
            slotProps={{ htmlInput: { 'data-testid': `${testIdPrefix}-description`, maxLength: 300 } }}
          />
          <TextField
            id={`${testIdPrefix}-amount`}
            name="amount"
            label="Số tiền"
            {...amountBinding}
            helperText={reservedHelperText(
              amountBinding.helperText ??
                (typeof typedAmount === 'number' && Number.isFinite(typedAmount) && form.values.amount !== ''
                  ? formatMoney(typedAmount)
                  : undefined),
            )}
            required
            fullWidth
            autoComplete="off"
            disabled={isSaving}
            slotProps={{
              htmlInput: { inputMode: 'numeric', 'data-testid': `${testIdPrefix}-amount` },
              input: { endAdornment: <InputAdornment position="end">₫</InputAdornment> },
            }}
          />
          <DateField
            id={`${testIdPrefix}-due-date`}
            name="dueDate"
            label="Hạn thanh toán"
            {...form.bindValue('dueDate')}
            helperText={reservedHelperText(
              form.visibleError('dueDate') ?? 'Để trống: theo hạn mặc định của hóa đơn.',
            )}
            fullWidth
            disabled={isSaving}
            testId={`${testIdPrefix}-due-date`}
          />
        </Box>
      </DialogContent>
      <FormDialogActions
        onCancel={onClose}
        busy={isSaving}
        submitLabel="Thêm phí"
        submitTestId={`${testIdPrefix}-submit`}
      />
    </Box>
  );
}

/** 'Thêm phí': a one-time charge (repair, replaced key…) on a contract; from an issue report, linked to it. */
export function AddChargeDialog({
  open,
  title = 'Thêm phí',
  ...form
}: Omit<ChargeFormProps, 'testIdPrefix'> & { open: boolean; title?: string; testIdPrefix?: string }) {
  const titleId = useId();
  const testIdPrefix = form.testIdPrefix ?? 'charge';
  return (
    <FormDialog
      open={open}
      onClose={form.onClose}
      title={title}
      titleId={titleId}
      testId={`${testIdPrefix}-dialog`}
    >
      <ChargeForm {...form} testIdPrefix={testIdPrefix} />
    </FormDialog>
  );
}
