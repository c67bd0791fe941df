import {
  INCOME_HISTORY_MAX_MONTHS,
  LEVEL,
  PLATFORM_PAYMENT_TARGETS,
  type IncomeMonth,
  type PlatformPaymentTarget,
  type SystemPayment,
} from '@nhatro/common';
import { requireSuperAdmin } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import type { PaymentDoc, PlatformPayableDoc } from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { nextMonth, previousMonth, vietnamMonth } from '../domain/shared/time.js';
import type { Filter } from '../store/store.js';
import type { Actor } from './shared/actor.js';
import type { Deps } from './shared/deps.js';
import { listEntities, type EntityPage } from './shared/odataQuery.js';
import { queryPages } from './shared/queryAll.js';

/**
 * The platform's income (/hmBillManage): the payments the gateway confirmed for registrations, room
 * purchases and extensions (`PaymentDoc`s of the `platform` container in state `succeeded`), listed
 * server-paged, and summed by month in Vietnam time (grouped in code: Cosmos DB has no GROUP BY here).
 */

const CONFIRMED: Filter = {
  op: 'and',
  items: [
    { op: 'eq', field: 'type', value: 'payment' },
    { op: 'eq', field: 'state', value: 'succeeded' },
    { op: 'in', field: 'target', values: [...PLATFORM_PAYMENT_TARGETS] },
  ],
};

function payments(deps: Deps) {
  return deps.store.container<PaymentDoc>('platform');
}

/** The payment as the report shows it, with the payer's name from what it paid for. */
async function reportRow(deps: Deps, payment: PaymentDoc): Promise<SystemPayment> {
  const paid = await deps.store.container<PlatformPayableDoc>('platform').read(payment.pk, payment.targetID);
  return {
    paymentID: payment.paymentID,
    target: payment.target as PlatformPaymentTarget,
    targetID: payment.targetID,
    description: payment.description,
    amount: payment.amount,
    payerName: paid?.fullName ?? '',
    createdOn: payment.createdOn,
    confirmedOn: payment.confirmedOn ?? payment.createdOn,
    ...(payment.gatewayTransactionNo ? { gatewayTransactionNo: payment.gatewayTransactionNo } : {}),
    ...(payment.bankCode ? { bankCode: payment.bankCode } : {}),
  };
}

/** `GET /odata/SystemPaymentReport`: confirmed platform payments, newest first, with the OData options. */
export async function listSystemPayments(actor: Actor, query: ODataQuery): Promise<EntityPage> {
  requireSuperAdmin(actor.user, LEVEL.read);
  const { deps } = actor;
  return listEntities(
    payments(deps),
    { filter: CONFIRMED },
    query,
    [{ field: 'confirmedOn', desc: true }],
    async (payment) => ({ ...(await reportRow(deps, payment)) }),
  );
}

/** The first instant of a Vietnam month, as stored (UTC ISO). */
function monthStart(month: string): string {
  return new Date(Date.parse(`${month}-01T00:00:00+07:00`)).toISOString();
}

/**
 * `GET /odata/SystemPaymentReport/IncomeHistory?from=yyyy-mm&to=yyyy-mm`: income by month, every month of
 * the range (none without payments left out), oldest first. Without a range: the last twelve months.
 */
export async function incomeHistory(
  actor: Actor,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<IncomeMonth[]> {
  requireSuperAdmin(actor.user, LEVEL.read);
  const { deps } = actor;
  const to = range.to ?? vietnamMonth(deps.now());
  let from = range.from;
  if (!from) {
    from = to;
    for (let month = 1; month < 12; month += 1) from = previousMonth(from);
  }
  const months: string[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) {
    months.push(month);
    if (months.length > INCOME_HISTORY_MAX_MONTHS) {
      throw AppError.validation([
        { field: 'from', errorMessage: `Chỉ xem được tối đa ${INCOME_HISTORY_MAX_MONTHS} tháng một lần.` },
      ]);
    }
  }
  const byMonth = new Map<string, IncomeMonth>(
    months.map((month) => [
      month,
      { month, registration: 0, roomPurchase: 0, accountExtension: 0, total: 0, count: 0 },
    ]),
  );
  const filter: Filter = {
    op: 'and',
    items: [
      CONFIRMED,
      { op: 'ge', field: 'confirmedOn', value: monthStart(from) },
      { op: 'lt', field: 'confirmedOn', value: monthStart(nextMonth(to)) },
    ],
  };
  for await (const page of queryPages(payments(deps), { filter })) {
    for (const payment of page.items) {
      const row = byMonth.get(vietnamMonth(new Date(payment.confirmedOn ?? payment.createdOn)));
      const target = payment.target as PlatformPaymentTarget;
      if (!row) continue;
      row[target] += payment.amount;
      row.total += payment.amount;
      row.count += 1;
    }
  }
  return [...byMonth.values()];
}
