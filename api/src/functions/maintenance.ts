import { failIfAnyFailed, registerTimer } from '../http/registry.js';
import { getDeps } from '../composition/deps.js';
import { purgeExpiredSessions } from '../useCases/auth/sessions.js';
import { removeUnreferencedUploads } from '../useCases/shared/blobReferences.js';
import { expireContracts } from '../useCases/contracts/changing.js';
import { lapseReservations } from '../useCases/reservations.js';
import { eraseExpiredIdentityData } from '../useCases/personalData/erasing.js';

/** 00:05 in Vietnam (UTC+7) every day; Linux plans read NCRONTAB in UTC. */
registerTimer({
  name: 'nightlyMaintenance',
  schedule: '0 5 17 * * *',
  async handler(_timer, context) {
    const services = await getDeps();
    // Each step runs even when an earlier one failed; the run then reports failure.
    const failed: string[] = [];
    let steps = 0;
    const step = async (name: string, run: () => Promise<string>) => {
      steps += 1;
      try {
        context.log(await run());
      } catch (error) {
        failed.push(name);
        context.error(
          `Nightly maintenance step ${name} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    };
    await step('sessions', async () => {
      const removed = await purgeExpiredSessions(services);
      return `Removed ${removed.sessions} expired sessions and ${removed.throttles} stale login counters`;
    });
    await step('uploads', async () => {
      const uploads = await removeUnreferencedUploads(services);
      return `Removed ${uploads} uploads older than a day that nothing references`;
    });
    await step('contracts', async () => {
      const expired = await expireContracts(services);
      return `Marked ${expired} contracts past their end date as expired`;
    });
    await step('reservations', async () => {
      const lapsed = await lapseReservations(services);
      return `Released ${lapsed} reservations past their hold-until date (deposit forfeited)`;
    });
    await step('identityData', async () => {
      const erased = await eraseExpiredIdentityData(services);
      return `Erased the identity numbers and photos of ${erased} people whose retention ended`;
    });
    failIfAnyFailed('steps', failed, steps);
  },
});
