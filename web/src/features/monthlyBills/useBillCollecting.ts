import type { BillReminderResult, CashPaymentInput, HouseMonthBillRow } from '@nhatro/common';
import { useState } from 'react';
import { notifyFailure } from '../../components/mutationFeedback';
import { revalidateBills } from '../../lib/api/resources/monthlyBills';
import { formatNumber } from '../../lib/format';
import { notify } from '../../lib/toast';
import { SHARE_TEXTS } from './billActions';
import { createBillShareLink, recordRowPayment, remindTenants, type BillShareLink } from './monthlyBillsApi';
import { useCashPayment } from './cashPayment';

/** What a reminder request did, in one sentence per kind of outcome ('Đã gửi nhắc nhở tới 2 phòng.'). */
export function reminderSummary(result: BillReminderResult): { text: string; sentAny: boolean } {
  const parts: string[] = [];
  if (result.queued > 0) parts.push(`Đã gửi nhắc thanh toán tới ${formatNumber(result.queued)} phòng.`);
  if (result.recentlyReminded > 0)
    parts.push(
      `${formatNumber(result.recentlyReminded)} phòng vừa được nhắc trong 10 phút qua nên không gửi lại.`,
    );
  if (result.withoutContact > 0)
    parts.push(
      `${formatNumber(result.withoutContact)} phòng chưa có số điện thoại hay email của người thuê.`,
    );
  if (result.notOwed > 0) parts.push(`${formatNumber(result.notOwed)} hóa đơn không còn nợ.`);
  return { text: parts.join(' ') || 'Không có hóa đơn nào cần nhắc.', sentAny: result.queued > 0 };
}

/**
 * The actions of the month's bills: reminding one row or every row still owed (one request at a time,
 * so a double click sends one), cash on a row (the bill's dialog), and a row's guest link.
 */
export function useBillCollecting(houseID: string, month: string, onChanged: () => void) {
  const [reminding, setReminding] = useState<string | null>(null);
  const [cashRow, setCashRow] = useState<HouseMonthBillRow | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);
  const [shared, setShared] = useState<{ row: HouseMonthBillRow; link: BillShareLink } | null>(null);

  const remind = async (target: HouseMonthBillRow | 'all') => {
    if (reminding !== null) return;
    setReminding(target === 'all' ? 'all' : target.monthlyBillID);
    try {
      const result = await remindTenants(
        target === 'all' ? { houseID, month } : { houseID, monthlyBillIDs: [target.monthlyBillID] },
      );
      const summary = reminderSummary(result);
      if (summary.sentAny) notify.success(summary.text);
      else notify.info(summary.text);
      onChanged();
    } catch (error) {
      notifyFailure('Gửi nhắc thanh toán thất bại!', error);
    } finally {
      setReminding(null);
    }
  };

  const cash = useCashPayment(
    (payment: CashPaymentInput) =>
      cashRow === null ? Promise.reject(new Error('no bill')) : recordRowPayment(cashRow, payment),
    () => {
      void revalidateBills();
      onChanged();
    },
  );

  const share = async (row: HouseMonthBillRow) => {
    setSharing(row.monthlyBillID);
    try {
      const link = await createBillShareLink(row.monthlyBillID);
      let copied = false;
      try {
        await navigator.clipboard.writeText(link.url);
        copied = true;
      } catch {
        // The dialog shows the link to copy by hand.
      }
      setShared({ row, link });
      notify.success(copied ? SHARE_TEXTS.copied : SHARE_TEXTS.created);
    } catch (error) {
      notifyFailure(SHARE_TEXTS.failed, error);
    } finally {
      setSharing(null);
    }
  };

  return {
    reminding,
    remind: (target: HouseMonthBillRow | 'all') => void remind(target),
    cashRow,
    openCash: (row: HouseMonthBillRow) => {
      setCashRow(row);
      cash.open();
    },
    closeCash: () => {
      cash.close();
      setCashRow(null);
    },
    cashOpen: cash.isOpen && cashRow !== null,
    pay: cash.pay,
    sharing,
    share: (row: HouseMonthBillRow) => void share(row),
    shared,
    closeShared: () => setShared(null),
  };
}
