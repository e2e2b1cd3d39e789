import type { ListResponse, QueryState } from '@tessera/core';
import { baseApi } from './baseApi';
import { encodeListQuery, type ListParams } from './listQuery';
import { LIST_ID } from './tags';

const QUERY_URL = '/api/v1/query/';

/** Epoch milliseconds (Superset's Numeric columns) or an ISO date-time, depending on the server. */
export type QueryTime = number | string | null;

/** A row of `GET /api/v1/query/` (query history, facts §2.1). Candidate for core/contracts. */
export interface QueryHistoryItem {
  id: number;
  client_id: string | null;
  database: { id: number; database_name: string } | null;
  schema: string | null;
  sql: string;
  executed_sql: string | null;
  status: QueryState | (string & {});
  start_time: QueryTime;
  end_time: QueryTime;
  rows: number | null;
  tab_name: string | null;
  user: { first_name: string; last_name: string } | null;
  tracking_url: string | null;
  sql_tables?: unknown[] | null;
}

export const queryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getQueryHistory: build.query<ListResponse<QueryHistoryItem>, ListParams>({
      query: (params) => ({ url: QUERY_URL, params: { q: encodeListQuery(params) } }),
      providesTags: [{ type: 'QueryHistory', id: LIST_ID }],
    }),
  }),
});

export const { useGetQueryHistoryQuery } = queryApi;
