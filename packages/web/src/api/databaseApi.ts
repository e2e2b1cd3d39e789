import rison from 'rison';
import type {
  DatabaseCreate,
  DatabaseListItem,
  DatabaseShow,
  DatabaseUpdate,
  ListResponse,
  TablesResponse,
  TestConnectionRequest,
} from '@tessera/core';
import { baseApi } from './baseApi';
import { encodeListQuery, type ListParams } from './listQuery';
import { LIST_ID } from './tags';
import type { MessageResponse, MutationResponse, SchemasResponse } from './types';

const DATABASE_URL = '/api/v1/database/';

export const databaseApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDatabases: build.query<ListResponse<DatabaseListItem>, ListParams>({
      query: (params) => ({ url: DATABASE_URL, params: { q: encodeListQuery(params) } }),
      providesTags: (result) => [
        { type: 'Database', id: LIST_ID },
        ...(result?.result ?? []).map((db) => ({ type: 'Database' as const, id: db.id })),
      ],
    }),
    getDatabase: build.query<DatabaseShow, number>({
      query: (id) => `${DATABASE_URL}${id}`,
      transformResponse: (body: { id: number; result: Omit<DatabaseShow, 'id'> & { id?: number } }) => ({
        ...body.result,
        id: body.result.id ?? body.id,
      }),
      providesTags: (_result, _error, id) => [{ type: 'Database', id }],
    }),
    createDatabase: build.mutation<MutationResponse<DatabaseShow>, DatabaseCreate>({
      query: (body) => ({ url: DATABASE_URL, method: 'POST', body }),
      invalidatesTags: [{ type: 'Database', id: LIST_ID }],
    }),
    updateDatabase: build.mutation<MutationResponse<DatabaseShow>, { id: number; body: DatabaseUpdate }>({
      query: ({ id, body }) => ({ url: `${DATABASE_URL}${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Database', id },
        { type: 'Database', id: LIST_ID },
        { type: 'DatabaseSchemas', id },
      ],
    }),
    deleteDatabase: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `${DATABASE_URL}${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Database', id }, { type: 'Database', id: LIST_ID }]),
    }),
    testConnection: build.mutation<MessageResponse, TestConnectionRequest>({
      query: (body) => ({ url: `${DATABASE_URL}test_connection/`, method: 'POST', body }),
    }),
    getSchemas: build.query<string[], number>({
      query: (id) => `${DATABASE_URL}${id}/schemas/`,
      transformResponse: (body: SchemasResponse) => body.result,
      providesTags: (_result, _error, id) => [{ type: 'DatabaseSchemas', id }],
    }),
    getTables: build.query<TablesResponse, { databaseId: number; schema: string }>({
      query: ({ databaseId, schema }) => ({
        url: `${DATABASE_URL}${databaseId}/tables/`,
        params: { q: rison.encode({ schema_name: schema }) },
      }),
      providesTags: (_result, _error, { databaseId }) => [{ type: 'DatabaseSchemas', id: databaseId }],
    }),
  }),
});

export const {
  useGetDatabasesQuery,
  useGetDatabaseQuery,
  useCreateDatabaseMutation,
  useUpdateDatabaseMutation,
  useDeleteDatabaseMutation,
  useTestConnectionMutation,
  useGetSchemasQuery,
  useGetTablesQuery,
} = databaseApi;
