import {
  TENANCY_LINK_MESSAGES,
  tenancyLinkConfirmSchema,
  type TenancyLinkConfirmInput,
  type TenancyLinked,
} from '@nhatro/common';
import { useCallback, useState, type FormEvent } from 'react';
import {
  fieldErrorsFromBody,
  useFieldForm,
  validateWithSchema,
  type FieldErrors,
} from '../../components/fieldForm';
import { failureText, serverMessage } from '../../components/mutationFeedback';
import { confirmPasswordError } from '../../components/PasswordField';
import { isApiError } from '../../lib/api';
import { useSessionActions } from '../../lib/session';
import { confirmTenancyLink } from './tenancyLinksApi';

export const LINK_FIELDS = ['code', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof LINK_FIELDS)[number];
type Values = Record<Field, string>;

export type LinkOutcome =
  { kind: 'form' } | { kind: 'done'; linked: TenancyLinked } | { kind: 'refused'; message: string };

/** The confirmation form's state: its fields, the call, and what became of it. */
export function useTenancyLinkForm(linkID: string) {
  const { clear } = useSessionActions();
  const check = useCallback(
    (values: Values): FieldErrors<Field> => {
      const { errors } = validateWithSchema<Field, TenancyLinkConfirmInput>(tenancyLinkConfirmSchema, {
        linkID: linkID || '-'.repeat(16),
        code: values.code,
        newPassword: values.newPassword,
      });
      const confirm = confirmPasswordError(values.newPassword, values.confirmPassword);
      if (confirm !== undefined) errors.confirmPassword = confirm;
      return errors;
    },
    [linkID],
  );
  const form = useFieldForm<Field>({ code: '', newPassword: '', confirmPassword: '' }, check);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<LinkOutcome>({ kind: 'form' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    form.touchAll();
    const firstInvalid = LINK_FIELDS.find((field) => form.errors[field] !== undefined);
    if (firstInvalid !== undefined) {
      document.getElementById(`tenancy-link-${firstInvalid}`)?.focus();
      return;
    }
    setIsSaving(true);
    setFailure(null);
    try {
      const linked = await confirmTenancyLink({
        linkID,
        code: form.values.code.trim(),
        newPassword: form.values.newPassword,
      });
      // Every session of the account ended: whoever was signed in here signs in again.
      clear();
      setOutcome({ kind: 'done', linked });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setOutcome({ kind: 'refused', message: serverMessage(error) });
        return;
      }
      const errors =
        isApiError(error) && error.status === 400
          ? fieldErrorsFromBody(error.body, ['linkID', ...LINK_FIELDS])
          : {};
      if (errors.linkID !== undefined) setOutcome({ kind: 'refused', message: errors.linkID });
      else if (errors.code !== undefined || errors.newPassword !== undefined) {
        form.setServerErrors({
          ...(errors.code !== undefined ? { code: errors.code } : {}),
          ...(errors.newPassword !== undefined ? { newPassword: errors.newPassword } : {}),
        });
      } else setFailure(failureText(TENANCY_LINK_MESSAGES.confirmFailed, error));
    } finally {
      setIsSaving(false);
    }
  };

  return { form, isSaving, failure, outcome, submit };
}
