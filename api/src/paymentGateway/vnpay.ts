import { timingSafeEqual } from 'node:crypto';
import type * as Vnpay from 'vnpay';
import type * as VnpayUtilities from 'vnpay/utils';
import type { VnpayConfig } from '../config/index.js';
import type { GatewayReport } from '../domain/shared/onlinePayments.js';
import { vietnamCompactDateTime } from '../domain/shared/time.js';
import type { PaymentGateway } from './gateway.js';

/**
 * The VNPay adapter of the payment gateway port (gateway.ts), with the `vnpay` library loaded on first
 * use: most requests never pay. The same code talks to VNPay's sandbox, its production host, or the
 * local sandbox (api/src/local/paymentSandbox.ts): only the host and the merchant's secret differ.
 */

type VnpayModule = typeof Vnpay;
type VnpayUtils = typeof VnpayUtilities;

let loaded: Promise<{ library: VnpayModule; utils: VnpayUtils }> | undefined;
function loadVnpay() {
  loaded ??= Promise.all([import('vnpay'), import('vnpay/utils')]).then(([library, utils]) => ({
    library,
    utils,
  }));
  return loaded;
}

const HASH_ALGORITHM = 'SHA512';

function sameHex(expected: string, received: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(received.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The `vnp_` fields of a callback, as strings (anything else in the query is not signed and is ignored). */
function gatewayFields(query: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of query) {
    if (key.startsWith('vnp_') && key !== 'vnp_SecureHash' && key !== 'vnp_SecureHashType')
      fields[key] = value;
  }
  return fields;
}

function reportOf(fields: Record<string, string>): GatewayReport | undefined {
  const rawAmount = fields.vnp_Amount ?? '';
  const paymentID = fields.vnp_TxnRef;
  if (!/^\d{1,15}$/.test(rawAmount) || !paymentID) return undefined;
  const hundredths = Number(rawAmount);
  // VNPay sends 100 times the amount; a fraction of a đồng is not an amount we ever asked for.
  const amount = hundredths % 100 === 0 ? hundredths / 100 : Number.NaN;
  return {
    paymentID,
    amount,
    responseCode: fields.vnp_ResponseCode ?? '',
    transactionStatus: fields.vnp_TransactionStatus ?? '',
    ...(fields.vnp_TransactionNo ? { transactionNo: fields.vnp_TransactionNo } : {}),
    ...(fields.vnp_BankCode ? { bankCode: fields.vnp_BankCode } : {}),
    ...(fields.vnp_CardType ? { cardType: fields.vnp_CardType } : {}),
    ...(fields.vnp_PayDate ? { payDate: fields.vnp_PayDate } : {}),
  };
}

export function vnpayGateway(config: VnpayConfig): PaymentGateway {
  let client: InstanceType<VnpayModule['VNPay']> | undefined;
  return {
    async paymentUrl(order) {
      const { library } = await loadVnpay();
      client ??= new library.VNPay({
        tmnCode: config.tmnCode,
        secureSecret: config.hashSecret,
        vnpayHost: config.host,
        hashAlgorithm: library.HashAlgorithm.SHA512,
        enableLog: false,
      });
      return client.buildPaymentUrl({
        vnp_Amount: order.amount,
        vnp_IpAddr: order.ipAddress,
        vnp_TxnRef: order.paymentID,
        vnp_OrderInfo: order.orderInfo,
        vnp_OrderType: library.ProductCode.Pay,
        vnp_ReturnUrl: order.returnUrl,
        vnp_Locale: library.VnpLocale.VN,
        // The library formats Vietnam time with the process's own time zone; these are exact.
        vnp_CreateDate: Number(vietnamCompactDateTime(order.createdAt)),
        vnp_ExpireDate: Number(vietnamCompactDateTime(order.expiresAt)),
      });
    },
    async verifyCallback(query) {
      const { utils } = await loadVnpay();
      const received = query.get('vnp_SecureHash') ?? '';
      const fields = gatewayFields(query);
      const expected = utils.calculateSecureHash({
        secureSecret: config.hashSecret,
        data: utils.buildPaymentUrlSearchParams(fields).toString(),
        hashAlgorithm: HASH_ALGORITHM as Parameters<VnpayUtils['calculateSecureHash']>[0]['hashAlgorithm'],
        bufferEncode: 'utf-8',
      });
      if (!received || !sameHex(expected, received)) return { verified: false };
      const report = reportOf(fields);
      return report ? { verified: true, report } : { verified: false };
    },
  };
}
