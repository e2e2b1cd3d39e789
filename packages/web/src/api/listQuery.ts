import rison from 'rison';
import type { ListFilter, ListQuery } from '@tessera/core';

/** A FAB list request; omitted fields take the server defaults. */
export type ListParams = Partial<ListQuery>;

/** Rison text of a FAB list query, e.g. `(filters:!((col:database_name,opr:ct,value:x)),page:0,page_size:25)`. */
export function encodeListQuery(params: ListParams): string {
  const query: Record<string, unknown> = {};
  if (params.filters && params.filters.length > 0) query.filters = params.filters;
  for (const key of ['order_column', 'order_direction', 'page', 'page_size', 'columns', 'keys', 'select_columns'] as const) {
    if (params[key] !== undefined) query[key] = params[key];
  }
  return rison.encode(query);
}

export function containsFilter(col: string, value: string): ListFilter[] {
  const trimmed = value.trim();
  return trimmed ? [{ col, opr: 'ct', value: trimmed }] : [];
}
