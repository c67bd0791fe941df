import type {
  Contract,
  ContractChange,
  ContractCreateInput,
  ContractImageVersion,
  ContractRefundInput,
  ContractService,
  ContractUpdateInput,
  FileLink,
  GuestLink,
  LesseeInfo,
  LessorInfo,
  Liquidation,
  SettlementDamage,
  RepresentativeAccount,
  Room,
  TenancyLinkSent,
  Vehicle,
} from '@nhatro/common';
import useSWR, { mutate, type SWRResponse } from 'swr';
import { apiRequest, fetchPdf, fetchAllPages, type ODataCollection } from '../../lib/api';
import { swrOptions, useApiResource } from '../../lib/api/swr';

const enc = encodeURIComponent;

/** `GET /odata/Contract/{id}` with every navigation the pages show. */
export type ContractDetails = Contract & {
  '@odata.etag'?: string;
  room?: Room | null;
  renterRepresentative?: LesseeInfo | null;
  lesseeInfors?: LesseeInfo[];
  vehicles?: Vehicle[];
  contractServices?: ContractService[];
  lessorInfo?: LessorInfo | null;
};

/** A row of the contract list: the contract with its room and representative. */
export type ContractRow = Contract & { room?: Room | null; renterRepresentative?: LesseeInfo | null };

/** The reply of `POST /odata/Contract`: the tenant's account is in it once, never again. */
export type CreatedContract = Contract & { representativeAccount: RepresentativeAccount };

export const CONTRACT_PAGE_SIZES = [10, 25, 50] as const;
export const EXPIRING_WITHIN_DAYS = 30;

export interface ContractListQuery {
  houseID: string;
  /** '' for every status. */
  status: string;
  /** '' for every room. */
  roomID: string;
  /** Only active contracts ending within 30 days (from `today`). */
  expiring: boolean;
  today: string;
  page: number;
  pageSize: number;
}

const DETAIL_EXPAND = 'room,renterRepresentative,lesseeInfors,vehicles,contractServices,lessorInfo';

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function listPath(query: ContractListQuery): string {
  const filters: string[] = [];
  if (query.status !== '') filters.push(`status eq ${Number(query.status)}`);
  if (query.expiring) {
    if (query.status === '') filters.push('status eq 1');
    filters.push(`endDate ge ${query.today}`, `endDate le ${addDays(query.today, EXPIRING_WITHIN_DAYS)}`);
  }
  const params = [
    `HouseID=${enc(query.houseID)}`,
    ...(query.roomID === '' ? [] : [`roomID=${enc(query.roomID)}`]),
    ...(filters.length === 0 ? [] : [`$filter=${enc(filters.join(' and '))}`]),
    `$orderby=${enc(query.expiring ? 'endDate asc' : 'startDate desc')}`,
    '$expand=room,renterRepresentative',
    '$count=true',
    `$top=${query.pageSize}`,
    `$skip=${query.page * query.pageSize}`,
  ];
  return `/odata/Contract?${params.join('&')}`;
}

export const contractKeys = {
  list: listPath,
  detail: (contractID: string) => `/odata/Contract/${enc(contractID)}?$expand=${DETAIL_EXPAND}`,
  changes: (contractID: string, page: number, pageSize: number) =>
    `/odata/ContractChanges?contractID=${enc(contractID)}&$count=true&$top=${pageSize}&$skip=${page * pageSize}`,
  imageVersions: (contractID: string) => `/odata/ContractImageVersion?contractID=${enc(contractID)}`,
  liquidation: (contractID: string) => `/odata/Contract/Liquidation?contractID=${enc(contractID)}`,
  /** Starts like the rooms slice's keys, so its revalidation after a change reaches this list too. */
  rooms: (houseID: string) =>
    `/odata/Room?houseID=${enc(houseID)}&$select=roomID,roomName,status,price,floor,currentElectricityIndex,currentWaterIndex&$top=1000`,
} as const;

export function useContractList(
  query: ContractListQuery | null,
): SWRResponse<ODataCollection<ContractRow>, Error> {
  return useApiResource<ODataCollection<ContractRow>>(query === null ? null : contractKeys.list(query), {
    keepPreviousData: true,
  });
}

export function useContract(contractID: string): SWRResponse<ContractDetails, Error> {
  return useApiResource<ContractDetails>(contractKeys.detail(contractID));
}

export function useContractChanges(
  contractID: string,
  page: number,
  pageSize: number,
): SWRResponse<ODataCollection<ContractChange>, Error> {
  return useApiResource<ODataCollection<ContractChange>>(contractKeys.changes(contractID, page, pageSize), {
    keepPreviousData: true,
  });
}

export function useContractImageVersions(
  contractID: string,
): SWRResponse<ODataCollection<ContractImageVersion>, Error> {
  return useApiResource<ODataCollection<ContractImageVersion>>(contractKeys.imageVersions(contractID));
}

export { useHouseFees as useHouseServices } from '../../lib/api/resources/fees';

const roomNameCollator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

/** The rooms of a house (name, status, price), sorted by name. */
export function useHouseRoomList(houseID: string | null): SWRResponse<Room[], Error> {
  return useSWR<Room[], Error, string | null>(
    houseID === null ? null : contractKeys.rooms(houseID),
    async (key) =>
      (await fetchAllPages<Room>(key)).sort((a, b) => roomNameCollator.compare(a.roomName, b.roomName)),
    swrOptions,
  );
}

/** Refetches every cached contract list and the pages of one contract. */
export function revalidateContract(contractID?: string): Promise<unknown> {
  return mutate(
    (key) =>
      typeof key === 'string' &&
      (key.startsWith('/odata/Contract?') ||
        (contractID !== undefined &&
          (key.startsWith(`/odata/Contract/${enc(contractID)}`) ||
            key === contractKeys.liquidation(contractID) ||
            key.startsWith(`/odata/ContractChanges?contractID=${enc(contractID)}`)))),
  );
}

/** The form shows 400 and 409 replies itself. */
const OWN_ERROR_HANDLING = { toastBadRequest: false, handledStatuses: [400, 404, 409, 412] } as const;

export function createContract(payload: ContractCreateInput): Promise<CreatedContract> {
  return apiRequest<CreatedContract>('/odata/Contract', {
    method: 'POST',
    body: payload,
    ...OWN_ERROR_HANDLING,
  });
}

/** `PATCH /odata/Contract/{id}` with `If-Match: <@odata.etag>` (412 when someone changed it meanwhile). */
export function updateContract(
  contractID: string,
  etag: string | undefined,
  payload: Omit<ContractUpdateInput, 'contractID'>,
): Promise<Contract> {
  return apiRequest<Contract>(`/odata/Contract/${enc(contractID)}`, {
    method: 'PATCH',
    body: payload,
    ifMatch: etag,
    ...OWN_ERROR_HANDLING,
  });
}

/** `POST /odata/Contract/RecordRefund`: the landlord gave back what the settlement owed the tenant. */
export function recordRefund(input: ContractRefundInput): Promise<Contract> {
  return apiRequest<Contract>('/odata/Contract/RecordRefund', {
    method: 'POST',
    body: input,
    ...OWN_ERROR_HANDLING,
  });
}

export function terminateContract(input: {
  contractID: string;
  terminationDate: string;
  reason: string;
  /** The damages, line by line (none: nothing to pay for). */
  damages: SettlementDamage[];
  /** The final meter indexes (absent: the last reading, nothing more charged). */
  electricityIndex?: number;
  waterIndex?: number;
}): Promise<Contract> {
  return apiRequest<Contract>('/odata/Contract/TerminateContract', {
    method: 'POST',
    body: input,
    ...OWN_ERROR_HANDLING,
  });
}

/** Some `/api/*` replies carry their payload in `data`, others beside `status`: accept both. */
function payloadOf<T extends object>(reply: unknown, field: keyof T): T {
  if (typeof reply === 'object' && reply !== null) {
    if (field in reply) return reply as T;
    const data = (reply as { data?: unknown }).data;
    if (typeof data === 'object' && data !== null && field in data) return data as T;
  }
  throw new Error('Máy chủ trả lời không đúng định dạng.');
}

export async function createGuestLink(contractID: string): Promise<GuestLink> {
  const reply = await apiRequest<unknown>(`/odata/Contract/${enc(contractID)}/GuestLink`, {
    method: 'POST',
    ...OWN_ERROR_HANDLING,
  });
  return payloadOf<GuestLink>(reply, 'url');
}

export async function revokeGuestLink(contractID: string): Promise<void> {
  await apiRequest(`/odata/Contract/${enc(contractID)}/GuestLink`, {
    method: 'DELETE',
    ...OWN_ERROR_HANDLING,
  });
}

/** A 15-minute read URL of the contract's PDF (generated by the server, with the signature once signed). */
export async function contractDocumentLink(contractID: string): Promise<FileLink> {
  const reply = await apiRequest<unknown>(`/api/Contract/Document?contractID=${enc(contractID)}`, {
    ...OWN_ERROR_HANDLING,
  });
  return payloadOf<FileLink>(reply, 'url');
}

/** A 15-minute read URL of an uploaded paper version. */
export async function paperVersionReadUrl(blobName: string): Promise<string> {
  const reply = await apiRequest<unknown>(
    `/api/BlobAccess/GetReadURL?container=paper-contracts&blobName=${enc(blobName)}`,
    OWN_ERROR_HANDLING,
  );
  return payloadOf<{ url: string }>(reply, 'url').url;
}

interface UploadGrant {
  blobName: string;
  uploadURL: string;
}

export type PaperFileType = 'pdf' | 'png';

/** Create-only SAS for one scan of the paper contract. */
export async function requestPaperUpload(houseID: string, extension: PaperFileType): Promise<UploadGrant> {
  const reply = await apiRequest<unknown>(
    `/api/BlobAccess/GetPaperContractStorageSAS?houseID=${enc(houseID)}&extension=${extension}`,
    OWN_ERROR_HANDLING,
  );
  return payloadOf<UploadGrant>(reply, 'uploadURL');
}

/** PUTs the file straight to blob storage with the SAS URL (the SAS is the key, no bearer token). */
export async function putPaperFile(uploadURL: string, file: Blob, type: PaperFileType): Promise<void> {
  let response: Response;
  try {
    response = await fetch(uploadURL, {
      method: 'PUT',
      headers: {
        'x-ms-blob-type': 'BlockBlob',
        'Content-Type': type === 'pdf' ? 'application/pdf' : 'image/png',
      },
      body: file,
    });
  } catch {
    throw new Error('Không tải được tệp lên kho lưu trữ. Vui lòng kiểm tra lại kết nối mạng.');
  }
  if (!response.ok) throw new Error(`Kho lưu trữ từ chối tệp (HTTP ${response.status}).`);
}

export function registerPaperVersion(input: {
  contractID: string;
  blobName: string;
  note?: string;
}): Promise<ContractImageVersion> {
  return apiRequest<ContractImageVersion>('/odata/Contract/UploadContractImageVersion', {
    method: 'POST',
    body: input,
    ...OWN_ERROR_HANDLING,
  });
}

/** `POST /api/TenancyLink/Resend`: a new code to the representative's number while the link waits. */
export async function resendTenancyLink(contractID: string): Promise<TenancyLinkSent> {
  const reply = await apiRequest<{ data: TenancyLinkSent }>('/api/TenancyLink/Resend', {
    method: 'POST',
    body: { contractID },
    toastBadRequest: false,
    handledStatuses: [409, 429],
  });
  return reply.data;
}

/** `GET /odata/Contract/Liquidation`: the liquidation of an ended contract (null: do not load it). */
export function useLiquidation(contractID: string | null): SWRResponse<Liquidation, Error> {
  return useApiResource<Liquidation>(contractID === null ? null : contractKeys.liquidation(contractID));
}

/**
 * `GET /api/Contract/LiquidationPdf`: "BIÊN BẢN THANH LÝ HỢP ĐỒNG" as a PDF, fetched with the session's
 * bearer (the API client reads JSON only); an expired token is renewed by one call through the client
 * before the one retry.
 */
export async function fetchLiquidationPdf(contractID: string): Promise<Blob> {
  const path = `/api/Contract/LiquidationPdf?contractID=${enc(contractID)}`;
  return fetchPdf(path, contractKeys.liquidation(contractID));
}
