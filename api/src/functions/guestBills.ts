import { definePublicEndpoint } from '../http/endpoint.js';
import { ok } from '../http/replies.js';
import { readGuestBill } from '../useCases/guestBills.js';
import { requireID } from '../useCases/shared/houseScope.js';

/**
 * `GET /api/GuestMonthlyBill?monthlyBillID=…&t=…` (public, no account): the bill a shared link opens.
 * The token is the only key; a bad, expired or another bill's token is the same 404.
 */
definePublicEndpoint({
  name: 'guestMonthlyBillRead',
  route: 'api/GuestMonthlyBill',
  methods: ['GET'],
  async handle({ req, deps }) {
    const monthlyBillID = requireID(req.query.get('monthlyBillID') ?? undefined, 'Mã hóa đơn');
    return ok(await readGuestBill(deps, monthlyBillID, req.query.get('t') ?? ''));
  },
});
