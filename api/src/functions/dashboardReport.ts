import { dashboardReportQuerySchema, LEVEL, ROLE } from '@nhatro/common';
import { parseInput, splitQuery } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { json } from '../http/replies.js';
import { dashboardReport } from '../useCases/dashboardReport.js';

/** A house at a glance for its landlord and staff (docs/dashboard-report.md); a tenant's role is refused. */
defineEndpoint({
  name: 'dashboardReport',
  route: 'odata/DashboardReport',
  methods: ['GET'],
  roles: [ROLE.houseModerator, ROLE.staff],
  permission: { area: 'billing', level: LEVEL.read },
  async handle({ req, actor }) {
    const query = parseInput(dashboardReportQuerySchema, splitQuery(req, ['houseID']).scope);
    return json(200, await dashboardReport(actor, query.houseID));
  },
});
