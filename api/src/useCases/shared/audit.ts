import { randomUUID } from 'node:crypto';
import type { AuditDoc } from '../../domain/shared/model.js';
import { vietnamMonth } from '../../domain/shared/time.js';
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

/** Records who did what to which object, when and from where. */
export async function recordAudit(
  services: Deps,
  actor: Pick<AuthUser, 'userID' | 'username' | 'roleID'> | null,
  origin: RequestOrigin,
  entry: AuditEntry,
): Promise<void> {
  const at = services.now();
  const doc: AuditDoc = {
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
  await services.store.container<AuditDoc>('audit').create(doc);
}
