import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * The embedded store's write transactions. A lock another connection holds is waited for inside SQLite,
 * up to the connection's busy timeout (5 s), as before. But while the checkpointer starts the
 * write-ahead log over (sqliteCheckpointer.ts), SQLite can also refuse to begin a write with SQLITE_BUSY
 * at once, without that wait: seen here after a large burst of writes, as payment notifications answered
 * 99 after 65 ms. Such a refusal is tried again a moment later, the event loop free in between, until
 * `busyRetryForMs` after the first try. Once a transaction has begun, its writes and its commit
 * run without yielding, so no other request's statements can land inside it.
 */
export class SqliteTransactions {
  private readonly begin: StatementSync;
  private readonly commit: StatementSync;
  private readonly rollback: StatementSync;

  constructor(
    db: DatabaseSync,
    /** How long refusals are tried again, from the first try (as the connection's busy timeout). */
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
        try {
          this.rollback.run();
        } catch {
          // SQLite rolled back by itself (a full disk, an I/O error): report what stopped the writes,
          // not the rollback's 'no transaction is active'.
        }
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
