import { feeCreateSchema, feeUpdateSchema, LEVEL } from '@nhatro/common';
import { FEE_MODEL } from '../domain/shared/odata/model.js';
import { defineODataEntity } from '../http/odata.js';
import { createFee, deleteFee, listFees, updateFee } from '../useCases/fees.js';

/** Spec `settingHouse`: reading needs house level 1; changing fees needs housePermission 2–4. */
const SETTING_HOUSE = { area: 'house', level: LEVEL.update } as const;

/** The spec's `Service` entity set: the fees a house charges. */
defineODataEntity({
  name: 'service',
  entitySet: 'Service',
  model: FEE_MODEL,
  area: 'house',
  id: { field: 'serviceID', label: 'Mã dịch vụ' },
  list: { scope: ['houseID'], run: listFees, cacheReplies: true },
  create: { permission: SETTING_HOUSE, schema: feeCreateSchema, run: createFee },
  update: { permission: SETTING_HOUSE, schema: feeUpdateSchema, run: updateFee },
  remove: { permission: SETTING_HOUSE, run: deleteFee },
});
