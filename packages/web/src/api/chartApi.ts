import rison from 'rison';
import type { ChartCreate, ChartListItem, ChartShow, ChartUpdate, ListResponse } from '@tessera/core';
import { baseApi } from './baseApi';
import { encodeListQuery, type ListParams } from './listQuery';
import { LIST_ID } from './tags';
import type { MessageResponse, MutationResponse } from './types';

const CHART_URL = '/api/v1/chart/';

export type { ChartCreate, ChartDashboardRef, ChartListItem, ChartShow, ChartUpdate } from '@tessera/core';

/** What `POST`/`PUT` echo in `result`. */
export type ChartMutationResult = Partial<ChartCreate>;

export interface FavoriteStatus {
  id: number;
  value: boolean;
}

export interface FavoriteStatusResponse {
  result: FavoriteStatus[];
}

/** `GET /api/v1/chart/_info` (FAB): at least the current user's permissions on charts. */
export interface ChartInfoResponse {
  permissions: string[];
  filters?: Record<string, { name: string; operator: string }[]>;
  add_columns?: unknown[];
  edit_columns?: unknown[];
}

/** `GET /related/<col>` and `GET /distinct/<col>`. */
export interface ChartOptionsResponse {
  count: number;
  result: { value: string | number; text: string; extra?: Record<string, unknown> }[];
}

function chartTags(id: number) {
  return [
    { type: 'Chart' as const, id },
    { type: 'Chart' as const, id: LIST_ID },
  ];
}

export const chartApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCharts: build.query<ListResponse<ChartListItem>, ListParams>({
      query: (params) => ({ url: CHART_URL, params: { q: encodeListQuery(params) } }),
      providesTags: (result) => [
        { type: 'Chart', id: LIST_ID },
        ...(result?.result ?? []).map((chart) => ({ type: 'Chart' as const, id: chart.id })),
      ],
    }),
    getChart: build.query<ChartShow, number>({
      query: (id) => `${CHART_URL}${id}`,
      transformResponse: (body: { id: number; result: Omit<ChartShow, 'id'> & { id?: number } }) => ({
        ...body.result,
        id: body.result.id ?? body.id,
      }),
      providesTags: (_result, _error, id) => [{ type: 'Chart', id }],
    }),
    createChart: build.mutation<MutationResponse<ChartMutationResult>, ChartCreate>({
      query: (body) => ({ url: CHART_URL, method: 'POST', body }),
      // A new chart changes the lists of charts and the chart counts/lists of the dashboards it joined.
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Chart', id: LIST_ID }, { type: 'Dashboard', id: LIST_ID }]),
    }),
    updateChart: build.mutation<MutationResponse<ChartMutationResult>, ChartUpdate & { id: number }>({
      query: ({ id, ...body }) => ({ url: `${CHART_URL}${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [...chartTags(id), { type: 'Dashboard', id: LIST_ID }]),
    }),
    deleteChart: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `${CHART_URL}${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : chartTags(id)),
    }),
    /** `DELETE /api/v1/chart/?q=!(1,2)` -> `{message: "Deleted 2 charts"}`. */
    bulkDeleteCharts: build.mutation<MessageResponse, number[]>({
      query: (ids) => ({ url: CHART_URL, method: 'DELETE', params: { q: rison.encode(ids) } }),
      invalidatesTags: (_result, error, ids) =>
        error ? [] : [...ids.map((id) => ({ type: 'Chart' as const, id })), { type: 'Chart', id: LIST_ID }],
    }),
    chartFavoriteStatus: build.query<FavoriteStatus[], number[]>({
      query: (ids) => ({ url: `${CHART_URL}favorite_status/`, params: { q: rison.encode(ids) } }),
      transformResponse: (body: FavoriteStatusResponse) => body.result,
      providesTags: [{ type: 'ChartFavorite', id: LIST_ID }],
    }),
    addChartFavorite: build.mutation<{ result: string }, number>({
      query: (id) => ({ url: `${CHART_URL}${id}/favorites/`, method: 'POST' }),
      // The favourite filter of the list depends on the stars too.
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'ChartFavorite', id: LIST_ID }, { type: 'Chart', id: LIST_ID }]),
    }),
    removeChartFavorite: build.mutation<{ result: string }, number>({
      query: (id) => ({ url: `${CHART_URL}${id}/favorites/`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'ChartFavorite', id: LIST_ID }, { type: 'Chart', id: LIST_ID }]),
    }),
    chartInfo: build.query<ChartInfoResponse, void>({
      query: () => ({ url: `${CHART_URL}_info`, params: { q: rison.encode({ keys: ['permissions'] }) } }),
    }),
    /** Options of a relation filter, e.g. `owners`, `created_by`, `dashboards`. */
    chartRelated: build.query<ChartOptionsResponse, string>({
      query: (column) => `${CHART_URL}related/${column}`,
      providesTags: [{ type: 'Chart', id: LIST_ID }],
    }),
    /** Distinct values of a column, e.g. `viz_type`. */
    chartDistinct: build.query<ChartOptionsResponse, string>({
      query: (column) => `${CHART_URL}distinct/${column}`,
      providesTags: [{ type: 'Chart', id: LIST_ID }],
    }),
  }),
});

export const {
  useListChartsQuery,
  useGetChartQuery,
  useCreateChartMutation,
  useUpdateChartMutation,
  useDeleteChartMutation,
  useBulkDeleteChartsMutation,
  useChartFavoriteStatusQuery,
  useAddChartFavoriteMutation,
  useRemoveChartFavoriteMutation,
  useChartInfoQuery,
  useChartRelatedQuery,
  useChartDistinctQuery,
} = chartApi;
