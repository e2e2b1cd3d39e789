import type { ListFilter } from '@tessera/core';

export interface QueryHistoryFilterValues {
  databaseId: number | null;
  status: string | null;
  search: string;
  /** Epoch ms bounds of `start_time` (exclusive, as FAB's gt / lt). */
  startAfter: number | null;
  startBefore: number | null;
}

export const EMPTY_QUERY_HISTORY_FILTERS: QueryHistoryFilterValues = {
  databaseId: null,
  status: null,
  search: '',
  startAfter: null,
  startBefore: null,
};

/** FAB filters of `GET /api/v1/query/`: database, state, SQL text, start time range. */
export function buildQueryHistoryFilters({ databaseId, status, search, startAfter, startBefore }: QueryHistoryFilterValues): ListFilter[] {
  const filters: ListFilter[] = [];
  if (databaseId !== null) filters.push({ col: 'database', opr: 'rel_o_m', value: databaseId });
  if (status) filters.push({ col: 'status', opr: 'eq', value: status });
  const text = search.trim();
  if (text) filters.push({ col: 'sql', opr: 'ct', value: text });
  if (startAfter !== null) filters.push({ col: 'start_time', opr: 'gt', value: startAfter });
  if (startBefore !== null) filters.push({ col: 'start_time', opr: 'lt', value: startBefore });
  return filters;
}
