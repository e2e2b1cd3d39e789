import { AUDIT_LOG_FILTERS, MAX_PAGE_SIZE, type ListFilter, type ListQuery } from '@tessera/core';
import { badRequest } from '../../app/httpErrors.js';
import { AUDIT_LOG_ORDER, type AuditLogCriteria, type AuditLogFilter } from './auditLog.repository.js';

const ALLOWED: Record<string, readonly string[]> = AUDIT_LOG_FILTERS;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** FAB's refusals for a column or operator the list does not offer. */
function checkFilter(f: ListFilter): void {
  const ops = ALLOWED[f.col];
  if (!ops) throw badRequest(`Filter column: ${f.col} not allowed to filter`);
  if (!ops.includes(f.opr)) throw badRequest(`Filter operation: ${f.opr} not allowed on column: ${f.col}`);
}

/** A time bound as the column stores it (ISO-8601 UTC with milliseconds); a time without a zone is UTC. */
function isoBound(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  const zoned = /T.*(Z|[+-]\d{2}:\d{2})$/.test(text) || !text.includes('T') ? text : `${text}Z`;
  const ms = ISO_TIME.test(text) ? Date.parse(zoned) : Number.NaN;
  if (Number.isNaN(ms)) throw badRequest({ filters: ['created_on expects an ISO-8601 date or time, e.g. 2024-05-01T00:00:00Z.'] });
  return new Date(ms).toISOString();
}

function filterOf(f: ListFilter): AuditLogFilter {
  checkFilter(f);
  if (f.col === 'created_on') return { col: 'created_on', opr: f.opr as 'gt' | 'lt', value: isoBound(f.value) };
  if (f.col === 'user_id') {
    const id = typeof f.value === 'number' ? f.value : typeof f.value === 'string' && /^\d+$/.test(f.value) ? Number(f.value) : Number.NaN;
    if (!Number.isSafeInteger(id)) throw badRequest({ filters: ['user_id expects an integer id.'] });
    return { col: 'user_id', value: id };
  }
  if (typeof f.value !== 'string' && typeof f.value !== 'number') throw badRequest({ filters: [`${f.col} expects a string value.`] });
  return { col: f.col as 'action' | 'username' | 'outcome' | 'object_type' | 'object_id', opr: f.opr as 'eq' | 'sw' | 'ct', value: String(f.value) };
}

/**
 * `GET /api/v1/audit_log/?q=...` → repository criteria. Newest first unless an order column is asked for. Every row
 * (`page_size: -1`) is not offered: the log can hold months of rows, so a page is at most MAX_PAGE_SIZE.
 */
export function auditLogCriteria(q: ListQuery): AuditLogCriteria {
  const orderBy = q.order_column ?? 'created_on';
  if (!(orderBy in AUDIT_LOG_ORDER)) throw badRequest({ order_column: [`Must be one of: ${Object.keys(AUDIT_LOG_ORDER).join(', ')}.`] });
  return {
    filters: q.filters.map(filterOf),
    orderBy: orderBy as keyof typeof AUDIT_LOG_ORDER,
    direction: q.order_column ? q.order_direction : 'desc',
    page: q.page,
    pageSize: q.page_size < 0 ? MAX_PAGE_SIZE : q.page_size,
  };
}
