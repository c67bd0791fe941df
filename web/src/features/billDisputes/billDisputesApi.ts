import type { BillDispute, BillDisputeAnswerInput, BillDisputeCreateInput } from '@nhatro/common';
import type { SWRResponse } from 'swr';
import { apiRequest, putPhotoBlob, type UploadGrant } from '../../lib/api';
import type { PreparedPhoto } from '../../components/photoFile';
import { useApiResource } from '../../lib/api/swr';

/** 'Khiếu nại hóa đơn' (issue 27): the questions about one bill's lines, asked and answered. */

export type BillDisputeReply = BillDispute & { '@odata.etag'?: string };
interface BillDisputeList {
  value: BillDisputeReply[];
}
interface Saved {
  data: BillDisputeReply;
  message?: string;
}

const PATH = '/api/BillDispute';

export function billDisputesKey(monthlyBillID: string): string {
  return `${PATH}?monthlyBillID=${encodeURIComponent(monthlyBillID)}`;
}

export function useBillDisputes(monthlyBillID: string): SWRResponse<BillDisputeList, Error> {
  return useApiResource<BillDisputeList>(billDisputesKey(monthlyBillID));
}

/** A 400's message is shown in the form, not as a toast. */
export function askAboutLine(input: BillDisputeCreateInput): Promise<Saved> {
  return apiRequest<Saved>(PATH, { method: 'POST', body: input, toastBadRequest: false });
}

export function answerDispute(billDisputeID: string, input: BillDisputeAnswerInput): Promise<Saved> {
  return apiRequest<Saved>(`${PATH}/${encodeURIComponent(billDisputeID)}/Answer`, {
    method: 'POST',
    body: input,
    toastBadRequest: false,
  });
}

/** A question's photo goes where issue photos go: a room image of the bill's house, PUT with a SAS. */
export async function uploadQuestionPhoto(houseID: string, photo: PreparedPhoto): Promise<string> {
  const grant = await apiRequest<UploadGrant>(
    `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${encodeURIComponent(houseID)}&extension=${photo.extension}`,
    { toastBadRequest: false },
  );
  await putPhotoBlob(grant.uploadURL, photo);
  return grant.blobName;
}

/** A short-lived read link of a question's photo (the API checks it is the caller's to see). */
export async function questionPhotoUrl(blobName: string): Promise<string> {
  const reply = await apiRequest<{ url: string }>(
    `/api/BlobAccess/GetReadURL?container=room-images&blobName=${encodeURIComponent(blobName)}`,
  );
  return reply.url;
}
