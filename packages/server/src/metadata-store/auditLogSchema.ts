import type { Generated } from 'kysely';

/** One security-relevant action (migration 0010). `details` is JSON text without secrets. */
export interface AuditLogTable {
  id: Generated<number>;
  created_on: string;
  user_id: number | null;
  username: string;
  action: string;
  object_type: string | null;
  object_id: string | null;
  ip: string | null;
  user_agent: string | null;
  /** 'success' or 'failure'. */
  outcome: string;
  details: string | null;
}

export interface AuditLogSchema {
  audit_log: AuditLogTable;
}
