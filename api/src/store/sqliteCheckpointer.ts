import { Worker } from 'node:worker_threads';

/**
 * Moves SQLite's WAL checkpoints off the request path. A checkpoint copies the write-ahead log back
 * into the database file and syncs it to disk; SQLite runs it inside whichever commit crosses the
 * threshold, so one request in a few dozen waited for a disk sync (a 4-document commit measured
 * 2.7 ms instead of 0.75 ms here). A worker thread with its own connection checkpoints instead.
 *
 * A passive checkpoint never blocks anyone, but under sustained writes it never catches up with the
 * end of the log, so the log is never started over and grows without bound. Starting it over
 * (RESTART, or TRUNCATE to also shrink the file) takes the writer lock and holds it while it copies
 * what is left and syncs the database file. Waiting for that lock (busy timeout) let writes pile up
 * behind it, so every write then stalled while all of them were copied, and cutting a large file
 * back took as long again: 0.5–2.5 s measured. So the worker takes the lock only when it is free at
 * once, right after a passive checkpoint, when little is left to copy (if it is not free, the next
 * tick tries again), and shrinks the file only while no one writes. Only writes back to back with no
 * pause (a month's billing) can keep the lock from ever being free: past four times the threshold the
 * worker waits for it, so the log stays bounded at the cost of one stall. If the worker fails, the
 * main connection checkpoints by itself.
 */

/** How often the worker checkpoints. */
const INTERVAL_MS = 250;
/** A log of more frames than this (64 MB of 4 KB pages) is started over from its beginning. */
const RESTART_ABOVE_FRAMES = 16_384;
/** Past this many frames the worker waits for the writer lock (up to the busy timeout below) to start over. */
const FORCE_RESTART_FACTOR = 4;
const FORCE_RESTART_WAIT_MS = 2000;
/** A log file larger than this is cut back to nothing once writes pause. */
const TRUNCATE_ABOVE_BYTES = 64 * 1024 * 1024;

const WORKER_SOURCE = `
const { DatabaseSync } = require('node:sqlite');
const { statSync } = require('node:fs');
const { workerData, parentPort } = require('node:worker_threads');
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;');
// From here on a lock that is taken is not waited for: the checkpoint goes as far as it can and
// reports busy, and the next tick tries again.
db.exec('PRAGMA busy_timeout = 0');
const wal = workerData.file + '-wal';
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const restart = db.prepare('PRAGMA wal_checkpoint(RESTART)');
const truncate = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)');
let previousLog = -1;
const timer = setInterval(() => {
  try {
    let size = 0;
    try { size = statSync(wal).size; } catch {}
    if (size === 0) return;
    const { log } = passive.get();
    const idle = log === previousLog;
    previousLog = log;
    if (log > workerData.restartAbove * workerData.forceFactor) {
      db.exec('PRAGMA busy_timeout = ' + workerData.forceWaitMs);
      try { restart.get(); } finally { db.exec('PRAGMA busy_timeout = 0'); }
    } else if (log > workerData.restartAbove) restart.get();
    else if (idle && size > workerData.truncateAbove) truncate.get();
  } catch (error) {
    // Busy: the next tick tries again.
  }
}, workerData.interval);
parentPort.postMessage('ready');
parentPort.on('message', (message) => {
  if (message === 'stop') {
    clearInterval(timer);
    try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch {}
    db.close();
    parentPort.postMessage('stopped');
  }
});
`;

export interface Checkpointer {
  /** Settles once the worker has opened the database and checkpoints. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export interface CheckpointLimits {
  intervalMs: number;
  restartAboveFrames: number;
  truncateAboveBytes: number;
}

/** Starts checkpointing `file` from a worker; `onFailure` re-enables the connection's own checkpoints. */
export function startCheckpointer(
  file: string,
  onFailure: (error: unknown) => void,
  limits: Partial<CheckpointLimits> = {},
): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      interval: limits.intervalMs ?? INTERVAL_MS,
      restartAbove: limits.restartAboveFrames ?? RESTART_ABOVE_FRAMES,
      truncateAbove: limits.truncateAboveBytes ?? TRUNCATE_ABOVE_BYTES,
      forceFactor: FORCE_RESTART_FACTOR,
      forceWaitMs: FORCE_RESTART_WAIT_MS,
    },
  });
  worker.unref();
  const ready = new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== 'ready') return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('exit', () => resolve());
  });
  let failed = false;
  worker.once('error', (error) => {
    failed = true;
    onFailure(error);
  });
  return {
    ready,
    async stop() {
      if (failed) return;
      const stopped = new Promise<void>((resolve) => {
        worker.on('message', (message) => {
          if (message === 'stopped') resolve();
        });
        worker.once('exit', () => resolve());
      });
      worker.postMessage('stop');
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      await worker.terminate();
    },
  };
}
