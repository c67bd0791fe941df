import type { DatabaseSync } from 'node:sqlite';
import { CONTAINER_NAMES, type ContainerName } from './store.js';

/**
 * Real columns beside the JSON body: the fields lists are narrowed, ordered and counted by, copied from
 * the document by every write (the INSERT/UPDATE statements of sqlite.ts compute them with
 * `json_extract` of the same JSON text, so a column always holds exactly what `json_extract(body, …)`
 * returns: text, integer or real, 1/0 for booleans, NULL when absent, and an object or array as its JSON
 * text, so even an odd document compares as before). sqliteQuery.ts reads the column
 * where a field has one, `json_extract` otherwise, so every filter answers as it did on the body alone.
 *
 * Why columns and not expression or generated-column indexes: an index on an expression or on a
 * generated column is never a covering index, so a `$count` still sought every matching row's body
 * (248 µs for 500 rooms); over real columns the count reads one index only (40 µs).
 */
export const COLUMNS: Partial<Record<ContainerName, readonly string[]>> = {
  houses: [
    'type',
    // lookups
    'roomID',
    'contractID',
    'plateKey',
    'ownerID',
    // orders
    'roomName',
    'startDate',
    'occupantName',
    'createdOn',
    // what the list screens filter on
    'floor',
    'status',
    'price',
    'month',
  ],
  audit: ['type', 'at'],
  platform: ['type', 'createdOn'],
};

export function columnName(field: string): string {
  return `c_${field}`;
}

/** The field's column in `name`, if it has one. */
export function hasColumn(name: ContainerName, field: string): boolean {
  return COLUMNS[name]?.includes(field) ?? false;
}

/** `json_extract` of the statement's parameter `param` (the body's JSON text), one per column. */
export function columnValuesSql(name: ContainerName, param: number): string[] {
  return (COLUMNS[name] ?? []).map((field) => `json_extract(?${param}, '$.${field}')`);
}

/** The schema version `PRAGMA user_version` records: 1 = the columns above and their indexes. */
const SCHEMA_VERSION = 1;

/**
 * Creates the tables of a new file, or brings a file of an older version up to date once: the missing
 * columns added and filled from the bodies in one pass per table, the indexes of those tables rebuilt
 * (same names, now over the columns), all in one transaction, then `user_version` set, so a second
 * open does nothing. `indexes` is every CREATE INDEX statement of the current schema.
 */
export function prepareSchema(db: DatabaseSync, indexes: readonly string[]): { migrated: boolean } {
  const userVersion = () =>
    (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  for (const name of CONTAINER_NAMES) {
    const extra = (COLUMNS[name] ?? []).map((field) => `, ${columnName(field)}`).join('');
    db.exec(
      `CREATE TABLE IF NOT EXISTS "${name}" (
         pk TEXT NOT NULL, id TEXT NOT NULL, etag TEXT NOT NULL, body TEXT NOT NULL${extra},
         PRIMARY KEY (pk, id)) WITHOUT ROWID;`,
    );
  }
  let migrated = false;
  if (userVersion() < SCHEMA_VERSION) {
    db.exec('BEGIN IMMEDIATE');
    try {
      // Another process opening the same file may have migrated it while this one waited for the lock.
      migrated = userVersion() < SCHEMA_VERSION;
      if (migrated) {
        for (const [name, fields] of Object.entries(COLUMNS)) migrateTable(db, name, fields);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
        for (const sql of indexes) db.exec(sql);
      }
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
  for (const sql of indexes) db.exec(sql);
  return { migrated };
}

function migrateTable(db: DatabaseSync, name: string, fields: readonly string[]): void {
  const present = new Set(
    (db.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string }>).map((row) => row.name),
  );
  const missing = fields.filter((field) => !present.has(columnName(field)));
  for (const field of missing) db.exec(`ALTER TABLE "${name}" ADD COLUMN ${columnName(field)}`);
  // Indexes over `json_extract(body, …)` of the older schema: rebuilt over the columns.
  const old = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`)
    .all(name) as Array<{ name: string }>;
  for (const index of old) db.exec(`DROP INDEX "${index.name}"`);
  if (missing.length > 0) {
    const sets = missing.map((field) => `${columnName(field)} = json_extract(body, '$.${field}')`);
    db.exec(`UPDATE "${name}" SET ${sets.join(', ')}`);
  }
}
