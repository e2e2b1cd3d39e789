import rison from 'rison';
import type { ListResponse } from '@tessera/core';
import { baseApi } from './baseApi';
import { encodeListQuery, type ListParams } from './listQuery';
import { LIST_ID } from './tags';
import type { MessageResponse } from './types';

const SAVED_QUERY_URL = '/api/v1/saved_query/';

/** One table a saved query reads (`sql_tables`); older servers send plain names. */
export type SqlTable = string | { table: string; schema?: string | null; catalog?: string | null };

/** A row of `GET /api/v1/saved_query/` (facts §2.1). Candidate for core/contracts. */
export interface SavedQueryListItem {
  id: number;
  label: string;
  description: string | null;
  db_id: number;
  database: { id: number; database_name: string } | null;
  catalog?: string | null;
  schema: string | null;
  sql: string;
  sql_tables: SqlTable[] | null;
  changed_on_delta_humanized: string | null;
  created_on: string | null;
  created_by: { id: number; first_name: string; last_name: string } | null;
  last_run_delta_humanized: string | null;
  rows: number | null;
  template_parameters: string | null;
}

/** `GET /related/<col>` and `GET /distinct/<col>` of FAB resources. */
export interface FilterOptionsResponse {
  count: number;
  result: { value: string | number; text: string }[];
}

export const savedQueryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSavedQueries: build.query<ListResponse<SavedQueryListItem>, ListParams>({
      query: (params) => ({ url: SAVED_QUERY_URL, params: { q: encodeListQuery(params) } }),
      providesTags: (result) => [
        { type: 'SavedQuery', id: LIST_ID },
        ...(result?.result ?? []).map((query) => ({ type: 'SavedQuery' as const, id: query.id })),
      ],
    }),
    getSavedQueryDatabases: build.query<FilterOptionsResponse, void>({
      query: () => `${SAVED_QUERY_URL}related/database`,
      providesTags: [{ type: 'SavedQuery', id: LIST_ID }],
    }),
    getSavedQuerySchemas: build.query<FilterOptionsResponse, void>({
      query: () => `${SAVED_QUERY_URL}distinct/schema`,
      providesTags: [{ type: 'SavedQuery', id: LIST_ID }],
    }),
    deleteSavedQuery: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `${SAVED_QUERY_URL}${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'SavedQuery', id }, { type: 'SavedQuery', id: LIST_ID }]),
    }),
    /** `DELETE /api/v1/saved_query/?q=!(1,2)` -> `{message: "Deleted 2 saved queries"}`. */
    bulkDeleteSavedQueries: build.mutation<MessageResponse, number[]>({
      query: (ids) => ({ url: SAVED_QUERY_URL, method: 'DELETE', params: { q: rison.encode(ids) } }),
      invalidatesTags: (_result, error, ids) =>
        error ? [] : [...ids.map((id) => ({ type: 'SavedQuery' as const, id })), { type: 'SavedQuery', id: LIST_ID }],
    }),
  }),
});

export const {
  useGetSavedQueriesQuery,
  useGetSavedQueryDatabasesQuery,
  useGetSavedQuerySchemasQuery,
  useDeleteSavedQueryMutation,
  useBulkDeleteSavedQueriesMutation,
} = savedQueryApi;
