import type { DashboardCreate, DashboardListItem, DashboardShow, ListResponse } from '@tessera/core';
import { baseApi } from './baseApi';
import { encodeListQuery, type ListParams } from './listQuery';
import { LIST_ID } from './tags';
import type { MutationResponse } from './types';

const DASHBOARD_URL = '/api/v1/dashboard/';

export type { DashboardCreate, DashboardListItem, DashboardShow } from '@tessera/core';

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listDashboards: build.query<ListResponse<DashboardListItem>, ListParams>({
      query: (params) => ({ url: DASHBOARD_URL, params: { q: encodeListQuery(params) } }),
      providesTags: (result) => [
        { type: 'Dashboard', id: LIST_ID },
        ...(result?.result ?? []).map((dashboard) => ({ type: 'Dashboard' as const, id: dashboard.id })),
      ],
    }),
    getDashboard: build.query<DashboardShow, number | string>({
      query: (idOrSlug) => `${DASHBOARD_URL}${encodeURIComponent(String(idOrSlug))}`,
      transformResponse: (body: { result: DashboardShow }) => body.result,
      providesTags: (result, _error, idOrSlug) => [{ type: 'Dashboard', id: result?.id ?? String(idOrSlug) }],
    }),
    createDashboard: build.mutation<MutationResponse<Partial<DashboardCreate>>, DashboardCreate>({
      query: (body) => ({ url: DASHBOARD_URL, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Dashboard', id: LIST_ID }]),
    }),
  }),
});

export const { useListDashboardsQuery, useGetDashboardQuery, useCreateDashboardMutation } = dashboardApi;
