import type { AuditLogRecord, ListResponse } from '@tessera/core';
import { baseApi } from './baseApi';
import { encodeListQuery, type ListParams } from './listQuery';

export const AUDIT_LOG_URL = '/api/v1/audit_log/';

/** `/api/v1/audit_log/` (admins): read only, so nothing invalidates it; the page refetches when it opens. */
export const auditLogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<ListResponse<AuditLogRecord>, ListParams>({
      query: (params) => ({ url: AUDIT_LOG_URL, params: { q: encodeListQuery(params) } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditLogQuery } = auditLogApi;
