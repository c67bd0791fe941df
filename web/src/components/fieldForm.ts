import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import { useLeftFields } from './useLeftFields';

/**
 * Form state shared by the management forms (spec section 5): errors are recomputed on every change,
 * and shown only for fields the user typed in and left (or once the form was submitted): focus merely
 * passing through a required field does not turn it red. Values stay text
 * until they are validated, so what the user typed is never rewritten while typing.
 */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The part of a zod schema the forms use (no zod import needed in the web app). */
export interface SafeParser<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

/**
 * Validates with the server's schema so the messages are the server's. Required numbers left empty get
 * '<label> không được để trống!' (the server would only say the value is not a number).
 */
export function validateWithSchema<F extends string, T>(
  schema: SafeParser<T>,
  input: Record<string, unknown>,
  requiredLabels: Partial<Record<F, string>> = {},
): { errors: FieldErrors<F>; data: T | null } {
  const errors: FieldErrors<F> = {};
  for (const [field, label] of Object.entries(requiredLabels) as Array<[F, string | undefined]>) {
    if (label !== undefined && (input[field] === undefined || input[field] === '')) {
      errors[field] = `${label} không được để trống!`;
    }
  }
  const result = schema.safeParse(input);
  if (result.success) return { errors, data: Object.keys(errors).length === 0 ? result.data : null };
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && errors[field as F] === undefined) errors[field as F] = issue.message;
  }
  return { errors, data: null };
}

export interface FieldBinding {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
  error: boolean;
  helperText: string | undefined;
}

/** The same for a field that reports its value itself (the date fields). */
export interface ValueBinding extends Omit<FieldBinding, 'onChange'> {
  onChange: (value: string) => void;
}

export function useFieldForm<F extends string>(
  initialValues: Record<F, string>,
  validate: (values: Record<F, string>) => FieldErrors<F>,
) {
  const [values, setValues] = useState(initialValues);
  const shown = useLeftFields<F>();
  const [serverErrors, setServerErrors] = useState<FieldErrors<F>>({});

  const errors = useMemo(() => validate(values), [validate, values]);

  const setValue = useCallback((field: F, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors((previous) => {
      if (previous[field] === undefined) return previous;
      const next = { ...previous };
      delete next[field];
      return next;
    });
  }, []);

  const visibleError = (field: F): string | undefined =>
    (shown.isShown(field) ? errors[field] : undefined) ?? serverErrors[field];

  const bindValue = (field: F): ValueBinding => {
    const message = visibleError(field);
    return {
      value: values[field],
      onChange: (value) => {
        shown.changed(field);
        setValue(field, value);
      },
      onBlur: () => shown.leave(field),
      error: message !== undefined,
      helperText: message,
    };
  };

  const bind = (field: F): FieldBinding => {
    const binding = bindValue(field);
    return { ...binding, onChange: (event) => binding.onChange(event.target.value) };
  };

  const { clear: clearShown } = shown;
  const reset = useCallback(
    (next: Record<F, string>) => {
      clearShown();
      setValues(next);
      setServerErrors({});
    },
    [clearShown],
  );

  const isValid = Object.keys(errors).length === 0;
  const isDirty = (Object.keys(values) as F[]).some((field) => values[field] !== initialValues[field]);

  return {
    values,
    errors,
    isValid,
    isDirty,
    bind,
    bindValue,
    setValue,
    /** Shows the field's error from now on (a value filled in for the user, e.g. from a scanned card). */
    touch: shown.mark,
    /** The form was submitted: every error shows. */
    touchAll: shown.showAll,
    reset,
    setServerErrors,
    visibleError,
  };
}

/** Maps a 400 list (`[{ field, errorMessage }]`) onto the form's fields. */
export function fieldErrorsFromBody<F extends string>(body: unknown, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  if (!Array.isArray(body)) return errors;
  for (const item of body as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { field, errorMessage } = item as { field?: unknown; errorMessage?: unknown };
    if (typeof field !== 'string' || typeof errorMessage !== 'string') continue;
    const key = field.split('.')[0] as F;
    if (fields.includes(key) && errors[key] === undefined) errors[key] = errorMessage;
  }
  return errors;
}

/**
 * A dialog's <form> around DialogContent and DialogActions: the content scrolls and the actions stay at
 * the bottom (also in full-screen dialogs on phones).
 */
export const DIALOG_FORM_SX = {
  display: 'flex',
  flexDirection: 'column',
  flex: '1 1 auto',
  minHeight: 0,
} as const;

/**
 * Helper text that always takes its line: a message appearing on blur then does not move the buttons
 * under the pointer (a first click on 'Lưu' would otherwise be lost).
 */
export function reservedHelperText(message: string | undefined): string {
  return message ?? ' ';
}
