import { LEVEL, ROOM_IMPORT_MAX_BYTES } from '@nhatro/common';
import { defineEndpoint } from '../http/endpoint.js';
import { readMultipart } from '../http/multipart.js';
import { json, spreadsheet } from '../http/replies.js';
import { requireID } from '../useCases/shared/houseScope.js';
import { importEmptyRooms, roomImportTemplate } from '../useCases/roomImport.js';

/**
 * Multipart `file` (.xlsx) + `houseID`. All rows valid: `{ status: true, data: { created } }`.
 * Any row wrong: nothing is written and the reply (400) is the sheet with an error column.
 */
defineEndpoint({
  name: 'excelImportEmptyRooms',
  route: 'ExcelImport/ImportEmptyRooms',
  methods: ['POST'],
  permission: { area: 'room', level: LEVEL.create },
  async handle({ req, actor }) {
    const form = await readMultipart(req, {
      maxBytes: ROOM_IMPORT_MAX_BYTES + 64 * 1024,
      maxFiles: 1,
      maxFileBytes: ROOM_IMPORT_MAX_BYTES,
    });
    const houseID = requireID(form.fields.houseID ?? form.fields.HouseID, 'Mã nhà trọ');
    const outcome = await importEmptyRooms(actor, houseID, form.files[0]?.bytes);
    if (!outcome.ok) {
      return spreadsheet(400, outcome.report, outcome.fileName, {
        'X-Import-Error-Rows': String(outcome.errorRows),
      });
    }
    return json(200, { status: true, data: { created: outcome.created } });
  },
});

defineEndpoint({
  name: 'excelTemplateEmptyRooms',
  route: 'ExcelImport/Template/EmptyRooms',
  methods: ['GET'],
  permission: { area: 'room', level: LEVEL.create },
  async handle() {
    return spreadsheet(200, await roomImportTemplate(), 'mau-nhap-phong-trong.xlsx');
  },
});
