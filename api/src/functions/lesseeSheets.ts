import { LESSEE_IMPORT_MAX_BYTES, LESSEE_IMPORT_MESSAGES, LEVEL } from '@nhatro/common';
import { defineEndpoint } from '../http/endpoint.js';
import { readMultipart } from '../http/multipart.js';
import { json, spreadsheet } from '../http/replies.js';
import { requireID } from '../useCases/shared/houseScope.js';
import { importLessees } from '../useCases/lesseeSheets/importing.js';
import { temporaryResidenceList } from '../useCases/lesseeSheets/temporaryResidence.js';
import { lesseeImportTemplate } from '../useCases/lesseeSheets/template.js';

/**
 * Multipart `file` (.xlsx) + `houseID`: a house's current tenants, one row per occupant. All rows
 * valid: `{ status: true, data: { contracts, lessees, accounts } }` (one-time passwords shown once).
 * Any row wrong: nothing is written and the reply (400) is the sheet with a "Lỗi" column.
 */
defineEndpoint({
  name: 'excelImportLessee',
  route: 'ExcelImport/ImportLessee',
  methods: ['POST'],
  permission: { area: 'contract', level: LEVEL.create },
  async handle({ req, actor }) {
    const form = await readMultipart(req, {
      maxBytes: LESSEE_IMPORT_MAX_BYTES + 64 * 1024,
      maxFiles: 1,
      maxFileBytes: LESSEE_IMPORT_MAX_BYTES,
    });
    const houseID = requireID(form.fields.houseID ?? form.fields.HouseID, 'Mã nhà trọ');
    const outcome = await importLessees(actor, houseID, form.files[0]?.bytes);
    if (!outcome.ok) {
      return spreadsheet(400, outcome.report, outcome.fileName, {
        'X-Import-Error-Rows': String(outcome.errorRows),
      });
    }
    const { ok: _ok, ...data } = outcome;
    return json(200, { status: true, data });
  },
});

defineEndpoint({
  name: 'excelTemplateLessee',
  route: 'ExcelImport/Template/Lessee',
  methods: ['GET'],
  permission: { area: 'contract', level: LEVEL.create },
  async handle() {
    return spreadsheet(200, await lesseeImportTemplate(), LESSEE_IMPORT_MESSAGES.templateFileName);
  },
});

/** `?houseID=…`: the police temporary-residence list of the house's current occupants (.xlsx). */
defineEndpoint({
  name: 'excelExportTemporaryResidence',
  route: 'ExcelExport/TemporaryResidence',
  methods: ['GET'],
  permission: { area: 'lessee', level: LEVEL.read },
  async handle({ req, actor }) {
    const houseID = requireID(
      req.query.get('houseID') ?? req.query.get('HouseID') ?? undefined,
      'Mã nhà trọ',
    );
    const list = await temporaryResidenceList(actor, houseID);
    return spreadsheet(200, list.content, list.fileName);
  },
});
