import { incomeHistoryQuerySchema, LEVEL, ROLE } from '@nhatro/common';
import { SYSTEM_PAYMENT_MODEL } from '../domain/shared/odata/model.js';
import { parseODataQuery } from '../domain/shared/odata/parse.js';
import { parseInput, splitQuery } from '../http/body.js';
import { defineEndpoint, type AuthedEndpoint } from '../http/endpoint.js';
import { collectionBody } from '../http/odata.js';
import { json } from '../http/replies.js';
import { incomeHistory, listSystemPayments } from '../useCases/systemReports.js';

/** The platform's income (/hmBillManage): confirmed payments (server-paged) and income by month. */
const ADMIN_READ: Pick<AuthedEndpoint, 'roles' | 'permission'> = {
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.read },
};

defineEndpoint({
  name: 'systemPaymentReportList',
  route: 'odata/SystemPaymentReport',
  methods: ['GET'],
  ...ADMIN_READ,
  async handle({ req, actor }) {
    const page = await listSystemPayments(actor, parseODataQuery(req.query, SYSTEM_PAYMENT_MODEL));
    return json(200, collectionBody(req, 'SystemPaymentReport', page));
  },
});

/** `?from=yyyy-mm&to=yyyy-mm` (default: the last twelve months): `{ value: [{ month, …, total }] }`. */
defineEndpoint({
  name: 'systemPaymentReportIncomeHistory',
  route: 'odata/SystemPaymentReport/IncomeHistory',
  methods: ['GET'],
  ...ADMIN_READ,
  async handle({ req, actor }) {
    const range = parseInput(incomeHistoryQuerySchema, splitQuery(req, ['from', 'to']).scope);
    const url = new URL(req.url);
    return json(200, {
      '@odata.context': `${url.origin}/odata/$metadata#IncomeHistory`,
      value: await incomeHistory(actor, range),
    });
  },
});
