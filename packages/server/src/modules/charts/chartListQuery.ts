import { MAX_ID, type ListQuery, type Principal } from '@tessera/core';
import { badRequest } from '../../app/httpErrors.js';
import { FAB_INT_OPS, FAB_TEXT_OPS, type FabColumnFilter } from '../../metadata-store/fabColumnFilter.js';
import type { DatasetScope } from '../datasets/datasets.repository.js';
import { CHART_ORDER, type ChartCriteria, type ChartFilter, type ChartMatchColumn } from './charts.repository.js';

/** Superset's ChartRestApi search columns and their operators (facts §2.0), as its chart list sends them. */
export const CHART_FILTERABLE: Record<string, readonly string[]> = {
  slice_name: ['chart_all_text', ...FAB_TEXT_OPS],
  id: ['chart_is_favorite', 'chart_is_certified', 'chart_owned_created_favored_by_me', 'in', ...FAB_INT_OPS],
  viz_type: FAB_TEXT_OPS,
  datasource_id: FAB_INT_OPS,
  datasource_type: FAB_TEXT_OPS,
  datasource_name: FAB_TEXT_OPS,
  description: FAB_TEXT_OPS,
  owners: ['rel_m_m'],
  dashboards: ['rel_m_m'],
  created_by: ['rel_o_m', 'chart_created_by_me', 'chart_has_created_by'],
  changed_by: ['rel_o_m'],
  last_saved_by: ['rel_o_m'],
  tags: ['chart_tags', 'chart_tag_id'],
};

/** An id operand: an integer the 32-bit id columns can hold (PostgreSQL refuses a query naming a larger one). */
const toInt = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= -MAX_ID - 1 && n <= MAX_ID ? n : null;
};

const truthy = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1' || v === '!t';

function intFilter(col: string, value: unknown): number {
  const id = toInt(value);
  if (id === null) throw badRequest({ filters: [`${col} expects an integer id.`] });
  return id;
}

function stringFilter(col: string, value: unknown): string {
  if (typeof value !== 'string') throw badRequest({ filters: [`${col} expects a string value.`] });
  return value;
}

/** Columns filtered with FAB's plain operators (sw/ew/ct/eq/nsw/new/nct/neq on strings, eq/gt/lt/neq on integers). */
const CHART_MATCH_COLUMNS: Record<ChartMatchColumn, 'text' | 'int'> = {
  slice_name: 'text',
  viz_type: 'text',
  datasource_type: 'text',
  datasource_name: 'text',
  description: 'text',
  datasource_id: 'int',
  id: 'int',
};

function columnFilter(col: ChartMatchColumn, opr: string, value: unknown): FabColumnFilter {
  const operand = CHART_MATCH_COLUMNS[col] === 'int' ? intFilter(col, value) : stringFilter(col, value);
  return { opr, value: operand } as FabColumnFilter;
}

/** FAB list arguments of `GET /api/v1/chart/` → criteria (facts §2.0 custom chart filters). */
export function chartCriteria(q: ListQuery, principal: Principal, scope: DatasetScope): ChartCriteria {
  const filters: ChartFilter[] = [];
  for (const f of q.filters) {
    const allowed = CHART_FILTERABLE[f.col];
    if (!allowed) throw badRequest(`Filter column: ${f.col} not allowed to filter`);
    if (!allowed.includes(f.opr)) throw badRequest(`Filter operation: ${f.opr} not allowed on column: ${f.col}`);
    if (f.opr === 'chart_all_text') {
      const text = stringFilter(f.col, f.value);
      if (text !== '') filters.push({ col: 'text', value: text });
    } else if (f.opr === 'chart_is_favorite') {
      // Anonymous callers have no favorites: "favorites only" is empty, "not favorite" is everything.
      filters.push({ col: 'favorite', userId: principal.id ?? -1, value: truthy(f.value) });
    } else if (f.opr === 'chart_created_by_me') {
      filters.push({ col: 'created_by', value: principal.id ?? -1 });
    } else if (f.opr === 'chart_is_certified') {
      filters.push({ col: 'certified', value: truthy(f.value) });
    } else if (f.opr === 'chart_owned_created_favored_by_me') {
      if (truthy(f.value)) filters.push({ col: 'mine', userId: principal.id ?? -1 });
    } else if (f.opr === 'chart_has_created_by') {
      filters.push({ col: 'has_creator', value: truthy(f.value) });
    } else if (f.col === 'tags') {
      // Charts carry no tags here: a tag filter with a value matches none, an empty one filters nothing.
      if (f.value !== '' && f.value !== null && !(Array.isArray(f.value) && f.value.length === 0)) filters.push({ col: 'id', value: [] });
    } else if (f.col in CHART_MATCH_COLUMNS && f.opr !== 'in') {
      filters.push({ col: 'match', column: f.col as ChartMatchColumn, filter: columnFilter(f.col as ChartMatchColumn, f.opr, f.value) });
    } else if (f.col === 'changed_by') filters.push({ col: 'changed_by', value: intFilter(f.col, f.value) });
    else if (f.col === 'last_saved_by') filters.push({ col: 'last_saved_by', value: intFilter(f.col, f.value) });
    else if (f.col === 'owners') filters.push({ col: 'owners', value: intFilter(f.col, f.value) });
    else if (f.col === 'dashboards') filters.push({ col: 'dashboards', value: intFilter(f.col, f.value) });
    else if (f.col === 'created_by') filters.push({ col: 'created_by', value: intFilter(f.col, f.value) });
    else {
      const ids = (Array.isArray(f.value) ? f.value : [f.value]).map(toInt);
      if (ids.some((x) => x === null)) throw badRequest({ filters: ['id expects integers.'] });
      filters.push({ col: 'id', value: ids as number[] });
    }
  }
  const column = q.order_column ?? 'changed_on_delta_humanized';
  if (!(column in CHART_ORDER)) throw badRequest({ order_column: [`Must be one of: ${Object.keys(CHART_ORDER).join(', ')}.`] });
  return {
    filters,
    scope,
    orderBy: column as ChartCriteria['orderBy'],
    direction: q.order_column ? q.order_direction : 'desc',
    page: q.page,
    pageSize: q.page_size,
  };
}
