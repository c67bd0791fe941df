// Shared API resource (see `houses.ts` for the rule): issue reports (báo cáo sự cố). The tenant reports and
// cancels from their room page, the landlord handles them on /requests, and the dashboard counts the open
// ones; each reads and writes them through this one module.
import {
  ISSUE_STATUS,
  ISSUE_STATUS_LABELS,
  type ImageLink,
  type Issue,
  type IssueCreateInput,
  type IssueStatus,
  type IssueUpdateInput,
} from '@nhatro/common';
import useSWR, { mutate, type SWRResponse } from 'swr';
import { apiRequest, fetchJson } from '../client';
import type { UploadGrant } from '../imageUpload';
import { swrOptions, useApiResource } from '../swr';
import type { ODataCollection } from '../types';

/** An issue as `/odata/Issue` returns it: with its etag and short-lived read URLs of its photos. */
export type IssueReply = Issue & { '@odata.etag'?: string; imageURLs?: ImageLink[] };

/** Which reports a list shows: one house's, one room's or one contract's (a tenant: their own). */
export type IssueScope = { houseID: string } | { roomID: string } | { contractID: string };

/** 'all', 'open' (received or being handled) or one status. */
export type IssueStatusFilter = 'all' | 'open' | `${IssueStatus}`;

export interface IssueListQuery {
  scope: IssueScope;
  status: IssueStatusFilter;
  page: number;
  pageSize: number;
}

const enc = encodeURIComponent;
const ISSUE_PATH = '/odata/Issue';

function scopeParam(scope: IssueScope): string {
  if ('houseID' in scope) return `houseID=${enc(scope.houseID)}`;
  if ('roomID' in scope) return `roomID=${enc(scope.roomID)}`;
  return `contractID=${enc(scope.contractID)}`;
}

function statusCondition(status: IssueStatusFilter): string | null {
  if (status === 'all') return null;
  if (status === 'open') return `status lt ${ISSUE_STATUS.resolved}`;
  return `status eq ${Number(status)}`;
}

function issueListPath(query: IssueListQuery): string {
  const condition = statusCondition(query.status);
  const params = [
    scopeParam(query.scope),
    ...(condition === null ? [] : [`$filter=${enc(condition)}`]),
    `$orderby=${enc('createdOn desc')}`,
    '$count=true',
    `$top=${query.pageSize}`,
    `$skip=${query.page * query.pageSize}`,
  ];
  return `${ISSUE_PATH}?${params.join('&')}`;
}

/** SWR keys (and request paths) of issue reports. */
export const issueKeys = {
  list: issueListPath,
  /** Only the count of the house's unresolved reports (one item is fetched with it). */
  openCount: (houseID: string) =>
    `${ISSUE_PATH}?houseID=${enc(houseID)}&$filter=${enc(`status lt ${ISSUE_STATUS.resolved}`)}&$count=true&$top=1`,
  one: (issueID: string) => `${ISSUE_PATH}/${enc(issueID)}`,
} as const;

/** A page of reports, newest first. */
export function useIssueList(query: IssueListQuery | null): SWRResponse<ODataCollection<IssueReply>, Error> {
  return useApiResource<ODataCollection<IssueReply>>(query === null ? null : issueKeys.list(query), {
    keepPreviousData: true,
  });
}

/** The number of a house's reports not yet resolved (dashboard). */
export function useOpenIssueCount(houseID: string | null): SWRResponse<number, Error> {
  return useSWR<number, Error, string | null>(
    houseID === null ? null : issueKeys.openCount(houseID),
    async (path) => {
      const reply = await fetchJson<ODataCollection<IssueReply>>(path);
      return reply['@odata.count'] ?? reply.value.length;
    },
    swrOptions,
  );
}

/** After any change: every cached list and count of reports is fetched again. */
export function revalidateIssues(): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && key.startsWith(ISSUE_PATH));
}

/** 'Đã ghi nhận', 'Đang xử lý', 'Đã xử lý xong'. */
export function issueStatusLabel(status: number): string {
  return status in ISSUE_STATUS_LABELS ? ISSUE_STATUS_LABELS[status as IssueStatus] : 'Không rõ trạng thái';
}

/** Received stands out, being handled is blue, resolved is green. */
export function issueStatusColor(status: number): 'warning' | 'info' | 'success' | 'default' {
  if (status === ISSUE_STATUS.received) return 'warning';
  if (status === ISSUE_STATUS.inProgress) return 'info';
  if (status === ISSUE_STATUS.resolved) return 'success';
  return 'default';
}

/** `POST /odata/Issue`: the tenant's report (their own contract unless one is named). */
export async function createIssue(input: IssueCreateInput): Promise<IssueReply> {
  const created = await apiRequest<IssueReply>(ISSUE_PATH, {
    method: 'POST',
    body: input,
    toastBadRequest: false,
    handledStatuses: [400, 404, 409],
  });
  await revalidateIssues();
  return created;
}

/** `PATCH /odata/Issue/{id}`: the landlord or staff set the status (and may answer). */
export async function updateIssue(
  issue: IssueReply,
  input: Omit<IssueUpdateInput, 'issueID'>,
): Promise<IssueReply> {
  const updated = await apiRequest<IssueReply>(issueKeys.one(issue.issueID), {
    method: 'PATCH',
    body: input,
    ifMatch: issue['@odata.etag'],
    toastBadRequest: false,
    handledStatuses: [400, 404, 409, 412],
  });
  await revalidateIssues();
  return updated;
}

/** `DELETE /odata/Issue/{id}`: the tenant cancels a report nobody has handled yet. */
export async function cancelIssue(issue: IssueReply): Promise<void> {
  await apiRequest<unknown>(issueKeys.one(issue.issueID), {
    method: 'DELETE',
    toastBadRequest: false,
    handledStatuses: [400, 404, 409],
  });
  await revalidateIssues();
}

/** Create-only SAS for one photo in the room-image area of the house (a tenant: their own house). */
export function requestIssueImageUpload(houseID: string, extension: 'jpg' | 'png'): Promise<UploadGrant> {
  return apiRequest<UploadGrant>(
    `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${enc(houseID)}&extension=${extension}`,
    { toastBadRequest: false, handledStatuses: [400, 403, 404] },
  );
}
