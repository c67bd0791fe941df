import { useCallback, useState } from 'react';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { notifyFailure } from '../mutationFeedback';

export interface SaveFeedback {
  /** Success toast, e.g. 'Thêm thiết bị thành công!'. */
  successText: string;
  /** Prefix of the failure toast, e.g. 'Thêm thiết bị thất bại!' (followed by the server's reason). */
  failureText: string;
  /** A 400 reply: show its field errors in the form (`fieldErrorsFromBody`). */
  onBadRequest?: (body: unknown) => void;
  /** Any other reaction to a failure (e.g. a 409 about the name marks the name field). */
  onFailure?: (error: unknown) => void;
  /** Replaces the failure toast when a form words its failures differently. */
  notifyFailure?: (error: unknown) => void;
}

/**
 * Saving a create or edit form: busy state, the call, the success toast, or on failure the field errors
 * and the failure toast (an expired session says nothing more). `save` resolves true on success.
 *
 * In a dialog the form stays busy after a success (the dialog closes and the next opening starts a fresh
 * form); a form that stays on the page passes `{ resetAfterSuccess: true }`.
 */
export function useEntitySave({ resetAfterSuccess = false }: { resetAfterSuccess?: boolean } = {}) {
  const [isSaving, setIsSaving] = useState(false);

  const save = useCallback(
    async (run: () => Promise<unknown>, feedback: SaveFeedback): Promise<boolean> => {
      setIsSaving(true);
      try {
        await run();
        notify.success(feedback.successText);
        if (resetAfterSuccess) setIsSaving(false);
        return true;
      } catch (error) {
        setIsSaving(false);
        if (isApiError(error) && error.status === 400) feedback.onBadRequest?.(error.body);
        feedback.onFailure?.(error);
        if (feedback.notifyFailure) feedback.notifyFailure(error);
        else notifyFailure(feedback.failureText, error);
        return false;
      }
    },
    [resetAfterSuccess],
  );

  return { isSaving, save };
}
