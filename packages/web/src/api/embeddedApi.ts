import type { EmbeddedDashboardConfig, EmbeddedDashboardResult } from '@tessera/core';
import { baseApi } from './baseApi';
import type { MessageResponse } from './types';

const embeddedUrl = (dashboardId: number) => `/api/v1/dashboard/${dashboardId}/embedded`;

/**
 * A dashboard's embedded configuration (`/api/v1/dashboard/<id>/embedded`). The GET answers 404 until the dashboard is
 * embedded; the modal reads that as "not embedded yet". Nothing else shows it, so it is fetched afresh on each open.
 */
export const embeddedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEmbeddedDashboard: build.query<{ result: EmbeddedDashboardResult }, number>({
      query: (dashboardId) => embeddedUrl(dashboardId),
      keepUnusedDataFor: 0,
    }),
    setEmbeddedDashboard: build.mutation<{ result: EmbeddedDashboardResult }, { dashboardId: number } & EmbeddedDashboardConfig>({
      query: ({ dashboardId, allowed_domains }) => ({ url: embeddedUrl(dashboardId), method: 'POST', body: { allowed_domains } }),
    }),
    deleteEmbeddedDashboard: build.mutation<MessageResponse, number>({
      query: (dashboardId) => ({ url: embeddedUrl(dashboardId), method: 'DELETE' }),
    }),
  }),
});

export const { useGetEmbeddedDashboardQuery, useSetEmbeddedDashboardMutation, useDeleteEmbeddedDashboardMutation } = embeddedApi;
