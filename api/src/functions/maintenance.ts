import { registerTimer } from '../http/registry.js';
import { getDeps } from '../composition/deps.js';
import { purgeExpiredSessions } from '../useCases/auth/sessions.js';
import { removeUnreferencedUploads } from '../useCases/shared/blobReferences.js';
import { expireContracts } from '../useCases/contracts/changing.js';

/** 00:05 in Vietnam (UTC+7) every day; Linux plans read NCRONTAB in UTC. */
registerTimer({
  name: 'nightlyMaintenance',
  schedule: '0 5 17 * * *',
  async handler(_timer, context) {
    const services = await getDeps();
    const removed = await purgeExpiredSessions(services);
    context.log(`Removed ${removed.sessions} expired sessions and ${removed.throttles} stale login counters`);
    const uploads = await removeUnreferencedUploads(services);
    context.log(`Removed ${uploads} uploads older than a day that nothing references`);
    const expired = await expireContracts(services);
    context.log(`Marked ${expired} contracts past their end date as expired`);
  },
});
