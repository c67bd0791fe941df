import type { ExpenseView } from '@nhatro/common';
import { apiRequest, fetchAllPages, putPhotoBlob, type UploadGrant } from '../../lib/api';
import useSWR, { type SWRResponse } from 'swr';
import { swrOptions } from '../../lib/api/swr';
import type { PreparedPhoto } from '../../components/photoFile';

const enc = encodeURIComponent;

/** What the add and edit forms send. */
export interface ExpensePayload {
  date: string;
  category: string;
  amount: number;
  note: string | null;
  receiptBlobName?: string | null;
}

export const expenseKeys = {
  /** A house's expenses of one year, newest day first. */
  ofYear: (houseID: string, year: number) =>
    `/odata/Expense?houseID=${enc(houseID)}&$filter=${enc(`date ge ${year}-01-01 and date le ${year}-12-31`)}`,
  one: (expenseID: string) => `/odata/Expense/${enc(expenseID)}`,
} as const;

/** Every expense of the house in the year (all pages). */
export function useExpensesOfYear(houseID: string | null, year: number): SWRResponse<ExpenseView[], Error> {
  return useSWR<ExpenseView[], Error, string | null>(
    houseID === null ? null : expenseKeys.ofYear(houseID, year),
    (key) => fetchAllPages<ExpenseView>(key),
    swrOptions,
  );
}

const OWN_ERROR_HANDLING = { toastBadRequest: false, handledStatuses: [400, 404, 409, 412] } as const;

export function createExpense(houseID: string, payload: ExpensePayload): Promise<ExpenseView> {
  const { note, receiptBlobName, ...rest } = payload;
  return apiRequest<ExpenseView>('/odata/Expense', {
    method: 'POST',
    body: {
      houseID,
      ...rest,
      ...(note ? { note } : {}),
      ...(receiptBlobName ? { receiptBlobName } : {}),
    },
    ...OWN_ERROR_HANDLING,
  });
}

export function updateExpense(expense: ExpenseView, payload: ExpensePayload): Promise<ExpenseView> {
  return apiRequest<ExpenseView>(expenseKeys.one(expense.expenseID), {
    method: 'PATCH',
    body: payload,
    ...(expense['@odata.etag'] ? { ifMatch: expense['@odata.etag'] } : {}),
    ...OWN_ERROR_HANDLING,
  });
}

export function deleteExpense(expenseID: string): Promise<unknown> {
  return apiRequest(expenseKeys.one(expenseID), { method: 'DELETE', ...OWN_ERROR_HANDLING });
}

/** A receipt photo goes where the house's room photos go (create-only SAS), then its name is sent. */
export async function uploadReceipt(houseID: string, photo: PreparedPhoto): Promise<string> {
  const grant = await apiRequest<UploadGrant>(
    `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${enc(houseID)}&extension=${photo.extension}`,
    { toastBadRequest: false },
  );
  await putPhotoBlob(grant.uploadURL, photo);
  return grant.blobName;
}
