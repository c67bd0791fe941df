import {
  LEVEL,
  meterReadingBatchSchema,
  meterReadingSchema,
  meterSubmissionDecisionSchema,
  meterSubmissionSchema,
  MONTH_PATTERN,
  ROLE,
  TENANT_READING_MESSAGES,
} from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import { METER_RECORD_MODEL } from '../domain/shared/odata/model.js';
import { readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { defineODataEntity } from '../http/odata.js';
import { entityJson, json, ok } from '../http/replies.js';
import { listMeterRecords } from '../useCases/meterRecords/listing.js';
import { saveMeterReading, saveMeterReadings } from '../useCases/meterRecords/saving.js';
import {
  decideMeterSubmission,
  listMeterSubmissions,
  submitMeterReadings,
} from '../useCases/meterRecords/tenantReadings.js';
import { requireID } from '../useCases/shared/houseScope.js';

/**
 * `GET /odata/MeterRecord?houseId=…&month=yyyy-mm` (a house's month, floor and room order) or
 * `?roomID=…` (one room's history). Readings are written by `POST` (one) and `PATCH` (`{ records }`,
 * all or nothing), not by the recipe's id-based forms: a reading's id follows from room, kind and month.
 */
defineODataEntity({
  name: 'meterRecord',
  entitySet: 'MeterRecord',
  model: METER_RECORD_MODEL,
  area: 'billing',
  id: { field: 'meterRecordID', label: 'Mã chỉ số' },
  list: {
    scope: ['houseID', 'roomID', 'month'],
    run: listMeterRecords,
    // Without `month` (nor `roomID`) the reply is this month's, which a kept reply could outlive.
    cacheReplies: (scope) => scope.month !== undefined || scope.roomID !== undefined,
  },
});

const WRITE = { permission: { area: 'billing' as const, level: LEVEL.create } };

/** 201 with a new month's record, 200 when the month was read before and is updated. */
defineEndpoint({
  name: 'meterRecordCreate',
  route: 'odata/MeterRecord',
  methods: ['POST'],
  ...WRITE,
  async handle({ req, actor }) {
    const { created, record } = await saveMeterReading(
      actor,
      await readJson(req, meterReadingSchema),
      req.query.get('houseID') ?? undefined,
    );
    return entityJson(created ? 201 : 200, record);
  },
});

defineEndpoint({
  name: 'meterRecordPatch',
  route: 'odata/MeterRecord',
  methods: ['PATCH'],
  ...WRITE,
  async handle({ req, actor }) {
    const input = await readJson(req, meterReadingBatchSchema);
    return json(200, await saveMeterReadings(actor, input, req.query.get('houseID') ?? undefined));
  },
});

/** Tenants who read their own meters (issue 27): the tenant sends, the landlord or staff accept or correct. */
defineEndpoint({
  name: 'meterSubmissionList',
  route: 'api/MeterSubmission',
  methods: ['GET'],
  permission: { area: 'billing', level: LEVEL.read },
  async handle({ req, actor }) {
    const month = req.query.get('month') ?? undefined;
    if (month !== undefined && !MONTH_PATTERN.test(month)) {
      throw AppError.validation([
        { field: 'month', errorMessage: 'Tháng không hợp lệ (định dạng yyyy-mm).' },
      ]);
    }
    const scope = { houseID: req.query.get('houseID') ?? undefined, month };
    return json(200, await listMeterSubmissions(actor, scope));
  },
});

defineEndpoint({
  name: 'meterSubmissionCreate',
  route: 'api/MeterSubmission',
  methods: ['POST'],
  roles: [ROLE.lessee],
  async handle({ req, actor }) {
    const submission = await submitMeterReadings(actor, await readJson(req, meterSubmissionSchema));
    return ok(submission, { message: TENANT_READING_MESSAGES.sent });
  },
});

defineEndpoint({
  name: 'meterSubmissionAccept',
  route: 'api/MeterSubmission/{id}/Accept',
  methods: ['POST'],
  ...WRITE,
  async handle({ req, actor, params }) {
    const input = await readJson(req, meterSubmissionDecisionSchema);
    const decided = await decideMeterSubmission(actor, requireID(params.id, 'Mã chỉ số khách gửi'), input);
    const message =
      decided.status === 'corrected' ? TENANT_READING_MESSAGES.corrected : TENANT_READING_MESSAGES.accepted;
    return ok(decided, { message });
  },
});
