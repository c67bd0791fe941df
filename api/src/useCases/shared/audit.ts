import { randomUUID } from 'node:crypto';
import type { AuditDoc, AuditOutboxDoc } from '../../domain/shared/model.js';
import { vietnamMonth } from '../../domain/shared/time.js';
import { isStoreError, type Filter, type StoredDoc } from '../../store/store.js';
import { log } from '../../telemetry/log.js';
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

/**
 * A waiting entry as `auditOutboxDoc` writes it: its id is its entry's with the prefix, and the entry is
 * an audit document of the house whose partition holds it. Anything else typed `auditOutbox` (a
 * document damaged in the store, a delivery that is not one) is never copied into the trail, nor is
 * the house document it names deleted.
 */
export function isAuditOutboxDoc(doc: unknown): doc is AuditOutboxDoc {
  if (typeof doc !== 'object' || doc === null) return false;
  const candidate = doc as Partial<AuditOutboxDoc>;
  const entry = candidate.entry as Partial<AuditDoc> | null | undefined;
  return (
    candidate.type === 'auditOutbox' &&
    typeof candidate.pk === 'string' &&
    typeof entry === 'object' &&
    entry !== null &&
    entry.type === 'audit' &&
    typeof entry.id === 'string' &&
    candidate.id === `${OUTBOX_ID_PREFIX}${entry.id}` &&
    typeof entry.pk === 'string' &&
    entry.pk !== '' &&
    typeof entry.at === 'string' &&
    entry.houseID === candidate.pk
  );
}

/** Entries moved per query of the houses' partitions. */
const MOVE_PAGE = 100;

/** Entries moved side by side (each an upsert into the trail, then a delete from the house). */
const MOVE_TOGETHER = 25;

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
  const moveOne = async (doc: AuditOutboxDoc) => {
    await audit.upsert(doc.entry);
    try {
      await houses.delete(doc.pk, doc.id);
    } catch (error) {
      // Another run moved it first.
      if (!isStoreError(error, 'not_found')) throw error;
    }
    moved += 1;
  };
  // Several at a time: a system log read that finds a thousand waiting (the change feed stopped a while)
  // costs a few dozen round trips, not two thousand one after another.
  const move = async (docs: readonly AuditOutboxDoc[]) => {
    for (let start = 0; start < docs.length; start += MOVE_TOGETHER) {
      await Promise.all(docs.slice(start, start + MOVE_TOGETHER).map(moveOne));
    }
  };
  if (waiting) {
    await move(waiting.filter(isAuditOutboxDoc));
    return moved;
  }
  // Documents typed as entries that are not (`isAuditOutboxDoc`) stay where they are, reported, and are
  // left out of the next query so that they never hide the entries behind them.
  const skipped: string[] = [];
  for (;;) {
    const isWaiting: Filter = { op: 'eq', field: 'type', value: 'auditOutbox' };
    const page = await houses.query({
      filter: skipped.length
        ? { op: 'and', items: [isWaiting, { op: 'not', item: { op: 'in', field: 'id', values: skipped } }] }
        : isWaiting,
      top: MOVE_PAGE,
    });
    const found: readonly StoredDoc[] = page.items;
    const entries = found.filter(isAuditOutboxDoc);
    const malformed = found.filter((doc) => !isAuditOutboxDoc(doc));
    if (malformed.length > 0) {
      skipped.push(...malformed.map((doc) => doc.id));
      log.warn('audit.malformedWaitingEntry', {
        count: malformed.length,
        ids: malformed.map((doc) => doc.id).join(','),
      });
    }
    await move(entries);
    // A short page is the last.
    if (page.items.length < MOVE_PAGE) return moved;
  }
}
