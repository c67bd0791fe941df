import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractDoc, FeeDoc, RoomDoc } from '../../api/src/domain/shared/model.js';
import {
  CONTRACT_MODEL,
  HOUSE_MODEL,
  HOUSE_TICKET_MODEL,
  ISSUE_MODEL,
  LESSEE_MODEL,
  MODELS,
  MONTHLY_BILL_MODEL,
  ROOM_MODEL,
  type EntityModel,
} from '../../api/src/domain/shared/odata/model.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { aSubscription } from '../support/billingBuilders.js';
import { aDevice } from '../support/builders.js';
import { anIssue } from '../support/issueBuilders.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type TestProduct,
} from '../support/product.js';
import { MSG, type ODataCollection } from './helpers.js';

/**
 * Every navigation expands the same way wherever it is asked: at the top of an entity set or inside
 * another `$expand`. For every entity set whose type has navigations, every navigation `n` of it and
 * every navigation `m` of n's type, `$expand=n($expand=m)` must give each n-item the `m` that reading
 * that item alone with `$expand=m` gives. The pairs come from the OData models, not from a list here;
 * the data (a tenancy with bills, an issue, a device, a service, a notice, a draft) makes every n
 * non-empty, so no pair passes by having nothing to compare.
 */

type Entity = Record<string, unknown>;

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
let token = '';
let tenancy = { contractID: '', houseID: '', roomID: '' };

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'nguoithue']);
  token = accessTokens(sessions).chunha as string;
  tenancy = tenancyOf(sessions.nguoithue);
  const deps = product.services;
  const room = (await houseDocs<RoomDoc>(deps).read(tenancy.houseID, tenancy.roomID)) as RoomDoc;
  const contract = (await houseDocs<ContractDoc>(deps).read(
    tenancy.houseID,
    tenancy.contractID,
  )) as ContractDoc;
  const [fee] = await listInHouse<FeeDoc>(deps, tenancy.houseID, 'service');
  await aDevice(deps, room, { deviceName: 'Quạt trần' });
  // Months before this one: this month's bill is what the draft below prepares.
  await aMonthlyBill(deps, tenancy, { month: '2025-10' });
  await aMonthlyBill(deps, tenancy, { month: '2025-11' });
  await anIssue(deps, contract, room, { images: [`${tenancy.houseID}/issue-1-a.png`] });
  await aSubscription(deps, contract, fee as FeeDoc);
  const notice = await call('POST', '/odata/Notification', {
    houseID: tenancy.houseID,
    title: 'Cúp nước',
    body: 'Sáng mai cúp nước từ 8 giờ đến 10 giờ.',
    roomIDs: [tenancy.roomID],
  });
  expect(notice.status, JSON.stringify(notice.body)).toBe(201);
  const draft = await call('POST', '/api/HouseTicket/Draft', { houseID: tenancy.houseID });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
}, 60_000);
afterAll(() => product?.stop());

function call<T = unknown>(method: string, path: string, body?: unknown) {
  return api.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
}

/** How each set with navigations is listed (its scope); the test below checks none is missing. */
const SETS: Array<{ model: EntityModel; list: () => string }> = [
  { model: HOUSE_MODEL, list: () => `/odata/House?$filter=houseID eq '${tenancy.houseID}'` },
  { model: ROOM_MODEL, list: () => `/odata/Room?roomID=${tenancy.roomID}` },
  {
    model: CONTRACT_MODEL,
    list: () => `/odata/Contract?HouseID=${tenancy.houseID}&$filter=contractID eq '${tenancy.contractID}'`,
  },
  { model: HOUSE_TICKET_MODEL, list: () => `/odata/HouseTicket?houseID=${tenancy.houseID}` },
  { model: ISSUE_MODEL, list: () => `/odata/Issue?contractID=${tenancy.contractID}` },
  {
    model: LESSEE_MODEL,
    list: () => `/odata/Lessee?houseID=${tenancy.houseID}&contractID=${tenancy.contractID}`,
  },
  { model: MONTHLY_BILL_MODEL, list: () => `/odata/MonthlyBill?contractID=${tenancy.contractID}` },
];

/** How an entity of a type is read alone (types no set reads by id are compared by what they name). */
const READ_ONE: Record<string, (entity: Entity) => string> = {
  House: (entity) => `/odata/House/${String(entity.houseID)}`,
  Room: (entity) => `/odata/Room/${String(entity.roomID)}`,
  Contract: (entity) => `/odata/Contract/${String(entity.contractID)}`,
  HouseTicket: (entity) => `/odata/HouseTicket/${String(entity.houseTicketID)}`,
  Issue: (entity) => `/odata/Issue/${String(entity.issueID)}`,
  MonthlyBill: (entity) => `/odata/MonthlyBill/${String(entity.monthlyBillID)}`,
  Lessee: (entity) => `/odata/Lessee/${String(entity.lesseeInfoID)}`,
  LesseeInfo: (entity) => `/odata/Lessee/${String(entity.lesseeInfoID)}`,
  RenterRepresentative: (entity) => `/odata/Lessee/${String(entity.lesseeInfoID)}`,
};

/** Read URLs are signed per request: compared without their signature. */
function comparable(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, item: unknown) =>
      (key === 'url' || key === 'thumbnailURL') && typeof item === 'string' ? item.split('?')[0] : item,
    ),
  );
}

function items(value: unknown): Entity[] {
  if (Array.isArray(value)) return value as Entity[];
  return value === null || value === undefined ? [] : [value as Entity];
}

/** Every chain of navigations of `depth` steps from the sets' types, as the models declare them. */
function chains(depth: number): Array<{ set: string; list: () => string; path: string[]; types: string[] }> {
  let found = SETS.map(({ model, list }) => ({
    set: model.name,
    list,
    path: [] as string[],
    types: [model.name],
  }));
  for (let step = 0; step < depth; step += 1) {
    found = found.flatMap((chain) =>
      Object.entries((MODELS[chain.types.at(-1) as string] as EntityModel).navigation).map(
        ([property, target]) => ({
          ...chain,
          path: [...chain.path, property],
          types: [...chain.types, target],
        }),
      ),
    );
  }
  return found;
}

/** `a($expand=b($expand=c))` for the path `[a, b, c]`. */
function nestedExpand(path: string[]): string {
  const [first, ...rest] = path;
  return rest.length === 0 ? (first as string) : `${first as string}($expand=${nestedExpand(rest)})`;
}

const pairs = chains(2).map((chain) => ({ ...chain, name: chain.path.join(' → ') }));
const triples = chains(3).map((chain) => ({ ...chain, name: chain.path.join(' → ') }));

/** Replies of single reads, by URL (many items name the same room or contract). */
const alone = new Map<string, Promise<Entity>>();

function readAlone(url: string): Promise<Entity> {
  let reply = alone.get(url);
  if (!reply) {
    reply = call<Entity>('GET', url).then((read) => {
      expect(read.status, `${url}: ${JSON.stringify(read.body)}`).toBe(200);
      return read.body;
    });
    alone.set(url, reply);
  }
  return reply;
}

/**
 * Lists the set with the chain's `$expand` and checks, on every item of the last-but-one level, that
 * the last navigation gives what reading that item alone with `$expand` of it gives.
 */
async function checkChain(chain: { set: string; list: () => string; path: string[]; types: string[] }) {
  const reply = await call<ODataCollection<Entity>>(
    'GET',
    `${chain.list()}&$expand=${nestedExpand(chain.path)}`,
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  let level: Entity[] = reply.body.value;
  for (const property of chain.path.slice(0, -1)) {
    level = level.flatMap((entity) => items(entity[property]));
    expect(level.length, `${chain.set}: ${chain.path.join(' → ')} has no ${property}`).toBeGreaterThan(0);
  }
  const last = chain.path.at(-1) as string;
  const type = chain.types.at(-2) as string;
  const readOne = READ_ONE[type];
  for (const entity of level) {
    expect(entity, `${type} item`).toHaveProperty(last);
    if (!readOne) {
      // A room ticket names its room.
      expect((entity[last] as Entity).roomID).toBe(entity.roomID);
      continue;
    }
    const read = await readAlone(`${readOne(entity)}?$expand=${last}`);
    expect(comparable(entity[last])).toEqual(comparable(read[last]));
  }
}

describe('nested $expand on every set', () => {
  it('covers every entity set whose type has navigations', async () => {
    const xml = (await api.request<string>('GET', '/odata/$metadata')).body;
    const withNavigations = [...xml.matchAll(/<EntitySet Name="([^"]+)" EntityType="NhaTro\.([^"]+)"\/>/g)]
      .map(([, set, type]) => ({ set: set as string, type: type as string }))
      .filter(({ type }) => Object.keys(MODELS[type]?.navigation ?? {}).length > 0);
    // Sets that can be read (LesseeInfor is written only: occupants are read as Lessee).
    const readable: string[] = [];
    for (const { set, type } of withNavigations) {
      const reply = await call<{ errorMessage?: string }>('GET', `/odata/${set}?houseID=${tenancy.houseID}`);
      const noRead = reply.status === 405 || reply.body.errorMessage === MSG.routeNotFound;
      if (!noRead) readable.push(type);
    }
    expect(withNavigations.length).toBeGreaterThan(readable.length);
    expect([...new Set(readable)].sort()).toEqual(SETS.map(({ model }) => model.name).sort());
    expect(pairs.length).toBeGreaterThan(50);
    expect(triples.length).toBeGreaterThan(90);
  });

  it.each(pairs)('$set: $name, as read alone', checkChain);

  it.each(triples)('$set: $name (three levels), as read alone', checkChain);
});
