import { DatabaseSync } from 'node:sqlite';
import { CONTAINER_NAMES } from '../../api/src/store/store.js';

/**
 * The schema `openSqliteStore` made before the real columns (user_version 0): bodies only, indexes over
 * `json_extract(body, …)`, as the code of that version wrote it. For migration tests.
 */
export function createSchemaV0(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL;');
  const x = (field: string) => `json_extract(body, '$.${field}')`;
  for (const name of CONTAINER_NAMES) {
    db.exec(
      `CREATE TABLE IF NOT EXISTS "${name}" (
         pk TEXT NOT NULL, id TEXT NOT NULL, etag TEXT NOT NULL, body TEXT NOT NULL,
         PRIMARY KEY (pk, id)) WITHOUT ROWID;
       CREATE INDEX IF NOT EXISTS "${name}_type" ON "${name}" (pk, ${x('type')});
       CREATE INDEX IF NOT EXISTS "${name}_id" ON "${name}" (id);`,
    );
  }
  db.exec(`CREATE INDEX "audit_order_at" ON "audit" (pk, ${x('type')}, ${x('at')});
    CREATE INDEX "platform_order_createdOn" ON "platform" (pk, ${x('type')}, ${x('createdOn')});
    CREATE INDEX "houses_room_by_roomName" ON "houses" (pk, ${x('roomName')}) WHERE ${x('type')} = 'room';
    CREATE INDEX "houses_contract_by_startDate" ON "houses" (pk, ${x('startDate')}) WHERE ${x('type')} = 'contract';
    CREATE INDEX "houses_lesseeInfo_by_occupantName" ON "houses" (pk, ${x('occupantName')}) WHERE ${x('type')} = 'lesseeInfo';`);
  for (const field of ['roomID', 'contractID', 'plateKey']) {
    db.exec(
      `CREATE INDEX "houses_by_${field}" ON "houses" (pk, ${x('type')}, ${x(field)}) WHERE ${x(field)} IS NOT NULL;`,
    );
  }
  db.exec(
    `CREATE INDEX "houses_by_ownerID" ON "houses" (${x('type')}, ${x('ownerID')}) WHERE ${x('ownerID')} IS NOT NULL;`,
  );
  return db;
}
