import { MAX_ID, type ListQuery } from '@tessera/core';
import { badRequest } from '../../app/httpErrors.js';
import { FAB_TEXT_OPS, type FabColumnFilter } from '../../metadata-store/fabColumnFilter.js';
import { RLS_ORDER, type RlsCriteria, type RlsFilter, type RlsTextColumn } from './rowLevelSecurity.repository.js';

/** Superset's RLSRestApi search columns with the operators FAB gives them (text, many-to-many, one-to-many). */
export const RLS_FILTERABLE: Record<string, readonly string[]> = {
  name: FAB_TEXT_OPS,
  description: FAB_TEXT_OPS,
  filter_type: FAB_TEXT_OPS,
  tables: ['rel_m_m'],
  roles: ['rel_m_m'],
  group_key: FAB_TEXT_OPS,
  clause: FAB_TEXT_OPS,
  created_by: ['rel_o_m'],
  changed_by: ['rel_o_m'],
};

/** Superset's order_columns of the list. */
export const RLS_ORDER_COLUMNS = ['name', 'filter_type', 'clause', 'changed_on_delta_humanized', 'group_key'];

const TEXT_COLUMNS = new Set<string>(['name', 'description', 'filter_type', 'group_key', 'clause']);

/** An id operand the 32-bit id columns can hold (PostgreSQL refuses a query naming a larger one). */
function idOf(col: string, v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_ID) throw badRequest({ filters: [`${col} expects an integer id.`] });
  return n;
}

/** `GET /api/v1/rowlevelsecurity/?q=...` → repository criteria; FAB's refusals for what the list does not offer. */
export function rlsCriteria(q: ListQuery): RlsCriteria {
  const filters: RlsFilter[] = [];
  for (const f of q.filters) {
    const ops = RLS_FILTERABLE[f.col];
    if (!ops) throw badRequest(`Filter column: ${f.col} not allowed to filter`);
    if (!ops.includes(f.opr)) throw badRequest(`Filter operation: ${f.opr} not allowed on column: ${f.col}`);
    if (TEXT_COLUMNS.has(f.col)) {
      if (typeof f.value !== 'string') throw badRequest({ filters: [`${f.col} expects a string value.`] });
      filters.push({ col: f.col as RlsTextColumn, match: { opr: f.opr, value: f.value } as FabColumnFilter });
    } else if (f.col === 'tables' || f.col === 'roles') {
      filters.push({ col: f.col, value: idOf(f.col, f.value) });
    } else {
      filters.push({ col: f.col === 'created_by' ? 'created_by_fk' : 'changed_by_fk', value: idOf(f.col, f.value) });
    }
  }
  const column = q.order_column ?? 'id';
  if (!(column in RLS_ORDER)) throw badRequest({ order_column: [`Must be one of: ${RLS_ORDER_COLUMNS.join(', ')}.`] });
  return { filters, orderBy: column as keyof typeof RLS_ORDER, direction: q.order_direction, page: q.page, pageSize: q.page_size };
}
