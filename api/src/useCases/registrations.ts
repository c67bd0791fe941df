import { REGISTRATIONS_PARTITION, type RegistrationDoc } from '../domain/model.js';
import type { ODataQuery } from '../domain/odata/parse.js';
import type { Actor } from './actor.js';
import { listEntities, type EntityPage } from './odataQuery.js';
import { toView } from './views.js';

/** Lessor registrations for the super admin, newest first unless the client orders otherwise. */
export function listRegistrations(actor: Actor, query: ODataQuery): Promise<EntityPage> {
  return listEntities(
    actor.deps.store.container<RegistrationDoc>('platform'),
    { partitionKey: REGISTRATIONS_PARTITION, filter: { op: 'eq', field: 'type', value: 'registration' } },
    query,
    [{ field: 'createdOn', desc: true }],
    toView,
  );
}
