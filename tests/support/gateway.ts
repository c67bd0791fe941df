import { signedQuery } from '../../api/src/local/paymentSandbox.js';

/**
 * What VNPay sends back (IPN and return URL) for a payment URL the API built: the payment URL's own
 * fields answered with an outcome and signed by VNPay's documented rule (the sandbox's signer, written
 * independently of the `vnpay` library the API verifies with).
 */
export interface GatewayAnswer {
  responseCode?: string;
  transactionStatus?: string;
  /** Hundredths of a đồng, as VNPay sends them (default: what the URL asked for). */
  amount?: string;
  txnRef?: string;
  transactionNo?: string;
  /**
   * `vnp_PayDate` (yyyyMMddHHmmss, Vietnam time); by default the URL's `vnp_CreateDate`: paid the moment
   * the link was made, well before it expires.
   */
  payDate?: string;
}

export function gatewayCallback(
  paymentURL: string,
  secret: string,
  answer: GatewayAnswer = {},
): URLSearchParams {
  const asked = new URL(paymentURL).searchParams;
  const fields: Record<string, string> = {
    vnp_Amount: answer.amount ?? asked.get('vnp_Amount') ?? '0',
    vnp_BankCode: 'NCB',
    vnp_CardType: 'ATM',
    vnp_OrderInfo: asked.get('vnp_OrderInfo') ?? '',
    vnp_PayDate: answer.payDate ?? asked.get('vnp_CreateDate') ?? '',
    vnp_ResponseCode: answer.responseCode ?? '00',
    vnp_TmnCode: asked.get('vnp_TmnCode') ?? '',
    vnp_TransactionNo: answer.transactionNo ?? '14226112',
    vnp_TransactionStatus:
      answer.transactionStatus ?? (answer.responseCode && answer.responseCode !== '00' ? '02' : '00'),
    vnp_TxnRef: answer.txnRef ?? asked.get('vnp_TxnRef') ?? '',
  };
  return new URLSearchParams(signedQuery(fields, secret));
}
