import { LEVEL, type PaymentTarget } from '@nhatro/common';
import { defineEndpoint, definePublicEndpoint } from '../http/endpoint.js';
import { json, ok } from '../http/replies.js';
import { log } from '../telemetry/log.js';
import { requireID } from '../useCases/shared/houseScope.js';
import {
  gatewayReturnPage,
  paymentResult,
  receiveGatewayNotification,
  requestMonthlyBillPayment,
  requestOneTimeChargePayment,
} from '../useCases/payments.js';

/**
 * Online payment (VNPay). The tenant (or the landlord) asks for a payment URL; the gateway notifies the
 * result server to server (IPN, the only confirmation) and sends the browser back through the return
 * URL to a result page, which reads the confirmed state without a session.
 */

const PAY = { area: 'billing', level: LEVEL.read } as const;

/** `{ status, errorMessage, paymentURL }` (spec §7): a URL only when `errorMessage` is empty. */
defineEndpoint({
  name: 'paymentUrlForMonthlyBill',
  route: 'api/Payment/RequestPaymentURLForMonthlyBill',
  methods: ['GET'],
  permission: PAY,
  async handle({ req, actor }) {
    const id = requireID(req.query.get('monthlyBillID') ?? undefined, 'Mã hóa đơn');
    return json(200, await requestMonthlyBillPayment(actor, id));
  },
});

defineEndpoint({
  name: 'paymentUrlForOneTimeCharge',
  route: 'api/Payment/RequestPaymentURLForOneTimeCharge',
  methods: ['GET'],
  permission: PAY,
  async handle({ req, actor }) {
    const id = requireID(req.query.get('oneTimeChargeID') ?? undefined, 'Mã khoản phí');
    return json(200, await requestOneTimeChargePayment(actor, id));
  },
});

/**
 * VNPay's IPN (GET, signed query): always 200 with `{ RspCode, Message }`, as VNPay expects. Each answer
 * is one `payment.ipn` log line with its code: anything but 00 (confirmed) and 02 (already confirmed)
 * raises the "IPN refused" alert (infra/modules/alerts.bicep).
 */
definePublicEndpoint({
  name: 'paymentVnpayIpn',
  route: 'api/Payment/VNPayIPN',
  methods: ['GET'],
  async handle({ req, deps, ctx }) {
    const query = new URLSearchParams(req.query);
    const answer = await receiveGatewayNotification(deps, query, (message) => ctx.error(message));
    const rspCode = typeof answer.RspCode === 'string' ? answer.RspCode : 'unknown';
    const fields = { gateway: 'vnpay', rspCode };
    if (rspCode === '00' || rspCode === '02') log.info('payment.ipn', fields);
    else log.warn('payment.ipn', fields);
    return json(200, answer);
  },
});

/** The browser's way back from the gateway: to the result page its (checked) report names. */
definePublicEndpoint({
  name: 'paymentVnpayReturn',
  route: 'api/Payment/VNPayReturn',
  methods: ['GET'],
  async handle({ req, deps }) {
    const location = await gatewayReturnPage(deps, new URLSearchParams(req.query));
    return { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } };
  },
});

/** The result pages' reads (no session): only what the gateway's notification confirmed. */
function defineResult(name: string, route: string, target?: PaymentTarget): void {
  definePublicEndpoint({
    name,
    route,
    methods: ['GET'],
    async handle({ req, deps }) {
      return ok(await paymentResult(deps, req.query.get('paymentID') ?? undefined, target));
    },
  });
}

defineResult('paymentCompleteMonthlyBill', 'api/Payment/MonthlyBillPaymentComplete', 'monthlyBill');
defineResult('paymentCompleteOneTimeCharge', 'api/Payment/OTCPaymentComplete', 'oneTimeCharge');
defineResult('paymentComplete', 'api/Payment/PaymentComplete');
