import { MESSAGES } from '@nhatro/common';
import { useEffect } from 'react';
import { isSessionExpiry } from './mutationFeedback';
import { notify } from '../lib/toast';

/** Spec §8: a super-admin list, log or report that fails to load says 'Hệ thống đang gặp sự cố!' once. */
export function useListFailureToast(error: unknown): void {
  useEffect(() => {
    if (error !== undefined && error !== null && !isSessionExpiry(error)) notify.error(MESSAGES.serverError);
  }, [error]);
}
