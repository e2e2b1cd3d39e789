import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app/moduleDeps.js';
import { AuditLogRepository } from './auditLog.repository.js';
import { auditLogRoutes } from './auditLog.routes.js';
import { AuditLogService } from './auditLog.service.js';

export type { AuditAction, AuditOutcome } from '@tessera/core';
export type { AuditEvent, AuditLogService } from './auditLog.service.js';
export { audited, auditedLogin, registerRequestAudit } from './requestAudit.js';
export { databaseAuditDetails } from './databaseAuditDetails.js';
export { rolePermissionsEvent, userUpdateEvents } from './securityAuditEvents.js';

const DAY_MS = 24 * 3600_000;

/**
 * The audit log: `/api/v1/audit_log/*` for admins, and the service every module records through
 * (`request.audit({...})` inside a request, once the composition root called registerRequestAudit).
 * Rows older than AUDIT_LOG_RETENTION_DAYS are deleted at start and then daily.
 */
export function auditLogModule(deps: ModuleDeps) {
  const { ctx } = deps;
  const service = new AuditLogService(new AuditLogRepository(ctx.db), ctx.log);
  const register = async function register(app: FastifyInstance): Promise<void> {
    const prune = async () => {
      try {
        const removed = await service.prune(ctx.config.auditLog.retentionDays);
        if (removed > 0) ctx.log.info({ removed }, 'audit log rows past their retention deleted');
      } catch (err) {
        ctx.log.error({ err }, 'could not prune the audit log');
      }
    };
    await prune();
    // Unref'd: the timer never keeps the process alive; every process prunes, and deleting twice is harmless.
    const timer = setInterval(() => void prune(), DAY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    await app.register(auditLogRoutes(service));
  };
  return Object.assign(register, { service });
}
