import { LEVEL, oneTimeChargeCreateSchema, oneTimeChargePatchSchema } from '@nhatro/common';
import { ONE_TIME_CHARGE_MODEL } from '../domain/shared/odata/model.js';
import { defineODataEntity } from '../http/odata.js';
import {
  createOneTimeCharge,
  deleteOneTimeCharge,
  getOneTimeCharge,
  listOneTimeCharges,
  payOneTimeCharge,
} from '../useCases/oneTimeCharges.js';

/**
 * One-time charges of a contract: `GET /odata/OneTimeCharge?chargeID=…` (or `oneTimeChargeID`,
 * `contractID`, `roomID`, `houseID`), `/odata/OneTimeCharge/{id}`, `POST`, `PATCH` a cash payment,
 * `DELETE` while nothing was paid. The spec's `chargeID` and `total` are accepted and returned beside
 * `oneTimeChargeID` and `amount`.
 */
const FULL = { area: 'billing', level: LEVEL.full } as const;

defineODataEntity({
  name: 'oneTimeCharge',
  entitySet: 'OneTimeCharge',
  model: ONE_TIME_CHARGE_MODEL,
  area: 'billing',
  id: { field: 'oneTimeChargeID', label: 'Mã khoản phí', alias: 'chargeID' },
  list: {
    scope: ['chargeID', 'oneTimeChargeID', 'houseID', 'roomID', 'contractID'],
    run: listOneTimeCharges,
  },
  get: { run: getOneTimeCharge },
  create: { permission: FULL, schema: oneTimeChargeCreateSchema, run: createOneTimeCharge },
  update: { permission: FULL, schema: oneTimeChargePatchSchema, run: payOneTimeCharge },
  remove: { permission: FULL, run: deleteOneTimeCharge },
});
