import useSWR, { mutate, type SWRConfiguration, type SWRResponse } from 'swr';
import { onSessionCleared } from '../session';
import { fetchJson } from './client';
import { isApiError } from './errors';

const MAX_RETRIES_AFTER_FAILURE = 3;
const FIRST_RETRY_DELAY_MS = 2000;

/** Shared by every resource hook. SWR is kept out of the entry chunk, so no <SWRConfig> provider. */
export const swrOptions: SWRConfiguration = {
  // A 4xx reply will not change by asking again; network and server failures may.
  onErrorRetry: (error: unknown, _key, _config, revalidate, { retryCount }) => {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return;
    if (retryCount > MAX_RETRIES_AFTER_FAILURE) return;
    window.setTimeout(() => void revalidate({ retryCount }), FIRST_RETRY_DELAY_MS * 2 ** (retryCount - 1));
  },
};

/** GETs `key` (a request path) through the API client; a null key fetches nothing. */
export function useApiResource<TData>(
  key: string | null,
  options: SWRConfiguration<TData, Error> = {},
): SWRResponse<TData, Error> {
  return useSWR<TData, Error, string | null>(key, fetchJson, { ...swrOptions, ...options });
}

// Another user may sign in next on this browser: drop everything fetched for the previous one.
onSessionCleared(() => {
  void mutate(() => true, undefined, { revalidate: false });
});
