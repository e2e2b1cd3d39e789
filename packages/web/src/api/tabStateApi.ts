import { baseApi } from './baseApi';
import type { TabStateResponse } from './sqllabApi';

/** `queryEditor` of `POST /tabstateview/`. */
export interface NewTabStateBody {
  name: string;
  dbId: number | null;
  schema: string | null;
  sql: string;
  queryLimit: number;
  hideLeftBar: boolean;
  remoteId: number | null;
  templateParams: string;
  autorun: boolean;
}

/** Fields of `PUT /tabstateview/{id}` (any subset). */
export interface TabStateUpdate {
  database_id?: number | null;
  schema?: string | null;
  sql?: string;
  label?: string;
  query_limit?: number;
  latest_query_id?: string | null;
  template_params?: string;
  hide_left_bar?: boolean;
  autorun?: boolean;
  saved_query_id?: number | null;
  extra_json?: { updatedAt: number; version: 1; [key: string]: unknown };
}

/** `table` of `POST /tableschemaview/`. */
export interface TableSchemaBody {
  queryEditorId: string;
  dbId: number;
  schema: string | null;
  name: string;
  expanded: boolean;
  [key: string]: unknown;
}

export const TAB_STATE_URL = '/tabstateview/';

export const tabStateApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createTabState: build.mutation<{ id: number | string }, NewTabStateBody>({
      query: (queryEditor) => ({ url: TAB_STATE_URL, method: 'POST', body: { queryEditor } }),
    }),
    getTabState: build.mutation<TabStateResponse, string>({
      query: (id) => `${TAB_STATE_URL}${id}`,
    }),
    updateTabState: build.mutation<unknown, { id: string; changes: TabStateUpdate }>({
      query: ({ id, changes }) => ({ url: `${TAB_STATE_URL}${id}`, method: 'PUT', body: changes }),
    }),
    deleteTabState: build.mutation<unknown, string>({
      query: (id) => ({ url: `${TAB_STATE_URL}${id}`, method: 'DELETE' }),
    }),
    activateTabState: build.mutation<unknown, string>({
      query: (id) => ({ url: `${TAB_STATE_URL}${id}/activate`, method: 'POST', body: {} }),
    }),
    migrateTabQuery: build.mutation<unknown, { id: string; queryId: string }>({
      query: ({ id, queryId }) => ({ url: `${TAB_STATE_URL}${id}/migrate_query`, method: 'POST', body: { queryId } }),
    }),
    deleteTabQuery: build.mutation<unknown, { id: string; clientId: string }>({
      query: ({ id, clientId }) => ({ url: `${TAB_STATE_URL}${id}/query/${encodeURIComponent(clientId)}`, method: 'DELETE' }),
    }),
    createTableSchema: build.mutation<{ id: number }, TableSchemaBody>({
      query: (table) => ({ url: '/tableschemaview/', method: 'POST', body: { table } }),
    }),
    expandTableSchema: build.mutation<unknown, { id: number; expanded: boolean }>({
      query: ({ id, expanded }) => ({ url: `/tableschemaview/${id}/expanded`, method: 'POST', body: { expanded } }),
    }),
    deleteTableSchema: build.mutation<unknown, number>({
      query: (id) => ({ url: `/tableschemaview/${id}`, method: 'DELETE' }),
    }),
  }),
});
