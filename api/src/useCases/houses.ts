import { newHouseTotals } from './shared/houseTotals.js';
import type { HouseCreateInput, HouseUpdateInput } from '@nhatro/common';
import { accessibleHousesQuery, accountGrantsHouse } from '../domain/shared/access.js';
import type { HouseDoc, HouseScopedDoc } from '../domain/shared/model.js';
import { HOUSE_MODEL } from '../domain/shared/odata/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { type Actor, replaceAudited, writeAudited } from './shared/actor.js';
import { expandContext } from './shared/expand.js';
import { loadChildren } from './shared/expandBatch.js';
import { expandEntities, expandEntity, readAhead } from './shared/navigations.js';
import { assertCurrent, authorizeHouse, houseDocs, houseTogether, withChanges } from './shared/houseScope.js';
import { listEntities, listLoadedEntities, selectFields, type EntityPage } from './shared/odataQuery.js';
import { entityView } from './shared/views.js';
import { newHouseDoc, newMeteredFeeDocs } from './shared/newHouses.js';
import { recordOwnedHouse } from './shared/houseRights.js';

export async function listHouses(actor: Actor, query: ODataQuery): Promise<EntityPage> {
  const scope = accessibleHousesQuery(actor.user);
  if (!scope) return { value: [], ...(query.count ? { count: 0 } : {}) };
  const expansion = expandContext(actor);
  const toEntity = (house: HouseDoc) => {
    // The page's houses name their owners: the landlord's info is read without reading them again.
    expansion.know(house);
    return entityView(house);
  };
  const expand = (entities: Array<Record<string, unknown>>) =>
    expandEntities(expansion, HOUSE_MODEL, entities, query.expand);
  const { partitionKey } = scope;
  if (partitionKey === undefined) {
    return listEntities(houseDocs<HouseDoc>(actor.deps), scope, query, [], toEntity, expand);
  }
  // A tenant's one house: the house and what its `$expand` reads of the house (their room) in one
  // query of the house, not one for the house and one per navigation.
  readAhead(expansion, HOUSE_MODEL, query.expand, partitionKey);
  const filter = query.filter ? { op: 'and' as const, items: [scope.filter, query.filter] } : scope.filter;
  const houses = await loadChildren<HouseDoc>(
    actor.deps,
    { partitionKey, filter, groupBy: 'pk' },
    partitionKey,
  );
  return listLoadedEntities(houses, query, [], toEntity, expand);
}

export async function getHouse(actor: Actor, houseID: string, query: ODataQuery) {
  if (!accountGrantsHouse(actor.user, houseID)) {
    const house = await authorizeHouse(actor.deps, actor.user, houseID);
    return selectFields(await expandEntity(actor, HOUSE_MODEL, entityView(house), query, [house]), query);
  }
  // A house the account grants: the house and what its `$expand` reads of the house (its rooms, fees)
  // in one query of the house.
  const expansion = expandContext(actor);
  readAhead(expansion, HOUSE_MODEL, query.expand, houseID);
  const house = await houseTogether(actor.deps, houseID);
  expansion.know(house);
  const [entity] = await expandEntities(expansion, HOUSE_MODEL, [entityView(house)], query.expand);
  return selectFields(entity ?? entityView(house), query);
}

/** A landlord adds a house; it starts with its electricity and water fees and complete (empty) running totals. */
export async function createHouse(actor: Actor, input: HouseCreateInput) {
  const now = actor.deps.now().toISOString();
  // The owner's last change of their details marked only the houses they had then: a token signed before
  // this house existed may carry older details, so it is not trusted here (`claimedLessorInfo`).
  const house = { ...newHouseDoc({ ...input, ownerID: actor.user.userID }, now), lessorInfoChangedAt: now };
  const [saved = house] = await writeAudited<HouseScopedDoc>(
    actor,
    house.houseID,
    [house, ...newMeteredFeeDocs(house.houseID), newHouseTotals(house.houseID)].map((doc) => ({
      op: 'create' as const,
      doc,
    })),
    { action: 'create', entity: 'house', entityID: house.houseID },
  );
  await recordOwnedHouse(actor.deps, actor.user.userID, house.houseID);
  return entityView(saved);
}

export async function updateHouse(
  actor: Actor,
  houseID: string,
  input: Omit<HouseUpdateInput, 'houseID'>,
  ifMatch?: string,
) {
  const house = await authorizeHouse(actor.deps, actor.user, houseID);
  assertCurrent(house, ifMatch);
  const { next, changed } = withChanges(house, {
    houseName: input.houseName,
    houseAddress: input.houseAddress,
    billRounding: input.billRounding,
    identityRetentionMonths: input.identityRetentionMonths,
    noticeDays: input.noticeDays,
    tenantMeterReading: input.tenantMeterReading,
    tenantReadingDeadlineDay: input.tenantReadingDeadlineDay,
    debtReminderAfterDays: input.debtReminderAfterDays,
    debtReminderEveryDays: input.debtReminderEveryDays,
  });
  if (changed.length === 0) return entityView(house);
  const updated = await replaceAudited(actor, next, ifMatch ?? house._etag, {
    action: 'update',
    entity: 'house',
    entityID: house.houseID,
    details: { fields: changed },
  });
  return entityView(updated);
}
