import type { BillDispute, BillDisputeAnswerInput, BillDisputeCreateInput } from '@nhatro/common';
import type { SWRResponse } from 'swr';
import { apiRequest } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

/** 'Khiếu nại hóa đơn' (issue 27): the questions about one bill's lines, asked and answered. */

export type BillDisputeReply = BillDispute & { '@odata.etag'?: string };
interface BillDisputeList {
  value: BillDisputeReply[];
}
interface Saved {
  data: BillDisputeReply;
  message?: string;
}

const PATH = '/api/BillDispute';

export function billDisputesKey(monthlyBillID: string): string {
  return `${PATH}?monthlyBillID=${encodeURIComponent(monthlyBillID)}`;
}

export function useBillDisputes(monthlyBillID: string): SWRResponse<BillDisputeList, Error> {
  return useApiResource<BillDisputeList>(billDisputesKey(monthlyBillID));
}

/** A 400's message is shown in the form, not as a toast. */
export function askAboutLine(input: BillDisputeCreateInput): Promise<Saved> {
  return apiRequest<Saved>(PATH, { method: 'POST', body: input, toastBadRequest: false });
}

export function answerDispute(billDisputeID: string, input: BillDisputeAnswerInput): Promise<Saved> {
  return apiRequest<Saved>(`${PATH}/${encodeURIComponent(billDisputeID)}/Answer`, {
    method: 'POST',
    body: input,
    toastBadRequest: false,
  });
}
