import { dashboardReportQuerySchema, LEVEL, ROLE } from '@nhatro/common';
import { vietnamDate } from '../domain/shared/time.js';
import { parseInput, splitQuery } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { cachedJsonReply } from '../http/replyCache.js';
import { dashboardReport } from '../useCases/dashboardReport.js';

/**
 * A house at a glance for its landlord and staff (docs/dashboard-report.md); a tenant's role is refused.
 * The reply is kept per caller, house and day until anything is written (SQLite; a dashboard opened by
 * the landlord and their staff again and again costs a lookup). The day is part of the key: the days
 * left of the contracts ending change at midnight without a write.
 */
defineEndpoint({
  name: 'dashboardReport',
  route: 'odata/DashboardReport',
  methods: ['GET'],
  roles: [ROLE.houseModerator, ROLE.staff],
  permission: { area: 'billing', level: LEVEL.read },
  async handle({ req, actor, deps, storeVersion }) {
    const query = parseInput(dashboardReportQuerySchema, splitQuery(req, ['houseID']).scope);
    const key = `dashboardReport\u0000${actor.user.userID}\u0000${query.houseID}\u0000${vietnamDate(deps.now())}`;
    return cachedJsonReply(deps, storeVersion, key, () => dashboardReport(actor, query.houseID));
  },
});
