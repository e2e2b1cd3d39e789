import rison from 'rison';
import { baseApi } from './baseApi';
import { LIST_ID } from './tags';
import type { MessageResponse } from './types';

const DASHBOARD_URL = '/api/v1/dashboard/';

/** `GET /api/v1/dashboard/related/<col>`: the options of a relation filter of the dashboards list. */
export interface DashboardRelatedResponse {
  count: number;
  result: { value: string | number; text: string; extra?: Record<string, unknown> }[];
}

/** What only the dashboards list calls (the dashboard page's calls live in dashboardApi.ts). */
export const dashboardListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `DELETE /api/v1/dashboard/?q=!(1,2)` -> `{message: "Deleted 2 dashboards"}`. */
    bulkDeleteDashboards: build.mutation<MessageResponse, number[]>({
      query: (ids) => ({ url: DASHBOARD_URL, method: 'DELETE', params: { q: rison.encode(ids) } }),
      invalidatesTags: (_result, error, ids) =>
        error ? [] : [...ids.map((id) => ({ type: 'Dashboard' as const, id })), { type: 'Dashboard', id: LIST_ID }],
    }),
    /** Options of a relation filter: `owners`, `changed_by`, `created_by`. */
    dashboardRelated: build.query<DashboardRelatedResponse, string>({
      query: (column) => `${DASHBOARD_URL}related/${column}`,
      providesTags: [{ type: 'Dashboard', id: LIST_ID }],
    }),
  }),
});

export const { useBulkDeleteDashboardsMutation, useDashboardRelatedQuery } = dashboardListApi;
