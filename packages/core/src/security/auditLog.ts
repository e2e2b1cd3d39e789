/**
 * The audit log of security-relevant actions (`GET /api/v1/audit_log/`, admins only). Actions are `<object>.<verb>`;
 * modules record them through the server's audit service (`request.audit({...})`), the admin page filters by them.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.logout',
  'auth.token_refresh',
  'user.create',
  'user.update',
  'user.delete',
  'user.roles_change',
  'user.password_change',
  'role.create',
  'role.update',
  'role.delete',
  'role.permissions_change',
  'database.create',
  'database.update',
  'database.delete',
  'database.test_connection',
  'rls.create',
  'rls.update',
  'rls.delete',
  'guest_token.issue',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** One row of the audit log as the API answers it. */
export interface AuditLogRecord {
  id: number;
  /** ISO-8601 UTC. */
  created_on: string;
  /** Who acted; null for an anonymous caller (a failed login names the attempted username only). */
  user_id: number | null;
  username: string;
  /** An AuditAction; typed as text since rows written by a newer version may carry actions this one lacks. */
  action: string;
  object_type: string | null;
  object_id: string | null;
  ip: string | null;
  user_agent: string | null;
  outcome: AuditOutcome;
  /** Small, secret-free facts about the action (never passwords, tokens or connection passwords). */
  details: Record<string, unknown> | null;
}

/** Columns of the list's rison `filters`, each with the operators it accepts. */
export const AUDIT_LOG_FILTERS = {
  action: ['eq', 'sw'],
  username: ['eq', 'ct'],
  user_id: ['eq'],
  outcome: ['eq'],
  object_type: ['eq'],
  object_id: ['eq'],
  /** A time range: `gt` from, `lt` until (ISO-8601; without a zone, UTC). */
  created_on: ['gt', 'lt'],
} as const satisfies Record<string, readonly string[]>;

export const AUDIT_LOG_ORDER_COLUMNS = ['created_on', 'id', 'action', 'username', 'outcome'] as const;
