import type { FastifyBaseLogger } from 'fastify';
import type { AuditAction, AuditLogRecord, AuditOutcome, ListQuery } from '@tessera/core';
import { notFound } from '../../app/httpErrors.js';
import { auditDetailsText } from './auditDetails.js';
import { auditLogCriteria } from './auditListQuery.js';
import type { AuditLogRepository, AuditLogRow } from './auditLog.repository.js';

/** One action to record. Inside a request, `request.audit(event)` fills the actor, address and user agent. */
export interface AuditEvent {
  action: AuditAction;
  /** Defaults to 'success'. */
  outcome?: AuditOutcome;
  /** Who acted; null for nobody signed in. */
  userId?: number | null;
  /** The actor's name, or the name a failed login attempted. */
  username?: string;
  objectType?: string | null;
  objectId?: string | number | null;
  ip?: string | null;
  userAgent?: string | null;
  /** A few facts, never secrets (a last guard masks secret-named keys and connection passwords). */
  details?: Record<string, unknown> | null;
}

const DAY_MS = 24 * 3600_000;
const cut = (text: string | null | undefined, max: number): string | null => (text == null ? null : text.length > max ? text.slice(0, max) : text);

function toRecord(row: AuditLogRow): AuditLogRecord {
  let details: Record<string, unknown> | null;
  try {
    details = row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null;
  } catch {
    details = { unreadable: true };
  }
  return {
    id: row.id,
    created_on: row.created_on,
    user_id: row.user_id,
    username: row.username,
    action: row.action,
    object_type: row.object_type,
    object_id: row.object_id,
    ip: row.ip,
    user_agent: row.user_agent,
    outcome: row.outcome === 'failure' ? 'failure' : 'success',
    details,
  };
}

/** Records security-relevant actions and reads them back for admins. */
export class AuditLogService {
  constructor(
    private readonly repo: AuditLogRepository,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Stores one event. Never throws: an audit write that fails (database down, a bug here) must not turn the
   * action it describes into an error for the caller, so the failure is logged instead.
   */
  async record(event: AuditEvent): Promise<void> {
    try {
      const row = {
        created_on: this.now().toISOString(),
        user_id: event.userId ?? null,
        username: cut(event.username ?? '', 256) ?? '',
        action: event.action,
        object_type: cut(event.objectType, 64),
        object_id: cut(event.objectId == null ? null : String(event.objectId), 64),
        ip: cut(event.ip, 64),
        user_agent: cut(event.userAgent, 256),
        outcome: event.outcome ?? 'success',
        details: auditDetailsText(event.details),
      };
      await this.repo.insert(row);
      // Also in the process log, for shipping to a log store the metadata database's admins cannot edit.
      this.log.info({ audit: { action: row.action, outcome: row.outcome, user: row.username, object: row.object_id } }, 'audit');
    } catch (err) {
      this.log.error({ err, action: event.action }, 'could not write the audit log');
    }
  }

  async list(q: ListQuery): Promise<{ rows: AuditLogRecord[]; count: number }> {
    const { rows, count } = await this.repo.list(auditLogCriteria(q));
    return { rows: rows.map(toRecord), count };
  }

  async get(id: number): Promise<AuditLogRecord> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound();
    return toRecord(row);
  }

  /** Deletes rows older than `retentionDays` (0 keeps everything); returns how many went. */
  async prune(retentionDays: number): Promise<number> {
    if (retentionDays <= 0) return 0;
    return this.repo.deleteOlderThan(new Date(this.now().getTime() - retentionDays * DAY_MS).toISOString());
  }
}
