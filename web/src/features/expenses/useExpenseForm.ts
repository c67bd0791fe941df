import {
  expenseCategoryLabel,
  expenseCreateSchema,
  parseVietnameseNumber,
  type ExpenseCreateInput,
  type ExpenseView,
} from '@nhatro/common';
import { useCallback, useState, type FormEvent } from 'react';
import { useEntitySave } from '../../components/crud';
import { fieldErrorsFromBody, useFieldForm, validateWithSchema } from '../../components/fieldForm';
import { preparePhoto } from '../../components/photoFile';
import { dayjs, VIETNAM_TIME_ZONE } from '../../lib/format';
import { notify } from '../../lib/toast';
import { createExpense, updateExpense, uploadReceipt, type ExpensePayload } from './expensesApi';

export const EXPENSE_CREATED_TEXT = 'Đã thêm khoản chi.';
export const EXPENSE_UPDATED_TEXT = 'Đã lưu khoản chi.';

export const FIELDS = ['date', 'category', 'amount', 'note', 'receiptBlobName'] as const;
export type ExpenseField = (typeof FIELDS)[number];
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
export function today(): string {
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

/** The add or edit form's state, its receipt upload and its saving. */
export function useExpenseForm({
  houseID,
  expense,
  onClose,
  onSaved,
}: {
  houseID: string;
  expense: ExpenseView | null;
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

  return { form, isEdit, isSaving, receipt, pickReceipt, handleSubmit };
}
