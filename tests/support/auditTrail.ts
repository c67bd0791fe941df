import type { AuditDoc, AuditOutboxDoc } from '../../api/src/domain/shared/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';

/**
 * The audit entries of `action` on `entityID`, whether still waiting in a house's partition (written in
 * the change's batch) or already moved to the `audit` container: what the trail will hold, read without
 * moving anything.
 */
export async function entriesOf(services: Deps, action: string, entityID: string): Promise<AuditDoc[]> {
  const waiting = await services.store.container<AuditOutboxDoc>('houses').query({
    filter: { op: 'eq', field: 'type', value: 'auditOutbox' },
  });
  const moved = await services.store.container<AuditDoc>('audit').query({
    filter: { op: 'eq', field: 'entityID', value: entityID },
  });
  return [...waiting.items.map((doc) => doc.entry), ...moved.items].filter(
    (doc) => doc.type === 'audit' && doc.action === action && doc.entityID === entityID,
  );
}
