import type { ListQuery } from '@tessera/core';
import { badRequest } from '../../app/httpErrors.js';
import type { DatabaseFilter, DatabaseListCriteria, DatabaseScope } from './databases.repository.js';
import { ORDER_COLUMNS } from './databaseViews.js';

const FILTERABLE: Record<string, readonly string[]> = {
  database_name: ['ct', 'eq', 'sw'],
  expose_in_sqllab: ['eq'],
  allow_file_upload: ['eq'],
  id: ['eq', 'in'],
};

/** Rison sends booleans as !t/!f; forms and older clients send 'true'/1. */
function toBool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 'true' || value === '1') return true;
  if (value === 0 || value === 'false' || value === '0') return false;
  return null;
}

function toIds(value: unknown): number[] | null {
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
  return ids.every((v): v is number => typeof v === 'number' && Number.isInteger(v)) ? ids : null;
}

/** FAB's list arguments → repository criteria; unknown columns and operators are the caller's mistake (400, FAB's messages). */
export function databaseListCriteria(q: ListQuery, scope: DatabaseScope): DatabaseListCriteria {
  const filters: DatabaseFilter[] = [];
  for (const f of q.filters) {
    const allowed = FILTERABLE[f.col];
    if (!allowed) throw badRequest(`Filter column: ${f.col} not allowed to filter`);
    if (!allowed.includes(f.opr)) throw badRequest(`Filter operation: ${f.opr} not allowed on column: ${f.col}`);
    if (f.col === 'database_name') {
      if (typeof f.value !== 'string') throw badRequest({ filters: ['database_name expects a string value.'] });
      filters.push({ col: 'database_name', opr: f.opr as 'ct' | 'eq' | 'sw', value: f.value });
    } else if (f.col === 'id') {
      const ids = toIds(f.value);
      if (!ids) throw badRequest({ filters: ['id expects an integer or a list of integers.'] });
      filters.push({ col: 'id', opr: 'in', value: ids });
    } else {
      const value = toBool(f.value);
      if (value === null) throw badRequest({ filters: [`${f.col} expects a boolean value.`] });
      filters.push({ col: f.col as 'expose_in_sqllab' | 'allow_file_upload', opr: 'eq', value });
    }
  }
  const column = q.order_column ?? 'changed_on_delta_humanized';
  if (!(ORDER_COLUMNS as readonly string[]).includes(column)) {
    throw badRequest({ order_column: [`Must be one of: ${ORDER_COLUMNS.join(', ')}.`] });
  }
  // The humanized delta sorts as the timestamp it is derived from.
  const orderBy = column === 'changed_on_delta_humanized' ? 'changed_on' : (column as DatabaseListCriteria['orderBy']);
  const direction = q.order_column ? q.order_direction : 'desc';
  return { filters, scope, orderBy, direction, page: q.page, pageSize: q.page_size };
}
