import type { CitizenIdQrData } from '@nhatro/common';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { fieldErrorsFromBody, useFieldForm } from '../../components/fieldForm';
import { useEntitySave } from '../../components/crud';
import { isApiError } from '../../lib/api';
import { cardValues } from './LesseeFields';
import { createLessee, revalidateTenancy, updateLessee, type Lessee } from './lesseesApi';
import { vietnamToday } from './lesseeLabels';
import {
  LESSEE_FORM_FIELDS,
  lesseeFormValues,
  validateLesseeForm,
  type LesseeFormField,
  type LesseeFormTarget,
} from './lesseeValidation';

export const LESSEE_CREATED_TEXT = 'Tạo người thuê mới thành công!';
export const LESSEE_CREATE_FAILED_TEXT = 'Tạo người thuê thất bại!';
export const LESSEE_EDITED_TEXT = 'Chỉnh sửa thông tin thành công!';
const LESSEE_EDIT_FAILED_TEXT = 'Chỉnh sửa thông tin thất bại!';

/**
 * The occupant form's values, checked with the API's schemas; a card read from its QR code; and saving
 * (create, or an edit that sends what changed, following a fresher copy after a 412).
 */
export function useLesseeForm(target: LesseeFormTarget, onSaved: (lessee: Lessee) => void) {
  const today = vietnamToday();
  const initialValues = useMemo(() => lesseeFormValues(target), [target]);
  const validate = useCallback(
    (values: Parameters<typeof validateLesseeForm>[0]) => validateLesseeForm(values, target, today).errors,
    [target, today],
  );
  const form = useFieldForm<LesseeFormField>(initialValues, validate);
  // A fresher copy of the occupant arrived (after a 412): fields this person did not touch take the
  // new values, so the next save sends only their own changes.
  const [base, setBase] = useState(initialValues);
  if (base !== initialValues) {
    setBase(initialValues);
    for (const field of LESSEE_FORM_FIELDS) {
      if (form.values[field] === base[field] && initialValues[field] !== base[field]) {
        form.setValue(field, initialValues[field]);
      }
    }
  }
  const { isSaving, save } = useEntitySave();
  const [isUploading, setIsUploading] = useState(false);
  const [scannedName, setScannedName] = useState<string | null>(null);

  const applyCard = (card: CitizenIdQrData) => {
    for (const [field, value] of Object.entries(cardValues(card, form.values)) as Array<
      [LesseeFormField, string]
    >) {
      form.setValue(field, value);
      form.touch(field);
    }
    setScannedName(card.occupantName);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || isUploading) return;
    form.touchAll();
    const checked = validateLesseeForm(form.values, target, today);
    if (checked.payload === null) return;
    const onBadRequest = (body: unknown) =>
      form.setServerErrors(fieldErrorsFromBody(body, LESSEE_FORM_FIELDS));
    const result: { saved: Lessee | null } = { saved: null };
    if (checked.kind === 'update' && target.kind === 'edit') {
      const payload = checked.payload;
      await save(
        async () => {
          result.saved = await updateLessee(target.lessee, payload);
        },
        {
          successText: LESSEE_EDITED_TEXT,
          failureText: LESSEE_EDIT_FAILED_TEXT,
          onBadRequest,
          // Someone else saved first: load their version (the fields not touched here follow it).
          onFailure: (error) => {
            if (isApiError(error) && error.status === 412) void revalidateTenancy();
          },
        },
      );
    } else if (checked.kind === 'create') {
      const payload = checked.payload;
      await save(
        async () => {
          result.saved = await createLessee(payload);
        },
        { successText: LESSEE_CREATED_TEXT, failureText: LESSEE_CREATE_FAILED_TEXT, onBadRequest },
      );
    }
    if (result.saved === null) return;
    void revalidateTenancy();
    onSaved(result.saved);
  };

  return { form, isSaving, isUploading, setIsUploading, scannedName, applyCard, handleSubmit };
}
