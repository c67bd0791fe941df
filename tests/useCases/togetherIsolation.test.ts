/**
 * Reads of one house asked in the same turn go out as one query (`listInHouseTogether`, expandBatch.ts),
 * and they may be different callers' (a client's `$filter` rides in some of them). Should the store refuse
 * that one query, each read is asked again on its own: the refused one fails alone and the others get
 * their documents.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { listInHouseTogether } from '../../api/src/useCases/shared/houseScope.js';
import type { RoomDoc, MonthlyBillDoc } from '../../api/src/domain/shared/model.js';
import {
  StoreError,
  type Container,
  type QuerySpec,
  type Store,
  type StoredDoc,
} from '../../api/src/store/store.js';
import { aRoom } from '../support/builders.js';
import { landlordWithHouse, type HouseFixture } from '../support/useCaseHarness.js';

/** The store, refusing every query whose filter names `POISON`, and counting the queries it is asked. */
function refusingStore(real: Store): { store: Store; queries: QuerySpec[] } {
  const queries: QuerySpec[] = [];
  const store: Store = {
    kind: real.kind,
    version: () => real.version(),
    close: () => real.close(),
    container<T extends StoredDoc>(name: Parameters<Store['container']>[0]): Container<T> {
      const container = real.container<T>(name);
      return new Proxy(container, {
        get(target, property, receiver) {
          if (property !== 'query') {
            const value: unknown = Reflect.get(target, property, receiver);
            return typeof value === 'function' ? value.bind(target) : value;
          }
          return (spec: QuerySpec) => {
            queries.push(spec);
            if (JSON.stringify(spec.filter).includes('POISON')) {
              return Promise.reject(new StoreError('bad_request', 'Expression tree is too large'));
            }
            return target.query(spec);
          };
        },
      });
    },
  };
  return { store, queries };
}

describe('reads of one house in one query', () => {
  let fixture: HouseFixture;
  let deps: Deps;
  let queries: QuerySpec[];

  beforeEach(async () => {
    fixture = await landlordWithHouse();
    await aRoom(fixture.deps, fixture.house, { roomName: 'P101' });
    await aRoom(fixture.deps, fixture.house, { roomName: 'P102' });
    const refusing = refusingStore(fixture.deps.store);
    deps = { ...fixture.deps, store: refusing.store };
    queries = refusing.queries;
  });
  afterEach(() => fixture.h.close());

  it('asked together, they are one query', async () => {
    const { houseID } = fixture.house;
    const [rooms, bills] = await Promise.all([
      listInHouseTogether<RoomDoc>(deps, houseID, 'room'),
      listInHouseTogether<MonthlyBillDoc>(deps, houseID, 'monthlyBill', {
        op: 'eq',
        field: 'month',
        value: '2031-01',
      }),
    ]);
    expect(rooms.map((room) => room.roomName).sort()).toEqual(['P101', 'P102']);
    expect(bills).toEqual([]);
    expect(queries).toHaveLength(1);
  });

  it('one the store refuses fails alone; the others get their documents', async () => {
    const { houseID } = fixture.house;
    const poisoned = { op: 'eq', field: 'billName', value: 'POISON' } as const;
    const [rooms, bills] = await Promise.allSettled([
      listInHouseTogether<RoomDoc>(deps, houseID, 'room'),
      listInHouseTogether<MonthlyBillDoc>(deps, houseID, 'monthlyBill', poisoned),
    ]);
    expect(rooms.status).toBe('fulfilled');
    expect(rooms.status === 'fulfilled' && rooms.value.map((room) => room.roomName).sort()).toEqual([
      'P101',
      'P102',
    ]);
    expect(bills.status).toBe('rejected');
    // The one query, then each on its own.
    expect(queries).toHaveLength(3);
  });
});
