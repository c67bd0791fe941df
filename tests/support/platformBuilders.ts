/**
 * Builders for the platform's side (room purchases, extensions, paid terms, reports): each writes what
 * the product would have written and returns the stored document.
 */
import type { PlatformPaymentTarget } from '@nhatro/common';
import type { PaymentDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { receiveGatewayNotification } from '../../api/src/useCases/payments.js';
import { findUser } from '../../api/src/useCases/shared/users.js';
import { gatewayCallback } from './gateway.js';
import { TEST_VNPAY } from './useCaseHarness.js';

/** The account with a paid term ending on `lastDay` (yyyy-mm-dd), or without limit (`undefined`). */
export async function withTerm(deps: Deps, account: UserDoc, lastDay: string | undefined): Promise<UserDoc> {
  const users = deps.store.container<UserDoc>('users');
  const { accountExpiresOn: _previous, ...rest } = (await findUser(deps, account.userID)) as UserDoc;
  return users.replace(lastDay === undefined ? rest : { ...rest, accountExpiresOn: lastDay });
}

/** The account as stored now. */
export async function reread(deps: Deps, account: UserDoc): Promise<UserDoc> {
  return (await findUser(deps, account.userID)) as UserDoc;
}

/** The gateway confirms (or refuses, `responseCode`) the payment of `paymentURL`; returns its RspCode. */
export async function gatewayConfirms(deps: Deps, paymentURL: string, responseCode = '00'): Promise<string> {
  const reply = await receiveGatewayNotification(
    deps,
    gatewayCallback(paymentURL, TEST_VNPAY.hashSecret, { responseCode }),
  );
  return reply.RspCode;
}

let sequence = 0;

/** A platform payment in `state`, confirmed at `confirmedOn`, as the gateway's notification leaves it. */
export async function aPlatformPayment(
  deps: Deps,
  options: {
    target: PlatformPaymentTarget;
    amount: number;
    confirmedOn: string;
    state?: PaymentDoc['state'];
    targetID?: string;
    pk?: string;
  },
): Promise<PaymentDoc> {
  sequence += 1;
  const paymentID = `TestPlatformPayment${String(sequence).padStart(5, '0')}`;
  const payment: PaymentDoc = {
    id: paymentID,
    pk: options.pk ?? 'platformRequests',
    type: 'payment',
    paymentID,
    target: options.target,
    targetID: options.targetID ?? `target-${sequence}`,
    description: `Khoản ${sequence}`,
    amount: options.amount,
    state: options.state ?? 'succeeded',
    gateway: 'vnpay',
    requestedBy: 'someone',
    createdOn: options.confirmedOn,
    expiresOn: options.confirmedOn,
    confirmedOn: options.confirmedOn,
  };
  return deps.store.container<PaymentDoc>('platform').create(payment);
}
