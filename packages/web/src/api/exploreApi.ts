import rison from 'rison';
import type { FormData } from '@tessera/core';
import type { ExploreDatasource } from '../viz/types';
import { baseApi } from './baseApi';
import { browserTabId } from './browserTabId';

/** The chart a bootstrap opened (GET /api/v1/explore/ `slice`). */
export interface ExploreSlice {
  slice_id: number;
  slice_name: string;
  description?: string | null;
  cache_timeout?: number | null;
  owners?: (number | { id: number; first_name?: string; last_name?: string })[];
  dashboards?: (number | { id: number; dashboard_title?: string })[];
  form_data?: FormData;
  query_context?: string | null;
  certified_by?: string | null;
  viz_type?: string;
  [key: string]: unknown;
}

/** `GET /api/v1/explore/` → `result` (facts §2.4). */
export interface ExploreBootstrap {
  form_data: FormData;
  dataset: ExploreDatasource & Record<string, unknown>;
  slice: ExploreSlice | null;
  message: string | null;
  /** Spec §6, computed by the server for the caller when present. */
  can_add?: boolean;
  can_download?: boolean;
  can_overwrite?: boolean;
}

export interface ExploreBootstrapArgs {
  slice_id?: number;
  datasource_id?: number;
  datasource_type?: string;
  form_data_key?: string;
  permalink_key?: string;
  viz_type?: string;
}

export interface PermalinkResponse {
  key: string;
  url: string;
}

export interface DatasetOption {
  id: number;
  table_name: string;
  schema: string | null;
  database: { id: number; database_name: string };
  kind?: string;
}

const clean = (args: ExploreBootstrapArgs) =>
  Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;

/** Explore bootstrap, permalinks, the form-data cache and the lookups the explorer's controls make. */
export const exploreApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getExploreBootstrap: build.query<ExploreBootstrap, ExploreBootstrapArgs>({
      query: (args) => ({ url: '/api/v1/explore/', params: clean(args) }),
      transformResponse: (body: { result: ExploreBootstrap }) => body.result,
      // Always read the server's latest (a saved chart may have changed since the last visit).
      keepUnusedDataFor: 0,
    }),
    createExplorePermalink: build.mutation<PermalinkResponse, { formData: FormData; urlParams?: [string, string][] }>({
      query: (body) => ({ url: '/api/v1/explore/permalink', method: 'POST', body }),
    }),
    createExploreFormData: build.mutation<{ key: string }, { datasource_id: number; datasource_type: string; chart_id?: number | null; form_data: string }>({
      query: (body) => ({ url: '/api/v1/explore/form_data', method: 'POST', params: { tab_id: browserTabId() }, body }),
    }),
    updateExploreFormData: build.mutation<{ key?: string; message?: string }, { key: string; datasource_id: number; datasource_type: string; chart_id?: number | null; form_data: string }>({
      // With the tab's id the server keeps the key, so the address bar's form_data_key stays valid while editing.
      query: ({ key, ...body }) => ({ url: `/api/v1/explore/form_data/${encodeURIComponent(key)}`, method: 'PUT', params: { tab_id: browserTabId() }, body }),
    }),
    getColumnValues: build.query<unknown[], { datasourceType: string; datasourceId: number; column: string }>({
      query: ({ datasourceType, datasourceId, column }) =>
        `/api/v1/datasource/${encodeURIComponent(datasourceType)}/${datasourceId}/column/${encodeURIComponent(column)}/values/`,
      transformResponse: (body: { result?: unknown[] }) => body.result ?? [],
    }),
    searchDatasets: build.query<DatasetOption[], string>({
      query: (search) => ({
        url: '/api/v1/dataset/',
        params: {
          q: rison.encode({
            columns: ['id', 'table_name', 'schema', 'database.id', 'database.database_name', 'kind'],
            filters: search ? [{ col: 'table_name', opr: 'ct', value: search }] : [],
            order_column: 'table_name',
            order_direction: 'asc',
            page: 0,
            page_size: 100,
          }),
        },
      }),
      transformResponse: (body: { result?: DatasetOption[] }) => body.result ?? [],
      providesTags: [{ type: 'Dataset', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetExploreBootstrapQuery,
  useLazyGetExploreBootstrapQuery,
  useCreateExplorePermalinkMutation,
  useCreateExploreFormDataMutation,
  useUpdateExploreFormDataMutation,
  useGetColumnValuesQuery,
  useSearchDatasetsQuery,
} = exploreApi;
