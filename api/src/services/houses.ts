import { randomUUID } from 'node:crypto';
import type { HouseSummary } from '@nhatro/common';
import { accessibleHousesQuery, canAccessHouse, type Caller } from '../domain/access.js';
import type { LessorInfo } from '@nhatro/common';
import type { HouseDoc } from '../domain/model.js';
import { ApiError } from '../http/errors.js';
import type { AppServices } from './context.js';
import { findUser } from './users.js';

export function newHouseDoc(
  input: { houseName: string; houseAddress: string; ownerID: string; staffIDs?: string[] },
  createdOn: string,
): HouseDoc {
  const houseID = randomUUID();
  return {
    id: houseID,
    pk: houseID,
    type: 'house',
    houseID,
    houseName: input.houseName,
    houseAddress: input.houseAddress,
    ownerID: input.ownerID,
    staffIDs: input.staffIDs ?? [],
    createdOn,
  };
}

export async function readHouse(services: AppServices, houseID: string): Promise<HouseDoc | undefined> {
  const doc = await services.store.container<HouseDoc>('houses').read(houseID, houseID);
  return doc?.type === 'house' ? doc : undefined;
}

/** The house, if the caller may touch it; otherwise 404 (another landlord's house does not exist for them). */
export async function authorizeHouse(
  services: AppServices,
  caller: Caller,
  houseID: string,
): Promise<HouseDoc> {
  const house = await readHouse(services, houseID);
  if (!house || !canAccessHouse(caller, house)) throw ApiError.notFound();
  return house;
}

export async function lessorInfoOf(services: AppServices, ownerID: string): Promise<LessorInfo> {
  const owner = await findUser(services, ownerID);
  return owner?.lessorInfo ?? { status: 2 };
}

/** Houses for the login reply and the house picker: every house the caller may manage. */
export async function listHouseSummaries(services: AppServices, caller: Caller): Promise<HouseSummary[]> {
  const query = accessibleHousesQuery(caller);
  if (!query) return [];
  const houses: HouseDoc[] = [];
  let continuation: string | undefined;
  do {
    const page = await services.store.container<HouseDoc>('houses').query({
      ...query,
      orderBy: { field: 'houseName' },
      top: 500,
      ...(continuation ? { continuation } : {}),
    });
    houses.push(...page.items);
    continuation = page.continuation;
  } while (continuation);
  const lessorInfos = new Map<string, LessorInfo>();
  for (const ownerID of new Set(houses.map((house) => house.ownerID))) {
    lessorInfos.set(ownerID, await lessorInfoOf(services, ownerID));
  }
  return houses.map((house) => ({
    houseID: house.houseID,
    houseName: house.houseName,
    houseAddress: house.houseAddress,
    lessorInfo: { status: lessorInfos.get(house.ownerID)?.status ?? 2 },
  }));
}
