import type { PaymentResult, PaymentTarget } from '@nhatro/common';
import useSWR, { type SWRResponse } from 'swr';
import { apiRequest } from '../../lib/api';
import { swrOptions } from '../../lib/api/swr';

// The result pages open from the gateway's redirect, possibly in a browser without the session: read
// without the bearer token, so an expired session never sends the payer to /login.

interface ResultReply {
  status: boolean;
  data?: PaymentResult;
  errorMessage?: string;
}

const enc = encodeURIComponent;

const RESULT_PATHS: Record<PaymentTarget | 'any', string> = {
  monthlyBill: '/api/Payment/MonthlyBillPaymentComplete',
  oneTimeCharge: '/api/Payment/OTCPaymentComplete',
  registration: '/api/Payment/PaymentComplete',
  roomPurchase: '/api/Payment/PaymentComplete',
  accountExtension: '/api/Payment/PaymentComplete',
  any: '/api/Payment/PaymentComplete',
};

/** While the gateway's confirmation has not arrived, ask again this often. */
export const PENDING_REFRESH_MS = 2_000;

export function usePaymentResult(
  target: PaymentTarget | 'any',
  paymentID: string | null,
): SWRResponse<PaymentResult, Error> {
  return useSWR<PaymentResult, Error, string | null>(
    paymentID ? `${RESULT_PATHS[target]}?paymentID=${enc(paymentID)}` : null,
    async (key) => {
      const reply = await apiRequest<ResultReply>(key, {
        authenticated: false,
        toastBadRequest: false,
        handledStatuses: [400, 404],
      });
      if (!reply.status || reply.data === undefined) {
        throw new Error(reply.errorMessage ?? 'Máy chủ trả về dữ liệu không hợp lệ.');
      }
      return reply.data;
    },
    {
      ...swrOptions,
      revalidateOnFocus: false,
      // A replaced link's page may still have been paid: its confirmation can come, like a pending one's.
      refreshInterval: (latest) =>
        latest?.state === 'pending' || latest?.state === 'replaced' ? PENDING_REFRESH_MS : 0,
    },
  );
}
