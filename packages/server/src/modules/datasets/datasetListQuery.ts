import type { ListQuery } from '@tessera/core';
import { badRequest } from '../../app/httpErrors.js';
import { FAB_INT_OPS, FAB_TEXT_OPS, type FabColumnFilter } from '../../metadata-store/fabColumnFilter.js';
import { DATASET_ORDER, type DatasetCriteria, type DatasetFilter, type DatasetMatchColumn, type DatasetScope } from './datasets.repository.js';

/** Superset's DatasetRestApi search columns and their operators (facts §2.0), as its dataset list sends them. */
export const DATASET_FILTERABLE: Record<string, readonly string[]> = {
  table_name: FAB_TEXT_OPS,
  database: ['rel_o_m', 'eq'],
  schema: FAB_TEXT_OPS,
  catalog: FAB_TEXT_OPS,
  sql: ['dataset_is_null_or_empty'],
  id: ['dataset_is_certified', 'in', ...FAB_INT_OPS],
  owners: ['rel_m_m'],
  created_by: ['rel_o_m'],
  changed_by: ['rel_o_m'],
};

const toInt = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;

/** FAB list arguments → criteria. Hook: certification and tag filters join here. */
export function datasetCriteria(q: ListQuery, scope: DatasetScope): DatasetCriteria {
  const filters: DatasetFilter[] = [];
  for (const f of q.filters) {
    const allowed = DATASET_FILTERABLE[f.col];
    if (!allowed) throw badRequest(`Filter column: ${f.col} not allowed to filter`);
    if (!allowed.includes(f.opr)) throw badRequest(`Filter operation: ${f.opr} not allowed on column: ${f.col}`);
    if (f.col === 'table_name' || f.col === 'schema' || f.col === 'catalog') {
      if (typeof f.value !== 'string') throw badRequest({ filters: [`${f.col} expects a string value.`] });
      filters.push({ col: 'match', column: f.col, filter: { opr: f.opr, value: f.value } as FabColumnFilter });
    } else if (f.col === 'id' && (FAB_INT_OPS as readonly string[]).includes(f.opr)) {
      const id = toInt(f.value);
      if (id === null) throw badRequest({ filters: ['id expects an integer.'] });
      filters.push({ col: 'match', column: 'id' satisfies DatasetMatchColumn, filter: { opr: f.opr, value: id } as FabColumnFilter });
    } else if (f.opr === 'dataset_is_certified') {
      filters.push({ col: 'certified', value: f.value === true || f.value === 'true' || f.value === 1 || f.value === '!t' });
    } else if (f.col === 'created_by' || f.col === 'changed_by') {
      const id = toInt(f.value);
      if (id === null) throw badRequest({ filters: [`${f.col} expects an integer id.`] });
      filters.push({ col: f.col, value: id });
    } else if (f.col === 'database') {
      const id = toInt(f.value);
      if (id === null) throw badRequest({ filters: ['database expects an integer id.'] });
      filters.push({ col: 'database_id', value: id });
    } else if (f.col === 'owners') {
      const id = toInt(f.value);
      if (id === null) throw badRequest({ filters: ['owners expects an integer id.'] });
      filters.push({ col: 'owners', value: id });
    } else if (f.col === 'id') {
      const ids = (Array.isArray(f.value) ? f.value : [f.value]).map(toInt);
      if (ids.some((x) => x === null)) throw badRequest({ filters: ['id expects integers.'] });
      filters.push({ col: 'id', value: ids as number[] });
    } else {
      // `sql dataset_is_null_or_empty true` = physical datasets only.
      const physical = f.value === true || f.value === 'true' || f.value === 1;
      filters.push({ col: 'virtual', value: !physical });
    }
  }
  const column = q.order_column ?? 'changed_on_delta_humanized';
  if (!(column in DATASET_ORDER)) throw badRequest({ order_column: [`Must be one of: ${Object.keys(DATASET_ORDER).join(', ')}.`] });
  return {
    filters,
    scope,
    orderBy: column as DatasetCriteria['orderBy'],
    direction: q.order_column ? q.order_direction : 'desc',
    page: q.page,
    pageSize: q.page_size,
  };
}
