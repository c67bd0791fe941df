import { expect } from 'vitest';
import type { apiClient } from './product.js';
import { tenantConfirmsOverHttp } from './tenancyLinks.js';

type Api = ReturnType<typeof apiClient>;

/**
 * A tenancy signed through the API on `roomID` by the landlord holding `token`, with one more occupant and
 * a motorbike, confirmed by its tenant over the link of the code: its contract and the tenant's session.
 */
export async function signedTenancy(
  api: Api,
  token: string,
  tenancy: { roomID: string; phone: string; plate: string; name?: string; occupant?: string; year?: number },
) {
  const year = tenancy.year ?? 2030;
  const created = await api.request<{ contractID: string }>('POST', '/odata/Contract', {
    token,
    body: {
      roomID: tenancy.roomID,
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
      representative: {
        occupantName: tenancy.name ?? 'Lê Thị Thuê Hai',
        gender: 'nữ',
        phoneNumber: tenancy.phone,
      },
      occupants: [{ occupantName: tenancy.occupant ?? 'Lê Văn Bí Mật', gender: 'nam' }],
      vehicles: [{ vehicleType: 'Xe máy', licensePlate: tenancy.plate }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { contractID } = created.body;
  await tenantConfirmsOverHttp(api, contractID, 'ThueHai2030');
  return { contractID, session: await api.login(tenancy.phone, 'ThueHai2030') };
}

/**
 * A second tenancy in `houseID`, signed by `landlord` on the first empty room (as `signedTenancy`): its
 * room, contract and the tenant's session.
 */
export async function secondTenantIn(
  api: Api,
  landlord: { token: { accessToken: string } },
  houseID: string,
  tenancy: { phone: string; plate: string },
) {
  const rooms = await api.getAs<{ value: Array<{ roomID: string; status: string }> }>(
    landlord,
    `/odata/Room?houseID=${houseID}`,
  );
  const roomID = rooms.body.value.find((room) => room.status === 'empty')?.roomID ?? '';
  expect(roomID, 'an empty room').not.toBe('');
  return { roomID, ...(await signedTenancy(api, landlord.token.accessToken, { roomID, ...tenancy })) };
}

/** Room filters whose answer in memory (a tenant's house, read in one query) must equal the store's. */
export const ROOM_FILTERS = [
  "roomName eq 'P101'",
  "contains(roomName,'p1')",
  "contains(roomName,'P1')",
  "startswith(roomDescription,'Phòng có')",
  "startswith(roomDescription,'phòng')",
  "contains(roomDescription,'gác lửng')",
  'roomDescription ne null',
  'roomDescription eq null',
  'price gt 3000000',
  "roomName in ('P101','P102')",
  "not (status eq 'empty')",
  "status eq 'occupied' and floor eq 1 or price lt 0",
  "tolower(roomName) eq 'p101'",
  "endswith(roomName,'01')",
];
