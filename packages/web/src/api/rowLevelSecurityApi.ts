import rison from 'rison';
import type { ListResponse, RlsCreate, RlsListItem, RlsResult, RlsShow, RlsUpdate } from '@tessera/core';
import { baseApi } from './baseApi';
import { encodeListQuery, type ListParams } from './listQuery';
import { LIST_ID } from './tags';
import type { MessageResponse, MutationResponse } from './types';

export const ROW_LEVEL_SECURITY_URL = '/api/v1/rowlevelsecurity/';

export type { RlsListItem, RlsShow } from '@tessera/core';

/** One option of a related picker (`related/tables`, `related/roles`): FAB's `{value, text}`. */
export interface RelatedOption {
  value: number;
  text: string;
}

/** What the pickers ask for: a name filter and a page. */
export interface RelatedParams {
  filter: string;
  page_size: number;
}

/** `/api/v1/rowlevelsecurity/` (Superset's RLSRestApi): rules and the datasets and roles they may name. */
export const rowLevelSecurityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listRlsRules: build.query<ListResponse<RlsListItem>, ListParams>({
      query: (params) => ({ url: ROW_LEVEL_SECURITY_URL, params: { q: encodeListQuery(params) } }),
      providesTags: (result) => [
        { type: 'RowLevelSecurity', id: LIST_ID },
        ...(result?.result ?? []).map((rule) => ({ type: 'RowLevelSecurity' as const, id: rule.id })),
      ],
    }),
    getRlsRule: build.query<RlsShow, number>({
      query: (id) => `${ROW_LEVEL_SECURITY_URL}${id}`,
      transformResponse: (body: { result: RlsShow }) => body.result,
      providesTags: (_result, _error, id) => [{ type: 'RowLevelSecurity', id }],
    }),
    createRlsRule: build.mutation<MutationResponse<RlsResult>, RlsCreate>({
      query: (body) => ({ url: ROW_LEVEL_SECURITY_URL, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'RowLevelSecurity', id: LIST_ID }]),
    }),
    updateRlsRule: build.mutation<MutationResponse<RlsResult>, { id: number; body: RlsUpdate }>({
      query: ({ id, body }) => ({ url: `${ROW_LEVEL_SECURITY_URL}${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'RowLevelSecurity', id }, { type: 'RowLevelSecurity', id: LIST_ID }]),
    }),
    /** `DELETE /api/v1/rowlevelsecurity/?q=!(1,2)`; one id deletes one rule. */
    deleteRlsRules: build.mutation<MessageResponse, number[]>({
      query: (ids) => ({ url: ROW_LEVEL_SECURITY_URL, method: 'DELETE', params: { q: rison.encode(ids) } }),
      invalidatesTags: (_result, error, ids) =>
        error ? [] : [...ids.map((id) => ({ type: 'RowLevelSecurity' as const, id })), { type: 'RowLevelSecurity', id: LIST_ID }],
    }),
    rlsRelated: build.query<{ count: number; result: RelatedOption[] }, { column: 'tables' | 'roles' } & RelatedParams>({
      query: ({ column, ...params }) => ({ url: `${ROW_LEVEL_SECURITY_URL}related/${column}`, params: { q: rison.encode(params) } }),
    }),
  }),
});

export const {
  useListRlsRulesQuery,
  useGetRlsRuleQuery,
  useCreateRlsRuleMutation,
  useUpdateRlsRuleMutation,
  useDeleteRlsRulesMutation,
  useRlsRelatedQuery,
} = rowLevelSecurityApi;
