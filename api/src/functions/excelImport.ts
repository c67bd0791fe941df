import { LEVEL, ROOM_IMPORT_MAX_BYTES } from '@nhatro/common';
import { defineEndpoint, json } from '../http/endpoint.js';
import { ApiError } from '../http/errors.js';
import { readMultipart } from '../http/multipart.js';
import { authorizeHouse } from '../services/houses.js';
import { importEmptyRooms, roomImportTemplate, SPREADSHEET_TYPE } from '../services/roomImport.js';
import { assertRoomQuota, requireID } from '../services/rooms.js';

function spreadsheet(status: number, body: Buffer, fileName: string, headers: Record<string, string> = {}) {
  return {
    status,
    body,
    headers: {
      'Content-Type': SPREADSHEET_TYPE,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
      // The SPA runs on another origin in Azure: let it read the file name and error count.
      'Access-Control-Expose-Headers': 'Content-Disposition, X-Import-Error-Rows',
      ...headers,
    },
  };
}

/**
 * Multipart `file` (.xlsx) + `houseID`. All rows valid: `{ status: true, data: { created } }`.
 * Any row wrong: nothing is written and the reply (400) is the sheet with an error column.
 */
defineEndpoint({
  name: 'excelImportEmptyRooms',
  route: 'ExcelImport/ImportEmptyRooms',
  methods: ['POST'],
  permission: { area: 'room', level: LEVEL.create },
  async handle({ req, services, user, audit }) {
    const form = await readMultipart(req, {
      maxBytes: ROOM_IMPORT_MAX_BYTES + 64 * 1024,
      maxFiles: 1,
      maxFileBytes: ROOM_IMPORT_MAX_BYTES,
    });
    const house = await authorizeHouse(
      services,
      user,
      requireID(form.fields.houseID ?? form.fields.HouseID, 'Mã nhà trọ'),
    );
    const file = form.files[0];
    if (!file) throw ApiError.badRequest('Chưa chọn tệp Excel để nhập.');
    await assertRoomQuota(services, house, 1);
    const outcome = await importEmptyRooms(services, house, file.bytes);
    if (!outcome.ok) {
      return spreadsheet(400, outcome.report, outcome.fileName, {
        'X-Import-Error-Rows': String(outcome.errorRows),
      });
    }
    await audit({
      action: 'import',
      entity: 'room',
      houseID: house.houseID,
      details: { created: outcome.created },
    });
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
