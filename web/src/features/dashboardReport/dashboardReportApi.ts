import type { DashboardReport } from '@nhatro/common';
import type { SWRResponse } from 'swr';
import { useApiResource } from '../../lib/api/swr';

export const dashboardReportKey = (houseID: string) =>
  `/odata/DashboardReport?houseID=${encodeURIComponent(houseID)}`;

/** The chosen house's report (`null` key while no house is chosen). */
export function useDashboardReport(houseID: string | null): SWRResponse<DashboardReport, Error> {
  return useApiResource<DashboardReport>(houseID === null ? null : dashboardReportKey(houseID));
}

/** The chart chunk (@mui/x-charts), started as soon as the report is asked for, not when it arrives. */
export const loadReportCharts = () => import('./ReportCharts');
