import type { ContractDebt, DebtPause } from '@nhatro/common';
import { mutate, type SWRResponse } from 'swr';
import { apiRequest } from '../../lib/api';
import { DEBT_PATH } from '../../lib/api/resources/debts';
import { useApiResource } from '../../lib/api/swr';

/** A contract's balance, timeline and open debts (issue 26 §3); the pause of its reminders; the house's days. */

const enc = encodeURIComponent;

/** Timeline events per page on the contract's 'Công nợ'. */
export const TIMELINE_PAGE = 20;

export const contractDebtKey = (contractID: string, page = 0, houseID?: string) =>
  `${DEBT_PATH}/Contract?contractID=${enc(contractID)}` +
  (houseID === undefined ? '' : `&houseID=${enc(houseID)}`) +
  `&top=${TIMELINE_PAGE}&skip=${page * TIMELINE_PAGE}`;

/** `houseID`: the contract's house when the caller knows it (one query instead of a lookup first). */
export function useContractDebt(
  contractID: string | null,
  page = 0,
  houseID?: string,
): SWRResponse<ContractDebt, Error> {
  return useApiResource<ContractDebt>(
    contractID === null ? null : contractDebtKey(contractID, page, houseID),
  );
}

function revalidateDebts(): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && (key.startsWith(DEBT_PATH) || key.includes('House')));
}

export async function setDebtPause(
  contractID: string,
  paused: boolean,
): Promise<{ data: DebtPause; message?: string }> {
  const saved = await apiRequest<{ data: DebtPause; message?: string }>(`${DEBT_PATH}/Pause`, {
    method: 'POST',
    body: { contractID, paused },
  });
  await revalidateDebts();
  return saved;
}

/** `PATCH /odata/House/{id}`: the days before a debt is flagged and reminded, and between reminders. */
export async function setDebtReminderDays(
  houseID: string,
  days: { debtReminderAfterDays: number; debtReminderEveryDays: number },
): Promise<unknown> {
  const saved = await apiRequest<unknown>(`/odata/House/${enc(houseID)}`, {
    method: 'PATCH',
    body: days,
    toastBadRequest: false,
  });
  await revalidateDebts();
  return saved;
}
