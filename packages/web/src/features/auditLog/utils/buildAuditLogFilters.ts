import type { AuditOutcome, ListFilter } from '@tessera/core';

export interface AuditLogFilterValues {
  action: string | null;
  /** Part of a username (the actor, or the name a failed login tried). */
  username: string;
  outcome: AuditOutcome | null;
  /** Epoch ms bounds of `created_on` (from, inclusive; until, exclusive). */
  after: number | null;
  before: number | null;
}

export const EMPTY_AUDIT_LOG_FILTERS: AuditLogFilterValues = { action: null, username: '', outcome: null, after: null, before: null };

/** FAB filters of `GET /api/v1/audit_log/`. */
export function buildAuditLogFilters({ action, username, outcome, after, before }: AuditLogFilterValues): ListFilter[] {
  const filters: ListFilter[] = [];
  if (action) filters.push({ col: 'action', opr: 'eq', value: action });
  const name = username.trim();
  if (name) filters.push({ col: 'username', opr: 'ct', value: name });
  if (outcome) filters.push({ col: 'outcome', opr: 'eq', value: outcome });
  if (after !== null) filters.push({ col: 'created_on', opr: 'gt', value: new Date(after).toISOString() });
  if (before !== null) filters.push({ col: 'created_on', opr: 'lt', value: new Date(before).toISOString() });
  return filters;
}
