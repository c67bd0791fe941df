import type {
  BankFeedConnection,
  BankFeedProvider,
  BankTransfer,
  BankTransferStatus,
  SepayConnectReply,
} from '@nhatro/common';
import useSWR, { mutate, type SWRResponse } from 'swr';
import { apiRequest, fetchJson, type ODataCollection } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';
import { swrOptions } from '../../lib/api/swr';

const PATH = '/odata/BankTransfer';
const enc = encodeURIComponent;

export type BankTransferReply = BankTransfer & { '@odata.etag'?: string };

export function bankTransfersKey(status: BankTransferStatus | 'all', page: number, pageSize: number): string {
  const query = new URLSearchParams({
    $top: String(pageSize),
    $skip: String(page * pageSize),
    $count: 'true',
  });
  return `${PATH}?${status === 'all' ? '' : `status=${enc(status)}&`}${query.toString()}`;
}

/** One page of the landlord's reported transfers, newest first. */
export function useBankTransfers(
  status: BankTransferStatus | 'all',
  page: number,
  pageSize: number,
): SWRResponse<ODataCollection<BankTransferReply>, Error> {
  return useApiResource<ODataCollection<BankTransferReply>>(bankTransfersKey(status, page, pageSize), {
    keepPreviousData: true,
  });
}

/** How many transfers wait to be assigned (the dashboard's notice). */
export function useWaitingTransferCount(): SWRResponse<number, Error> {
  return useSWR<number, Error, string>(
    `${PATH}?status=unmatched&$top=0&$count=true`,
    async (path) => (await fetchJson<ODataCollection<BankTransferReply>>(path))['@odata.count'] ?? 0,
    swrOptions,
  );
}

function revalidateTransfers(): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && key.startsWith(PATH));
}

/** Credits a waiting transfer to the bill or charge with this code. */
export async function assignTransfer(bankTransferID: string, billCode: string): Promise<void> {
  await apiRequest('/api/BankFeed/Assign', { method: 'POST', body: { bankTransferID, billCode } });
  await revalidateTransfers();
}

/** Sets a transfer that is not rent aside (it can still be assigned later). */
export async function dismissTransfer(bankTransferID: string): Promise<void> {
  await apiRequest('/api/BankFeed/Dismiss', { method: 'POST', body: { bankTransferID } });
  await revalidateTransfers();
}

const CONNECTIONS = '/api/BankFeed/Connections';

/** The landlord's SePay and Casso connections (never their secrets). */
export function useBankFeedConnections(): SWRResponse<{ data: BankFeedConnection[] }, Error> {
  return useApiResource<{ data: BankFeedConnection[] }>(CONNECTIONS);
}

/** A new SePay API key (the old one stops working); the key is in the reply this once. */
export async function connectSepay(): Promise<SepayConnectReply> {
  const reply = await apiRequest<{ data: SepayConnectReply }>(`${CONNECTIONS}/SePay`, {
    method: 'POST',
    body: {},
  });
  await mutate(CONNECTIONS);
  return reply.data;
}

/** Saves the checksum key Casso shows (kept sealed; the webhook URL stays when it is replaced). */
export async function connectCasso(checksumKey: string): Promise<BankFeedConnection> {
  const reply = await apiRequest<{ data: BankFeedConnection }>(`${CONNECTIONS}/Casso`, {
    method: 'POST',
    body: { checksumKey },
  });
  await mutate(CONNECTIONS);
  return reply.data;
}

export async function disconnectBankFeed(provider: BankFeedProvider): Promise<void> {
  await apiRequest(`${CONNECTIONS}/${provider === 'sepay' ? 'SePay' : 'Casso'}`, { method: 'DELETE' });
  await mutate(CONNECTIONS);
}
