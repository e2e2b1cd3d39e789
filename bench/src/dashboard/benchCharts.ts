/**
 * The bench dashboard: 50 charts of mixed types on the examples, half on `flights` (1,000,000 rows), the rest on
 * birth_names, cleaned_sales_data, wb_health_population and energy_usage; 40 in the first tab, 10 in a second.
 * Every chart asks a different question, so no answer is another's cached one.
 */

type Metric = { expressionType: 'SQL'; sqlExpression: string; label: string };
const m = (sqlExpression: string, label: string): Metric => ({ expressionType: 'SQL', sqlExpression, label });

export interface BenchChart {
  name: string;
  table: string;
  vizType: string;
  params: Record<string, unknown>;
}

const COMMON = { adhoc_filters: [], time_range: 'No filter', row_limit: 1000 };
const table = (groupby: string[], metrics: Metric[]) => ({ viz_type: 'table', query_mode: 'aggregate', groupby, metrics, ...COMMON });
const bigNumber = (metric: Metric, where?: string) => ({
  viz_type: 'big_number_total',
  metric,
  ...COMMON,
  ...(where ? { adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: where }] } : {}),
});
const line = (x: string, grain: string, metrics: Metric[], groupby: string[] = []) => ({
  viz_type: 'echarts_timeseries_line',
  x_axis: x,
  time_grain_sqla: grain,
  metrics,
  groupby,
  ...COMMON,
});
const bar = (x: string, grain: string, metrics: Metric[], groupby: string[] = []) => ({ ...line(x, grain, metrics, groupby), viz_type: 'echarts_timeseries_bar' });
const pie = (groupby: string[], metric: Metric) => ({ viz_type: 'pie', groupby, metric, ...COMMON, row_limit: 100 });
const pivot = (rows: string[], columns: string[], metrics: Metric[]) => ({
  viz_type: 'pivot_table_v2',
  groupbyRows: rows,
  groupbyColumns: columns,
  metrics,
  aggregateFunction: 'Sum',
  rowTotals: true,
  colTotals: true,
  ...COMMON,
});

const count = m('COUNT(*)', 'count');
const avgDep = m('AVG(dep_delay)', 'avg_dep_delay');
const avgArr = m('AVG(arr_delay)', 'avg_arr_delay');
const sumDist = m('SUM(distance)', 'total_distance');
const cancelled = m('SUM(CASE WHEN cancelled THEN 1 ELSE 0 END)', 'cancelled');

function chart(table: string, name: string, params: Record<string, unknown>): BenchChart {
  return { name, table, vizType: String(params.viz_type), params };
}

const FLIGHTS: BenchChart[] = [
  chart('flights', 'Flights per carrier', table(['carrier'], [count, avgDep])),
  chart('flights', 'Delays by origin', table(['origin'], [avgDep, avgArr])),
  chart('flights', 'Distance by destination', table(['dest'], [sumDist])),
  chart('flights', 'Routes', table(['origin', 'dest'], [count])),
  chart('flights', 'Flights', bigNumber(count)),
  chart('flights', 'Late departures', bigNumber(count, 'dep_delay > 15')),
  chart('flights', 'Very late departures', bigNumber(count, 'dep_delay > 60')),
  chart('flights', 'Average arrival delay', bigNumber(avgArr)),
  chart('flights', 'Departure delay by month', line('ds', 'P1M', [avgDep])),
  chart('flights', 'Arrival delay by week', line('ds', 'P1W', [avgArr])),
  chart('flights', 'Monthly flights per carrier', line('ds', 'P1M', [count], ['carrier'])),
  chart('flights', 'Daily flights', line('ds', 'P1D', [count])),
  chart('flights', 'Flights by quarter', bar('ds', 'P3M', [count])),
  chart('flights', 'Cancellations by month', bar('ds', 'P1M', [cancelled])),
  chart('flights', 'Distance by year', bar('ds', 'P1Y', [sumDist], ['carrier'])),
  chart('flights', 'Carrier share', pie(['carrier'], count)),
  chart('flights', 'Origin share', pie(['origin'], count)),
  chart('flights', 'Destination distance share', pie(['dest'], sumDist)),
  chart('flights', 'Cancelled by carrier', pie(['carrier'], cancelled)),
  chart('flights', 'Delay by carrier and origin', pivot(['carrier'], ['origin'], [avgDep])),
  chart('flights', 'Cancelled by origin and carrier', pivot(['origin'], ['carrier'], [cancelled])),
  chart('flights', 'Distance by carrier and destination', pivot(['carrier'], ['dest'], [sumDist])),
  chart('flights', 'Arrival delay by origin', table(['origin'], [avgArr, count])),
  chart('flights', 'Hourly departures', bar('ds', 'PT1H', [count])),
  chart('flights', 'Yearly delay per carrier', line('ds', 'P1Y', [avgDep], ['carrier'])),
];

const num = m('SUM(num)', 'sum__num');
const sales = m('SUM(sales)', 'sum__sales');
const pop = m('SUM(SP_POP_TOTL)', 'population');
const energy = m('SUM(value)', 'sum__value');

const OTHERS: BenchChart[] = [
  chart('birth_names', 'Births by state', table(['state'], [num])),
  chart('birth_names', 'Top names', table(['name'], [num])),
  chart('birth_names', 'Births', bigNumber(num)),
  chart('birth_names', 'Births per year', line('ds', 'P1Y', [num], ['gender'])),
  chart('birth_names', 'Births per year, bars', bar('ds', 'P1Y', [num])),
  chart('birth_names', 'Gender share', pie(['gender'], num)),
  chart('birth_names', 'Births by state and gender', pivot(['state'], ['gender'], [num])),
  chart('cleaned_sales_data', 'Sales by product line', table(['product_line'], [sales, m('COUNT(*)', 'orders')])),
  chart('cleaned_sales_data', 'Sales', bigNumber(sales)),
  chart('cleaned_sales_data', 'Monthly sales', line('order_date', 'P1M', [sales])),
  chart('cleaned_sales_data', 'Quarterly sales by line', bar('order_date', 'P3M', [sales], ['product_line'])),
  chart('cleaned_sales_data', 'Sales by country', pie(['country'], sales)),
  chart('cleaned_sales_data', 'Sales by status and year', pivot(['status'], ['year'], [sales])),
  chart('cleaned_sales_data', 'Sales by territory', table(['territory', 'country'], [sales])),
  chart('wb_health_population', 'Population by region', table(['region'], [pop])),
  chart('wb_health_population', 'World population', bigNumber(pop)),
  chart('wb_health_population', 'Population over time', line('year', 'P1Y', [pop], ['region'])),
  chart('wb_health_population', 'Life expectancy', line('year', 'P1Y', [m('AVG(SP_DYN_LE00_IN)', 'life_expectancy')])),
  chart('wb_health_population', 'Rural share by region', bar('year', 'P1Y', [m('AVG(SP_RUR_TOTL_ZS)', 'rural')], ['region'])),
  chart('wb_health_population', 'Population share', pie(['region'], pop)),
  chart('wb_health_population', 'Population by region and year', pivot(['region'], [], [pop])),
  chart('energy_usage', 'Energy by source', table(['source'], [energy])),
  chart('energy_usage', 'Energy', bigNumber(energy)),
  chart('energy_usage', 'Energy targets', pie(['target'], energy)),
  chart('energy_usage', 'Energy source to target', pivot(['source'], ['target'], [energy])),
];

/** Interleaved, so both tabs and every screen hold a mix of flights and the others. */
export const BENCH_CHARTS: BenchChart[] = FLIGHTS.flatMap((flight, i) => [flight, OTHERS[i]!]);

export const FIRST_TAB_SIZE = 40;
const PER_ROW = 3;
const WIDTH = 4;
const HEIGHT = 50;

type Component = { id: string; type: string; children: string[]; parents: string[]; meta: Record<string, unknown> };

/** position_json: ROOT -> TABS -> two TABs -> rows of three charts (width 4 of 12, height 50 units). */
export function benchLayout(charts: { id: number; name: string }[], title: string): Record<string, unknown> {
  const layout: Record<string, Component | string> = { DASHBOARD_VERSION_KEY: 'v2' };
  const tabsParents = ['ROOT_ID'];
  layout.ROOT_ID = { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-bench'], parents: [], meta: {} };
  layout.HEADER_ID = { id: 'HEADER_ID', type: 'HEADER', children: [], parents: [], meta: { text: title } };
  const tabs = [
    { id: 'TAB-first', text: 'Overview', charts: charts.slice(0, FIRST_TAB_SIZE) },
    { id: 'TAB-second', text: 'More', charts: charts.slice(FIRST_TAB_SIZE) },
  ];
  layout['TABS-bench'] = { id: 'TABS-bench', type: 'TABS', children: tabs.map((t) => t.id), parents: tabsParents, meta: {} };
  for (const tab of tabs) {
    const tabParents = [...tabsParents, 'TABS-bench'];
    const rows: string[] = [];
    for (let start = 0; start < tab.charts.length; start += PER_ROW) {
      const rowId = `ROW-${tab.id}-${start / PER_ROW}`;
      const rowParents = [...tabParents, tab.id];
      const members = tab.charts.slice(start, start + PER_ROW);
      layout[rowId] = {
        id: rowId,
        type: 'ROW',
        children: members.map((c) => `CHART-${c.id}`),
        parents: rowParents,
        meta: { background: 'BACKGROUND_TRANSPARENT' },
      };
      for (const member of members) {
        layout[`CHART-${member.id}`] = {
          id: `CHART-${member.id}`,
          type: 'CHART',
          children: [],
          parents: [...rowParents, rowId],
          meta: { chartId: member.id, width: WIDTH, height: HEIGHT, sliceName: member.name },
        };
      }
      rows.push(rowId);
    }
    layout[tab.id] = { id: tab.id, type: 'TAB', children: rows, parents: tabParents, meta: { text: tab.text } };
  }
  return layout;
}
