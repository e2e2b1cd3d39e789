import rison from 'rison';
import type { TableExtra, TableMetadata, TablesResponse } from '@tessera/core';
import { baseApi } from './baseApi';
import type { MutationResponse } from './types';

/** `POST/PUT /api/v1/saved_query/` body as SQL Lab sends it. */
export interface SavedQueryBody {
  label: string;
  description: string;
  db_id: number | null;
  schema: string | null;
  sql: string;
  template_parameters: string;
}

/** `GET /api/v1/saved_query/{id}` result fields SQL Lab reads. */
export interface SavedQueryShow {
  id: number;
  label: string;
  description: string;
  db_id?: number;
  database?: { id: number; database_name?: string };
  schema: string | null;
  sql: string;
  template_parameters: string | null;
}

/** `POST /api/v1/dataset/` body for a virtual dataset from SQL Lab. */
export interface SqlDatasetBody {
  database: number;
  schema: string | null;
  sql: string;
  table_name: string;
  is_managed_externally: false;
  external_url: null;
  template_params: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const textRecord = (v: unknown): Record<string, string> =>
  isObject(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null && x !== undefined).map(([k, x]) => [k, String(x)])) : {};
const textList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** Keeps the parts of a table_extra answer that have the expected shape, so an odd backend cannot break the view. */
export function toTableExtra(body: unknown): TableExtra {
  if (!isObject(body)) return {};
  const extra: TableExtra = {};
  if (isObject(body.metadata)) extra.metadata = textRecord(body.metadata);
  const p = body.partitions;
  if (isObject(p)) {
    extra.partitions = {
      cols: textList(p.cols),
      latest: isObject(p.latest) ? textRecord(p.latest) : null,
      partitionQuery: typeof p.partitionQuery === 'string' && p.partitionQuery ? p.partitionQuery : null,
    };
  }
  if (isObject(body.clustering)) extra.clustering = { cols: textList(body.clustering.cols) };
  return extra;
}

/** Metadata endpoints of a database, with the `force` refresh flag. */
export const sqllabResourcesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sqlLabSchemas: build.query<string[], { dbId: number; force: number }>({
      query: ({ dbId, force }) => ({
        url: `/api/v1/database/${dbId}/schemas/`,
        params: force ? { q: rison.encode({ force: true }) } : undefined,
      }),
      transformResponse: (body: { result: string[] }) => body.result,
    }),
    sqlLabTables: build.query<TablesResponse, { dbId: number; schema: string; force: number }>({
      query: ({ dbId, schema, force }) => ({
        url: `/api/v1/database/${dbId}/tables/`,
        params: { q: rison.encode(force ? { schema_name: schema, force: true } : { schema_name: schema }) },
      }),
    }),
    sqlLabTableMetadata: build.mutation<TableMetadata, { dbId: number; schema: string | null; name: string }>({
      query: ({ dbId, schema, name }) => ({
        url: `/api/v1/database/${dbId}/table_metadata/`,
        params: { name, schema: schema ?? undefined },
      }),
    }),
    sqlLabTableExtra: build.query<TableExtra, { dbId: number; schema: string | null; name: string }>({
      query: ({ dbId, schema, name }) => ({
        url: `/api/v1/database/${dbId}/table_metadata/extra/`,
        params: { name, schema: schema ?? undefined },
      }),
      transformResponse: toTableExtra,
    }),
    sqlLabFunctionNames: build.query<string[], number>({
      query: (dbId) => `/api/v1/database/${dbId}/function_names/`,
      transformResponse: (body: { function_names?: string[]; result?: string[] }) => body.function_names ?? body.result ?? [],
    }),
    sqlLabCreateSavedQuery: build.mutation<MutationResponse<unknown>, SavedQueryBody>({
      query: (body) => ({ url: '/api/v1/saved_query/', method: 'POST', body }),
    }),
    sqlLabUpdateSavedQuery: build.mutation<MutationResponse<unknown>, { id: number; body: SavedQueryBody }>({
      query: ({ id, body }) => ({ url: `/api/v1/saved_query/${id}`, method: 'PUT', body }),
    }),
    sqlLabGetSavedQuery: build.mutation<SavedQueryShow, number>({
      query: (id) => `/api/v1/saved_query/${id}`,
      transformResponse: (body: { id: number; result: SavedQueryShow }) => ({ ...body.result, id: body.result.id ?? body.id }),
    }),
    sqlLabScheduleQuery: build.mutation<unknown, Record<string, unknown>>({
      query: (body) => ({ url: '/savedqueryviewapi/api/create', method: 'POST', body }),
    }),
    sqlLabCreateDataset: build.mutation<MutationResponse<unknown>, SqlDatasetBody>({
      query: (body) => ({ url: '/api/v1/dataset/', method: 'POST', body }),
    }),
  }),
});

export const { useSqlLabSchemasQuery, useSqlLabTablesQuery, useSqlLabTableExtraQuery, useSqlLabFunctionNamesQuery } = sqllabResourcesApi;
