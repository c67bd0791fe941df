import {
  BILLING_LEVELS,
  ROLE,
  contractDebtQuerySchema,
  debtPauseSchema,
  houseDebtsQuerySchema,
} from '@nhatro/common';
import { parseInput, queryValues, readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { json, ok } from '../http/replies.js';
import { setDebtPause } from '../useCases/debts/pausing.js';
import { getContractDebt, getHouseDebts } from '../useCases/debts/reading.js';

/**
 * Debts (issue 26 §3, docs/debts.md): a contract's balance and timeline (the landlord, billing staff, the
 * tenant their own), a house's contracts by oldest debt, and pausing a contract's automatic reminders.
 */

defineEndpoint({
  name: 'debtContract',
  route: 'api/Debt/Contract',
  methods: ['GET'],
  permission: { area: 'billing', level: BILLING_LEVELS.read },
  async handle({ req, actor }) {
    const query = parseInput(contractDebtQuerySchema, queryValues(req.query));
    return json(200, await getContractDebt(actor, query));
  },
});

defineEndpoint({
  name: 'debtHouse',
  route: 'api/Debt/House',
  methods: ['GET'],
  roles: [ROLE.houseModerator, ROLE.staff],
  permission: { area: 'billing', level: BILLING_LEVELS.read },
  async handle({ req, actor }) {
    const query = parseInput(houseDebtsQuerySchema, queryValues(req.query));
    return json(200, await getHouseDebts(actor, query));
  },
});

defineEndpoint({
  name: 'debtPause',
  route: 'api/Debt/Pause',
  methods: ['POST'],
  roles: [ROLE.houseModerator, ROLE.staff],
  permission: { area: 'billing', level: BILLING_LEVELS.remind },
  async handle({ req, actor }) {
    const input = await readJson(req, debtPauseSchema);
    const pause = await setDebtPause(actor, input);
    return ok(pause, {
      message: input.paused ? 'Đã tạm dừng nhắc nợ tự động.' : 'Đã bật lại nhắc nợ tự động.',
    });
  },
});
