import type { ListFilter } from '@tessera/core';

export interface SavedQueryFilterValues {
  search: string;
  databaseId: number | null;
  schema: string | null;
}

export const EMPTY_SAVED_QUERY_FILTERS: SavedQueryFilterValues = { search: '', databaseId: null, schema: null };

/** FAB filters of the saved queries list: free text over name/description/SQL/schema, database, schema. */
export function buildSavedQueryFilters({ search, databaseId, schema }: SavedQueryFilterValues): ListFilter[] {
  const filters: ListFilter[] = [];
  const text = search.trim();
  if (text) filters.push({ col: 'all_text', opr: 'all_text', value: text });
  if (databaseId !== null) filters.push({ col: 'database', opr: 'rel_o_m', value: databaseId });
  if (schema) filters.push({ col: 'schema', opr: 'eq', value: schema });
  return filters;
}
