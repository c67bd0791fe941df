import { MESSAGES } from '@nhatro/common';
import type { Caller } from '../../domain/shared/access.js';
import { AppError } from '../../domain/shared/errors.js';
import type { HouseDoc, HouseScopedDoc } from '../../domain/shared/model.js';
import { matches, sortBy } from '../../domain/shared/odata/evaluate.js';
import type { EntityModel } from '../../domain/shared/odata/model.js';
import type { ExpandOption, ODataQuery } from '../../domain/shared/odata/parse.js';
import type { Filter, OrderBy } from '../../store/store.js';
import type { Deps } from './deps.js';
import { readHouse } from './houseScope.js';
import { selectFields } from './odataQuery.js';

/**
 * `$expand` as one recursive mechanism: each navigation of each entity type is declared once
 * (`useCases/shared/navigations.ts`) as a loader of the targets of a whole batch of parents, and the
 * engine here applies the nested `$filter`, `$orderby`, `$skip`, `$top`, `$count`, `$select` and
 * `$expand` the same way at every depth. The targets of every parent of one level are expanded
 * together, so a request costs a few store queries per navigation and level, never one per row.
 */

export type Entity = Record<string, unknown>;

/** What loaders may use: the store, who is asking, and the houses met so far. */
export interface ExpandContext {
  deps: Deps;
  caller: Caller;
  /** A house by id, read at most once per request (the landlord's info names its owner). */
  house(houseID: string): Promise<HouseDoc | undefined>;
  /**
   * Counts `count` more expanded entities against the request's budget (`MAX_EXPANDED_ENTITIES`);
   * past it, a 400. A nested `$expand` that goes back and forth (`contracts($expand=room($expand=
   * contracts…))`) multiplies at each level: without a budget one request could build a reply of
   * gigabytes.
   */
  spend(count: number): void;
  /**
   * Targets asked for before their parents were read (`Navigation.ahead`), by house and filter
   * (`aheadKey`): the loader takes them from here instead of querying again.
   */
  ahead: Map<string, Promise<HouseScopedDoc[]>>;
  /**
   * Every document of one type in a house whose field has one value (`knownKey`), read with the parent
   * (a contract's occupants, vehicles and room): the loader filters these instead of querying.
   */
  known: Map<string, readonly HouseScopedDoc[]>;
}

/** The key of a complete set of documents: of `type`, in house `pk`, with `field` equal to `value`. */
export function knownKey(pk: string, type: string, field: string, value: string): string {
  return JSON.stringify([pk, type, field, value]);
}

/** The key of targets read ahead: the house and the filter they match. */
export function aheadKey(houseID: string, filter: Filter): string {
  return JSON.stringify([houseID, filter]);
}

/** Most entities the `$expand` of one request may add, at every depth together. */
export const MAX_EXPANDED_ENTITIES = 20_000;

/** One navigation property of one entity type. */
export interface Navigation {
  /** A single entity (or `null`) rather than a collection. */
  single?: boolean;
  /** The order of a collection when the client asks none. */
  order?: OrderBy[];
  /**
   * For targets that are the documents of the parent's house matching a filter known before the
   * parents are read (a house's rooms): that filter, so they can be read in the parents' query.
   */
  ahead?(ctx: ExpandContext): Filter;
  /**
   * The targets of each parent, in the parents' order, as the API shows them (a single navigation:
   * at most one). Parents are entities as the API shows them, before `$select`.
   */
  load(ctx: ExpandContext, parents: readonly Entity[], option: ExpandOption): Promise<Entity[][]>;
}

/** Navigation property → its loader, per entity type name; filled by navigations.ts. */
export type NavigationTable = Record<string, Record<string, Navigation>>;

const EXPAND_TOO_LARGE = `$expand trả về hơn ${MAX_EXPANDED_ENTITIES.toLocaleString('vi-VN')} mục. Hãy bớt cấp lồng nhau hoặc thu hẹp bằng $top, $filter.`;

/** A context for one request; `known` are house documents the use case already read. */
export function expandContext(
  actor: { deps: Deps; user: Caller },
  known: readonly HouseDoc[] = [],
  sets: ReadonlyMap<string, readonly HouseScopedDoc[]> = new Map(),
): ExpandContext & { know(house: HouseDoc): void } {
  const houses = new Map<string, Promise<HouseDoc | undefined>>(
    known.map((house) => [house.houseID, Promise.resolve(house)]),
  );
  let spent = 0;
  return {
    ahead: new Map(),
    known: new Map(sets),
    spend(count) {
      spent += count;
      if (spent > MAX_EXPANDED_ENTITIES) {
        throw AppError.badRequest(MESSAGES.invalidQuery(EXPAND_TOO_LARGE));
      }
    },
    deps: actor.deps,
    caller: actor.user,
    house(houseID) {
      let house = houses.get(houseID);
      if (!house) {
        house = readHouse(actor.deps, houseID);
        houses.set(houseID, house);
      }
      return house;
    },
    know(house) {
      if (!houses.has(house.houseID)) houses.set(house.houseID, Promise.resolve(house));
    },
  };
}

/** The items of one collection a client asked for: filtered, ordered, counted and paged. */
function windowOf(items: Entity[], query: ODataQuery, order: OrderBy[]): { items: Entity[]; count: number } {
  const filter = query.filter;
  const filtered = filter ? items.filter((item) => matches(item, filter)) : items;
  const ordered = sortBy(filtered, query.orderBy.length > 0 ? query.orderBy : order);
  const end = query.top === undefined ? undefined : query.skip + query.top;
  return { items: ordered.slice(query.skip, end), count: filtered.length };
}

/** The properties one `$expand` item adds to each parent, in the parents' order. */
async function expandOption(
  ctx: ExpandContext,
  table: NavigationTable,
  model: EntityModel,
  parents: readonly Entity[],
  option: ExpandOption,
): Promise<Entity[]> {
  const navigation = table[model.name]?.[option.property];
  // The parser accepts only the navigations a model declares; tests/unit/expandNavigations.test.ts
  // checks that each has a loader.
  if (!navigation) throw new Error(`No loader for ${model.name}.${option.property}`);
  const targets = await navigation.load(ctx, parents, option);
  const windows = targets.map((items) => windowOf(items, option.query, navigation.order ?? []));
  // Every parent's targets together: the next level is one batch too.
  const flat = windows.flatMap((window) => window.items);
  ctx.spend(flat.length);
  const expanded = await expandWith(ctx, table, option.model, flat, option.query.expand);
  const shown = expanded.map((entity) => selectFields(entity, option.query));
  let offset = 0;
  return windows.map((window) => {
    const own = shown.slice(offset, offset + window.items.length);
    offset += window.items.length;
    if (navigation.single) return { [option.property]: own[0] ?? null };
    return {
      ...(option.query.count ? { [`${option.property}@odata.count`]: window.count } : {}),
      [option.property]: own,
    };
  });
}

/**
 * The entities of `model` with the navigation properties of `expand` added (nested options applied,
 * recursively); `$select` of the entities themselves is the caller's.
 */
export async function expandWith(
  ctx: ExpandContext,
  table: NavigationTable,
  model: EntityModel,
  entities: readonly Entity[],
  expand: readonly ExpandOption[],
): Promise<Entity[]> {
  if (expand.length === 0 || entities.length === 0) return [...entities];
  // Concurrently: navigations that read the same documents (a room's contracts) share one query.
  const added = await Promise.all(expand.map((option) => expandOption(ctx, table, model, entities, option)));
  return entities.map((entity, index) =>
    Object.assign({}, entity, ...added.map((properties) => properties[index])),
  );
}
