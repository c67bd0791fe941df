import type { HttpRequest } from '@azure/functions';
import {
  BILLING_LEVELS,
  billReminderSchema,
  houseMonthBillsQuerySchema,
  monthlyBillPatchSchema,
  ROLE,
} from '@nhatro/common';
import { z } from 'zod';
import { BILL_MODEL, MONTHLY_BILL_MODEL } from '../domain/shared/odata/model.js';
import { parseODataQuery, type ODataQuery } from '../domain/shared/odata/parse.js';
import { parseInput, readJson, splitQuery } from '../http/body.js';
import { listHouseMonthBills } from '../useCases/monthlyBills/houseMonth.js';
import { remindBillTenants } from '../useCases/monthlyBills/reminders.js';
import { defineEndpoint } from '../http/endpoint.js';
import { collectionBody, defineODataEntity } from '../http/odata.js';
import { entityJson, json, noContent, pdfReply } from '../http/replies.js';
import { createBillGuestLink, revokeBillGuestLink } from '../useCases/guestBills.js';
import { requireID } from '../useCases/shared/houseScope.js';
import {
  getMonthlyBill,
  listBills,
  listContractBills,
  listMonthlyBills,
  monthlyBillPdf,
  payMonthlyBill,
} from '../useCases/monthlyBills.js';

/**
 * Monthly bills: the spec's `Bill` (a room's bills without lines) and `MonthlyBill` (with lines, which
 * `$expand=billDetails` also gives, with nested options), cash payments, the guest link and the
 * printable PDF. Bills are created by issuing a house ticket.
 */

const READ = { area: 'billing', level: BILLING_LEVELS.read } as const;
/** Cash collected: staff too (docs/billing.md, "Who may do what"). */
const COLLECT = { area: 'billing', level: BILLING_LEVELS.collectCash } as const;
const SHARE = { area: 'billing', level: BILLING_LEVELS.shareLink } as const;
const SCOPE = ['billID', 'houseID', 'roomID', 'contractID'] as const;

/** The OData options of a bill request (`$expand=billDetails` gives the lines with their own options). */
function billQuery(options: URLSearchParams): ODataQuery {
  return parseODataQuery(options, MONTHLY_BILL_MODEL);
}

function scopeOf(req: HttpRequest) {
  const { scope, options } = splitQuery(req, SCOPE);
  return { scope: scope as Partial<Record<(typeof SCOPE)[number], string>>, query: billQuery(options) };
}

/** `GET /odata/Bill?roomID=…` (also `contractID`, `houseID`): bills without their lines. */
defineODataEntity({
  name: 'bill',
  entitySet: 'Bill',
  model: BILL_MODEL,
  area: 'billing',
  id: { field: 'monthlyBillID', label: 'Mã hóa đơn' },
  list: { scope: ['houseID', 'roomID', 'contractID'], run: listBills },
});

/** `PATCH /odata/MonthlyBill[/{id}]` `{ payment: { amount, note? } }` → the bill (If-Match honoured). */
defineODataEntity({
  name: 'monthlyBill',
  entitySet: 'MonthlyBill',
  model: MONTHLY_BILL_MODEL,
  area: 'billing',
  id: { field: 'monthlyBillID', label: 'Mã hóa đơn' },
  update: { permission: COLLECT, schema: monthlyBillPatchSchema, run: payMonthlyBill },
});

/** `GET /odata/MonthlyBill?billID=…` or `?roomID=` / `?contractID=` / `?houseID=`, with lines. */
defineEndpoint({
  name: 'monthlyBillList',
  route: 'odata/MonthlyBill',
  methods: ['GET'],
  permission: READ,
  async handle({ req, actor }) {
    const { scope, query } = scopeOf(req);
    return json(200, collectionBody(req, 'MonthlyBill', await listMonthlyBills(actor, scope, query)));
  },
});

/** Sorts before `monthlyBillGet`, so Azure (which tries functions by name) matches it first too. */
defineEndpoint({
  name: 'monthlyBillContractBills',
  route: 'odata/MonthlyBill/GetContractBills/{contractId}',
  methods: ['GET'],
  permission: READ,
  async handle({ req, actor, params }) {
    const contractID = requireID(params.contractId, 'Mã hợp đồng');
    const page = await listContractBills(actor, contractID, billQuery(new URLSearchParams(req.query)));
    return json(200, collectionBody(req, 'MonthlyBill', page));
  },
});

defineEndpoint({
  name: 'monthlyBillGet',
  route: 'odata/MonthlyBill/{id}',
  methods: ['GET'],
  permission: READ,
  async handle({ req, actor, params }) {
    const id = requireID(params.id, 'Mã hóa đơn');
    return entityJson(200, await getMonthlyBill(actor, id, billQuery(new URLSearchParams(req.query))));
  },
});

/** The link takes no options: an empty body (or `{}`), anything else is a 400. */
const NO_FIELDS = z.object({}).strict();

/** `POST /odata/MonthlyBill/{id}/GuestLink` → `{ url, expiresOn }` (7 days) to send the tenant. */
defineEndpoint({
  name: 'monthlyBillGuestLinkCreate',
  route: 'odata/MonthlyBill/{id}/GuestLink',
  methods: ['POST'],
  permission: SHARE,
  async handle({ req, actor, params }) {
    await readJson(req, NO_FIELDS);
    return json(200, await createBillGuestLink(actor, requireID(params.id, 'Mã hóa đơn')));
  },
});

/** `DELETE /odata/MonthlyBill/{id}/GuestLink` → 204: the link sent stops working. */
defineEndpoint({
  name: 'monthlyBillGuestLinkRevoke',
  route: 'odata/MonthlyBill/{id}/GuestLink',
  methods: ['DELETE'],
  // Whoever may share a bill's link may take it back.
  permission: SHARE,
  async handle({ actor, params }) {
    await revokeBillGuestLink(actor, requireID(params.id, 'Mã hóa đơn'));
    return noContent;
  },
});

/** `GET /api/MonthlyBill/Pdf?monthlyBillID=…`: the printable bill (A5); a tenant gets their own. */
defineEndpoint({
  name: 'monthlyBillPdf',
  route: 'api/MonthlyBill/Pdf',
  methods: ['GET'],
  permission: READ,
  async handle({ req, actor }) {
    const id = requireID(req.query.get('monthlyBillID') ?? undefined, 'Mã hóa đơn');
    const { pdf, fileName } = await monthlyBillPdf(actor, id);
    return pdfReply(pdf, fileName, 'inline');
  },
});

const COLLECTORS = [ROLE.houseModerator, ROLE.staff];

/**
 * `GET /api/MonthlyBill/HouseMonth?houseID=…&month=yyyy-mm&status=owed&top=50&skip=0`: the month's
 * bills of a house as the landlord collects them (rows with room, tenant and what is owed; totals; the
 * months that have bills). Without `month`, the latest month issued.
 */
defineEndpoint({
  name: 'monthlyBillHouseMonth',
  route: 'api/MonthlyBill/HouseMonth',
  methods: ['GET'],
  roles: COLLECTORS,
  permission: { area: 'billing', level: BILLING_LEVELS.read },
  async handle({ req, actor }) {
    const { scope } = splitQuery(req, ['houseID', 'month', 'status', 'top', 'skip']);
    return json(200, await listHouseMonthBills(actor, parseInput(houseMonthBillsQuerySchema, scope)));
  },
});

/**
 * `POST /api/MonthlyBill/Remind` `{ houseID, monthlyBillIDs }` or `{ houseID, month }` (every bill of
 * the month still owed) → `{ queued, recentlyReminded, withoutContact, notOwed }`.
 */
defineEndpoint({
  name: 'monthlyBillRemind',
  route: 'api/MonthlyBill/Remind',
  methods: ['POST'],
  roles: COLLECTORS,
  permission: { area: 'billing', level: BILLING_LEVELS.remind },
  async handle({ req, actor }) {
    return json(200, await remindBillTenants(actor, await readJson(req, billReminderSchema)));
  },
});
