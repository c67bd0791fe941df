import { LEVEL, type SystemLog } from '@nhatro/common';
import { requireSuperAdmin } from '../domain/shared/access.js';
import type { AuditDoc } from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import type { Filter } from '../store/store.js';
import type { Actor } from './shared/actor.js';
import { moveAuditEntries } from './shared/audit.js';
import { listEntities, type EntityPage } from './shared/odataQuery.js';

/**
 * The system log (/systemLog): the audit trail (`audit` container, one partition per month in Vietnam
 * time) for the super admin, newest first: the latest entries, a period of days, or one user's. Writes
 * in a house leave their entry in the house's partition (`writeAudited`); those are moved in before
 * each read.
 */

/** An audit entry as the log shows it. */
function logView(doc: AuditDoc): SystemLog {
  return {
    logID: doc.id,
    at: doc.at,
    userID: doc.userID,
    username: doc.username,
    roleID: doc.roleID,
    action: doc.action,
    entity: doc.entity,
    entityID: doc.entityID,
    houseID: doc.houseID,
    ip: doc.ip,
    userAgent: doc.userAgent,
    ...(doc.details ? { details: doc.details } : {}),
  };
}

const IS_AUDIT: Filter = { op: 'eq', field: 'type', value: 'audit' };

async function listLogs(actor: Actor, filter: Filter, query: ODataQuery): Promise<EntityPage> {
  requireSuperAdmin(actor.user, LEVEL.read);
  // Entries still waiting beside the changes they record join the trail first: the log is complete.
  await moveAuditEntries(actor.deps);
  return listEntities(
    actor.deps.store.container<AuditDoc>('audit'),
    { filter },
    query,
    [{ field: 'at', desc: true }],
    (doc) => ({ ...logView(doc) }),
  );
}

/** `GET /odata/SystemLog/GetLatestLogs?latest=50`: the newest `latest` entries (spec §9: 50). */
export async function latestLogs(actor: Actor, latest: number, query: ODataQuery): Promise<EntityPage> {
  return listLogs(actor, IS_AUDIT, { ...query, top: Math.min(query.top ?? latest, latest) });
}

/** The first instant of a day in Vietnam (`yyyy-mm-dd`), as stored (UTC ISO). */
function dayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00+07:00`)).toISOString();
}

/** `GET /odata/SystemLog/GetLogsFromTo?from=yyyy-mm-dd&to=yyyy-mm-dd`: both whole days in Vietnam included. */
export async function logsFromTo(
  actor: Actor,
  range: { from: string; to: string },
  query: ODataQuery,
): Promise<EntityPage> {
  const end = new Date(Date.parse(`${range.to}T00:00:00+07:00`) + 86_400_000).toISOString();
  return listLogs(
    actor,
    {
      op: 'and',
      items: [
        IS_AUDIT,
        { op: 'ge', field: 'at', value: dayStart(range.from) },
        { op: 'lt', field: 'at', value: end },
      ],
    },
    query,
  );
}

/** `GET /odata/SystemLog/GetUserLogs?userID=…`: what one account did (and what was refused to it). */
export async function userLogs(actor: Actor, userID: string, query: ODataQuery): Promise<EntityPage> {
  return listLogs(
    actor,
    { op: 'and', items: [IS_AUDIT, { op: 'eq', field: 'userID', value: userID }] },
    query,
  );
}
