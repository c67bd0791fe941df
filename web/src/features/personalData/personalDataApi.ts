import type { House, MyData, PlannedErasureView } from '@nhatro/common';
import type { SWRResponse } from 'swr';
import { attachmentName, fetchBinary, readJsonBody, saveBlob } from '../../components/fileTransfer';
import { apiRequest, errorMessageOf } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

export const MY_DATA_KEY = '/api/User/MyData';

/** `GET /api/User/MyData`: what the product keeps about the signed-in person. */
export function useMyData(): SWRResponse<{ data: MyData }, Error> {
  return useApiResource<{ data: MyData }>(MY_DATA_KEY);
}

/** `GET /api/PersonalData/Erasures`: identity data of people who left, and when it is erased. */
export function usePlannedErasures(
  houseID: string | null,
): SWRResponse<{ data: PlannedErasureView[] }, Error> {
  return useApiResource<{ data: PlannedErasureView[] }>(
    houseID === null ? null : `/api/PersonalData/Erasures?houseID=${encodeURIComponent(houseID)}`,
  );
}

/** Saves the person's data as a file: `json` (machine-readable) or `pdf` (readable). */
export async function downloadMyData(format: 'json' | 'pdf'): Promise<void> {
  const reply = await fetchBinary(`${MY_DATA_KEY}?format=${format}`);
  if (reply.status !== 200) {
    throw new Error(errorMessageOf(await readJsonBody(reply.body)) ?? `HTTP ${reply.status}`);
  }
  saveBlob(reply.body, attachmentName(reply.header('Content-Disposition'), `du-lieu-ca-nhan.${format}`));
}

export function requestErasure(): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>(`${MY_DATA_KEY}/Erasure`, { method: 'POST' });
}

export function confirmConsent(): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>(`${MY_DATA_KEY}/Consent`, { method: 'POST' });
}

/** The house with its retention of identity data (`identityRetentionMonths`, absent: 12). */
export function useHouseRetention(houseID: string) {
  return useApiResource<House>(`/odata/House/${encodeURIComponent(houseID)}`);
}

/** `PATCH /odata/House/{id}` `{ identityRetentionMonths }`. */
export function setHouseRetention(houseID: string, identityRetentionMonths: number): Promise<House> {
  return apiRequest<House>(`/odata/House/${encodeURIComponent(houseID)}`, {
    method: 'PATCH',
    body: { identityRetentionMonths },
  });
}
