import { registerTimer } from '../http/registry.js';
import { getDeps } from '../composition/deps.js';
import { sendDueMessages } from '../useCases/outbox.js';

/**
 * Every minute: the outbox's due messages go out (Zalo, e-mail, SMS), failures wait their back-off.
 * A run that finds nothing due costs one query per container. Fired locally with
 * `POST /_dev/timers/outboxSender`.
 */
registerTimer({
  name: 'outboxSender',
  schedule: '0 */1 * * * *',
  async handler(_timer, context) {
    const summary = await sendDueMessages(await getDeps());
    if (summary.attempted + summary.skipped === 0) return;
    context.log(
      `Outbox: ${summary.attempted} tried, ${summary.sent} sent, ${summary.retrying} to retry, ` +
        `${summary.failed} failed, ${summary.skipped} taken by another run`,
    );
  },
});
