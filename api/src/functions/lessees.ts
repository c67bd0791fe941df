import { lesseeCreateSchema, lesseeUpdateSchema } from '@nhatro/common';
import { LESSEE_INFO_MODEL, LESSEE_MODEL } from '../domain/shared/odata/model.js';
import { defineODataEntity } from '../http/odata.js';
import { createLessee, deleteLessee, getLessee, listLessees, updateLessee } from '../useCases/lessees.js';

/** `GET /odata/Lessee?houseID=…&search=…` and `GET /odata/Lessee/{id}?$expand=vehicles`. */
defineODataEntity({
  name: 'lessee',
  entitySet: 'Lessee',
  model: LESSEE_MODEL,
  area: 'lessee',
  id: { field: 'lesseeInfoID', label: 'Mã người thuê' },
  list: { scope: ['houseID', 'contractID', 'roomID', 'search'], run: listLessees, cacheReplies: true },
  get: { run: getLessee },
});

/** The spec writes occupants through `LesseeInfor`. */
defineODataEntity({
  name: 'lesseeInfor',
  entitySet: 'LesseeInfor',
  model: LESSEE_INFO_MODEL,
  area: 'lessee',
  id: { field: 'lesseeInfoID', label: 'Mã người thuê' },
  create: { schema: lesseeCreateSchema, run: createLessee },
  update: { schema: lesseeUpdateSchema, run: updateLessee },
  remove: { run: deleteLessee },
});
