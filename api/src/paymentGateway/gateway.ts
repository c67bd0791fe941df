import type { GatewayReport } from '../domain/shared/onlinePayments.js';

/**
 * The payment gateway port: a payment URL for an order, and a callback checked and read. Its adapter is
 * vnpay.ts (VNPay, its sandbox or the local sandbox), chosen by the composition root.
 */

export interface PaymentOrder {
  /** Our payment record's id, sent as `vnp_TxnRef`. */
  paymentID: string;
  /** Whole đồng. */
  amount: number;
  /** ASCII text (`gatewayOrderInfo`). */
  orderInfo: string;
  ipAddress: string;
  /** Where the gateway sends the browser back. */
  returnUrl: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A callback (IPN or return) read and checked: `report` only when the checksum holds. */
export interface VerifiedCallback {
  verified: boolean;
  report?: GatewayReport;
}

export interface PaymentGateway {
  paymentUrl(order: PaymentOrder): Promise<string>;
  /** Checks the `vnp_SecureHash` of a callback's query (constant-time) and reads what it reports. */
  verifyCallback(query: URLSearchParams): Promise<VerifiedCallback>;
}
