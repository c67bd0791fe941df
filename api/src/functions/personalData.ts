import { LEVEL, myDataFormatSchema, myDataRequestSchema, PERSONAL_DATA_MESSAGES } from '@nhatro/common';
import { parseInput, readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { ok, pdfReply } from '../http/replies.js';
import { requireID } from '../useCases/shared/houseScope.js';
import { listPlannedErasures } from '../useCases/personalData/erasing.js';
import { confirmMyConsent, myData, myDataPdf, requestErasure } from '../useCases/personalData/myData.js';

/** `?format=json|pdf` (json by default): everything kept about the signed-in person. */
defineEndpoint({
  name: 'userMyData',
  route: 'api/User/MyData',
  methods: ['GET'],
  async handle({ req, actor }) {
    const format = parseInput(myDataFormatSchema, req.query.get('format') ?? 'json');
    if (format === 'json') return ok(await myData(actor));
    const { pdf, fileName } = await myDataPdf(actor);
    return pdfReply(pdf, fileName);
  },
});

/** The tenant asks for their identity data to be erased; the landlord is told. */
defineEndpoint({
  name: 'userMyDataErasure',
  route: 'api/User/MyData/Erasure',
  methods: ['POST'],
  async handle({ req, actor }) {
    await readJson(req, myDataRequestSchema);
    return ok(await requestErasure(actor), { message: PERSONAL_DATA_MESSAGES.erasureRequested });
  },
});

/** The tenant confirms the consent recorded with their identity data. */
defineEndpoint({
  name: 'userMyDataConsent',
  route: 'api/User/MyData/Consent',
  methods: ['POST'],
  async handle({ req, actor }) {
    await readJson(req, myDataRequestSchema);
    await confirmMyConsent(actor);
    return ok(undefined, { message: PERSONAL_DATA_MESSAGES.consentConfirmed });
  },
});

/** `?houseID=…`: identity data of people who left, and the day the nightly job erases it. */
defineEndpoint({
  name: 'personalDataErasures',
  route: 'api/PersonalData/Erasures',
  methods: ['GET'],
  permission: { area: 'lessee', level: LEVEL.read },
  async handle({ req, actor }) {
    const houseID = requireID(
      req.query.get('houseID') ?? req.query.get('HouseID') ?? undefined,
      'Mã nhà trọ',
    );
    return ok(await listPlannedErasures(actor, houseID));
  },
});
