import type { LessorAccount, LessorInfoUpdateInput } from '@nhatro/common';
import { mutate } from 'swr';
import { apiRequest, type UploadGrant } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';
import type { PhotoExtension } from '../../components/photoFile';
import { houseKeys } from '../../lib/api/resources/houses';

export type LessorAccountReply = LessorAccount & { '@odata.etag'?: string };

const LESSOR_INFO_PATH = '/odata/LessorInfor';

/** The landlord's own details (`GET /odata/LessorInfor`); `null` key for other roles: nothing fetched. */
export function useLessorAccount(enabled: boolean) {
  return useApiResource<LessorAccountReply>(enabled ? LESSOR_INFO_PATH : null);
}

/** `PATCH /odata/LessorInfor` with the ETag it was read with; the account and the house list refetch. */
export async function updateLessorInfo(
  payload: LessorInfoUpdateInput,
  etag: string | undefined,
): Promise<LessorAccountReply> {
  const saved = await apiRequest<LessorAccountReply>(LESSOR_INFO_PATH, {
    method: 'PATCH',
    body: payload,
    ifMatch: etag,
    toastBadRequest: false,
    handledStatuses: [400, 409, 412],
  });
  await Promise.all([
    mutate(LESSOR_INFO_PATH, saved, { revalidate: false }),
    mutate(houseKeys.withLessorInfo),
  ]);
  return saved;
}

/** Create-only SAS for one of the landlord's identity photos. */
export function requestIdentityImageUpload(extension: PhotoExtension): Promise<UploadGrant> {
  return apiRequest<UploadGrant>(`/api/BlobAccess/GetLessorInforContainerSAS?extension=${extension}`, {
    toastBadRequest: false,
  });
}

/** `POST /api/User/ChangePassword`: the server keeps this session and ends the account's others. */
