import type { ResidenceDeadline, ResidenceDeclarationInput } from '@nhatro/common';
import { mutate, type SWRResponse } from 'swr';
import { attachmentName, fetchBinary, readJsonBody, saveBlob } from '../../components/fileTransfer';
import type { PhotoExtension } from '../../components/photoFile';
import { apiRequest, errorMessageOf, type UploadGrant } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

const enc = encodeURIComponent;

export const residenceDeadlinesKey = (houseID: string) => `/api/Residence/Deadlines?houseID=${enc(houseID)}`;

/** `GET /api/Residence/Deadlines`: the house's occupants whose residence is not yet declared. */
export function useResidenceDeadlines(
  houseID: string | null,
): SWRResponse<{ data: ResidenceDeadline[] }, Error> {
  return useApiResource<{ data: ResidenceDeadline[] }>(
    houseID === null ? null : residenceDeadlinesKey(houseID),
  );
}

/** `POST /api/Residence/Declaration`, then the house's list is read again. */
export async function declareResidence(houseID: string, input: ResidenceDeclarationInput): Promise<void> {
  await apiRequest('/api/Residence/Declaration', { method: 'POST', body: input });
  await mutate(residenceDeadlinesKey(houseID));
}

/** `GET /api/Residence/CT01`: the prefilled form, saved as a PDF file. */
export async function downloadCt01(lesseeInfoID: string): Promise<void> {
  const reply = await fetchBinary(`/api/Residence/CT01?lesseeInfoID=${enc(lesseeInfoID)}`);
  if (reply.status !== 200) {
    throw new Error(errorMessageOf(await readJsonBody(reply.body)) ?? `HTTP ${reply.status}`);
  }
  saveBlob(reply.body, attachmentName(reply.header('Content-Disposition'), 'CT01.pdf'));
}

/** A create-only upload of the declaration's receipt photo, kept with the house's occupant papers. */
export function requestReceiptUpload(houseID: string, extension: PhotoExtension): Promise<UploadGrant> {
  return apiRequest<UploadGrant>(
    `/api/BlobAccess/GetLesseeInforContainerSAS?houseID=${enc(houseID)}&extension=${extension}`,
    { toastBadRequest: false },
  );
}
