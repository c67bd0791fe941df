import { REFUND_REASON_LABELS, type PaymentState, type RefundReason } from '@nhatro/common';

/**
 * The gateway's server-to-server notification (IPN), by VNPay's rules: the checksum first (97), then
 * the order (01), its amount (04), whether it was already confirmed (02); otherwise it is confirmed now
 * (00), as a success or as a failure the merchant records. Anything unexpected is 99. Pure rules.
 */

export type IpnCode = '00' | '01' | '02' | '04' | '97' | '99';

/** VNPay's reply body for each code (`{ RspCode, Message }`, as its documentation and library give it). */
export const IPN_REPLIES: Record<IpnCode, { RspCode: IpnCode; Message: string }> = {
  '00': { RspCode: '00', Message: 'Confirm Success' },
  '01': { RspCode: '01', Message: 'Order not found' },
  '02': { RspCode: '02', Message: 'Order already confirmed' },
  '04': { RspCode: '04', Message: 'Invalid amount' },
  '97': { RspCode: '97', Message: 'Fail checksum' },
  '99': { RspCode: '99', Message: 'Unknown error' },
};

/** What the gateway reported, once its checksum holds. */
export interface GatewayReport {
  paymentID: string;
  /** In đồng (the gateway sends 100 times this). */
  amount: number;
  /** `vnp_ResponseCode`: 00 paid, 24 cancelled by the customer, others a failure. */
  responseCode: string;
  /** `vnp_TransactionStatus`: 00 when the money was taken. */
  transactionStatus: string;
  transactionNo?: string;
  bankCode?: string;
  cardType?: string;
  /** `vnp_PayDate`, yyyyMMddHHmmss in Vietnam time. */
  payDate?: string;
}

/** VNPay's code for a payment the customer cancelled on the gateway's page. */
const CUSTOMER_CANCELLED = '24';

/** 'Nhà trọ Hoa Sen' for a house named 'Hoa Sen', and also for one already named 'Nhà trọ Hoa Sen'. */
export function houseTitle(houseName: string): string {
  const name = houseName.trim();
  return /^nhà trọ(\s|$)/iu.test(name.normalize('NFC')) ? name : `Nhà trọ ${name}`;
}

/** The state a report moves a pending payment to. */
export function reportedState(
  report: Pick<GatewayReport, 'responseCode' | 'transactionStatus'>,
): Exclude<PaymentState, 'pending'> {
  if (report.responseCode === '00' && report.transactionStatus === '00') return 'succeeded';
  if (report.responseCode === CUSTOMER_CANCELLED) return 'cancelled';
  return 'failed';
}

export type IpnDecision =
  { code: Exclude<IpnCode, '00'> } | { code: '00'; state: Exclude<PaymentState, 'pending'> };

/**
 * The states the gateway has not reported on yet: an open payment, and one a newer link replaced (its page
 * may still be paid until it expires: what the gateway says about it is still recorded, once).
 */
const UNREPORTED: ReadonlySet<PaymentState> = new Set(['pending', 'replaced']);
export function isUnreported(state: PaymentState): boolean {
  return UNREPORTED.has(state);
}

/** The answer to a notification, before anything is written. */
export function decideIpn(input: {
  verified: boolean;
  report: GatewayReport | undefined;
  payment: { amount: number; state: PaymentState } | undefined;
}): IpnDecision {
  if (!input.verified || !input.report) return { code: '97' };
  if (!input.payment) return { code: '01' };
  if (input.report.amount !== input.payment.amount) return { code: '04' };
  if (!isUnreported(input.payment.state)) return { code: '02' };
  return { code: '00', state: reportedState(input.report) };
}

/** A payment link works this long (`vnp_ExpireDate`): VNPay's page refuses it afterwards. */
export const PAYMENT_URL_MINUTES = 15;

/**
 * How long after its link's expiry a payment the gateway dated may still be taken as paid in time: the
 * gateway stamps the transaction when the bank answers, which can be a little after the customer pressed
 * 'Thanh toán' on a page that was still open.
 */
export const PAY_DATE_GRACE_MS = 5 * 60_000;

/**
 * Whether money the gateway took for `payment` (paid at `paidOn`) may credit what it pays, or why not:
 * only the open link pays; one a newer link replaced, or one paid after its link expired (beyond the
 * grace), is money to return. (Whether what it pays still exists is the caller's to tell.)
 */
export function refundReasonOf(
  payment: { state: PaymentState; expiresOn: string },
  paidOn: string,
): RefundReason | undefined {
  if (payment.state === 'replaced') return 'replaced';
  if (Date.parse(paidOn) > Date.parse(payment.expiresOn) + PAY_DATE_GRACE_MS) return 'expired';
  return undefined;
}

/** `20261126153000` (Vietnam time) → ISO instant; undefined when it is not such a date. */
export function gatewayDateToIso(value: string | undefined): string | undefined {
  const match = value && /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}+07:00`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The order text the gateway shows and the bank statement carries: ASCII only (VNPay's rule). */
export function gatewayOrderInfo(description: string, code: string): string {
  const ascii = description
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 ,.:/-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `Thanh toan ${code} ${ascii}`.slice(0, 255);
}

/**
 * The landlord's and the payer's messages when the gateway took money that pays nothing (a replaced or
 * expired link, or nothing left to pay): it is not on the bill, and it is to be returned.
 */
export function refundDueTexts(payment: {
  amount: number;
  description: string;
  reason: RefundReason;
  transactionNo?: string;
}): { landlord: { subject: string; body: string }; payer: { subject: string; body: string } } {
  const amount = `${payment.amount.toLocaleString('vi-VN')} ₫`;
  const why = REFUND_REASON_LABELS[payment.reason];
  const reference = payment.transactionNo ? ` (mã giao dịch VNPay ${payment.transactionNo})` : '';
  return {
    landlord: {
      subject: `Cần hoàn lại ${amount} cho người thuê`,
      body: `VNPay đã thu ${amount} cho ${payment.description}${reference} nhưng ${why}, nên khoản này không được ghi vào hóa đơn. Vui lòng hoàn lại cho người thuê.`,
    },
    payer: {
      subject: `Khoản ${amount} sẽ được hoàn lại`,
      body: `VNPay đã thu ${amount} cho ${payment.description}${reference} nhưng ${why}, nên khoản này không được ghi nhận. Khoản tiền sẽ được hoàn lại cho bạn.`,
    },
  };
}

/** The landlord's message when money arrives, and the tenant's receipt; `via` says how it came. */
export function paymentReceivedTexts(payment: {
  amount: number;
  description: string;
  houseName: string;
  via: string;
}): { landlord: { subject: string; body: string }; tenant: { subject: string; body: string } } {
  const amount = `${payment.amount.toLocaleString('vi-VN')} ₫`;
  return {
    landlord: {
      subject: `${payment.houseName}: đã nhận ${amount}`,
      body: `Đã nhận ${amount} cho ${payment.description} (${payment.via}).`,
    },
    tenant: {
      subject: `Đã nhận thanh toán ${amount}`,
      body: `${houseTitle(payment.houseName)} đã nhận ${amount} cho ${payment.description} (${payment.via}). Cảm ơn bạn!`,
    },
  };
}
