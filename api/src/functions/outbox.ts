import { isDueOutboxDocument } from '../domain/outbox.js';
import { registerChangeFeed, registerTimer } from '../http/registry.js';
import { getDeps } from '../composition/deps.js';
import { sendDueMessages, type SendRunSummary } from '../useCases/outbox.js';
import { isAuditOutboxDoc, moveAuditEntries } from '../useCases/shared/audit.js';
import { log } from '../telemetry/log.js';

/** The run's counts in one structured line; messages given up (`failed`) feed the "outbox gave up" alert. */
function report(summary: SendRunSummary, trigger: 'write' | 'retry'): void {
  if (summary.attempted + summary.skipped === 0) return;
  const fields = { trigger, ...summary };
  if (summary.failed > 0) log.warn('outbox.givenUp', fields);
  log.info('outbox.sent', fields);
}

/**
 * Sending from the write: in Azure the Cosmos DB change feed of the two containers that hold outbox
 * messages (a house's in `houses`, the platform's in `platform`) starts the sender as soon as a write
 * brings a pending, due message, instead of a timer every minute all day. Other documents, and the
 * sender's own updates, start nothing. The houses' feed also takes the audit entries a write left in its
 * house's partition (`writeAudited`) to the audit trail.
 */
for (const container of ['houses', 'platform'] as const) {
  registerChangeFeed({
    name: `outboxOnWrite_${container}`,
    container,
    async handler(documents) {
      if (container === 'houses' && documents.some(isAuditOutboxDoc)) {
        await moveAuditEntries(await getDeps(), documents);
      }
      if (!documents.some((doc) => isDueOutboxDocument(doc, new Date()))) return;
      report(await sendDueMessages(await getDeps()), 'write');
    },
  });
}

/**
 * Every 10 minutes: the retries (after a failed attempt a message waits 1 min, 5 min, 30 min, 2 h, 12 h)
 * and anything the change feed missed (messages, and audit entries waiting in houses). A run that finds
 * nothing due costs one query per container, and one more for the audit entries.
 * Locally there is no change feed: `POST /_dev/timers/outboxSender` sends what is due.
 */
registerTimer({
  name: 'outboxSender',
  schedule: '0 */10 * * * *',
  async handler(_timer, context) {
    const deps = await getDeps();
    const moved = await moveAuditEntries(deps);
    if (moved > 0) context.log(`Audit: ${moved} entries moved from houses to the audit trail`);
    const summary = await sendDueMessages(deps);
    report(summary, 'retry');
    if (summary.attempted + summary.skipped === 0) return;
    context.log(
      `Outbox: ${summary.attempted} tried, ${summary.sent} sent, ${summary.retrying} to retry, ` +
        `${summary.failed} failed, ${summary.skipped} taken by another run`,
    );
  },
});
