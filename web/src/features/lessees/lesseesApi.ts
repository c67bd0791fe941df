import type {
  Contract,
  ContractService,
  ImageLink,
  LesseeCreateInput,
  LesseeInfo,
  LesseeUpdateInput,
  Room,
  Vehicle,
  VehicleCreateInput,
  VehicleUpdateInput,
} from '@nhatro/common';
import { mutate, type SWRResponse } from 'swr';
import { ApiError, apiRequest, isApiError, type ODataCollection, type UploadGrant } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';
import type { PhotoExtension } from '../../components/photoFile';

const enc = encodeURIComponent;

/** An occupant as the API returns them (the ETag for If-Match). */
export type Lessee = LesseeInfo & { '@odata.etag'?: string };

/** `GET /odata/Lessee/{id}?$expand=vehicles`: with the identity photos' read URLs and their vehicles. */
export type LesseeDetail = Lessee & { imageURLs?: ImageLink[]; vehicles?: Vehicle[] };

/** A contract with the navigations the tenancy screens read. */
export type ContractWithPeople = Contract & {
  '@odata.etag'?: string;
  room?: Room;
  lesseeInfors?: Lessee[];
  vehicles?: Vehicle[];
  contractServices?: ContractService[];
};

/** `?status` of the list: every occupant, those living there (1) or those who moved out (2). */
export type LesseeStatusFilter = 'all' | '1' | '2';

export const LESSEE_PAGE_SIZE = 20;

/** Upper bound of the lists read whole (a house's active contracts, its rooms). */
const WHOLE_LIST = 1000;

export interface LesseeListQuery {
  houseID: string;
  search: string;
  status: LesseeStatusFilter;
  /** 0-based. */
  page: number;
}

export const lesseeKeys = {
  list: ({ houseID, search, status, page }: LesseeListQuery) => {
    const parts = [`houseID=${enc(houseID)}`];
    if (search.trim() !== '') parts.push(`search=${enc(search.trim())}`);
    if (status !== 'all') parts.push(`$filter=${enc(`status eq ${status}`)}`);
    parts.push('$orderby=occupantName', `$top=${LESSEE_PAGE_SIZE}`, `$skip=${page * LESSEE_PAGE_SIZE}`);
    parts.push('$count=true');
    return `/odata/Lessee?${parts.join('&')}`;
  },
  detail: (lesseeInfoID: string) => `/odata/Lessee/${enc(lesseeInfoID)}?$expand=vehicles`,
  contract: (contractID: string) =>
    `/odata/Contract/${enc(contractID)}?$expand=room,lesseeInfors,vehicles,contractServices`,
  activeContractOfRoom: (houseID: string, roomID: string) =>
    `/odata/Contract?HouseID=${enc(houseID)}&roomID=${enc(roomID)}&$filter=${enc('status eq 1')}` +
    '&$expand=room,lesseeInfors,vehicles',
  activeContracts: (houseID: string) =>
    `/odata/Contract?HouseID=${enc(houseID)}&$filter=${enc('status eq 1')}&$expand=room&$top=${WHOLE_LIST}`,
  /** Which room each contract is for (occupants saved without their room are placed through it). */
  contractRooms: (houseID: string) =>
    `/odata/Contract?HouseID=${enc(houseID)}&$select=contractID,roomID&$top=${WHOLE_LIST}`,
  houseRooms: (houseID: string) =>
    `/odata/Room?houseID=${enc(houseID)}&$select=roomID,roomName&$top=${WHOLE_LIST}`,
} as const;

export function useLesseePage(query: LesseeListQuery | null): SWRResponse<ODataCollection<Lessee>, Error> {
  return useApiResource<ODataCollection<Lessee>>(query === null ? null : lesseeKeys.list(query), {
    keepPreviousData: true,
  });
}

export function useLessee(lesseeInfoID: string): SWRResponse<LesseeDetail, Error> {
  return useApiResource<LesseeDetail>(lesseeKeys.detail(lesseeInfoID));
}

export function useContract(contractID: string | null): SWRResponse<ContractWithPeople, Error> {
  return useApiResource<ContractWithPeople>(contractID === null ? null : lesseeKeys.contract(contractID));
}

export function useActiveContractOfRoom(
  houseID: string | null,
  roomID: string,
): SWRResponse<ODataCollection<ContractWithPeople>, Error> {
  return useApiResource<ODataCollection<ContractWithPeople>>(
    houseID === null ? null : lesseeKeys.activeContractOfRoom(houseID, roomID),
  );
}

export function useActiveContracts(
  houseID: string | null,
): SWRResponse<ODataCollection<ContractWithPeople>, Error> {
  return useApiResource<ODataCollection<ContractWithPeople>>(
    houseID === null ? null : lesseeKeys.activeContracts(houseID),
  );
}

export function useContractRooms(
  houseID: string | null,
): SWRResponse<ODataCollection<Pick<Contract, 'contractID' | 'roomID'>>, Error> {
  return useApiResource(houseID === null ? null : lesseeKeys.contractRooms(houseID));
}

export function useHouseRoomNames(
  houseID: string | null,
): SWRResponse<ODataCollection<Pick<Room, 'roomID' | 'roomName'>>, Error> {
  return useApiResource(houseID === null ? null : lesseeKeys.houseRooms(houseID));
}

export { useHouseFees } from '../../lib/api/resources/fees';

const TENANCY_KEY_PREFIXES = ['/odata/Lessee', '/odata/Contract', '/odata/Vehicle', '/odata/Room?roomID='];

/**
 * Refetches what an occupant or vehicle change may alter: the lessee lists and details, contracts with
 * their occupants and vehicles, and the room page's lessee section.
 */
export function revalidateTenancy(): Promise<unknown> {
  return mutate(
    (key) => typeof key === 'string' && TENANCY_KEY_PREFIXES.some((prefix) => key.startsWith(prefix)),
  );
}

const OWN_ERROR_HANDLING = { toastBadRequest: false, handledStatuses: [400, 409, 412] } as const;

export function createLessee(payload: LesseeCreateInput): Promise<Lessee> {
  return apiRequest<Lessee>('/odata/LesseeInfor', { method: 'POST', body: payload, ...OWN_ERROR_HANDLING });
}

const STALE_MESSAGE =
  'Thông tin người thuê vừa được người khác thay đổi. Dữ liệu mới nhất đã được tải lại, vui lòng kiểm tra rồi lưu lại.';

/** PATCH with `If-Match`; a 412 says in Vietnamese that someone else changed the occupant. */
async function patchIfMatch<T>(path: string, body: unknown, etag: string | undefined): Promise<T> {
  try {
    return await apiRequest<T>(path, {
      method: 'PATCH',
      body,
      ifMatch: etag,
      toastBadRequest: false,
      handledStatuses: [400, 404, 409, 412],
    });
  } catch (error) {
    if (isApiError(error) && error.status === 412) throw new ApiError(412, error.body, STALE_MESSAGE);
    throw error;
  }
}

export function updateLessee(lessee: Lessee, payload: LesseeUpdateInput): Promise<Lessee> {
  return patchIfMatch<Lessee>(
    `/odata/LesseeInfor/${enc(lessee.lesseeInfoID)}`,
    payload,
    lessee['@odata.etag'],
  );
}

export function deleteLessee(lesseeInfoID: string): Promise<unknown> {
  return apiRequest(`/odata/LesseeInfor/${enc(lesseeInfoID)}`, {
    method: 'DELETE',
    ...OWN_ERROR_HANDLING,
  });
}

/** Create-only SAS for one identity photo of this house. */
export function requestIdentityImageUpload(houseID: string, extension: PhotoExtension): Promise<UploadGrant> {
  return apiRequest<UploadGrant>(
    `/api/BlobAccess/GetLesseeInforContainerSAS?houseID=${enc(houseID)}&extension=${extension}`,
    { toastBadRequest: false },
  );
}

export function createVehicle(contractID: string, payload: VehicleCreateInput): Promise<Vehicle> {
  return apiRequest<Vehicle>(`/odata/Vehicle/${enc(contractID)}`, {
    method: 'POST',
    body: payload,
    ...OWN_ERROR_HANDLING,
  });
}

export function updateVehicle(vehicleID: string, payload: VehicleUpdateInput): Promise<Vehicle> {
  return apiRequest<Vehicle>(`/odata/Vehicle/${enc(vehicleID)}`, {
    method: 'PATCH',
    body: payload,
    ...OWN_ERROR_HANDLING,
  });
}

export function deleteVehicle(vehicleID: string): Promise<unknown> {
  return apiRequest(`/odata/Vehicle/${enc(vehicleID)}`, { method: 'DELETE', ...OWN_ERROR_HANDLING });
}

/** Subscribes a vehicle of the contract to a per-vehicle house fee. */
export function subscribeVehicleFee(contractID: string, serviceID: string, vehicleID: string) {
  return apiRequest<ContractService>('/odata/ContractService', {
    method: 'POST',
    body: { contractID, serviceID, vehicleID },
    ...OWN_ERROR_HANDLING,
  });
}
