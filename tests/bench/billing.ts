/**
 * The billing benchmark of `npm run bench` (issue 10), each step in a fresh process so its peak memory
 * is its own:
 *   seed      writes a landlord's houses full of active tenancies with their readings (SQLite file);
 *   run       drafts the month of every house and issues it, through the use cases (no HTTP);
 *   bare      the same reads and writes with node:sqlite alone and a trivial bill, as the floor;
 *   cosmos    drafts and issues a smaller world on the Cosmos adapter (in-process Cosmos server),
 *             counting the store operations per bill.
 * `node --import tsx tests/bench/billing.ts` runs all of them and prints one JSON line per step.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ROLE } from '@nhatro/common';
import type { HouseDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { vietnamMonth } from '../../api/src/domain/shared/time.js';
import { openCosmosStore } from '../../api/src/store/cosmos.js';
import { openSqliteStore } from '../../api/src/store/sqlite.js';
import type { Store } from '../../api/src/store/store.js';
import { actorOf } from '../../api/src/useCases/shared/actor.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { updateHouseTicket } from '../../api/src/useCases/houseTickets/saving.js';
import { draftHouseTicket } from '../../api/src/useCases/houseTickets/drafting.js';
import { createUser } from '../../api/src/useCases/shared/users.js';
import { startCosmosServer } from '../store/cosmosServer.js';
import { MemoryBlobStorage } from '../support/memoryBlobStorage.js';
import { testConfig } from '../support/useCaseHarness.js';
import { writeBillingWorld } from './billingData.js';
import { countingStore, emptyCounts } from './countingStore.js';

const HOUSES = Number(process.env.BENCH_BILLING_HOUSES ?? 20);
const CONTRACTS_PER_HOUSE = Number(process.env.BENCH_BILLING_CONTRACTS ?? 500);
const COSMOS_CONTRACTS = 200;
const NOW = new Date();
const MONTH = vietnamMonth(NOW);

function depsOf(store: Store): Deps {
  return { config: testConfig(), store, blobs: new MemoryBlobStorage(() => NOW), now: () => NOW };
}

const BENCH_ORIGIN = { ip: '127.0.0.1', userAgent: 'billing benchmark' };

async function landlordIn(deps: Deps): Promise<UserDoc> {
  return createUser(deps, {
    username: `bench-${randomUUID().slice(0, 8)}`,
    password: 'Bench@123456',
    roleID: ROLE.houseModerator,
    fullName: 'Chủ trọ đo tải',
    extra: { roomQuota: 100_000, lessorInfo: { status: 1 } },
  });
}

/** Drafts then issues the month of every house; returns the seconds of each phase and the bills made. */
async function draftAndIssue(deps: Deps, landlord: UserDoc, houseIDs: string[]) {
  const houses = deps.store.container<HouseDoc>('houses');
  const started = performance.now();
  const tickets: string[] = [];
  for (const houseID of houseIDs) {
    const house = (await houses.read(houseID, houseID)) as HouseDoc;
    const { ticket } = await draftHouseTicket(deps, house, MONTH);
    if (ticket) tickets.push(ticket.houseTicketID);
  }
  const drafted = performance.now();
  const actor = actorOf(deps, landlord, BENCH_ORIGIN);
  for (const ticketID of tickets) await updateHouseTicket(actor, ticketID, { issue: true }, undefined);
  const issued = performance.now();
  return { draftSeconds: (drafted - started) / 1000, issueSeconds: (issued - drafted) / 1000 };
}

async function seed(file: string): Promise<void> {
  const store = openSqliteStore({ file });
  const deps = depsOf(store);
  const landlord = await landlordIn(deps);
  const houseIDs = await writeBillingWorld(store, {
    ownerID: landlord.userID,
    houses: HOUSES,
    contractsPerHouse: CONTRACTS_PER_HOUSE,
    month: MONTH,
    createdOn: NOW.toISOString(),
  });
  await store.close();
  console.log(JSON.stringify({ step: 'seed', landlordID: landlord.userID, houseIDs }));
}

async function run(file: string, landlordID: string, houseIDs: string[]): Promise<void> {
  const store = openSqliteStore({ file });
  const deps = depsOf(store);
  const landlord = (await store.container<UserDoc>('users').read(landlordID, landlordID)) as UserDoc;
  const times = await draftAndIssue(deps, landlord, houseIDs);
  const bills = await store
    .container('houses')
    .count({ filter: { op: 'eq', field: 'type', value: 'monthlyBill' } });
  await store.close();
  console.log(
    JSON.stringify({ step: 'run', ...times, bills, peakMiB: process.resourceUsage().maxRSS / 1024 }),
  );
}

/** The floor: the same partitions read and the same two documents written per contract, in plain SQL. */
function bare(file: string, houseIDs: string[]): void {
  const db = new DatabaseSync(file);
  const select = db.prepare(`SELECT json(body) AS body FROM houses WHERE pk = ?`);
  const insert = db.prepare(`INSERT INTO houses (pk, id, etag, body) VALUES (?, ?, ?, jsonb(?))`);
  const started = performance.now();
  let bills = 0;
  for (const houseID of houseIDs) {
    const docs = (select.all(houseID) as Array<{ body: string }>).map(
      (row) => JSON.parse(row.body) as { type: string; contractID?: string; rentFee?: number },
    );
    db.exec('BEGIN');
    for (const doc of docs) {
      if (doc.type !== 'contract') continue;
      const bill = { type: 'bareBill', contractID: doc.contractID, total: doc.rentFee, month: MONTH };
      insert.run(houseID, `${doc.contractID}_${MONTH}_bare_t`, randomUUID(), JSON.stringify(bill));
      insert.run(houseID, `${doc.contractID}_${MONTH}_bare`, randomUUID(), JSON.stringify(bill));
      bills += 1;
    }
    db.exec('COMMIT');
  }
  const seconds = (performance.now() - started) / 1000;
  db.close();
  console.log(
    JSON.stringify({ step: 'bare', seconds, bills, peakMiB: process.resourceUsage().maxRSS / 1024 }),
  );
}

async function cosmos(): Promise<void> {
  const server = await startCosmosServer();
  const inner = await openCosmosStore({
    endpoint: server.endpoint,
    key: server.key,
    database: 'bench',
    allowInsecureTls: true,
  });
  const deps = depsOf(inner);
  const landlord = await landlordIn(deps);
  const houseIDs = await writeBillingWorld(inner, {
    ownerID: landlord.userID,
    houses: 1,
    contractsPerHouse: COSMOS_CONTRACTS,
    month: MONTH,
    createdOn: NOW.toISOString(),
  });
  const counts = emptyCounts();
  const counted = depsOf(countingStore(inner, counts));
  await draftAndIssue(counted, landlord, houseIDs);
  await inner.close();
  await server.close();
  console.log(
    JSON.stringify({
      step: 'cosmos',
      bills: COSMOS_CONTRACTS,
      pointOperationsPerBill: (counts.pointReads + counts.pointWrites) / COSMOS_CONTRACTS,
      ...counts,
    }),
  );
}

function child(args: string[]): Record<string, unknown> {
  const result = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  if (result.status !== 0) throw new Error(`billing bench ${args[0]} failed:\n${result.stderr}`);
  const line = result.stdout.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(line) as Record<string, unknown>;
}

/** Runs every step; returns the summary rows `npm run bench` prints. */
export async function billingBenchmark(): Promise<Record<string, Record<string, number | string>>> {
  const dir = await mkdtemp(join(tmpdir(), 'nhatro-bench-billing-'));
  try {
    const file = join(dir, 'store.db');
    const seeded = child(['seed', file]);
    const houseIDs = (seeded.houseIDs as string[]).join(',');
    const measured = child(['run', file, seeded.landlordID as string, houseIDs]);
    const bareFile = join(dir, 'bare.db');
    const bareSeed = child(['seed', bareFile]);
    const floor = child(['bare', bareFile, (bareSeed.houseIDs as string[]).join(',')]);
    const counted = child(['cosmos']);
    const contracts = HOUSES * CONTRACTS_PER_HOUSE;
    const seconds = (measured.draftSeconds as number) + (measured.issueSeconds as number);
    return {
      [`Draft and issue ${contracts} bills (${HOUSES} houses, SQLite)`]: {
        'draft s': Number((measured.draftSeconds as number).toFixed(2)),
        'issue s': Number((measured.issueSeconds as number).toFixed(2)),
        'total s': Number(seconds.toFixed(2)),
        'peak MiB': Math.round(measured.peakMiB as number),
        bills: measured.bills as number,
        'bare Node s': Number((floor.seconds as number).toFixed(2)),
        'bare peak MiB': Math.round(floor.peakMiB as number),
      },
      [`Store operations per bill (Cosmos adapter, ${COSMOS_CONTRACTS} bills)`]: {
        'point ops/bill': Number((counted.pointOperationsPerBill as number).toFixed(2)),
        'point reads': counted.pointReads as number,
        'point writes': counted.pointWrites as number,
        queries: counted.queries as number,
        batches: counted.batches as number,
      },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const [step, ...rest] = process.argv.slice(2);
if (step === 'seed') await seed(rest[0] as string);
else if (step === 'run') await run(rest[0] as string, rest[1] as string, (rest[2] as string).split(','));
else if (step === 'bare') bare(rest[0] as string, (rest[1] as string).split(','));
else if (step === 'cosmos') await cosmos();
else if (step === 'all') console.table(await billingBenchmark());
