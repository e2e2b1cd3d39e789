import type { ListFilter } from '@tessera/core';
import type { ListTableState, SortDirection } from '../../../ui/ListTable';
import { yesNoParam } from '../../../ui/YesNoSelect';

export type DatasetKind = 'physical' | 'virtual';

export interface DatasetFilterValues {
  search: string;
  databaseId: number | null;
  schema: string | null;
  ownerId: number | null;
  kind: DatasetKind | null;
  /** `null`: any; `true`: certified only; `false`: not certified. */
  certified: boolean | null;
  /** Who last changed the dataset (Superset's "Modified by"). */
  changedById: number | null;
}

export const EMPTY_DATASET_FILTERS: DatasetFilterValues = {
  search: '',
  databaseId: null,
  schema: null,
  ownerId: null,
  kind: null,
  certified: null,
  changedById: null,
};

export const DEFAULT_DATASET_TABLE: ListTableState = {
  page: 0,
  pageSize: 25,
  sortColumn: 'changed_on_delta_humanized',
  sortDirection: 'desc',
};

/** FAB filters of `GET /api/v1/dataset/`; the type filter is Superset's `sql dataset_is_null_or_empty` (true = physical). */
export function buildDatasetFilters(values: DatasetFilterValues): ListFilter[] {
  const filters: ListFilter[] = [];
  const text = values.search.trim();
  if (text) filters.push({ col: 'table_name', opr: 'ct', value: text });
  if (values.databaseId !== null) filters.push({ col: 'database', opr: 'rel_o_m', value: values.databaseId });
  if (values.schema) filters.push({ col: 'schema', opr: 'eq', value: values.schema });
  if (values.ownerId !== null) filters.push({ col: 'owners', opr: 'rel_m_m', value: values.ownerId });
  if (values.kind) filters.push({ col: 'sql', opr: 'dataset_is_null_or_empty', value: values.kind === 'physical' });
  if (values.certified !== null) filters.push({ col: 'id', opr: 'dataset_is_certified', value: values.certified });
  if (values.changedById !== null) filters.push({ col: 'changed_by', opr: 'rel_o_m', value: values.changedById });
  return filters;
}

export interface DatasetListState {
  filters: DatasetFilterValues;
  table: ListTableState;
}

const intParam = (raw: string | null): number | null => (raw !== null && /^\d+$/.test(raw) ? Number(raw) : null);

export function parseDatasetListParams(params: URLSearchParams): DatasetListState {
  const kind = params.get('type');
  const direction = params.get('order_direction');
  const pageSize = intParam(params.get('page_size'));
  return {
    filters: {
      search: params.get('search') ?? '',
      databaseId: intParam(params.get('database')),
      schema: params.get('schema') || null,
      ownerId: intParam(params.get('owner')),
      kind: kind === 'physical' || kind === 'virtual' ? kind : null,
      certified: yesNoParam(params.get('certified')),
      changedById: intParam(params.get('changed_by')),
    },
    table: {
      page: intParam(params.get('page')) ?? 0,
      pageSize: pageSize && pageSize > 0 ? pageSize : DEFAULT_DATASET_TABLE.pageSize,
      sortColumn: params.get('order_column') ?? DEFAULT_DATASET_TABLE.sortColumn,
      sortDirection: direction === 'asc' || direction === 'desc' ? (direction as SortDirection) : DEFAULT_DATASET_TABLE.sortDirection,
    },
  };
}

/** Only what differs from the defaults goes into the address. */
export function datasetListSearchParams({ filters, table }: DatasetListState): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.databaseId !== null) params.set('database', String(filters.databaseId));
  if (filters.schema) params.set('schema', filters.schema);
  if (filters.ownerId !== null) params.set('owner', String(filters.ownerId));
  if (filters.kind) params.set('type', filters.kind);
  if (filters.certified !== null) params.set('certified', String(filters.certified));
  if (filters.changedById !== null) params.set('changed_by', String(filters.changedById));
  if (table.sortColumn && table.sortColumn !== DEFAULT_DATASET_TABLE.sortColumn) params.set('order_column', table.sortColumn);
  if (table.sortDirection && table.sortDirection !== DEFAULT_DATASET_TABLE.sortDirection) params.set('order_direction', table.sortDirection);
  if (table.page !== 0) params.set('page', String(table.page));
  if (table.pageSize !== DEFAULT_DATASET_TABLE.pageSize) params.set('page_size', String(table.pageSize));
  return params;
}
