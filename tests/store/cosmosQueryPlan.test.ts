/**
 * Cross-partition queries on the Cosmos adapter: a plain filter goes to the gateway without the query
 * plan the SDK would fetch beside it (one round trip, not two); when the gateway refuses it (a query it
 * cannot run alone), the adapter runs it again with the plan and answers the same.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCosmosStore } from '../../api/src/store/cosmos.js';
import type { Store, StoredDoc } from '../../api/src/store/store.js';
import { kindOf, type CosmosCallKind } from '../support/cosmosProduct.js';
import { startCosmosServer, type CosmosTestServer } from './cosmosServer.js';

interface Room extends StoredDoc {
  type: 'room';
  run: string;
  seq: number;
}

let server: CosmosTestServer;
let store: Store;
let kinds: CosmosCallKind[] = [];
/** When set, the server refuses cross-partition queries sent without a plan, as the gateway does for some. */
let refuse = false;
const run = randomUUID();

/** A query sent to the whole container (neither one partition key nor one partition range). */
function wholeContainerQuery(req: IncomingMessage): boolean {
  return (
    kindOf(req) === 'query' &&
    req.headers['x-ms-documentdb-partitionkey'] === undefined &&
    req.headers['x-ms-documentdb-partitionkeyrangeid'] === undefined
  );
}

/** The query plan Cosmos DB gives a plain filter: no ORDER BY, aggregate, TOP or DISTINCT; every range. */
const PLAIN_PLAN = {
  partitionedQueryExecutionInfoVersion: 2,
  queryInfo: {
    distinctType: 'None',
    top: null,
    offset: null,
    limit: null,
    orderBy: [],
    orderByExpressions: [],
    groupByExpressions: [],
    groupByAliases: [],
    aggregates: [],
    groupByAliasToAggregateType: {},
    rewrittenQuery: '',
    hasSelectValue: false,
    hasNonStreamingOrderBy: false,
  },
  queryRanges: [{ min: '', max: 'FF', isMinInclusive: true, isMaxInclusive: false }],
};

beforeAll(async () => {
  server = await startCosmosServer({
    onRequest: (req) => {
      kinds.push(kindOf(req));
    },
    intercept: (req, res) => {
      if (refuse && kindOf(req) === 'queryPlan') {
        // The test server has no query planner: the plan the gateway gives a plain filter.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(PLAIN_PLAN));
        return true;
      }
      if (!refuse || !wholeContainerQuery(req)) return false;
      const message = 'Cross partition query only supports plain filters here.';
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'BadRequest', message, additionalErrorInfo: '{}' }));
      return true;
    },
  });
  store = await openCosmosStore({
    endpoint: server.endpoint,
    key: server.key,
    database: `plan-${randomUUID()}`,
    allowInsecureTls: true,
  });
  const rooms = store.container<Room>('houses');
  let seq = 0;
  for (const pk of [randomUUID(), randomUUID(), randomUUID()]) {
    for (let i = 0; i < 2; i += 1) {
      seq += 1;
      await rooms.create({ id: `r${seq}`, pk, type: 'room', run, seq });
    }
  }
}, 60_000);

afterAll(async () => {
  await store?.close();
  await server?.close();
});

const byRun = { op: 'eq', field: 'run', value: run } as const;
const seqs = (items: Room[]) => items.map((item) => item.seq).sort((a, b) => a - b);

describe('cross-partition queries on Cosmos DB', () => {
  it('send a plain filter once, without a query plan', async () => {
    kinds = [];
    const page = await store.container<Room>('houses').query({ filter: byRun });
    expect(seqs(page.items)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(kinds).toEqual(['query']);
  });

  it('fetch the plan and run again when the gateway asks for it, with the same answer', async () => {
    refuse = true;
    try {
      kinds = [];
      const page = await store.container<Room>('houses').query({ filter: byRun });
      expect(seqs(page.items)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(kinds).toContain('queryPlan');
    } finally {
      refuse = false;
    }
  });

  it('keep the plan for a cross-partition ORDER BY', async () => {
    kinds = [];
    const page = await store
      .container<Room>('houses')
      .query({ filter: byRun, orderBy: { field: 'seq', desc: true } });
    expect(page.items.map((item) => item.seq)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(kinds).toContain('queryPlan');
  });
});
