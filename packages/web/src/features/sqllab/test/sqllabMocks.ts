import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { vi } from 'vitest';
import type { FetchMock } from '../../../test/mocks/fetchMock';
import { createMockQueryDict } from './factories';

/** CodeMirror measures text ranges, which jsdom lacks. */
export function polyfillRanges(): void {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= emptyRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
}

export const MOCK_DATABASE = {
  id: 1,
  database_name: 'examples',
  backend: 'sqlite',
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  expose_in_sqllab: true,
  disable_data_preview: false,
};

export const MOCK_TAB = {
  id: 5,
  label: 'Untitled Query 1',
  active: true,
  database_id: 1,
  schema: 'main',
  sql: 'SELECT 1 AS test_col',
  query_limit: 1000,
  latest_query: null,
  autorun: false,
  template_params: null,
  hide_left_bar: false,
  saved_query: null,
  extra_json: null,
  table_schemas: [],
};

/** `GET /api/v1/sqllab/` with one loaded tab, plus metadata and tab-state endpoints. */
export function mockSqlLab(mock: FetchMock, conf: Record<string, unknown> = {}): void {
  polyfillRanges();
  mock.on('GET', '/api/v1/sqllab/', {
    body: {
      result: {
        active_tab: MOCK_TAB,
        databases: { 1: MOCK_DATABASE },
        tab_state_ids: [[5, 'Untitled Query 1']],
        queries: {},
        common: { conf: { DEFAULT_SQLLAB_LIMIT: 1000, SQL_MAX_ROW: 100000, DISPLAY_MAX_ROW: 10000, SQLLAB_BACKEND_PERSISTENCE: true, ...conf } },
      },
    },
  });
  mock.on('GET', /^\/api\/v1\/database\/\d+\/schemas\/$/, { body: { result: ['main'] } });
  mock.on('GET', /^\/api\/v1\/database\/\d+\/tables\/$/, { body: { count: 1, result: [{ value: 'birth_names', type: 'table', extra: null }] } });
  mock.on('GET', /^\/api\/v1\/database\/\d+\/function_names\/$/, { body: { function_names: ['count', 'sum'] } });
  let next = 6;
  mock.on('POST', '/tabstateview/', () => ({ body: { id: next++ } }));
  mock.on('PUT', /^\/tabstateview\/\d+$/, { body: 5 });
  mock.on('POST', /^\/tabstateview\/\d+\/activate$/, { body: 5 });
  mock.on('DELETE', /^\/tabstateview\/\d+$/, { body: 'OK' });
}

/** A synchronous JSON success of execute. */
export function mockExecuteJson(mock: FetchMock, column = 'test_col', rows: Record<string, unknown>[] = [{ test_col: 1 }]): void {
  mock.on('POST', '/api/v1/sqllab/execute/', (call) => {
    const body = call.body as { client_id: string };
    return {
      body: {
        status: 'success',
        data: rows,
        columns: [{ column_name: column, name: column, type: 'INT', type_generic: 0, is_dttm: false }],
        selected_columns: [],
        expanded_columns: [],
        query: createMockQueryDict({ id: body.client_id, sqlEditorId: '5', resultsKey: null, rows: rows.length }),
      },
    };
  });
}

/** Execute answering with a resultsKey, and results/ answering Arrow IPC (fetch wrapped to send bytes). */
export function mockExecuteArrow(mock: FetchMock, arrays: Record<string, unknown>): void {
  mock.on('POST', '/api/v1/sqllab/execute/', (call) => {
    const body = call.body as { client_id: string };
    return {
      body: {
        status: 'success',
        data: [],
        columns: [],
        query: createMockQueryDict({ id: body.client_id, sqlEditorId: '5', resultsKey: 'rk-arrow' }),
      },
    };
  });
  const bytes = tableToIPC(tableFromArrays(arrays as Parameters<typeof tableFromArrays>[0]), 'stream');
  const inner = mock.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.startsWith('/api/v1/sqllab/results/')) {
        return new Response(bytes.slice().buffer, { status: 200, headers: { 'Content-Type': 'application/vnd.apache.arrow.stream' } });
      }
      return inner(input, init);
    }),
  );
}
