import { expect } from 'vitest';
import type { AppConfig } from '../../api/src/config/index.js';
import { AppError, type ErrorKind } from '../../api/src/domain/shared/errors.js';
import type { AuditDoc, HouseDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import type { EntityModel } from '../../api/src/domain/shared/odata/model.js';
import {
  loadODataParser,
  parseODataQuery,
  type ODataQuery,
} from '../../api/src/domain/shared/odata/parse.js';
import { vnpayGateway } from '../../api/src/paymentGateway/vnpay.js';
import { openSqliteStore } from '../../api/src/store/sqlite.js';
import { actorOf, type Actor } from '../../api/src/useCases/shared/actor.js';
import { moveAuditEntries, type RequestOrigin } from '../../api/src/useCases/shared/audit.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';

import { aHouse, aLandlord, type LandlordOverrides } from './builders.js';
import { MemoryBlobStorage } from './memoryBlobStorage.js';

// Use cases get their OData queries parsed; the endpoint wrapper loads the parser before the first request.
await loadODataParser();

/** A clock the test moves by hand. */
export class TestClock {
  private current: number;

  constructor(start: Date = new Date('2026-11-20T03:00:00.000Z')) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(date: Date): void {
    this.current = date.getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

export interface UseCaseHarness {
  deps: Deps;
  blobs: MemoryBlobStorage;
  clock: TestClock;
  close(): Promise<void>;
}

/** The merchant of use-case tests: the gateway's URLs are built and its callbacks checked, never sent. */
export const TEST_VNPAY = {
  tmnCode: 'NHATRO01',
  hashSecret: 'use-case-tests-vnpay-hash-secret',
  host: 'http://sandbox.payment.test',
};

/** Configuration that reaches no service: the store and blobs are given to `Deps` directly. */
export function testConfig(): AppConfig {
  return {
    environment: 'local',
    appEnvironment: 'development',
    dataDir: ':memory:',
    store: { dataDir: ':memory:' },
    blob: { accountUrl: 'https://memory.blob.test/account' },
    jwt: {
      secret: new Uint8Array(Buffer.from('use-case-tests-secret-of-at-least-32-bytes', 'utf8')),
      issuer: 'nhatro-api',
      audience: 'nhatro-web',
      accessTtlSeconds: 900,
    },
    refreshTtlDays: 30,
    maxBodyBytes: 30 * 1024 * 1024,
    webOrigin: 'http://localhost:4280',
    apiOrigin: 'http://localhost:4280',
    vnpay: TEST_VNPAY,
    bankFeedSecret: 'use-case-tests-bank-feed-secret',
    messaging: {},
    secretsKey: { kind: 'local', key: new Uint8Array(32).fill(7) },
  };
}

/** Fresh dependencies for one test: an in-memory SQLite store, in-memory blobs and a hand clock. */
export function createHarness(options: { now?: Date } = {}): UseCaseHarness {
  const clock = new TestClock(options.now);
  const now = () => clock.now();
  const store = openSqliteStore({ file: ':memory:' });
  const blobs = new MemoryBlobStorage(now);
  return {
    deps: { config: testConfig(), store, blobs, payments: vnpayGateway(TEST_VNPAY), now },
    blobs,
    clock,
    close: () => store.close(),
  };
}

export interface HouseFixture {
  h: UseCaseHarness;
  deps: Deps;
  landlord: UserDoc;
  house: HouseDoc;
}

/**
 * Where most use-case tests start: fresh dependencies (clock at `now`), a landlord and their house.
 * In `beforeEach`: `({ h, deps, landlord, house } = await landlordWithHouse())`, and `h.close()` after.
 */
export async function landlordWithHouse(
  options: { now?: Date; landlord?: LandlordOverrides; house?: Parameters<typeof aHouse>[2] } = {},
): Promise<HouseFixture> {
  const h = createHarness(options.now ? { now: options.now } : {});
  const landlord = await aLandlord(h.deps, options.landlord);
  const house = await aHouse(h.deps, landlord, options.house);
  return { h, deps: h.deps, landlord, house };
}

export const TEST_ORIGIN: RequestOrigin = { ip: '203.0.113.7', userAgent: 'vitest use-case tests' };

/** The actor `authenticate` would build for this account after checking its token and session. */
export function actorFor(deps: Deps, user: UserDoc, origin: RequestOrigin = TEST_ORIGIN): Actor {
  return actorOf(deps, user, origin);
}

/**
 * Every audit entry written so far, oldest first: the trail as the system log reads it, so the entries
 * still waiting in houses' partitions (`writeAudited`) are moved in first.
 */
export async function auditEntries(deps: Deps): Promise<AuditDoc[]> {
  await moveAuditEntries(deps);
  const page = await deps.store.container<AuditDoc>('audit').query({
    filter: { op: 'eq', field: 'type', value: 'audit' },
    orderBy: { field: 'at' },
    top: 1000,
  });
  return page.items;
}

/** Runs `action` and returns the `AppError` it must throw. */
export async function refusal(action: Promise<unknown>): Promise<AppError> {
  const error = await action.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'expected the use case to refuse').toBeInstanceOf(AppError);
  return error as AppError;
}

/** The use case refuses with exactly this kind and Vietnamese message. */
export async function expectRefusal(
  action: Promise<unknown>,
  kind: ErrorKind,
  message: string | RegExp,
): Promise<AppError> {
  const error = await refusal(action);
  expect({ kind: error.kind, errorMessage: error.errorMessage }).toEqual({
    kind,
    errorMessage: typeof message === 'string' ? message : expect.stringMatching(message),
  });
  return error;
}

/** An OData query as the endpoint would parse it from `params` (none by default). */
export function odata(model: EntityModel, params = ''): ODataQuery {
  return parseODataQuery(new URLSearchParams(params), model);
}
