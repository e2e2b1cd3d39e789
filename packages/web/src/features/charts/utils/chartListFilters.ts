import type { ListFilter } from '@tessera/core';
import type { ListTableState } from '../../../ui/ListTable';
import { intParam, parseTableParams, parseViewParam, writeTableAndView, type ListViewMode } from '../../../ui/listAddress';
import { yesNoParam } from '../../../ui/YesNoSelect';

export type ChartViewMode = ListViewMode;

/** What the user picked in the filter bar of the charts list. */
export interface ChartFilterValues {
  search: string;
  ownerId: number | null;
  vizType: string | null;
  datasetId: number | null;
  dashboardId: number | null;
  /** `null`: any; `true`: starred only; `false`: not starred. */
  favorite: boolean | null;
  /** `null`: any; `true`: certified only; `false`: not certified. */
  certified: boolean | null;
  /** Who last changed the chart (Superset's "Modified by"). */
  changedById: number | null;
}

export const EMPTY_CHART_FILTERS: ChartFilterValues = {
  search: '',
  ownerId: null,
  vizType: null,
  datasetId: null,
  dashboardId: null,
  favorite: null,
  certified: null,
  changedById: null,
};

export const DEFAULT_CHART_TABLE: ListTableState = {
  page: 0,
  pageSize: 25,
  sortColumn: 'changed_on_delta_humanized',
  sortDirection: 'desc',
};

/** The datasets behind the Dataset filter (also tells the empty state whether any dataset is readable). */
export const DATASET_OPTIONS_QUERY = { order_column: 'table_name', order_direction: 'asc', page: 0, page_size: 100 } as const;

/** FAB filters of `GET /api/v1/chart/` (facts §2.0 custom operators). */
export function buildChartFilters(values: ChartFilterValues): ListFilter[] {
  const filters: ListFilter[] = [];
  const text = values.search.trim();
  if (text) filters.push({ col: 'slice_name', opr: 'chart_all_text', value: text });
  if (values.ownerId !== null) filters.push({ col: 'owners', opr: 'rel_m_m', value: values.ownerId });
  if (values.vizType) filters.push({ col: 'viz_type', opr: 'eq', value: values.vizType });
  if (values.datasetId !== null) filters.push({ col: 'datasource_id', opr: 'eq', value: values.datasetId });
  if (values.dashboardId !== null) filters.push({ col: 'dashboards', opr: 'rel_m_m', value: values.dashboardId });
  if (values.favorite !== null) filters.push({ col: 'id', opr: 'chart_is_favorite', value: values.favorite });
  if (values.certified !== null) filters.push({ col: 'id', opr: 'chart_is_certified', value: values.certified });
  if (values.changedById !== null) filters.push({ col: 'changed_by', opr: 'rel_o_m', value: values.changedById });
  return filters;
}

/** The whole list state: filters, sort, page and view mode. Kept in the address so a reload or a shared link keeps it. */
export interface ChartListState {
  filters: ChartFilterValues;
  table: ListTableState;
  view: ChartViewMode;
}


export function parseChartListParams(params: URLSearchParams): ChartListState {
  return {
    filters: {
      search: params.get('search') ?? '',
      ownerId: intParam(params.get('owner')),
      vizType: params.get('viz_type') || null,
      datasetId: intParam(params.get('dataset')),
      dashboardId: intParam(params.get('dashboard')),
      favorite: yesNoParam(params.get('favorite')),
      certified: yesNoParam(params.get('certified')),
      changedById: intParam(params.get('changed_by')),
    },
    table: parseTableParams(params, DEFAULT_CHART_TABLE),
    view: parseViewParam(params),
  };
}

/** Only what differs from the defaults goes into the address. */
export function chartListSearchParams({ filters, table, view }: ChartListState): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.ownerId !== null) params.set('owner', String(filters.ownerId));
  if (filters.vizType) params.set('viz_type', filters.vizType);
  if (filters.datasetId !== null) params.set('dataset', String(filters.datasetId));
  if (filters.dashboardId !== null) params.set('dashboard', String(filters.dashboardId));
  if (filters.favorite !== null) params.set('favorite', String(filters.favorite));
  if (filters.certified !== null) params.set('certified', String(filters.certified));
  if (filters.changedById !== null) params.set('changed_by', String(filters.changedById));
  return writeTableAndView(params, table, view, DEFAULT_CHART_TABLE);
}
