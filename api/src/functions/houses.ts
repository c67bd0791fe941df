import { houseCreateSchema, houseUpdateSchema, ROLE, LEVEL } from '@nhatro/common';
import { HOUSE_MODEL } from '../domain/shared/odata/model.js';
import { defineODataEntity, expandsAny } from '../http/odata.js';
import { createHouse, getHouse, listHouses, updateHouse } from '../useCases/houses.js';

defineODataEntity({
  name: 'house',
  entitySet: 'House',
  model: HOUSE_MODEL,
  area: 'house',
  id: { field: 'houseID', label: 'Mã nhà trọ' },
  list: {
    scope: [],
    run: (actor, _scope, query) => listHouses(actor, query),
    // Issue photos come with read URLs that expire.
    cacheReplies: (_scope, options) => !expandsAny(options, ['issues']),
  },
  get: { run: getHouse },
  create: {
    roles: [ROLE.houseModerator],
    permission: { area: 'house', level: LEVEL.full },
    schema: houseCreateSchema,
    run: createHouse,
  },
  update: { schema: houseUpdateSchema, run: updateHouse },
});
