import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EXPENSE_CATEGORIES,
  expenseCategoryLabel,
  expenseCreateSchema,
  parseVietnameseNumber,
  type ExpenseCreateInput,
  type ExpenseView,
} from '@nhatro/common';
import { useCallback, useState, type FormEvent } from 'react';
import { DialogForm, FormDialog, useEntitySave } from '../../components/crud';
import {
  fieldErrorsFromBody,
  reservedHelperText,
  useFieldForm,
  validateWithSchema,
} from '../../components/fieldForm';
import { DateField } from '../../components/dates/DateField';
import { preparePhoto } from '../../components/photoFile';
import { dayjs, formatMoney, VIETNAM_TIME_ZONE } from '../../lib/format';
import { notify } from '../../lib/toast';
import { createExpense, updateExpense, uploadReceipt, type ExpensePayload } from './expensesApi';

export const EXPENSE_CREATED_TEXT = 'Đã thêm khoản chi.';
export const EXPENSE_UPDATED_TEXT = 'Đã lưu khoản chi.';

const FIELDS = ['date', 'category', 'amount', 'note', 'receiptBlobName'] as const;
type ExpenseField = (typeof FIELDS)[number];
type Values = Record<ExpenseField, string>;

/** The form checks what the person typed; the house is the page's (checked by the server). */
const formSchema = expenseCreateSchema.omit({ houseID: true });

function validate(values: Values) {
  return validateWithSchema<ExpenseField, Omit<ExpenseCreateInput, 'houseID'>>(
    formSchema,
    {
      date: values.date,
      category: values.category,
      amount: parseVietnameseNumber(values.amount),
      ...(values.note.trim() ? { note: values.note } : {}),
    },
    { amount: 'Số tiền chi' },
  );
}

/** Vietnam's today, `yyyy-mm-dd`: an expense is written once paid. */
function today(): string {
  return dayjs().tz(VIETNAM_TIME_ZONE).format('YYYY-MM-DD');
}

function initialValues(expense: ExpenseView | null): Values {
  if (expense === null) {
    return { date: today(), category: '', amount: '', note: '', receiptBlobName: '' };
  }
  return {
    date: expense.date,
    category: expenseCategoryLabel(expense.category),
    amount: String(expense.amount),
    note: expense.note ?? '',
    receiptBlobName: expense.receiptBlobName ?? '',
  };
}

/** The built-in categories and the house's own, by label. */
function categoryOptions(used: readonly string[]): string[] {
  const own = used.filter((category) => !(EXPENSE_CATEGORIES as readonly string[]).includes(category));
  return [...EXPENSE_CATEGORIES.map(expenseCategoryLabel), ...new Set(own)];
}

function ExpenseForm({
  houseID,
  expense,
  usedCategories,
  onClose,
  onSaved,
}: {
  houseID: string;
  expense: ExpenseView | null;
  usedCategories: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const isEdit = expense !== null;
  const { isSaving, save } = useEntitySave();
  const [receipt, setReceipt] = useState<{ name: string; uploading: boolean } | null>(null);
  const check = useCallback((values: Values) => validate(values).errors, []);
  const form = useFieldForm<ExpenseField>(initialValues(expense), check);

  const pickReceipt = async (file: File | undefined) => {
    if (!file) return;
    setReceipt({ name: file.name, uploading: true });
    try {
      const blobName = await uploadReceipt(houseID, await preparePhoto(file));
      form.setValue('receiptBlobName', blobName);
      setReceipt({ name: file.name, uploading: false });
    } catch (error) {
      setReceipt(null);
      notify.error(error instanceof Error ? error.message : 'Không tải được ảnh hóa đơn lên.');
    }
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || receipt?.uploading) return;
    form.touchAll();
    const { data } = validate(form.values);
    if (data === null) return;
    const receiptBlobName = form.values.receiptBlobName || null;
    const payload: ExpensePayload = {
      date: data.date,
      category: data.category,
      amount: data.amount,
      note: form.values.note.trim() || null,
      ...(isEdit || receiptBlobName ? { receiptBlobName } : {}),
    };
    const saved = await save(
      () => (isEdit ? updateExpense(expense, payload) : createExpense(houseID, payload)),
      {
        successText: isEdit ? EXPENSE_UPDATED_TEXT : EXPENSE_CREATED_TEXT,
        failureText: isEdit ? 'Lưu khoản chi thất bại!' : 'Thêm khoản chi thất bại!',
        onBadRequest: (body) => form.setServerErrors(fieldErrorsFromBody(body, FIELDS)),
      },
    );
    if (!saved) return;
    onSaved();
    onClose();
  };

  const date = form.bindValue('date');
  const amount = form.bind('amount');
  const note = form.bind('note');
  const category = form.bindValue('category');
  const amountValue = parseVietnameseNumber(amount.value);
  const receiptError = form.visibleError('receiptBlobName');
  return (
    <DialogForm
      label={isEdit ? 'Sửa khoản chi' : 'Thêm khoản chi'}
      onSubmit={handleSubmit}
      actions={{
        onCancel: onClose,
        busy: isSaving,
        submitLabel: isEdit ? 'Lưu thay đổi' : 'Thêm khoản chi',
        submitTestId: 'expense-submit',
        submitDisabled: receipt?.uploading === true,
      }}
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        <DateField
          id="expense-date"
          name="date"
          label="Ngày chi"
          {...date}
          helperText={reservedHelperText(date.helperText)}
          required
          fullWidth
          disabled={isSaving}
          max={today()}
          testId="expense-date"
        />
        <Autocomplete
          freeSolo
          options={categoryOptions(usedCategories)}
          inputValue={category.value}
          onInputChange={(_event, value) => category.onChange(value)}
          disabled={isSaving}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Hạng mục"
              required
              onBlur={category.onBlur}
              error={category.error}
              helperText={reservedHelperText(
                category.helperText ?? 'Chọn một hạng mục hoặc gõ hạng mục mới của nhà trọ.',
              )}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'expense-category' },
              }}
            />
          )}
        />
        <TextField
          id="expense-amount"
          name="amount"
          label="Số tiền (VND)"
          {...amount}
          helperText={reservedHelperText(
            amount.helperText ?? (amountValue !== undefined ? formatMoney(amountValue) : undefined),
          )}
          required
          fullWidth
          autoComplete="off"
          disabled={isSaving}
          slotProps={{
            htmlInput: { 'data-testid': 'expense-amount', inputMode: 'numeric' },
            input: { endAdornment: <InputAdornment position="end">₫</InputAdornment> },
          }}
        />
        <TextField
          id="expense-note"
          name="note"
          label="Ghi chú"
          {...note}
          helperText={reservedHelperText(note.helperText)}
          fullWidth
          multiline
          minRows={2}
          disabled={isSaving}
          slotProps={{ htmlInput: { 'data-testid': 'expense-note' } }}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            component="label"
            variant="outlined"
            disabled={isSaving}
            loading={receipt?.uploading === true}
          >
            {form.values.receiptBlobName ? 'Đổi ảnh hóa đơn' : 'Chụp / chọn ảnh hóa đơn'}
            <input
              hidden
              type="file"
              accept="image/*"
              data-testid="expense-receipt-input"
              onChange={(event) => void pickReceipt(event.target.files?.[0])}
            />
          </Button>
          {form.values.receiptBlobName && (
            <Button color="error" disabled={isSaving} onClick={() => form.setValue('receiptBlobName', '')}>
              Bỏ ảnh
            </Button>
          )}
          <Typography variant="body2" sx={{ color: receiptError ? 'error.main' : 'text.secondary' }}>
            {receiptError ?? receipt?.name ?? (form.values.receiptBlobName ? 'Đã có ảnh hóa đơn' : '')}
          </Typography>
        </Stack>
      </Stack>
    </DialogForm>
  );
}

export function ExpenseDialog({
  open,
  houseID,
  expense,
  usedCategories,
  onClose,
  onSaved,
}: {
  open: boolean;
  houseID: string;
  /** null: a new expense. */
  expense: ExpenseView | null;
  usedCategories: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={expense === null ? 'Thêm khoản chi' : 'Sửa khoản chi'}
      titleId="expense-dialog-title"
      testId="expense-dialog"
    >
      <ExpenseForm
        houseID={houseID}
        expense={expense}
        usedCategories={usedCategories}
        onClose={onClose}
        onSaved={onSaved}
      />
    </FormDialog>
  );
}
