import { BILL_STATUS, BILLING_LEVELS, type BillReminderInput, type BillReminderResult } from '@nhatro/common';
import {
  assertCollector,
  BILL_REMINDER_PAUSE_MS,
  billReminderKey,
  isOverdue,
  owedOnBill,
  remindedRecently,
} from '../../domain/monthlyBills.js';
import { reachableChannels } from '../../domain/outbox.js';
import { AppError } from '../../domain/shared/errors.js';
import type { ContractDoc, MonthlyBillDoc, OutboxMessageDoc } from '../../domain/shared/model.js';
import { billReminderText } from '../../domain/shared/outboxTexts.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { isStoreError } from '../../store/store.js';
import { audit, type Actor } from '../shared/actor.js';
import { authorizeHouse, houseDocs, listInHouse } from '../shared/houseScope.js';
import { outboxCreate, tenantRecipients } from '../shared/outboxMessages.js';
import { lastReminders } from './houseMonth.js';

/**
 * 'Nhắc thanh toán' from the month's bills: one outbox message (Zalo, then SMS; e-mail) per bill still
 * owed to its tenant. A bill reminded less than the pause ago is skipped, and two requests in the same
 * window write the same message id, so a double click or 'Nhắc tất cả' twice never sends twice.
 */
export async function remindBillTenants(actor: Actor, input: BillReminderInput): Promise<BillReminderResult> {
  const { deps } = actor;
  assertCollector(actor.user, BILLING_LEVELS.remind);
  const house = await authorizeHouse(deps, actor.user, input.houseID);
  const bills = await listInHouse<MonthlyBillDoc>(
    deps,
    house.houseID,
    'monthlyBill',
    input.monthlyBillIDs !== undefined
      ? { op: 'in', field: 'id', values: [...new Set(input.monthlyBillIDs)] }
      : {
          op: 'and',
          items: [
            { op: 'eq', field: 'month', value: input.month ?? '' },
            { op: 'in', field: 'status', values: [BILL_STATUS.unpaid, BILL_STATUS.partlyPaid] },
          ],
        },
  );
  // A bill of another house (or none such) is not found, and nothing is sent.
  if (input.monthlyBillIDs !== undefined && bills.length !== new Set(input.monthlyBillIDs).size) {
    throw AppError.notFound('Không tìm thấy hóa đơn.');
  }
  if (input.month !== undefined && bills.some((bill) => bill.month !== input.month)) {
    throw AppError.badRequest('Hóa đơn không thuộc tháng đã chọn.');
  }
  const now = deps.now();
  const today = vietnamDate(now);
  const result: BillReminderResult = { queued: 0, recentlyReminded: 0, withoutContact: 0, notOwed: 0 };
  const owed = bills.filter((bill) => {
    if (owedOnBill(bill) > 0) return true;
    result.notOwed += 1;
    return false;
  });
  const since = new Date(now.getTime() - BILL_REMINDER_PAUSE_MS).toISOString();
  const [reminded, contracts] = await Promise.all([
    lastReminders(
      deps,
      house.houseID,
      owed.map((bill) => bill.monthlyBillID),
      since,
    ),
    listInHouse<ContractDoc>(deps, house.houseID, 'contract', {
      op: 'in',
      field: 'id',
      values: [...new Set(owed.map((bill) => bill.contractID))],
    }),
  ]);
  const recipients = await tenantRecipients(deps, house.houseID, contracts);
  for (const bill of owed) {
    if (remindedRecently(reminded.get(bill.monthlyBillID), now)) {
      result.recentlyReminded += 1;
      continue;
    }
    const recipient = recipients.get(bill.contractID);
    if (recipient === undefined || reachableChannels(recipient).length === 0) {
      result.withoutContact += 1;
      continue;
    }
    const text = billReminderText(
      { ...bill, owed: owedOnBill(bill), overdue: isOverdue(bill, today) },
      house.houseName,
      recipient,
      deps.config.webOrigin,
    );
    const op = outboxCreate(
      deps,
      house.houseID,
      { event: 'billReminder', houseID: house.houseID, recipient, ...text, subjectID: bill.monthlyBillID },
      { idempotencyKey: billReminderKey(bill.monthlyBillID, now) },
    );
    try {
      await houseDocs<OutboxMessageDoc>(deps).create(op.doc);
      result.queued += 1;
    } catch (error) {
      if (!isStoreError(error, 'conflict')) throw error;
      result.recentlyReminded += 1;
    }
  }
  if (result.queued > 0) {
    await audit(actor, {
      action: 'remind',
      entity: 'monthlyBill',
      entityID: input.monthlyBillIDs?.length === 1 ? input.monthlyBillIDs[0] : (input.month ?? null),
      houseID: house.houseID,
      details: { ...result },
    });
  }
  return result;
}
