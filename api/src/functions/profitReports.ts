import { BILLING_LEVELS, LEVEL, ROLE, profitReportQuerySchema, rentTaxThresholdSchema } from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import { readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { json, ok, spreadsheet } from '../http/replies.js';
import {
  getProfitReport,
  getRentTaxThreshold,
  setRentTaxThreshold,
} from '../useCases/profitReports/report.js';
import { profitReportWorkbook } from '../useCases/profitReports/workbook.js';

/**
 * `GET /odata/ProfitReport?houseID=…&year=…` (without `houseID`: every house of the caller), its .xlsx
 * (`GET /api/ProfitReport/Export`), and the tax threshold the super admin keeps
 * (`GET /api/MetaData/RentTaxThreshold`, `POST /api/MetaData/SetRentTaxThreshold`).
 */
const KEEPER = { area: 'billing', level: BILLING_LEVELS.addCharge } as const;

function reportQuery(query: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const [key, value] of query.entries()) raw[key.toLowerCase()] = value;
  const parsed = profitReportQuerySchema.safeParse({
    year: raw.year,
    ...(raw.houseid === undefined || raw.houseid === '' ? {} : { houseID: raw.houseid }),
  });
  if (!parsed.success) {
    const problem = parsed.error.issues[0];
    const field = problem?.path[0] === 'houseID' ? 'houseID' : 'year';
    throw AppError.validation([{ field, errorMessage: problem?.message ?? 'Năm không hợp lệ.' }]);
  }
  return parsed.data;
}

defineEndpoint({
  name: 'profitReport',
  route: 'odata/ProfitReport',
  methods: ['GET'],
  permission: KEEPER,
  async handle({ req, actor }) {
    return json(200, await getProfitReport(actor, reportQuery(req.query)));
  },
});

defineEndpoint({
  name: 'profitReportExport',
  route: 'api/ProfitReport/Export',
  methods: ['GET'],
  permission: KEEPER,
  async handle({ req, actor }) {
    const { body, fileName } = await profitReportWorkbook(actor, reportQuery(req.query));
    return spreadsheet(200, body, fileName);
  },
});

defineEndpoint({
  name: 'metaDataRentTaxThreshold',
  route: 'api/MetaData/RentTaxThreshold',
  methods: ['GET'],
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.read },
  async handle({ actor }) {
    return ok(await getRentTaxThreshold(actor));
  },
});

defineEndpoint({
  name: 'metaDataSetRentTaxThreshold',
  route: 'api/MetaData/SetRentTaxThreshold',
  methods: ['POST'],
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.update },
  async handle({ req, actor }) {
    return ok(await setRentTaxThreshold(actor, await readJson(req, rentTaxThresholdSchema)));
  },
});
