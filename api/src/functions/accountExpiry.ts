import { failIfAnyFailed, registerTimer } from '../http/registry.js';
import { writeExpiryReminders } from '../useCases/accountExpiry.js';
import { getDeps } from '../composition/deps.js';

/**
 * 00:05 in Vietnam (UTC+7) every day, 17:05 UTC the day before (Linux plans read NCRONTAB in UTC):
 * writes the reminders of landlords' paid terms ending in 30, 7 or 1 days, and the notice of one that
 * just ended, each once. Fired locally with `POST /_dev/timers/accountExpiryReminders`.
 */
registerTimer({
  name: 'accountExpiryReminders',
  schedule: '0 5 17 * * *',
  async handler(_timer, context) {
    const summary = await writeExpiryReminders(await getDeps());
    context.log(
      `Account expiry ${summary.today}: ${summary.accounts} accounts ending soon or just ended; ` +
        `${summary.written} reminders written, ${summary.alreadyWritten} written by an earlier run`,
    );
    for (const failure of summary.failed) {
      context.error(`Account expiry reminder of ${failure.userID} failed: ${failure.error}`);
    }
    // The others were written; the run still reports failure.
    failIfAnyFailed('accounts', summary.failed, summary.accounts);
  },
});
