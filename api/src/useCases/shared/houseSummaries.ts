import type { HouseSummary, LessorInfo } from '@nhatro/common';
import { type Caller, accessibleHousesQuery } from '../../domain/shared/access.js';
import type { HouseDoc } from '../../domain/shared/model.js';
import type { Deps } from './deps.js';
import { houseDocs } from './houseScope.js';
import { queryAll } from './queryAll.js';
import { lessorInfoOf } from './users.js';

/**
 * The houses a caller may manage, as the login reply and the house picker show them.
 */

/** Houses for the login reply and the house picker: every house the caller may manage. */
export async function listHouseSummaries(deps: Deps, caller: Caller): Promise<HouseSummary[]> {
  const query = accessibleHousesQuery(caller);
  if (!query) return [];
  const houses = await queryAll(houseDocs<HouseDoc>(deps), {
    ...query,
    orderBy: { field: 'houseName' },
    top: 500,
  });
  const lessorInfos = new Map<string, LessorInfo>();
  for (const ownerID of new Set(houses.map((house) => house.ownerID))) {
    lessorInfos.set(ownerID, await lessorInfoOf(deps, ownerID));
  }
  return houses.map((house) => ({
    houseID: house.houseID,
    houseName: house.houseName,
    houseAddress: house.houseAddress,
    lessorInfo: { status: lessorInfos.get(house.ownerID)?.status ?? 2 },
  }));
}
