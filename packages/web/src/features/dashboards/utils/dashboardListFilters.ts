import type { ListFilter } from '@tessera/core';
import type { ListTableState } from '../../../ui/ListTable';
import { intParam, parseTableParams, parseViewParam, writeTableAndView, type ListViewMode } from '../../../ui/listAddress';
import { yesNoParam } from '../../../ui/YesNoSelect';

export type DashboardViewMode = ListViewMode;

/** What the user picked in the filter bar of the dashboards list (Superset's DashboardList filters). */
export interface DashboardFilterValues {
  search: string;
  ownerId: number | null;
  /** Who last changed the dashboard (Superset's "Modified by"). */
  changedById: number | null;
  /** `null`: any; `true`: published; `false`: draft. */
  published: boolean | null;
  /** `null`: any; `true`: starred only; `false`: not starred. */
  favorite: boolean | null;
  /** `null`: any; `true`: certified only; `false`: not certified. */
  certified: boolean | null;
}

export const EMPTY_DASHBOARD_FILTERS: DashboardFilterValues = {
  search: '',
  ownerId: null,
  changedById: null,
  published: null,
  favorite: null,
  certified: null,
};

export const DEFAULT_DASHBOARD_TABLE: ListTableState = {
  page: 0,
  pageSize: 25,
  sortColumn: 'changed_on_delta_humanized',
  sortDirection: 'desc',
};

/** FAB filters of `GET /api/v1/dashboard/` as Superset's list sends them (facts §2.0 custom operators). */
export function buildDashboardFilters(values: DashboardFilterValues): ListFilter[] {
  const filters: ListFilter[] = [];
  const text = values.search.trim();
  if (text) filters.push({ col: 'dashboard_title', opr: 'title_or_slug', value: text });
  if (values.ownerId !== null) filters.push({ col: 'owners', opr: 'rel_m_m', value: values.ownerId });
  if (values.changedById !== null) filters.push({ col: 'changed_by', opr: 'rel_o_m', value: values.changedById });
  if (values.published !== null) filters.push({ col: 'published', opr: 'eq', value: values.published });
  if (values.favorite !== null) filters.push({ col: 'id', opr: 'dashboard_is_favorite', value: values.favorite });
  if (values.certified !== null) filters.push({ col: 'id', opr: 'dashboard_is_certified', value: values.certified });
  return filters;
}

/** The whole list state: filters, sort, page and view mode. Kept in the address so a reload or a shared link keeps it. */
export interface DashboardListState {
  filters: DashboardFilterValues;
  table: ListTableState;
  view: DashboardViewMode;
}

const statusParam = (raw: string | null): boolean | null => (raw === 'published' ? true : raw === 'draft' ? false : null);

export function parseDashboardListParams(params: URLSearchParams): DashboardListState {
  return {
    filters: {
      search: params.get('search') ?? '',
      ownerId: intParam(params.get('owner')),
      changedById: intParam(params.get('changed_by')),
      published: statusParam(params.get('status')),
      favorite: yesNoParam(params.get('favorite')),
      certified: yesNoParam(params.get('certified')),
    },
    table: parseTableParams(params, DEFAULT_DASHBOARD_TABLE, 100),
    view: parseViewParam(params),
  };
}

/** Only what differs from the defaults goes into the address. */
export function dashboardListSearchParams({ filters, table, view }: DashboardListState): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.ownerId !== null) params.set('owner', String(filters.ownerId));
  if (filters.changedById !== null) params.set('changed_by', String(filters.changedById));
  if (filters.published !== null) params.set('status', filters.published ? 'published' : 'draft');
  if (filters.favorite !== null) params.set('favorite', String(filters.favorite));
  if (filters.certified !== null) params.set('certified', String(filters.certified));
  return writeTableAndView(params, table, view, DEFAULT_DASHBOARD_TABLE);
}
