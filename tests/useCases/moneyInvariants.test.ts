/**
 * Money invariants as properties: fast-check generates sequences of operations on two houses (contracts
 * with deposits, readings, drafts and issues, cash, VNPay links and notifications, bank transfers,
 * charges, termination, the clock) and every invariant of tests/support/moneyModel.ts is checked after
 * every step, on the SQLite store and on the Cosmos adapter (the in-process Cosmos test server).
 *
 * `npm test` runs a short version with a printed seed; `npm run test:properties` a long one
 * (PROPERTY_RUNS, PROPERTY_STEPS). A failure prints its seed and path: PROPERTY_SEED=… PROPERTY_PATH=…
 * replays it. Sequences that once found a defect are kept below as regression cases.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCosmosStore } from '../../api/src/store/cosmos.js';
import { openSqliteStore } from '../../api/src/store/sqlite.js';
import { setLogSink } from '../../api/src/telemetry/log.js';
import { openWorld, runSequence, sequenceArbitrary, type Op, type World } from '../support/moneyModel.js';
import { startCosmosServer, type CosmosTestServer } from '../store/cosmosServer.js';

const long = process.env.PROPERTY_RUNS !== undefined;
const SEED = process.env.PROPERTY_SEED
  ? Number(process.env.PROPERTY_SEED)
  : Math.floor(Math.random() * 2 ** 31);
const PATH = process.env.PROPERTY_PATH;

interface AdapterRun {
  kind: 'sqlite' | 'cosmos';
  /** Runs and the longest sequence in `npm test`. */
  runs: number;
  steps: number;
}

const RUNS = process.env.PROPERTY_RUNS ? Number(process.env.PROPERTY_RUNS) : undefined;
const STEPS = process.env.PROPERTY_STEPS ? Number(process.env.PROPERTY_STEPS) : undefined;

/**
 * `npm test`: 200 sequences on SQLite (5–15 s here) and 10 on the Cosmos test server (10–25 s: a
 * few milliseconds per store operation). The long run gives the Cosmos adapter a fifth of PROPERTY_RUNS.
 */
const ADAPTERS: AdapterRun[] = [
  { kind: 'sqlite', runs: RUNS ?? 200, steps: STEPS ?? 40 },
  { kind: 'cosmos', runs: RUNS ? Math.max(1, Math.round(RUNS / 5)) : 10, steps: STEPS ?? 25 },
];

/**
 * Sequences that found a defect once, replayed on every run; `reaches` names steps (the model's counters)
 * the sequence must get to, so it keeps testing what it was written for.
 */
const REGRESSIONS: Array<{ name: string; ops: Op[]; reaches?: string[] }> = [
  {
    // Seed 2035404067: a bill the termination settled from the deposit, corrected upward after a tenant's
    // question, asked the ended tenancy for money again. A terminated contract's bills are no longer corrected.
    name: 'a settled bill corrected after the contract ended',
    ops: [
      { kind: 'contract', room: 0, startOffset: 0, months: 1, rent: 0, deposit: 0 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'terminate', contract: 0, offset: 0, damage: 0 },
      { kind: 'correctLine', pick: 0, amount: 3 },
      { kind: 'transfer', pick: 0, amount: 'exact', via: 'feed' },
    ],
  },
  {
    // Seed 2069000257: the tenant paid a charge on VNPay while the landlord deleted it; the money was
    // confirmed to VNPay and recorded on nothing. Deleting a charge now waits for its open payment link.
    name: 'a charge deleted while its payment link is open',
    ops: [
      { kind: 'contract', room: 0, startOffset: 0, months: 1, rent: 0, deposit: 0 },
      { kind: 'charge', contract: 0, amount: 0 },
      { kind: 'payLink', pick: 0, outcome: 'success' },
      { kind: 'deleteCharge', pick: 0 },
      { kind: 'notify', pick: 0 },
      { kind: 'issue', house: 0, recompute: false },
    ],
  },
  {
    // Seed 259732147: a VNPay payment of November's bill confirmed after December's bill carried
    // November's remainder: the money sat on the carried-over bill and December still asked for it.
    // It is now credited to the bill the remainder went into.
    name: 'a payment link of a bill confirmed after the bill was carried over',
    ops: [
      { kind: 'contract', room: 0, startOffset: 0, months: 1, rent: 0, deposit: 0 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'clock', hours: 840 },
      { kind: 'payLink', pick: 0, outcome: 'success' },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'notify', pick: 0 },
      { kind: 'payLink', pick: 0, outcome: 'success' },
    ],
  },
  {
    // Issue 21: a tenant asked for a second payment link and paid on both pages; the first one's money was
    // credited too (a surplus). A new link now replaces the open one: the old page's money is to be returned.
    name: 'a second payment link for a bill, both pages paid',
    ops: [
      { kind: 'contract', room: 0, startOffset: 0, months: 1, rent: 0, deposit: 0 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'payLink', pick: 0, outcome: 'success' },
      { kind: 'payLink', pick: 0, outcome: 'success' },
      { kind: 'notify', pick: 1 },
      { kind: 'notify', pick: 0 },
      { kind: 'clock', hours: 1 },
    ],
  },
  {
    // The link of November, carried into December, is replaced by December's own link.
    name: 'a link of a bill carried over, then a link of the bill it went into',
    ops: [
      { kind: 'contract', room: 0, startOffset: 0, months: 3, rent: 0, deposit: 0 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'clock', hours: 840 },
      { kind: 'payLink', pick: 0, outcome: 'success' },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'payLink', pick: 1, outcome: 'success' },
      { kind: 'notify', pick: 0 },
      { kind: 'notify', pick: 1 },
      { kind: 'clock', hours: 1 },
    ],
  },
  {
    name: 'a payment dated after its link expired, and an abandoned link replaced',
    ops: [
      { kind: 'contract', room: 0, startOffset: 0, months: 1, rent: 0, deposit: 0 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'payLink', pick: 0, outcome: 'late' },
      { kind: 'clock', hours: 1 },
      { kind: 'payLink', pick: 0, outcome: 'abandon' },
      { kind: 'clock', hours: 1 },
      { kind: 'payLink', pick: 0, outcome: 'success' },
      { kind: 'clock', hours: 1 },
    ],
  },
  {
    // A surplus larger than the next bill: that bill took what it asked, the rest was lost. It now stays
    // open for the bill after, and the settlement gives back what no bill took.
    name: 'three months paid at once, one more bill, then the end',
    ops: [
      { kind: 'contract', room: 0, startOffset: 0, months: 4, rent: 1, deposit: 0 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'transfer', pick: 0, amount: 'overMuch', via: 'sepay' },
      { kind: 'clock', hours: 840 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'terminate', contract: 0, offset: 0, damage: 0 },
    ],
    reaches: [
      'a surplus larger than the next bill, the rest left open',
      'a surplus given back at the end of a contract',
    ],
  },
  {
    // Seed 964777605: a new link of December's bill marked November's abandoned link replaced, though
    // November was paid by a transfer and only its overpayment was taken off December (a credit line, not
    // a debt). Only debt lines carry a bill's links over now.
    name: 'a link of a bill that took an earlier overpayment as credit',
    ops: [
      { kind: 'contract', room: 0, startOffset: 0, months: 1, rent: 0, deposit: 0, moveInRise: 0 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'payLink', pick: 0, outcome: 'abandon' },
      { kind: 'clock', hours: 840 },
      { kind: 'transfer', pick: 0, amount: 'over', via: 'feed' },
      { kind: 'assign', pick: 0, target: 0 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'payLink', pick: 31, outcome: 'success' },
      { kind: 'transfer', pick: 0, amount: 'exact', via: 'feed' },
    ],
  },
  {
    // Seeds 390621933 and 1107734932: November's bill, corrected upward after December was drafted, was
    // carried into December for the smaller amount of the draft; the difference was asked of no one. A debt
    // line must now equal what the old bill still owes, or the issue asks to recompute.
    name: 'a bill corrected after the next month was drafted',
    ops: [
      { kind: 'contract', room: 0, startOffset: 0, months: 1, rent: 0, deposit: 0, moveInRise: 0 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'correctLine', pick: 0, amount: 1 },
      { kind: 'clock', hours: 840 },
      { kind: 'nightly' },
      { kind: 'correctLine', pick: 0, amount: 2 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'terminate', contract: 0, offset: 0, damage: 0, finalUse: null },
    ],
  },
  {
    name: 'a bill corrected after the landlord drafted the next month',
    ops: [
      { kind: 'contract', room: 0, startOffset: 0, months: 1, rent: 0, deposit: 0, moveInRise: 0 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'clock', hours: 840 },
      { kind: 'draft', house: 0, lastMonth: false },
      { kind: 'correctLine', pick: 0, amount: 3 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'transfer', pick: 0, amount: 'exact', via: 'feed' },
    ],
  },
  {
    // Seeds 1165470977 and 77270991: two months issued out of order, a link of each, then both carried into
    // the next month. Each link asks only its own bill's remainder; the model counted them as two links of
    // one debt. Links now conflict only when one's bill was carried into the other's.
    name: 'links of two bills carried separately into one',
    ops: [
      { kind: 'contract', room: 2, startOffset: 0, months: 1, rent: 0, deposit: 0, moveInRise: 0 },
      { kind: 'contract', room: 3, startOffset: 0, months: 1, rent: 0, deposit: 0, moveInRise: 0 },
      { kind: 'clock', hours: 840 },
      { kind: 'issue', house: 1, recompute: false },
      { kind: 'draft', house: 1, lastMonth: true },
      { kind: 'clock', hours: 840 },
      { kind: 'issue', house: 1, recompute: false },
      { kind: 'payLink', pick: 30, outcome: 'success' },
      { kind: 'payLink', pick: 0, outcome: 'success' },
      { kind: 'issue', house: 1, recompute: false },
    ],
  },
  {
    // Seed 1982760357: a transfer assigned by the code of a bill already carried over is credited to the
    // bill it was carried into, and its audit entry names that bill; the trail is checked by the transfer.
    name: 'a transfer assigned to a bill carried over',
    ops: [
      { kind: 'contract', room: 0, startOffset: 0, months: 1, rent: 0, deposit: 0, moveInRise: 0 },
      { kind: 'clock', hours: 72 },
      { kind: 'nightly' },
      { kind: 'clock', hours: 840 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'transfer', pick: 0, amount: 'unknownCode', via: 'feed' },
      { kind: 'assign', pick: 0, target: 0 },
      { kind: 'reserve', room: 0, deposit: 500000 },
    ],
  },
  {
    name: 'SePay and Casso: exact, replayed, partial, over-payment, money out, a deleted charge',
    ops: [
      { kind: 'contract', room: 0, startOffset: 0, months: 2, rent: 0, deposit: 0 },
      { kind: 'issue', house: 0, recompute: false },
      { kind: 'transfer', pick: 0, amount: 'part', via: 'casso' },
      { kind: 'resendTransfer', pick: 0 },
      { kind: 'transfer', pick: 0, amount: 'over', via: 'sepay' },
      { kind: 'resendTransfer', pick: 1 },
      { kind: 'transfer', pick: 0, amount: 'outgoing', via: 'sepay' },
      { kind: 'assign', pick: 2, target: 0 },
      { kind: 'charge', contract: 0, amount: 1 },
      { kind: 'deleteCharge', pick: 0 },
      { kind: 'transfer', pick: 1, amount: 'exact', via: 'casso' },
      { kind: 'transfer', pick: 0, amount: 'noCode', via: 'casso' },
      { kind: 'transfer', pick: 0, amount: 'mangled', via: 'sepay' },
      { kind: 'clock', hours: 1 },
    ],
  },
];

let server: CosmosTestServer | undefined;
/** Money to be returned raises a warning line (an alert in Azure); counted here instead of filling the output. */
let refundWarnings = 0;
beforeAll(async () => {
  server = await startCosmosServer();
  setLogSink((record, line) => {
    if (record.event === 'payment.refundDue') refundWarnings += 1;
    else console.warn(line);
  });
});
afterAll(async () => {
  setLogSink();
  await server?.close();
});

function opener(kind: AdapterRun['kind']): () => Promise<World> {
  if (kind === 'sqlite') {
    return async () => {
      const store = openSqliteStore({ file: ':memory:' });
      return openWorld(store, () => store.close());
    };
  }
  return async () => {
    if (!server) throw new Error('the Cosmos test server did not start');
    const store = await openCosmosStore({
      endpoint: server.endpoint,
      key: server.key,
      database: `money-${randomUUID()}`,
      allowInsecureTls: true,
    });
    return openWorld(store, () => store.close());
  };
}

describe.each(ADAPTERS)('money invariants on $kind', ({ kind, runs, steps }) => {
  it(
    `hold after every step of generated sequences`,
    async () => {
      const open = opener(kind);
      const stats = new Map<string, number>();
      let sequences = 0;
      let executed = 0;
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(sequenceArbitrary(steps), async (ops) => {
          sequences += 1;
          executed += await runSequence(open, ops, stats);
        }),
        { seed: SEED, numRuns: runs, ...(PATH ? { path: PATH } : {}) },
      );
      console.log(
        `money invariants on ${kind}: seed ${SEED}, ${runs} runs (${sequences} sequences with shrinking), ` +
          `${executed} steps, ${refundWarnings} payments to be returned so far, ` +
          `${((Date.now() - started) / 1000).toFixed(1)} s` +
          (long ? ' (long run)' : ''),
      );
      if (process.env.PROPERTY_STATS) {
        console.log(
          [...stats]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, value]) => `  ${value}× ${key}`)
            .join('\n'),
        );
      }
    },
    long ? 3_600_000 : 120_000,
  );

  it.each(REGRESSIONS)('regression: $name', async ({ ops, reaches }) => {
    const stats = new Map<string, number>();
    await runSequence(opener(kind), ops, stats);
    for (const step of reaches ?? []) expect(stats.get(step) ?? 0, step).toBeGreaterThan(0);
  });
});
