import { BILLING_LEVELS, oneTimeChargeCreateSchema, oneTimeChargePatchSchema } from '@nhatro/common';
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
 * `oneTimeChargeID` and `amount`. Reading needs billing level 1 (a tenant: their own contract's); staff
 * add charges and collect cash, the landlord alone deletes (`BILLING_LEVELS`).
 */
const level = (action: keyof typeof BILLING_LEVELS) =>
  ({ area: 'billing', level: BILLING_LEVELS[action] }) as const;

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
  create: { permission: level('addCharge'), schema: oneTimeChargeCreateSchema, run: createOneTimeCharge },
  update: { permission: level('collectCash'), schema: oneTimeChargePatchSchema, run: payOneTimeCharge },
  remove: { permission: level('deleteCharge'), run: deleteOneTimeCharge },
});
