// Each web-tier test starts signed out, with empty storage, an empty SWR cache, no toasts and the
// real fetch back (tests install their own fake with `fakeApi()`).
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { mutate } from 'swr';
import { afterEach, vi } from 'vitest';
import { clearSession } from '../../web/src/lib/session';

// The machine is shared: a page may take more than the default second to settle.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  cleanup();
  toast.dismiss();
  clearSession();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // With `revalidate` (nothing is mounted any more, so nothing is fetched) SWR also forgets requests
  // still in flight, which the next test's first render would otherwise wait for.
  await mutate(() => true, undefined, { revalidate: true });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
