import type { FastifyInstance } from 'fastify';
import { AUDIT_LOG_ORDER_COLUMNS } from '@tessera/core';
import { listResponse, showResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { parseListQuery } from '../../app/rison.js';
import type { AuditLogService } from './auditLog.service.js';

/** Admins only (Admin's `can_read` on `AuditLog`). */
const READ = { permission: ['can_read', 'AuditLog'] as const };
const COLUMNS = ['id', 'created_on', 'user_id', 'username', 'action', 'object_type', 'object_id', 'ip', 'user_agent', 'outcome', 'details'];

/** `/api/v1/audit_log/`: the list (rison `q`) and one row, in FAB's list and show envelopes. */
export function auditLogRoutes(service: AuditLogService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/v1/audit_log/', { config: READ }, async (request) => {
      const { rows, count } = await service.list(parseListQuery((request.query as Record<string, unknown>).q));
      return listResponse(rows, count, { title: 'List Audit Log', columns: COLUMNS, orderColumns: [...AUDIT_LOG_ORDER_COLUMNS] });
    });

    app.get('/api/v1/audit_log/:pk', { config: READ }, async (request) =>
      showResponse(await service.get(pkParam(request.params)), 'Show Audit Log'),
    );
  };
}
