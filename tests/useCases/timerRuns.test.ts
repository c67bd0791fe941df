// A timer run in which some houses failed finishes the others, then reports failure (throws), so the
// host records a failed run and the "timer failed" alert fires; every run ends with one `timer.finished`
// log line (what the "did not run" alert counts).
import azureFunctions, { type Timer } from '@azure/functions';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDepsFactory, useDeps } from '../../api/src/composition/deps.js';
import type { HouseDoc, HouseTicketDoc } from '../../api/src/domain/shared/model.js';
import '../../api/src/functions/houseTickets.js';
import '../../api/src/functions/maintenance.js';
import { timerFunctions } from '../../api/src/http/registry.js';
import type { Container, Store, StoredDoc } from '../../api/src/store/store.js';
import { setLogSink, type LogRecord } from '../../api/src/telemetry/log.js';
import { listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aTenancy } from '../support/billingBuilders.js';
import { aHouse, aLandlord, aRoom } from '../support/builders.js';
import { createHarness, type UseCaseHarness } from '../support/useCaseHarness.js';

const { InvocationContext } = azureFunctions;
const TIMER: Timer = {
  isPastDue: false,
  schedule: { adjustForDST: false },
  scheduleStatus: { last: '', next: '', lastUpdated: '' },
};

let h: UseCaseHarness;
let records: LogRecord[];

function fire(name: string): Promise<void> {
  const timer = timerFunctions.find((definition) => definition.name === name);
  if (!timer) throw new Error(`no timer ${name}`);
  const context = new InvocationContext({ functionName: name, invocationId: `run-${name}-1` });
  // The context's own lines (counts) are not what is checked here.
  context.log = () => undefined;
  context.error = () => undefined;
  return timer.handler(TIMER, context);
}

/** The store with every transactional batch in `failingPartition` refused, as a throttled Cosmos DB would. */
function failingBatches(store: Store, failingPartition: string): Store {
  return {
    kind: store.kind,
    version: () => store.version(),
    close: () => store.close(),
    container<T extends StoredDoc>(name: Parameters<Store['container']>[0]): Container<T> {
      const inner = store.container<T>(name);
      return new Proxy(inner, {
        get(target, property, receiver) {
          if (property !== 'batch') return Reflect.get(target, property, receiver) as unknown;
          return (pk: string, ops: Parameters<Container<T>['batch']>[1]) =>
            pk === failingPartition
              ? Promise.reject(new Error('Request rate is large (429)'))
              : target.batch(pk, ops);
        },
      });
    },
  };
}

beforeEach(() => {
  h = createHarness();
  records = [];
  setLogSink((record) => records.push(record), 'debug');
});
afterEach(async () => {
  setLogSink();
  setDepsFactory();
  await h.close();
});

describe('timer runs report failure after finishing the others', () => {
  it('billingDayDrafts: one house fails, the other is drafted, then the run throws', async () => {
    const landlord = await aLandlord(h.deps);
    const failing: HouseDoc = await aHouse(h.deps, landlord);
    const healthy: HouseDoc = await aHouse(h.deps, landlord);
    await aTenancy(h.deps, await aRoom(h.deps, failing));
    await aTenancy(h.deps, await aRoom(h.deps, healthy));
    useDeps({ ...h.deps, store: failingBatches(h.deps.store, failing.houseID) });

    await expect(fire('billingDayDrafts')).rejects.toThrow('1 of 2 houses failed');

    expect(await listInHouse<HouseTicketDoc>(h.deps, healthy.houseID, 'houseTicket')).toHaveLength(1);
    expect(await listInHouse<HouseTicketDoc>(h.deps, failing.houseID, 'houseTicket')).toEqual([]);
    expect(records).toContainEqual(
      expect.objectContaining({
        event: 'timer.finished',
        timer: 'billingDayDrafts',
        outcome: 'failed',
        level: 'error',
        requestId: 'run-billingDayDrafts-1',
        operation: 'billingDayDrafts',
      }),
    );
  });

  it('billingDayDrafts: a run where every house is drafted succeeds and says so', async () => {
    const landlord = await aLandlord(h.deps);
    const house = await aHouse(h.deps, landlord);
    await aTenancy(h.deps, await aRoom(h.deps, house));
    useDeps(h.deps);
    await expect(fire('billingDayDrafts')).resolves.toBeUndefined();
    expect(await listInHouse<HouseTicketDoc>(h.deps, house.houseID, 'houseTicket')).toHaveLength(1);
    expect(records).toContainEqual(
      expect.objectContaining({ event: 'timer.finished', timer: 'billingDayDrafts', outcome: 'succeeded' }),
    );
  });

  it('nightlyMaintenance: a failed step does not stop the later ones, and the run throws', async () => {
    const sessionsBroken: Store = {
      ...h.deps.store,
      kind: h.deps.store.kind,
      version: () => h.deps.store.version(),
      close: () => h.deps.store.close(),
      container: (name) => {
        if (name === 'sessions') throw new Error('sessions container unreachable');
        return h.deps.store.container(name);
      },
    };
    let listed = 0;
    const blobs = h.deps.blobs;
    useDeps({
      ...h.deps,
      store: sessionsBroken,
      blobs: Object.assign(Object.create(Object.getPrototypeOf(blobs) as object) as typeof blobs, blobs, {
        list: (container: Parameters<typeof blobs.list>[0]) => {
          listed += 1;
          return blobs.list(container);
        },
      }),
    });
    await expect(fire('nightlyMaintenance')).rejects.toThrow('1 of 5 steps failed');
    // The uploads step after the failed sessions step still ran.
    expect(listed).toBeGreaterThan(0);
  });
});
