import { randomUUID } from 'node:crypto';
import type { AuditDoc, AuditOutboxDoc } from '../../domain/shared/model.js';
import { vietnamMonth } from '../../domain/shared/time.js';
import { isStoreError } from '../../store/store.js';
import type { Deps } from './deps.js';
import type { AuthUser } from './actor.js';

export interface AuditEntry {
  action: string;
  entity: string;
  entityID?: string | null;
  houseID?: string | null;
  details?: Record<string, unknown>;
}

export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

type AuditActor = Pick<AuthUser, 'userID' | 'username' | 'roleID'> | null;

/** The audit container's document for an entry: who did what to which object, when and from where. */
function auditDoc(services: Deps, actor: AuditActor, origin: RequestOrigin, entry: AuditEntry): AuditDoc {
  const at = services.now();
  return {
    id: randomUUID(),
    pk: vietnamMonth(at),
    type: 'audit',
    at: at.toISOString(),
    userID: actor?.userID ?? null,
    username: actor?.username ?? null,
    roleID: actor?.roleID ?? null,
    action: entry.action,
    entity: entry.entity,
    entityID: entry.entityID ?? null,
    houseID: entry.houseID ?? null,
    ip: origin.ip,
    userAgent: origin.userAgent.slice(0, 300),
    ...(entry.details ? { details: entry.details } : {}),
  };
}

/** Records who did what to which object, when and from where. */
export async function recordAudit(
  services: Deps,
  actor: AuditActor,
  origin: RequestOrigin,
  entry: AuditEntry,
): Promise<void> {
  await services.store.container<AuditDoc>('audit').create(auditDoc(services, actor, origin, entry));
}

/** The prefix of an entry's id while it waits in a house's partition. */
const OUTBOX_ID_PREFIX = 'audit-';

/**
 * The entry of a write in house `houseID`, as a document of that house's partition: written in the
 * same batch as the change, it is saved with it or not at all (`writeAudited`, actor.ts).
 */
export function auditOutboxDoc(
  services: Deps,
  actor: AuditActor,
  origin: RequestOrigin,
  houseID: string,
  entry: AuditEntry,
): AuditOutboxDoc {
  const doc = auditDoc(services, actor, origin, { ...entry, houseID });
  return { id: `${OUTBOX_ID_PREFIX}${doc.id}`, pk: houseID, type: 'auditOutbox', entry: doc };
}

export function isAuditOutboxDoc(doc: unknown): doc is AuditOutboxDoc {
  if (typeof doc !== 'object' || doc === null) return false;
  const candidate = doc as Partial<AuditOutboxDoc>;
  return (
    candidate.type === 'auditOutbox' &&
    typeof candidate.id === 'string' &&
    typeof candidate.pk === 'string' &&
    typeof candidate.entry === 'object' &&
    candidate.entry !== null
  );
}

/** Entries moved per query of the houses' partitions. */
const MOVE_PAGE = 100;

/**
 * Takes audit entries waiting in houses' partitions into the `audit` container: each is written there
 * under its own id (an upsert, so a move cut short and run again never doubles it), then deleted from
 * the house. `waiting` are the ones a change feed delivered; without them every house is searched (the
 * system log does so before it reads, and the outbox timer every 10 minutes). Answers how many moved.
 */
export async function moveAuditEntries(deps: Deps, waiting?: readonly unknown[]): Promise<number> {
  const houses = deps.store.container<AuditOutboxDoc>('houses');
  const audit = deps.store.container<AuditDoc>('audit');
  let moved = 0;
  const move = async (docs: readonly AuditOutboxDoc[]) => {
    for (const doc of docs) {
      await audit.upsert(doc.entry);
      try {
        await houses.delete(doc.pk, doc.id);
      } catch (error) {
        // Another run moved it first.
        if (!isStoreError(error, 'not_found')) throw error;
      }
      moved += 1;
    }
  };
  if (waiting) {
    await move(waiting.filter(isAuditOutboxDoc));
    return moved;
  }
  for (;;) {
    const page = await houses.query({
      filter: { op: 'eq', field: 'type', value: 'auditOutbox' },
      top: MOVE_PAGE,
    });
    const entries = page.items.filter(isAuditOutboxDoc);
    await move(entries);
    // A short page is the last; a page of nothing movable would come back the same.
    if (page.items.length < MOVE_PAGE || entries.length === 0) return moved;
  }
}
