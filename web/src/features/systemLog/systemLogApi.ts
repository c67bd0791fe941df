import { DEFAULT_LATEST_LOGS, type SystemLog } from '@nhatro/common';
import type { SWRResponse } from 'swr';
import type { ODataCollection } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

const enc = encodeURIComponent;
const LOG = '/odata/SystemLog';

/** What the log shows: the latest entries, whole days (Vietnam), or one user's entries. */
export type LogQuery =
  | { kind: 'latest' }
  | { kind: 'period'; from: string; to: string }
  | { kind: 'user'; userID: string; username: string };

export function logKey(query: LogQuery, page: number, pageSize: number): string {
  const paging = `$top=${pageSize}&$skip=${page * pageSize}&$count=true`;
  switch (query.kind) {
    case 'latest':
      return `${LOG}/GetLatestLogs?latest=${DEFAULT_LATEST_LOGS}`;
    case 'period':
      return `${LOG}/GetLogsFromTo?from=${enc(query.from)}&to=${enc(query.to)}&${paging}`;
    case 'user':
      return `${LOG}/GetUserLogs?userID=${enc(query.userID)}&${paging}`;
  }
}

export function useSystemLog(
  query: LogQuery,
  page: number,
  pageSize: number,
): SWRResponse<ODataCollection<SystemLog>, Error> {
  return useApiResource<ODataCollection<SystemLog>>(logKey(query, page, pageSize), {
    keepPreviousData: true,
  });
}
