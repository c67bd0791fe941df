import type {
  Contract,
  MeterReadingInput,
  MeterRecord,
  MeterSubmission,
  MeterSubmissionDecisionInput,
  MeterSubmissionInput,
  MeterSubmissionView,
  Room,
} from '@nhatro/common';
import useSWR, { mutate, type SWRResponse } from 'swr';
import { apiRequest, fetchAllPages, putPhotoBlob, type UploadGrant } from '../../lib/api';
import type { PreparedPhoto } from '../../components/photoFile';
import { swrOptions, useApiResource } from '../../lib/api/swr';

const enc = encodeURIComponent;

/** A reading as `/odata/MeterRecord` returns it, with its ETag (sent back so two readers do not clash). */
export type MeterRecordReply = MeterRecord & { '@odata.etag'?: string };

/** The largest page the API gives; the page follows nextLink for bigger houses. */
const PAGE_SIZE = 1000;

export const meterKeys = {
  /** The same key as the rooms page's list, so both share one cache entry. */
  rooms: (houseID: string) => `/odata/Room?houseID=${enc(houseID)}&$top=${PAGE_SIZE}`,
  records: (houseID: string, month: string) =>
    `/odata/MeterRecord?houseId=${enc(houseID)}&month=${enc(month)}&$top=${PAGE_SIZE}`,
  /**
   * The house's current contracts, only what the round needs: when and at which indexes each moved in
   * (tests/api/meterRecords.test.ts asks the API the same).
   */
  moveIns: (houseID: string) =>
    `/odata/Contract?HouseID=${enc(houseID)}&$filter=${enc('status eq 1')}` +
    `&$select=contractID,roomID,startDate,moveInElectricityIndex,moveInWaterIndex&$top=${PAGE_SIZE}`,
} as const;

type MoveInFields = Pick<
  Contract,
  'contractID' | 'roomID' | 'startDate' | 'moveInElectricityIndex' | 'moveInWaterIndex'
>;

/** The indexes a room's tenant moved in at, for the rooms whose current contract started in `month`. */
export interface MoveIn {
  electricity: number;
  water: number;
}

/**
 * The move-in indexes of the rooms whose tenant moved in during `month`, by room: their first reading
 * counts from there. Contracts without move-in indexes (made before they were asked) are left out; a
 * failed load leaves every room on its last reading.
 */
export function useMoveIns(houseID: string | null, month: string): Map<string, MoveIn> {
  const { data } = useSWR<MoveInFields[], Error, string | null>(
    houseID === null ? null : meterKeys.moveIns(houseID),
    (key) => fetchAllPages<MoveInFields>(key),
    swrOptions,
  );
  const byRoom = new Map<string, MoveIn>();
  for (const contract of data ?? []) {
    const { moveInElectricityIndex: electricity, moveInWaterIndex: water } = contract;
    if (!contract.startDate.startsWith(month) || electricity === undefined || water === undefined) continue;
    byRoom.set(contract.roomID, { electricity, water });
  }
  return byRoom;
}

/** Every room of the house (all pages). */
export function useMeterRooms(houseID: string | null): SWRResponse<Room[], Error> {
  return useSWR<Room[], Error, string | null>(
    houseID === null ? null : meterKeys.rooms(houseID),
    (key) => fetchAllPages<Room>(key),
    swrOptions,
  );
}

/** The month's readings of the house (all pages). */
export function useMonthRecords(
  houseID: string | null,
  month: string,
): SWRResponse<MeterRecordReply[], Error> {
  return useSWR<MeterRecordReply[], Error, string | null>(
    houseID === null ? null : meterKeys.records(houseID, month),
    (key) => fetchAllPages<MeterRecordReply>(key),
    // Readings change under the reader's thumb: no refetch on focus, which would reorder nothing but
    // could replace what the page just saved with an older list.
    { ...swrOptions, revalidateOnFocus: false },
  );
}

/** Puts saved readings into the cached month list without asking the server again. */
export function mergeSavedRecords(houseID: string, month: string, saved: readonly MeterRecordReply[]): void {
  void mutate<MeterRecordReply[]>(
    meterKeys.records(houseID, month),
    (current = []) => {
      const byID = new Map(current.map((record) => [record.meterRecordID, record]));
      for (const record of saved) byID.set(record.meterRecordID, record);
      return [...byID.values()];
    },
    { revalidate: false },
  );
}

export function revalidateMonthRecords(houseID: string, month: string): Promise<unknown> {
  return mutate(meterKeys.records(houseID, month));
}

/** The failures the page shows itself: under the field, and in its own toast. */
const OWN_ERROR_HANDLING = { toastBadRequest: false, handledStatuses: [400, 404, 409, 412] } as const;

/** Readings name the house they are in: the API reads it at once instead of looking the room up first. */
function readingsPath(houseID: string): string {
  return `/odata/MeterRecord?houseID=${encodeURIComponent(houseID)}`;
}

/** `POST /odata/MeterRecord`: one room's reading of one meter (a month read twice is updated). */
export function saveReading(houseID: string, reading: MeterReadingInput): Promise<MeterRecordReply> {
  return apiRequest<MeterRecordReply>(readingsPath(houseID), {
    method: 'POST',
    body: reading,
    ...OWN_ERROR_HANDLING,
  });
}

/** `PATCH /odata/MeterRecord`: a whole floor at once, all or nothing. */
export async function saveReadings(
  houseID: string,
  records: MeterReadingInput[],
): Promise<MeterRecordReply[]> {
  const reply = await apiRequest<{ value: MeterRecordReply[] }>(readingsPath(houseID), {
    method: 'PATCH',
    body: { records },
    ...OWN_ERROR_HANDLING,
  });
  return reply.value;
}

/**
 * A photo of a meter goes where room photos go: a create-only SAS for one photo (JPEG or PNG, `preparePhoto`), PUT straight to
 * blob storage, then its blob name is sent with the reading (`imageBlobName`).
 */
export async function uploadMeterPhoto(houseID: string, photo: PreparedPhoto): Promise<string> {
  const grant = await apiRequest<UploadGrant>(
    `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${enc(houseID)}&extension=${photo.extension}`,
    { toastBadRequest: false },
  );
  await putPhotoBlob(grant.uploadURL, photo);
  return grant.blobName;
}

/** Tenants who read their own meters (issue 27): the tenant's sending, the board's list, accepting. */
const SUBMISSIONS = '/api/MeterSubmission';

export const meterSubmissionKeys = {
  /** The tenant's own sending of this month (the server knows their room). */
  own: SUBMISSIONS,
  house: (houseID: string, month: string) => `${SUBMISSIONS}?houseID=${enc(houseID)}&month=${enc(month)}`,
} as const;

interface SubmissionList {
  value: MeterSubmissionView[];
}

export function useOwnMeterSubmissions(): SWRResponse<SubmissionList, Error> {
  return useApiResource<SubmissionList>(meterSubmissionKeys.own);
}

export function useHouseMeterSubmissions(houseID: string, month: string): SWRResponse<SubmissionList, Error> {
  return useApiResource<SubmissionList>(meterSubmissionKeys.house(houseID, month));
}

function revalidateSubmissions(): Promise<unknown> {
  return mutate(
    (key) => typeof key === 'string' && (key.startsWith(SUBMISSIONS) || key.startsWith('/odata/MeterRecord')),
  );
}

interface Decided {
  data: MeterSubmission;
  message?: string;
}

/** `POST /api/MeterSubmission`: the form shows a 400 under its fields, a 403/409 in its own alert. */
export async function sendMeterSubmission(input: MeterSubmissionInput): Promise<Decided> {
  const saved = await apiRequest<Decided>(SUBMISSIONS, {
    method: 'POST',
    body: input,
    toastBadRequest: false,
    handledStatuses: [400, 403, 404, 409],
  });
  await revalidateSubmissions();
  return saved;
}

/** `POST /api/MeterSubmission/{id}/Accept`: as sent (`{}`), or with corrected indexes. */
export async function acceptMeterSubmission(
  meterSubmissionID: string,
  input: MeterSubmissionDecisionInput,
): Promise<Decided> {
  const saved = await apiRequest<Decided>(`${SUBMISSIONS}/${enc(meterSubmissionID)}/Accept`, {
    method: 'POST',
    body: input,
    ...OWN_ERROR_HANDLING,
  });
  await revalidateSubmissions();
  return saved;
}

/** `PATCH /odata/House/{id}`: whether the house's tenants read their own meters, and until which day. */
export async function setTenantReading(
  houseID: string,
  change: { tenantMeterReading?: boolean; tenantReadingDeadlineDay?: number },
): Promise<unknown> {
  const saved = await apiRequest<unknown>(`/odata/House/${enc(houseID)}`, { method: 'PATCH', body: change });
  await mutate((key) => typeof key === 'string' && key.includes('House'));
  return saved;
}
