import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../app/httpErrors.js';
import type { AuditEvent, AuditLogService } from './auditLog.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Records security-relevant actions done by this request: the signed-in caller, the client address and user agent
     * are filled in unless the event names them. Never rejects (see AuditLogService.record).
     */
    audit(...events: AuditEvent[]): Promise<void>;
  }
}

/** The caller, address and user agent of a request, as an event's defaults. */
export function requestActor(request: FastifyRequest): Pick<AuditEvent, 'userId' | 'username' | 'ip' | 'userAgent'> {
  const user = request.principal?.user ?? null;
  const agent = request.headers['user-agent'];
  return { userId: user?.id ?? null, username: user?.username ?? '', ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/** Adds `request.audit(...)` to every request of the app. */
export function registerRequestAudit(app: FastifyInstance, service: AuditLogService): void {
  app.decorateRequest('audit', async function audit(this: FastifyRequest, ...events: AuditEvent[]): Promise<void> {
    const actor = requestActor(this);
    for (const event of events) await service.record({ ...actor, ...event });
  });
}

/** Why a refused action failed, without its message (which may quote what the caller sent). */
function failureDetails(err: unknown): Record<string, unknown> {
  if (!(err instanceof ApiError)) return { status: 500 };
  const errors = err.body.errors as { error_type?: string }[] | undefined;
  return { status: err.statusCode, ...(errors?.[0]?.error_type ? { error_type: errors[0].error_type } : {}) };
}

/**
 * Runs `attempt` and records it as a success or, when it throws, a failure (then rethrows). For actions whose
 * refusals matter as much as their successes: logins, connection tests.
 */
export async function audited<T>(request: FastifyRequest, event: AuditEvent, attempt: Promise<T>, onSuccess?: (value: T) => Partial<AuditEvent>): Promise<T> {
  let value: T;
  try {
    value = await attempt;
  } catch (err) {
    await request.audit({ ...event, outcome: 'failure', details: { ...event.details, ...failureDetails(err) } });
    throw err;
  }
  await request.audit({ ...event, ...onSuccess?.(value) });
  return value;
}

/**
 * A login attempt (`via` the API or the web form): the user on success, the attempted username on failure (never
 * the password), with why it failed (401 bad credentials, 429 throttled).
 */
export function auditedLogin<U extends { id: number; username: string }>(request: FastifyRequest, username: string, via: 'api' | 'web', attempt: Promise<U>): Promise<U> {
  return audited(request, { action: 'auth.login', userId: null, username, details: { via } }, attempt, (user) => ({ userId: user.id, username: user.username }));
}
