import type { ZaloTokenInput, ZaloTokenView } from '@nhatro/common';
import useSWR, { mutate, type SWRResponse } from 'swr';
import { apiRequest, fetchJson } from '../../lib/api';
import { swrOptions } from '../../lib/api/swr';

const TOKEN_PATH = '/api/MetaData/ZaloAccessToken';

/** The `data` of an `/api/*` reply `{ status, data }`. */
function dataOf(reply: unknown): ZaloTokenView {
  const data = (reply as { data?: ZaloTokenView } | null)?.data;
  return data ?? { configured: false };
}

/** Whether a Zalo token is set (masked), for /settingZaloToken. */
export function useZaloToken(): SWRResponse<ZaloTokenView, Error> {
  return useSWR<ZaloTokenView, Error, string>(
    TOKEN_PATH,
    async (path) => dataOf(await fetchJson<unknown>(path)),
    swrOptions,
  );
}

/** `POST /api/MetaData/SetZaloAccessToken`. */
export async function setZaloToken(input: ZaloTokenInput): Promise<ZaloTokenView> {
  const reply = await apiRequest<unknown>('/api/MetaData/SetZaloAccessToken', {
    method: 'POST',
    body: input,
    toastBadRequest: false,
    handledStatuses: [400, 403],
  });
  const view = dataOf(reply);
  await mutate(TOKEN_PATH, view, { revalidate: false });
  return view;
}
