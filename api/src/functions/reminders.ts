import { failIfAnyFailed, registerTimer } from '../http/registry.js';
import { getDeps } from '../composition/deps.js';
import { writeMeterReadingReminders } from '../useCases/meterRecords/readingReminders.js';
import { writeDebtReminders } from '../useCases/debts/reminders.js';
import { writeDueReminders } from '../useCases/reminders.js';
import { writeResidenceReminders } from '../useCases/residence/reminders.js';

/**
 * 08:00 in Vietnam (UTC+7) every day; Linux plans read NCRONTAB in UTC. Writes the day's reminders
 * (bills due in three days or a day late, contracts ending in thirty days, debts past the house's days)
 * to the outbox; the sender delivers them within the minute (debt reminders go in the morning, never at
 * night). Fired locally with `POST /_dev/timers/dailyReminders`.
 */
registerTimer({
  name: 'dailyReminders',
  schedule: '0 0 1 * * *',
  async handler(_timer, context) {
    const summary = await writeDueReminders(await getDeps());
    context.log(
      `Reminders ${summary.today}: ${summary.billsDueSoon} bills due soon, ${summary.billsOverdue} overdue, ` +
        `${summary.contractsEnding} contracts ending; ${summary.written} written, ` +
        `${summary.alreadyWritten} written by an earlier run, ${summary.withoutRecipient} without a tenant to tell`,
    );
    const residence = await writeResidenceReminders(await getDeps());
    context.log(
      `Residence reminders: ${residence.written} written, ${residence.alreadyWritten} written earlier`,
    );
    const meters = await writeMeterReadingReminders(await getDeps());
    context.log(
      `Meter reading reminders: ${meters.written} written, ${meters.alreadyWritten} written earlier, ` +
        `${meters.withoutRecipient} without a tenant account`,
    );
    const debts = await writeDebtReminders(await getDeps());
    context.log(
      `Debt reminders: ${debts.written} written, ${debts.alreadyWritten} written earlier, ` +
        `${debts.paused} paused by the landlord, ${debts.withoutRecipient} without a tenant to tell`,
    );
    const failed = [...summary.failed, ...residence.failed, ...meters.failed, ...debts.failed];
    for (const failure of failed)
      context.error(`Reminders of house ${failure.houseID} failed: ${failure.error}`);
    // The other houses' reminders were written; the run still reports failure.
    failIfAnyFailed('houses', failed);
  },
});
