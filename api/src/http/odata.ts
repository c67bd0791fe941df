import type { HttpRequest, HttpResponseInit } from '@azure/functions';
import { LEVEL, MESSAGES, type RoleID } from '@nhatro/common';
import { z } from 'zod';
import { AppError } from '../domain/shared/errors.js';
import type { DeclaredEntitySet } from '../domain/shared/odata/metadata.js';
import type { EntityModel } from '../domain/shared/odata/model.js';
import { parseODataQuery, type ODataQuery } from '../domain/shared/odata/parse.js';
import type { Actor } from '../useCases/shared/actor.js';
import { requireID } from '../useCases/shared/houseScope.js';
import type { EntityPage } from '../useCases/shared/odataQuery.js';
import { ifMatch, readJson, splitQuery } from './body.js';
import { defineEndpoint, type AuthedCall, type Permission } from './endpoint.js';
import { entityJson, json, noContent } from './replies.js';
import { cachedJsonReply } from './replyCache.js';

/** The OData JSON of a collection, with `@odata.nextLink` when the server cut the page. */
export function collectionBody(
  req: HttpRequest,
  entitySet: string,
  page: EntityPage,
): Record<string, unknown> {
  const url = new URL(req.url);
  const body: Record<string, unknown> = { '@odata.context': `${url.origin}/odata/$metadata#${entitySet}` };
  if (page.count !== undefined) body['@odata.count'] = page.count;
  body.value = page.value;
  if (page.nextSkip !== undefined) {
    url.searchParams.set('$skip', String(page.nextSkip));
    body['@odata.nextLink'] = url.toString();
  }
  return body;
}

type Entity = Record<string, unknown>;

/** The entity sets declared with the recipe, in declaration order, for `$metadata`. */
export const ENTITY_SETS: DeclaredEntitySet[] = [];

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** An operation's permission; by default the entity's area at the level of spec section 6. */
interface Operation {
  permission?: Permission;
  roles?: RoleID[];
}

export interface ODataEntityDefinition<
  Scope extends string,
  Create extends z.ZodType,
  Update extends ObjectSchema,
> {
  /** Function-name prefix: `room` gives roomList, roomGet, roomCreate, roomPatch, roomPatchById, roomDelete. */
  name: string;
  /** The spec's entity set: `/odata/<entitySet>`. */
  entitySet: string;
  model: EntityModel;
  /** The permission area; reads need level 1, creates 3, updates 2, deletes 4 unless an operation says otherwise. */
  area: Permission['area'];
  /**
   * Names of the entity's id, in a PATCH body and in messages (`roomID`, 'Mã phòng'); `alias` is a
   * second name a PATCH body may use (the spec's `chargeID` for `oneTimeChargeID`).
   */
  id: { field: string; label: string; alias?: string };
  /** `GET /odata/X?<scope>…`: the non-OData parameters that choose what to list (matched ignoring case). */
  list?: Operation & {
    scope: readonly Scope[];
    run(actor: Actor, scope: Partial<Record<Scope, string>>, query: ODataQuery): Promise<EntityPage>;
    /**
     * The reply depends only on stored data (no expiring read URLs): keep it until anything is written.
     * A function decides per request from the scope parameters and the OData options (an `$expand`
     * whose items carry read URLs, such as issue photos, must not be kept).
     */
    cacheReplies?: boolean | ((scope: Partial<Record<Scope, string>>, options: URLSearchParams) => boolean);
  };
  /** `GET /odata/X/{id}`. */
  get?: Operation & { run(actor: Actor, id: string, query: ODataQuery): Promise<Entity> };
  /** `POST /odata/X` with a JSON body; answers 201 with the entity. */
  create?: Operation & { schema: Create; run(actor: Actor, input: z.infer<Create>): Promise<Entity> };
  /** `PATCH /odata/X` (id in the body) and `PATCH /odata/X/{id}`, honouring `If-Match`. */
  update?: Operation & {
    schema: Update;
    run(actor: Actor, id: string, input: z.infer<Update>, ifMatch: string | undefined): Promise<Entity>;
  };
  /** `DELETE /odata/X/{id}`, honouring `If-Match`; answers 204. */
  remove?: Operation & { run(actor: Actor, id: string, ifMatch: string | undefined): Promise<void> };
}

function access(
  operation: Operation,
  fallback: Permission,
): Pick<Operation, 'roles'> & { permission: Permission } {
  return {
    permission: operation.permission ?? fallback,
    ...(operation.roles ? { roles: operation.roles } : {}),
  };
}

/**
 * The OData recipe every entity uses: a declaration of its list, read, create, update and delete
 * use cases becomes the spec's routes with paging, `$filter/$orderby/$top/$skip/$count/$select/$expand`,
 * `@odata.nextLink`, both PATCH forms and If-Match.
 */
export function defineODataEntity<
  Scope extends string,
  Create extends z.ZodType = ObjectSchema,
  Update extends ObjectSchema = ObjectSchema,
>(definition: ODataEntityDefinition<Scope, Create, Update>): void {
  const { name, entitySet, model, area, id } = definition;
  const route = `odata/${entitySet}`;
  const idOf = (value: string | undefined) => requireID(value, id.label);
  const { list, get, create, update, remove } = definition;
  ENTITY_SETS.push({ entitySet, model, key: id.field });

  if (list) {
    defineEndpoint({
      name: `${name}List`,
      route,
      methods: ['GET'],
      ...access(list, { area, level: LEVEL.read }),
      async handle({ req, actor, storeVersion }) {
        const { scope, options } = splitQuery(req, list.scope);
        const build = async () =>
          collectionBody(
            req,
            entitySet,
            await list.run(actor, scope as Partial<Record<Scope, string>>, parseODataQuery(options, model)),
          );
        const cacheable =
          typeof list.cacheReplies === 'function'
            ? list.cacheReplies(scope as Partial<Record<Scope, string>>, options)
            : list.cacheReplies === true;
        if (!cacheable) return json(200, await build());
        return cachedJsonReply(actor.deps, storeVersion, `${actor.user.userID}\u0000${req.url}`, build);
      },
    });
  }
  if (get) {
    defineEndpoint({
      name: `${name}Get`,
      route: `${route}/{id}`,
      methods: ['GET'],
      ...access(get, { area, level: LEVEL.read }),
      async handle({ req, actor, params }) {
        return entityJson(200, await get.run(actor, idOf(params.id), parseODataQuery(req.query, model)));
      },
    });
  }
  if (create) {
    defineEndpoint({
      name: `${name}Create`,
      route,
      methods: ['POST'],
      ...access(create, { area, level: LEVEL.create }),
      async handle({ req, actor }) {
        return entityJson(201, await create.run(actor, await readJson(req, create.schema)));
      },
    });
  }
  if (update) {
    // A schema that names the id validates it itself (its message as a field error); otherwise accept it here.
    const withID =
      id.field in update.schema.shape
        ? update.schema
        : update.schema.extend({ [id.field]: z.string().optional() });
    // Unknown fields are refused by the strict payload schema; a body id must name the routed object.
    // Fields sent as undefined are dropped: an empty PATCH reaches the use case as `{}`, which
    // answers the unchanged entity without writing (no new ETag, no audit entry).
    const patch = async (call: AuthedCall, idFromRoute: string | undefined): Promise<HttpResponseInit> => {
      const { [id.field]: idFromBody, ...named } = await readJson(call.req, withID);
      const { [id.alias ?? id.field]: idUnderAlias, ...fields } = named as Record<string, unknown>;
      const bodyIDs = [idFromBody, id.alias ? idUnderAlias : undefined].filter(
        (value): value is string => typeof value === 'string',
      );
      const bodyID = bodyIDs[0];
      if (bodyIDs.some((value) => value !== (idFromRoute ?? bodyID))) {
        throw AppError.validation([{ field: id.field, errorMessage: MESSAGES.idMismatch(id.label) }]);
      }
      const target = idOf(idFromRoute ?? bodyID);
      const input = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      return entityJson(
        200,
        await update.run(call.actor, target, input as z.infer<Update>, ifMatch(call.req)),
      );
    };
    const permission = access(update, { area, level: LEVEL.update });
    defineEndpoint({
      name: `${name}Patch`,
      route,
      methods: ['PATCH'],
      ...permission,
      handle: (call) => patch(call, undefined),
    });
    defineEndpoint({
      name: `${name}PatchById`,
      route: `${route}/{id}`,
      methods: ['PATCH'],
      ...permission,
      handle: (call) => patch(call, call.params.id),
    });
  }
  if (remove) {
    defineEndpoint({
      name: `${name}Delete`,
      route: `${route}/{id}`,
      methods: ['DELETE'],
      ...access(remove, { area, level: LEVEL.full }),
      async handle({ actor, params, req }) {
        await remove.run(actor, idOf(params.id), ifMatch(req));
        return noContent;
      },
    });
  }
}

/** Whether `$expand` (at any depth) names one of `navigations`, e.g. `rooms($expand=issues)`. */
export function expandsAny(options: URLSearchParams, navigations: readonly string[]): boolean {
  const expand = options.get('$expand');
  if (!expand) return false;
  const lower = expand.toLowerCase();
  return navigations.some((name) => navigationPattern(name).test(lower));
}

const NAVIGATION_PATTERNS = new Map<string, RegExp>();

function navigationPattern(name: string): RegExp {
  let pattern = NAVIGATION_PATTERNS.get(name);
  if (!pattern) {
    pattern = new RegExp(`(^|[,(=\\s])${name.toLowerCase()}\\b`);
    NAVIGATION_PATTERNS.set(name, pattern);
  }
  return pattern;
}
