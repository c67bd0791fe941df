import {
  billingSummaryQuerySchema,
  houseTicketDraftSchema,
  houseTicketPatchSchema,
  BILLING_LEVELS,
  LEVEL,
  ROLE,
} from '@nhatro/common';
import { HOUSE_TICKET_MODEL } from '../domain/shared/odata/model.js';
import { parseInput, readJson, splitQuery } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { defineODataEntity } from '../http/odata.js';
import { json } from '../http/replies.js';
import { failIfAnyFailed, registerTimer } from '../http/registry.js';
import { billingSummary } from '../useCases/houseTickets/billingSummary.js';
import { getDeps } from '../composition/deps.js';
import { updateHouseTicket } from '../useCases/houseTickets/saving.js';
import { draftDueHouseTickets, draftHouseTicketNow } from '../useCases/houseTickets/drafting.js';
import { getHouseTicket, listHouseTickets } from '../useCases/houseTickets/reading.js';

/**
 * A house's monthly drafts: `GET /odata/HouseTicket?houseID=…` with
 * `$expand=roomTickets($expand=room),house`, `/odata/HouseTicket/{id}`, and `PATCH` to save a draft
 * or issue it (the landlord and staff with billing rights). Tickets are created by the timer or by `Draft`, never by `POST`.
 */
defineODataEntity({
  name: 'houseTicket',
  entitySet: 'HouseTicket',
  model: HOUSE_TICKET_MODEL,
  area: 'billing',
  id: { field: 'houseTicketID', label: 'Mã bảng kê' },
  list: { roles: [ROLE.houseModerator, ROLE.staff], scope: ['houseID'], run: listHouseTickets },
  get: { roles: [ROLE.houseModerator, ROLE.staff], run: getHouseTicket },
  update: {
    permission: { area: 'billing', level: BILLING_LEVELS.draftAndIssue },
    schema: houseTicketPatchSchema,
    run: updateHouseTicket,
  },
});

/** Drafts now (before the billing day); the existing draft when there is one. */
defineEndpoint({
  name: 'houseTicketDraft',
  route: 'api/HouseTicket/Draft',
  methods: ['POST'],
  permission: { area: 'billing', level: BILLING_LEVELS.draftAndIssue },
  async handle({ req, actor }) {
    const { created, ticket } = await draftHouseTicketNow(actor, await readJson(req, houseTicketDraftSchema));
    return json(created ? 201 : 200, ticket);
  },
});

/** This month at a glance for the dashboard: readings done, draft, bills issued, paid and owed. */
defineEndpoint({
  name: 'dashboardBilling',
  route: 'api/Dashboard/Billing',
  methods: ['GET'],
  roles: [ROLE.houseModerator, ROLE.staff],
  permission: { area: 'billing', level: LEVEL.read },
  async handle({ req, actor }) {
    const query = parseInput(billingSummaryQuerySchema, splitQuery(req, ['houseID', 'month']).scope);
    return json(200, await billingSummary(actor, query.houseID, query.month));
  },
});

/**
 * 00:10 in Vietnam (UTC+7) every day, after the nightly maintenance; Linux plans read NCRONTAB in UTC.
 * Drafts the month's ticket of every house whose billing day has come (a missed day is caught up).
 */
registerTimer({
  name: 'billingDayDrafts',
  schedule: '0 10 17 * * *',
  async handler(_timer, context) {
    const summary = await draftDueHouseTickets(await getDeps());
    context.log(
      `Billing day ${summary.today} (${summary.month}): ${summary.due} houses due, ` +
        `${summary.drafted.length} drafted (${summary.drafted.reduce((sum, house) => sum + house.roomTickets, 0)} rooms), ` +
        `${summary.alreadyDrafted} already drafted, ${summary.nothingToBill} without a contract to bill`,
    );
    for (const failure of summary.failed) {
      context.error(`Drafting house ${failure.houseID} failed: ${failure.error}`);
    }
    // The other houses were drafted; the run still reports failure.
    failIfAnyFailed('houses', summary.failed, summary.due);
  },
});
