/** The filters bench's dashboard: 20 charts on `flights` (1,000,000 rows) in a grid, and its two native filters. */
import { BENCH_CHARTS } from '../dashboard/benchCharts.js';
import type { Api } from '../dashboard/benchSetup.js';

export const TITLE = 'Bench: 20 charts and filters';
export const VALUE_FILTER_ID = 'NATIVE_FILTER-bench-origin';
export const TIME_FILTER_ID = 'NATIVE_FILTER-bench-time';
const PER_ROW = 4;

function gridLayout(chartIds: number[]): Record<string, unknown> {
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: TITLE } },
  };
  const rows: string[] = [];
  for (let r = 0; r * PER_ROW < chartIds.length; r += 1) {
    const row = `ROW-${r}`;
    const ids = chartIds.slice(r * PER_ROW, (r + 1) * PER_ROW);
    const keys = ids.map((_, i) => `CHART-${r}-${i}`);
    rows.push(row);
    layout[row] = { id: row, type: 'ROW', children: keys, parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } };
    ids.forEach((chartId, i) => {
      layout[keys[i]!] = { id: keys[i], type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', row], meta: { chartId, width: 12 / PER_ROW, height: 50 } };
    });
  }
  layout.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: rows, parents: ['ROOT_ID'] };
  return layout;
}

/** A value filter on flights.origin (single select) and a time range filter, both in scope of every chart. */
export function benchFilters(datasetId: number, chartIds: number[]) {
  const common = {
    type: 'NATIVE_FILTER',
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    chartsInScope: chartIds,
    tabsInScope: [],
    defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
    description: '',
  };
  return [
    {
      ...common,
      id: VALUE_FILTER_ID,
      name: 'Origin',
      filterType: 'filter_select',
      targets: [{ datasetId, column: { name: 'origin' } }],
      controlValues: { multiSelect: false, enableEmptyFilter: false, defaultToFirstItem: false, inverseSelection: false, searchAllOptions: false },
    },
    { ...common, id: TIME_FILTER_ID, name: 'Time range', filterType: 'filter_time', targets: [{}], controlValues: { enableEmptyFilter: false } },
  ];
}

/** The dashboard, its 20 charts (the bench dashboard's flights charts) and its filters, through the API. */
export async function createFilterDashboard(api: Api): Promise<{ id: number; chartIds: number[]; flightsId: number; databaseId: number; schema: string | null }> {
  const datasets = await api('GET', `/api/v1/dataset/?q=${encodeURIComponent('(page_size:100)')}`);
  const flights = (datasets.result as { id: number; table_name: string }[]).find((d) => d.table_name === 'flights');
  if (!flights) throw new Error('no flights dataset');
  const shown = await api('GET', `/api/v1/dataset/${flights.id}`);
  const dashboard = await api('POST', '/api/v1/dashboard/', { dashboard_title: TITLE, published: true });
  const chartIds: number[] = [];
  for (const spec of BENCH_CHARTS.filter((c) => c.table === 'flights').slice(0, 20)) {
    const created = await api('POST', '/api/v1/chart/', {
      slice_name: spec.name,
      viz_type: spec.vizType,
      datasource_id: flights.id,
      datasource_type: 'table',
      params: JSON.stringify({ ...spec.params, datasource: `${flights.id}__table`, granularity_sqla: 'ds' }),
      dashboards: [dashboard.id],
    });
    chartIds.push(created.id as number);
  }
  await api('PUT', `/api/v1/dashboard/${dashboard.id}`, { dashboard_title: TITLE, published: true, position_json: JSON.stringify(gridLayout(chartIds)) });
  await api('PUT', `/api/v1/dashboard/${dashboard.id}/filters`, { modified: benchFilters(flights.id, chartIds), deleted: [], reordered: [] });
  const result = shown.result as { database: { id: number }; schema: string | null };
  return { id: dashboard.id as number, chartIds, flightsId: flights.id, databaseId: result.database.id, schema: result.schema };
}
