import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EXPENSE_CATEGORIES,
  expenseCategoryLabel,
  parseVietnameseNumber,
  type ExpenseView,
} from '@nhatro/common';
import { DialogForm, FormDialog } from '../../components/crud';
import { reservedHelperText } from '../../components/fieldForm';
import { DateField } from '../../components/dates/DateField';
import { formatMoney } from '../../lib/format';
import { today, useExpenseForm } from './useExpenseForm';

export { EXPENSE_CREATED_TEXT, EXPENSE_UPDATED_TEXT } from './useExpenseForm';

/** The built-in categories and the house's own, by label. */
function categoryOptions(used: readonly string[]): string[] {
  const own = used.filter((category) => !(EXPENSE_CATEGORIES as readonly string[]).includes(category));
  return [...EXPENSE_CATEGORIES.map(expenseCategoryLabel), ...new Set(own)];
}

/** The receipt photo: take or choose one, replace or remove it. */
function ReceiptField({
  blobName,
  error,
  receipt,
  disabled,
  onPick,
  onRemove,
}: {
  blobName: string;
  error: string | undefined;
  receipt: { name: string; uploading: boolean } | null;
  disabled: boolean;
  onPick: (file: File | undefined) => void;
  onRemove: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button component="label" variant="outlined" disabled={disabled} loading={receipt?.uploading === true}>
        {blobName ? 'Đổi ảnh hóa đơn' : 'Chụp / chọn ảnh hóa đơn'}
        <input
          hidden
          type="file"
          accept="image/*"
          data-testid="expense-receipt-input"
          onChange={(event) => onPick(event.target.files?.[0])}
        />
      </Button>
      {blobName && (
        <Button color="error" disabled={disabled} onClick={onRemove}>
          Bỏ ảnh
        </Button>
      )}
      <Typography variant="body2" sx={{ color: error ? 'error.main' : 'text.secondary' }}>
        {error ?? receipt?.name ?? (blobName ? 'Đã có ảnh hóa đơn' : '')}
      </Typography>
    </Stack>
  );
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
  const { form, isEdit, isSaving, receipt, pickReceipt, handleSubmit } = useExpenseForm({
    houseID,
    expense,
    onClose,
    onSaved,
  });
  const date = form.bindValue('date');
  const amount = form.bind('amount');
  const note = form.bind('note');
  const category = form.bindValue('category');
  const amountValue = parseVietnameseNumber(amount.value);
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
        <ReceiptField
          blobName={form.values.receiptBlobName}
          error={form.visibleError('receiptBlobName')}
          receipt={receipt}
          disabled={isSaving}
          onPick={(file) => void pickReceipt(file)}
          onRemove={() => form.setValue('receiptBlobName', '')}
        />
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
