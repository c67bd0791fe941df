import type { Deps } from '../../api/src/useCases/shared/deps.js';

const WRITES = new Set(['create', 'replace', 'upsert', 'patch', 'delete', 'batch']);

/**
 * `deps` whose store stops writing after its first successful batch in the `houses` container, as a process
 * that stops right after a write's main batch: every later write throws 'the process stopped'. A write whose
 * audit entry is in its own batch keeps both; one that records its entry afterwards loses the entry.
 */
export function stopsAfterHouseBatch(deps: Deps): Deps {
  let stopped = false;
  return {
    ...deps,
    store: new Proxy(deps.store, {
      get(store, property) {
        if (property !== 'container') return Reflect.get(store, property, store) as unknown;
        return (name: Parameters<Deps['store']['container']>[0]) => {
          const container = store.container(name);
          return new Proxy(container, {
            get(target, method) {
              const value = Reflect.get(target, method, target) as unknown;
              if (typeof value !== 'function') return value;
              if (!WRITES.has(String(method))) return value.bind(target) as unknown;
              return async (...args: unknown[]) => {
                if (stopped) throw new Error('the process stopped');
                const result = (await value.apply(target, args)) as unknown;
                if (method === 'batch' && name === 'houses') stopped = true;
                return result;
              };
            },
          });
        };
      },
    }),
  };
}
