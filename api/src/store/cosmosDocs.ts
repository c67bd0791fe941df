/**
 * Documents and errors of the Cosmos DB adapter (`cosmos.ts`): ids Cosmos accepts, a document as sent
 * and as read back (system properties kept inside), and the SDK's failures as the store's errors.
 */
import type { JSONObject, RequestOptions } from '@azure/cosmos';
import { StoreError, type StoreErrorCode, type StoredDoc } from './store.js';

/** System properties that never leave the adapter (`_etag` and `_ts` do). */
const HIDDEN_SYSTEM_PROPS = ['_rid', '_self', '_attachments', '_lsn'] as const;
/** Characters Cosmos does not accept in an item id. */
const ILLEGAL_ID = /[/\\?#]/;

export function isValidId(id: unknown): id is string {
  return typeof id === 'string' && id.length > 0 && id.length <= 255 && !ILLEGAL_ID.test(id);
}

export function assertDocShape(doc: StoredDoc): void {
  if (typeof doc !== 'object' || doc === null || typeof doc.pk !== 'string' || typeof doc.id !== 'string') {
    throw new StoreError('bad_request', 'A document needs a string id and pk');
  }
}

export function assertWritableDoc(doc: StoredDoc): void {
  assertDocShape(doc);
  if (!isValidId(doc.id)) {
    throw new StoreError('bad_request', `Invalid id (1-255 characters, none of / \\ ? #): ${doc.id}`);
  }
}

export function assertSamePartition(pk: string, docPk: string): void {
  if (docPk !== pk) {
    throw new StoreError('bad_request', `Document of partition ${docPk} in a batch of partition ${pk}`);
  }
}

/** The document as sent to Cosmos: without system properties (Cosmos sets its own). */
export function toCosmos(doc: StoredDoc): JSONObject {
  const body: Record<string, unknown> = { ...doc };
  delete body._etag;
  delete body._ts;
  for (const prop of HIDDEN_SYSTEM_PROPS) delete body[prop];
  return body as JSONObject;
}

/** The document as returned to callers: `_etag` and `_ts` kept, other system properties removed. */
export function fromCosmos<T>(resource: JSONObject): T {
  const doc: Record<string, unknown> = { ...resource };
  for (const prop of HIDDEN_SYSTEM_PROPS) delete doc[prop];
  return doc as T;
}

export function required<R>(resource: R | undefined): R {
  if (resource === undefined) throw new Error('Cosmos DB answered without a document');
  return resource;
}

export function ifMatch(etag: string | undefined): RequestOptions {
  return etag === undefined ? {} : { accessCondition: { type: 'IfMatch', condition: etag } };
}

export function notFound(pk: string, id: string): StoreError {
  return new StoreError('not_found', `No document ${String(id)} in partition ${String(pk)}`);
}

// ---------------------------------------------------------------------------
// Errors

export function codeFor(status: number | undefined): StoreErrorCode | undefined {
  switch (status) {
    case 400:
      return 'bad_request';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 412:
      return 'precondition_failed';
    default:
      return undefined;
  }
}

/** The HTTP status of an SDK error (also when wrapped, as `items.batch` does). */
export function statusOf(err: unknown): number | undefined {
  for (let current = err, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; statusCode?: unknown; cause?: unknown };
    if (typeof candidate.code === 'number') return candidate.code;
    if (typeof candidate.statusCode === 'number') return candidate.statusCode;
    current = candidate.cause;
  }
  return undefined;
}

/** SDK errors with a contract status become `StoreError`s; others (throttling, auth, network) pass through. */
export function mapError(err: unknown): Error {
  if (err instanceof StoreError) return err;
  const code = codeFor(statusOf(err));
  if (code) {
    const message = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
    const mapped = new StoreError(code, message);
    (mapped as Error & { cause?: unknown }).cause = err;
    return mapped;
  }
  return err instanceof Error ? err : new Error(String(err));
}
