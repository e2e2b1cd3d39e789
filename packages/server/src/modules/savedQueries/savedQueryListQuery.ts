import type { ListQuery } from '@tessera/core';
import { badRequest } from '../../app/httpErrors.js';
import { SAVED_QUERY_ORDER, type SavedQueryCriteria, type SavedQueryFilter } from './savedQueries.repository.js';

const FILTERABLE: Record<string, readonly string[]> = {
  label: ['ct', 'eq', 'sw'],
  description: ['ct', 'eq', 'sw'],
  sql: ['ct', 'eq', 'sw'],
  all_text: ['all_text', 'ct'],
  database: ['rel_o_m', 'eq'],
  schema: ['eq'],
  created_by: ['rel_o_m', 'eq'],
  // The list page sends its favourites filter on `id` (Superset's SavedQueryFavoriteFilter).
  id: ['in', 'eq', 'saved_query_is_fav'],
};

const toInt = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;

/** FAB list arguments → repository criteria (facts §2.0; saved-query filters of facts §2.1). */
export function savedQueryCriteria(q: ListQuery, ownerId: number | null): SavedQueryCriteria {
  const filters: SavedQueryFilter[] = [];
  for (const f of q.filters) {
    const allowed = FILTERABLE[f.col];
    if (!allowed) throw badRequest(`Filter column: ${f.col} not allowed to filter`);
    if (!allowed.includes(f.opr)) throw badRequest(`Filter operation: ${f.opr} not allowed on column: ${f.col}`);
    if (f.opr === 'saved_query_is_fav') {
      // Favourites are not stored yet: "only favourites" is empty, "not favourites" is everything.
      if (f.value === true || f.value === 'true' || f.value === 1) filters.push({ col: 'none' });
      continue;
    }
    if (f.col === 'database' || f.col === 'created_by') {
      const id = toInt(f.value);
      if (id === null) throw badRequest({ filters: [`${f.col} expects an integer id.`] });
      filters.push({ col: f.col === 'database' ? 'db_id' : 'created_by_fk', value: id });
    } else if (f.col === 'id') {
      const ids = (Array.isArray(f.value) ? f.value : [f.value]).map(toInt);
      if (ids.some((x) => x === null)) throw badRequest({ filters: ['id expects integers.'] });
      filters.push({ col: 'id', value: ids as number[] });
    } else {
      if (typeof f.value !== 'string') throw badRequest({ filters: [`${f.col} expects a string value.`] });
      if (f.col === 'all_text') filters.push({ col: 'all_text', value: f.value });
      else if (f.col === 'schema') filters.push({ col: 'schema', value: f.value });
      else filters.push({ col: f.col as 'label' | 'description' | 'sql', opr: f.opr as 'ct' | 'eq' | 'sw', value: f.value });
    }
  }
  const column = q.order_column ?? 'changed_on_delta_humanized';
  if (!(column in SAVED_QUERY_ORDER)) throw badRequest({ order_column: [`Must be one of: ${Object.keys(SAVED_QUERY_ORDER).join(', ')}.`] });
  return {
    filters,
    ownerId,
    orderBy: column as SavedQueryCriteria['orderBy'],
    direction: q.order_column ? q.order_direction : 'desc',
    page: q.page,
    pageSize: q.page_size,
  };
}
