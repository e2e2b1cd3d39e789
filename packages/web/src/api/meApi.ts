import type { MeResult, MeRolesResult } from '@tessera/core';
import { baseApi } from './baseApi';

export const meApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/v1/me/`: 401 when not logged in. */
    getMe: build.query<MeResult, void>({
      query: () => '/api/v1/me/',
      transformResponse: (body: { result: MeResult }) => body.result,
      providesTags: ['Me'],
    }),
    /** `GET /api/v1/me/roles/`: role names with their permission/view pairs. */
    getMyRoles: build.query<MeRolesResult, void>({
      query: () => '/api/v1/me/roles/',
      transformResponse: (body: { result: MeRolesResult }) => body.result,
      providesTags: ['Me'],
    }),
  }),
});

export const { useGetMeQuery, useGetMyRolesQuery } = meApi;
