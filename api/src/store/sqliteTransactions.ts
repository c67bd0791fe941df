import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * The embedded store's write transactions. While another connection starts the write-ahead log over
 * (the checkpointer, sqliteCheckpointer.ts), SQLite can refuse to begin a write with SQLITE_BUSY without
 * waiting out its busy timeout (seen here after a large burst of writes: payment notifications answered
 * 99 after 65 ms, a tenth of a second into a 5-second timeout). A refused
 * begin is tried again a moment later, without blocking the event loop, for as long as the connection's
 * busy timeout. Once it has begun, the writes and the commit run without yielding, so no other request's
 * statements can land inside the transaction.
 */
export class SqliteTransactions {
  private readonly begin: StatementSync;
  private readonly commit: StatementSync;
  private readonly rollback: StatementSync;

  constructor(
    db: DatabaseSync,
    private readonly busyRetryForMs = 5_000,
  ) {
    this.begin = db.prepare('BEGIN IMMEDIATE');
    this.commit = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
  }

  /** Runs `apply` (synchronous writes) in one transaction; all of it is committed, or none. */
  async run<R>(apply: () => R): Promise<R> {
    const started = Date.now();
    for (;;) {
      try {
        this.begin.run();
      } catch (error) {
        if (!isBusy(error) || Date.now() - started >= this.busyRetryForMs) throw error;
        await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_DELAY_MS));
        continue;
      }
      try {
        const result = apply();
        this.commit.run();
        return result;
      } catch (error) {
        this.rollback.run();
        throw error;
      }
    }
  }
}

const BUSY_RETRY_DELAY_MS = 5;

/** SQLITE_BUSY (5), also as an extended code (BUSY_RECOVERY, BUSY_SNAPSHOT, BUSY_TIMEOUT). */
function isBusy(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'errcode' in error &&
    typeof error.errcode === 'number' &&
    (error.errcode & 0xff) === 5
  );
}
