import rison from 'rison';
import type { ChartListItem, DashboardCreate, DashboardFiltersChange, DashboardListItem, DashboardShow, DataMaskState, ListResponse, NativeFilterConfig } from '@tessera/core';
import type { ExploreDatasource } from '../viz/types';
import { baseApi } from './baseApi';
import { browserTabId } from './browserTabId';
import { encodeListQuery, type ListParams } from './listQuery';
import { LIST_ID } from './tags';
import type { MessageResponse, MutationResponse } from './types';

const DASHBOARD_URL = '/api/v1/dashboard/';

export type { DashboardCreate, DashboardListItem, DashboardShow } from '@tessera/core';

/** The show answer; `last_modified_time` (epoch seconds) is what a save sends back for the overwrite check. */
export type DashboardDetail = DashboardShow & { last_modified_time?: number };

/** `PUT /api/v1/dashboard/<pk>` body: every property, or only `{published}`. */
export type DashboardUpdate = Partial<DashboardCreate> & { last_modified_time?: number };

export interface DashboardUpdateResponse extends MutationResponse<Partial<DashboardCreate>> {
  last_modified_time?: number;
}

export interface DashboardCopy {
  dashboard_title: string;
  css?: string | null;
  json_metadata: string;
  duplicate_slices: boolean;
}

/** The state a dashboard permalink keeps (facts §2.5). */
export interface DashboardPermalinkState {
  dataMask?: DataMaskState;
  activeTabs?: string[];
  anchor?: string | null;
  urlParams?: [string, string][];
}

export interface DashboardPermalinkValue {
  dashboardId: number | string;
  state: DashboardPermalinkState;
}

export interface DashboardColors {
  color_namespace?: string | null;
  color_scheme?: string | null;
  label_colors?: Record<string, string>;
  shared_label_colors?: string[] | Record<string, string>;
  map_label_colors?: Record<string, string>;
  color_scheme_domain?: string[];
}

const idPath = (idOrSlug: number | string) => `${DASHBOARD_URL}${encodeURIComponent(String(idOrSlug))}`;

/**
 * The dashboard page's calls (facts §2.5, §7 Dashboards and Permalinks); list-only calls (bulk delete, related options)
 * live in dashboardListApi.ts.
 */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listDashboards: build.query<ListResponse<DashboardListItem>, ListParams>({
      query: (params) => ({ url: DASHBOARD_URL, params: { q: encodeListQuery(params) } }),
      providesTags: (result) => [
        { type: 'Dashboard', id: LIST_ID },
        ...(result?.result ?? []).map((dashboard) => ({ type: 'Dashboard' as const, id: dashboard.id })),
      ],
    }),
    getDashboard: build.query<DashboardDetail, number | string>({
      query: (idOrSlug) => idPath(idOrSlug),
      transformResponse: (body: { result: DashboardDetail }) => body.result,
      providesTags: (result, _error, idOrSlug) => [{ type: 'Dashboard', id: result?.id ?? String(idOrSlug) }],
      // The page always opens what is stored now (someone may have saved since).
      keepUnusedDataFor: 0,
    }),
    getDashboardCharts: build.query<ChartListItem[], number | string>({
      query: (idOrSlug) => `${idPath(idOrSlug)}/charts`,
      transformResponse: (body: { result: ChartListItem[] }) => body.result,
      keepUnusedDataFor: 0,
    }),
    getDashboardDatasets: build.query<ExploreDatasource[], number | string>({
      query: (idOrSlug) => `${idPath(idOrSlug)}/datasets`,
      transformResponse: (body: { result: ExploreDatasource[] }) => body.result,
      keepUnusedDataFor: 0,
    }),
    createDashboard: build.mutation<MutationResponse<Partial<DashboardCreate>>, DashboardCreate>({
      query: (body) => ({ url: DASHBOARD_URL, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Dashboard', id: LIST_ID }]),
    }),
    updateDashboard: build.mutation<DashboardUpdateResponse, DashboardUpdate & { id: number }>({
      query: ({ id, ...body }) => ({ url: idPath(id), method: 'PUT', body }),
      // The open page keeps its own state; only lists refresh.
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Dashboard', id: LIST_ID }]),
    }),
    copyDashboard: build.mutation<{ result: { id: number; last_modified_time?: number } }, DashboardCopy & { id: number }>({
      query: ({ id, ...body }) => ({ url: `${idPath(id)}/copy/`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Dashboard', id: LIST_ID }, { type: 'Chart', id: LIST_ID }]),
    }),
    deleteDashboard: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: idPath(id), method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Dashboard', id }, { type: 'Dashboard', id: LIST_ID }]),
    }),
    dashboardFavoriteStatus: build.query<{ id: number; value: boolean }[], number[]>({
      query: (ids) => ({ url: `${DASHBOARD_URL}favorite_status/`, params: { q: rison.encode(ids) } }),
      transformResponse: (body: { result: { id: number; value: boolean }[] }) => body.result,
      providesTags: [{ type: 'DashboardFavorite', id: LIST_ID }],
    }),
    addDashboardFavorite: build.mutation<unknown, number>({
      query: (id) => ({ url: `${idPath(id)}/favorites/`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'DashboardFavorite', id: LIST_ID }, { type: 'Dashboard', id: LIST_ID }]),
    }),
    removeDashboardFavorite: build.mutation<unknown, number>({
      query: (id) => ({ url: `${idPath(id)}/favorites/`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'DashboardFavorite', id: LIST_ID }, { type: 'Dashboard', id: LIST_ID }]),
    }),
    createDashboardPermalink: build.mutation<{ key: string; url: string }, { idOrSlug: number | string; state: DashboardPermalinkState }>({
      query: ({ idOrSlug, state }) => ({ url: `${idPath(idOrSlug)}/permalink`, method: 'POST', body: state }),
    }),
    getDashboardPermalink: build.query<DashboardPermalinkValue, string>({
      query: (key) => `${DASHBOARD_URL}permalink/${encodeURIComponent(key)}`,
      keepUnusedDataFor: 0,
    }),
    /** Native filter state by key (`native_filters_key`); the value is the data mask as JSON text. */
    getFilterState: build.query<{ value: string }, { id: number; key: string }>({
      query: ({ id, key }) => `${idPath(id)}/filter_state/${encodeURIComponent(key)}`,
      keepUnusedDataFor: 0,
    }),
    /** `tabId` defaults to the browser tab's; the filter bar names each page load apart (a new key per load). */
    createFilterState: build.mutation<{ key: string }, { id: number; value: string; tabId?: string }>({
      query: ({ id, value, tabId }) => ({ url: `${idPath(id)}/filter_state`, method: 'POST', params: { tab_id: tabId ?? browserTabId() }, body: { value } }),
    }),
    updateFilterState: build.mutation<{ key?: string; message?: string }, { id: number; key: string; value: string; tabId?: string }>({
      query: ({ id, key, value, tabId }) => ({
        url: `${idPath(id)}/filter_state/${encodeURIComponent(key)}`,
        method: 'PUT',
        params: { tab_id: tabId ?? browserTabId() },
        body: { value },
      }),
    }),
    deleteFilterState: build.mutation<MessageResponse, { id: number; key: string }>({
      query: ({ id, key }) => ({ url: `${idPath(id)}/filter_state/${encodeURIComponent(key)}`, method: 'DELETE' }),
    }),
    /** `PUT /api/v1/dashboard/<pk>/filters`: the native filter config modal's save (facts §4.1). */
    updateDashboardFilters: build.mutation<{ result: NativeFilterConfig[]; last_modified_time: number }, { id: number; change: DashboardFiltersChange }>({
      query: ({ id, change }) => ({ url: `${idPath(id)}/filters`, method: 'PUT', body: change }),
    }),
    /** `PUT /api/v1/dashboard/<pk>/colors?mark_updated=`: the colour keys of json_metadata. */
    updateDashboardColors: build.mutation<unknown, { id: number; markUpdated?: boolean; colors: DashboardColors }>({
      query: ({ id, markUpdated = true, colors }) => ({
        url: `${idPath(id)}/colors`,
        method: 'PUT',
        params: { mark_updated: markUpdated },
        body: colors,
      }),
    }),
  }),
});

export const {
  useListDashboardsQuery,
  useGetDashboardQuery,
  useGetDashboardChartsQuery,
  useGetDashboardDatasetsQuery,
  useCreateDashboardMutation,
  useUpdateDashboardMutation,
  useCopyDashboardMutation,
  useDeleteDashboardMutation,
  useDashboardFavoriteStatusQuery,
  useAddDashboardFavoriteMutation,
  useRemoveDashboardFavoriteMutation,
  useCreateDashboardPermalinkMutation,
  useGetDashboardPermalinkQuery,
  useLazyGetDashboardPermalinkQuery,
  useLazyGetFilterStateQuery,
  useCreateFilterStateMutation,
  useUpdateFilterStateMutation,
  useDeleteFilterStateMutation,
  useUpdateDashboardColorsMutation,
  useUpdateDashboardFiltersMutation,
} = dashboardApi;
