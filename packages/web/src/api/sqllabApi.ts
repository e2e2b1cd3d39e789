import rison from 'rison';
import type { QueryDict, ResultColumn } from '@tessera/core';
import { baseApi } from './baseApi';
import { getCsrfToken } from './csrfToken';
import { parseJson } from './parseJson';
import { fetchBody } from './fetchBody';
import { fetchBodyOffMainThread } from './fetchBodyOffMainThread';

const SQLLAB_URL = '/api/v1/sqllab/';

/** `GET /api/v1/sqllab/` → `result` (facts §2.1). */
export interface SqlLabBootstrap {
  active_tab: TabStateResponse | null;
  databases: Record<string, Record<string, unknown>>;
  tab_state_ids: [number | string, string][];
  queries: Record<string, QueryDict>;
  common?: { conf?: Record<string, unknown> };
}

/** `GET /tabstateview/{id}`. */
export interface TabStateResponse {
  id: number | string;
  label: string;
  active: boolean;
  database_id: number | null;
  schema: string | null;
  sql: string;
  query_limit: number | null;
  latest_query: QueryDict | null;
  autorun: boolean;
  template_params: string | null;
  hide_left_bar: boolean;
  saved_query: { id: number } | null;
  extra_json: string | Record<string, unknown> | null;
  table_schemas: TableSchemaResponse[];
}

/** One `table_schemas[]` entry. */
export interface TableSchemaResponse {
  id: number;
  tab_state_id: number;
  database_id: number;
  schema: string | null;
  table: string;
  description: string | Record<string, unknown> | null;
  expanded: boolean;
}

/** `POST /api/v1/sqllab/execute/` body. */
export interface ExecuteBody {
  client_id: string;
  database_id: number;
  json: true;
  runAsync: boolean;
  schema: string | null;
  sql: string;
  sql_editor_id: string | null;
  tab: string | null;
  tmp_table_name: string;
  select_as_cta: boolean;
  ctas_method: 'TABLE' | 'VIEW';
  templateParams: string;
  queryLimit: number;
  expand_data: true;
  result_format: 'arrow' | 'json';
}

/** Success payload of execute and of `results/` in JSON. */
export interface ExecuteResponse {
  status?: string;
  data?: Record<string, unknown>[];
  columns?: ResultColumn[];
  selected_columns?: ResultColumn[];
  expanded_columns?: ResultColumn[];
  query: QueryDict;
  query_id?: number;
  displayLimitReached?: boolean;
}

export interface EstimateBody {
  database_id: number;
  schema: string | null;
  sql: string;
  template_params: Record<string, unknown>;
}

export interface PermalinkState {
  autorun: boolean;
  dbId: number | null;
  name: string;
  schema: string | null;
  sql: string;
  templateParams: string;
}

export const sqllabApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSqlLabBootstrap: build.query<SqlLabBootstrap, void>({
      query: () => SQLLAB_URL,
      transformResponse: (body: { result: SqlLabBootstrap }) => body.result,
      keepUnusedDataFor: 0,
    }),
    executeSql: build.mutation<ExecuteResponse, { body: ExecuteBody; search: string; timeout?: number }>({
      query: ({ body, search, timeout }) => ({ url: `${SQLLAB_URL}execute/${search}`, method: 'POST', body, timeout: timeout ?? 0 }),
    }),
    stopSqlQuery: build.mutation<unknown, string>({
      query: (clientId) => ({ url: '/api/v1/query/stop', method: 'POST', body: { client_id: clientId } }),
    }),
    /** With `waitMs`, a long poll: the server answers once a run changed after `changedAfterMs`, or after waitMs. */
    getQueriesUpdatedSince: build.mutation<QueryDict[], { lastUpdatedMs: number; waitMs?: number; changedAfterMs?: number }>({
      query: ({ lastUpdatedMs, waitMs, changedAfterMs }) => ({
        url: '/api/v1/query/updated_since',
        params: {
          q: rison.encode({
            last_updated_ms: lastUpdatedMs,
            ...(waitMs ? { wait_ms: waitMs, changed_after_ms: changedAfterMs ?? lastUpdatedMs } : {}),
          }),
        },
        timeout: 10_000 + (waitMs ?? 0),
      }),
      transformResponse: (body: { result: QueryDict[] }) => body.result ?? [],
    }),
    estimateSqlCost: build.mutation<Record<string, unknown>[], EstimateBody>({
      query: (body) => ({ url: `${SQLLAB_URL}estimate/`, method: 'POST', body, timeout: 10_000 }),
      transformResponse: (body: { result: Record<string, unknown>[] }) => body.result,
    }),
    formatSql: build.mutation<string, { sql: string; database_id: number | null }>({
      query: (body) => ({ url: `${SQLLAB_URL}format_sql/`, method: 'POST', body }),
      transformResponse: (body: { result: string }) => body.result,
    }),
    createSqlPermalink: build.mutation<{ key: string; url: string }, PermalinkState>({
      query: (body) => ({ url: `${SQLLAB_URL}permalink`, method: 'POST', body }),
    }),
    getSqlPermalink: build.mutation<PermalinkState, string>({
      query: (key) => `${SQLLAB_URL}permalink/${encodeURIComponent(key)}`,
    }),
    getLegacyKv: build.mutation<PermalinkState, string>({
      query: (id) => `/kv/${encodeURIComponent(id)}/`,
      transformResponse: (body: unknown) => (typeof body === 'string' ? (parseJson(body) as PermalinkState) : (body as PermalinkState)),
    }),
  }),
});

export const {
  useExecuteSqlMutation,
  useStopSqlQueryMutation,
  useEstimateSqlCostMutation,
  useFormatSqlMutation,
  useCreateSqlPermalinkMutation,
} = sqllabApi;

export const ARROW_MIME = 'application/vnd.apache.arrow.stream';

/** What `fetchQueryResults` got back: Arrow bytes, or the JSON payload when the server answered JSON. */
export type RawResults = { kind: 'arrow'; buffer: ArrayBuffer } | { kind: 'json'; body: ExecuteResponse };

/** A failed results fetch, with the parsed body for `getClientErrorObject`. */
export class ResultsFetchError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
  ) {
    super(`results ${status}`);
  }
}

export interface FetchResultsOptions {
  /** Only the first rows (the head of a big result). */
  rows?: number;
  signal?: AbortSignal;
  /** Read the body in a worker: for big results, so the page keeps drawing while they download. */
  offMainThread?: boolean;
}

/**
 * `GET /api/v1/sqllab/results/?q=(key:'…')` asking for Arrow IPC. Plain fetch, not RTK Query: the body is binary
 * and must not go through the JSON base query nor into the store.
 */
export async function fetchQueryResults(resultsKey: string, options: FetchResultsOptions = {}): Promise<RawResults> {
  const { rows, signal, offMainThread = false } = options;
  const q = rison.encode(rows === undefined ? { key: resultsKey } : { key: resultsKey, rows });
  const url = `${SQLLAB_URL}results/?q=${encodeURIComponent(q)}`;
  const accept = `${ARROW_MIME}, application/json;q=0.5`;
  const fetched = await (offMainThread ? fetchBodyOffMainThread : fetchBody)(url, accept, signal);
  const text = () => new TextDecoder().decode(fetched.body);
  if (!fetched.ok) {
    let data: unknown = text();
    try {
      data = parseJson(data as string);
    } catch {
      // keep text
    }
    throw new ResultsFetchError(fetched.status, fetched.statusText, data);
  }
  if (fetched.contentType.includes('json')) return { kind: 'json', body: parseJson(text()) as ExecuteResponse };
  return { kind: 'arrow', buffer: fetched.body };
}

/** Fire-and-forget request that survives page unload (autosave flush). */
export async function keepaliveJson(url: string, method: 'PUT' | 'POST', body: unknown, csrfToken?: string | null): Promise<void> {
  const token = csrfToken === undefined ? await getCsrfToken() : csrfToken;
  await globalThis.fetch(url, {
    method,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { 'X-CSRFToken': token } : {}) },
    body: JSON.stringify(body),
  });
}
