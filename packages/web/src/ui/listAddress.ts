import type { ListTableState, SortDirection } from './ListTable';

/** The list pages' address state (filters, sort, page, view): parsing and writing what every list shares. */

export type ListViewMode = 'list' | 'card';

export const intParam = (raw: string | null): number | null => (raw !== null && /^\d+$/.test(raw) ? Number(raw) : null);

/** Sort and page from the address, the defaults for what is missing or wrong; a page size above `maxPageSize` is capped. */
export function parseTableParams(params: URLSearchParams, defaults: ListTableState, maxPageSize = Number.POSITIVE_INFINITY): ListTableState {
  const direction = params.get('order_direction');
  const pageSize = intParam(params.get('page_size'));
  return {
    page: intParam(params.get('page')) ?? defaults.page,
    pageSize: pageSize && pageSize > 0 ? Math.min(pageSize, maxPageSize) : defaults.pageSize,
    sortColumn: params.get('order_column') ?? defaults.sortColumn,
    sortDirection: direction === 'asc' || direction === 'desc' ? (direction as SortDirection) : defaults.sortDirection,
  };
}

export const parseViewParam = (params: URLSearchParams): ListViewMode => (params.get('view') === 'card' ? 'card' : 'list');

/** Only what differs from the defaults goes into the address (after the filters, so links keep their order). */
export function writeTableAndView(params: URLSearchParams, table: ListTableState, view: ListViewMode, defaults: ListTableState): URLSearchParams {
  if (table.sortColumn && table.sortColumn !== defaults.sortColumn) params.set('order_column', table.sortColumn);
  if (table.sortDirection && table.sortDirection !== defaults.sortDirection) params.set('order_direction', table.sortDirection);
  if (table.page !== 0) params.set('page', String(table.page));
  if (table.pageSize !== defaults.pageSize) params.set('page_size', String(table.pageSize));
  if (view === 'card') params.set('view', 'card');
  return params;
}
