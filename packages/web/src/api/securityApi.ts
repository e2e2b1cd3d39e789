import { passwordPolicyOf, type ListResponse, type PasswordPolicy, type PasswordPolicyResult, type PermissionViewRecord, type RoleRecord, type RoleWrite, type UserRecord, type UserUpdate, type UserWrite } from '@tessera/core';
import { baseApi } from './baseApi';
import { encodeListQuery, type ListParams } from './listQuery';
import { LIST_ID } from './tags';
import type { MessageResponse, MutationResponse } from './types';

const SECURITY_URL = '/api/v1/security';

export const securityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<ListResponse<UserRecord>, ListParams>({
      query: (params) => ({ url: `${SECURITY_URL}/users/`, params: { q: encodeListQuery(params) } }),
      providesTags: (result) => [
        { type: 'User', id: LIST_ID },
        ...(result?.result ?? []).map((user) => ({ type: 'User' as const, id: user.id })),
      ],
    }),
    createUser: build.mutation<MutationResponse<UserRecord>, UserWrite>({
      query: (body) => ({ url: `${SECURITY_URL}/users/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: LIST_ID }, { type: 'Role', id: LIST_ID }],
    }),
    updateUser: build.mutation<MutationResponse<UserRecord>, { id: number; body: UserUpdate }>({
      query: ({ id, body }) => ({ url: `${SECURITY_URL}/users/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'User', id },
        { type: 'User', id: LIST_ID },
        { type: 'Role', id: LIST_ID },
        'Me',
      ],
    }),
    getRoles: build.query<ListResponse<RoleRecord>, ListParams>({
      query: (params) => ({ url: `${SECURITY_URL}/roles/`, params: { q: encodeListQuery(params) } }),
      providesTags: (result) => [
        { type: 'Role', id: LIST_ID },
        ...(result?.result ?? []).map((role) => ({ type: 'Role' as const, id: role.id })),
      ],
    }),
    createRole: build.mutation<MutationResponse<RoleRecord>, RoleWrite>({
      query: (body) => ({ url: `${SECURITY_URL}/roles/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Role', id: LIST_ID }],
    }),
    updateRole: build.mutation<MutationResponse<RoleRecord>, { id: number; body: RoleWrite }>({
      query: ({ id, body }) => ({ url: `${SECURITY_URL}/roles/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Role', id }, { type: 'Role', id: LIST_ID }, { type: 'User', id: LIST_ID }, 'Me'],
    }),
    deleteRole: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `${SECURITY_URL}/roles/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Role', id: LIST_ID }, { type: 'User', id: LIST_ID }, 'Me']),
    }),
    /** Every permission/view pair (`q=(page_size:-1)`). */
    getPermissionResources: build.query<PermissionViewRecord[], void>({
      query: () => ({ url: `${SECURITY_URL}/permissions-resources/`, params: { q: encodeListQuery({ page_size: -1 }) } }),
      transformResponse: (body: ListResponse<PermissionViewRecord>) => body.result,
      providesTags: ['PermissionResource'],
    }),
    getRolePermissions: build.query<PermissionViewRecord[], number>({
      query: (id) => `${SECURITY_URL}/roles/${id}/permissions/`,
      transformResponse: (body: { result: PermissionViewRecord[] }) => body.result,
      providesTags: (_result, _error, id) => [{ type: 'RolePermissions', id }],
    }),
    setRolePermissions: build.mutation<unknown, { id: number; permissionViewMenuIds: number[] }>({
      query: ({ id, permissionViewMenuIds }) => ({
        url: `${SECURITY_URL}/roles/${id}/permissions`,
        method: 'POST',
        body: { permission_view_menu_ids: permissionViewMenuIds },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'RolePermissions', id }, { type: 'Role', id: LIST_ID }, 'Me'],
    }),
    /** The server's password policy settings, so the user form refuses what the server would. */
    getPasswordPolicy: build.query<PasswordPolicy, void>({
      query: () => `${SECURITY_URL}/password_policy/`,
      transformResponse: (body: { result: PasswordPolicyResult }) => passwordPolicyOf(body.result),
    }),
  }),
});

export const {
  useGetUsersQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useGetRolesQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
  useGetPermissionResourcesQuery,
  useGetRolePermissionsQuery,
  useSetRolePermissionsMutation,
  useGetPasswordPolicyQuery,
} = securityApi;
