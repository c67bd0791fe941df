import { residenceDeclarationSchema } from '@nhatro/common';
import { LEVEL } from '@nhatro/common';
import { defineEndpoint } from '../http/endpoint.js';
import { readJson } from '../http/body.js';
import { entityJson, ok, pdfReply } from '../http/replies.js';
import { requireID } from '../useCases/shared/houseScope.js';
import { ct01Pdf } from '../useCases/residence/ct01.js';
import { residenceDeadlines } from '../useCases/residence/deadlines.js';
import { declareResidence } from '../useCases/residence/declaring.js';

/** `?houseID=…`: the occupants whose residence declaration is due or overdue, with the days left. */
defineEndpoint({
  name: 'residenceDeadlines',
  route: 'api/Residence/Deadlines',
  methods: ['GET'],
  permission: { area: 'lessee', level: LEVEL.read },
  async handle({ req, actor }) {
    const houseID = requireID(
      req.query.get('houseID') ?? req.query.get('HouseID') ?? undefined,
      'Mã nhà trọ',
    );
    return ok(await residenceDeadlines(actor, houseID));
  },
});

/** Records an occupant's declaration: the date, how, and the receipt's photo. */
defineEndpoint({
  name: 'residenceDeclaration',
  route: 'api/Residence/Declaration',
  methods: ['POST'],
  permission: { area: 'lessee', level: LEVEL.update },
  async handle({ req, actor }) {
    const input = await readJson(req, residenceDeclarationSchema);
    return entityJson(200, await declareResidence(actor, input));
  },
});

/** `?lesseeInfoID=…`: the CT01 form prefilled for the occupant (PDF). */
defineEndpoint({
  name: 'residenceCt01',
  route: 'api/Residence/CT01',
  methods: ['GET'],
  permission: { area: 'lessee', level: LEVEL.read },
  async handle({ req, actor }) {
    const id = requireID(req.query.get('lesseeInfoID') ?? undefined, 'Mã người thuê');
    const { pdf, fileName } = await ct01Pdf(actor, id);
    return pdfReply(pdf, fileName);
  },
});
