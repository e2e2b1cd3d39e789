import { simpleMetric, sumOf, type ExampleDashboard } from './exampleDashboard.js';

const SALES = sumOf('sales', 'Sales');
const ALL_TIME = { time_range: 'No filter', adhoc_filters: [] };

/** Superset's "Sales Dashboard" on our cleaned_sales_data: revenue by product line, deal size, country and month. */
export const salesDashboard: ExampleDashboard = {
  slug: 'sales',
  title: 'Sales Dashboard',
  table: 'cleaned_sales_data',
  charts: [
    { key: 'total', name: 'Total Revenue', vizType: 'big_number_total', params: { ...ALL_TIME, metric: SALES, subheader: 'in sales', y_axis_format: '$.3s', header_font_size: 0.3 } },
    { key: 'orders', name: 'Number of Orders', vizType: 'big_number_total', params: { ...ALL_TIME, metric: simpleMetric('order_number', 'COUNT_DISTINCT', 'Orders'), subheader: 'orders placed', header_font_size: 0.3 } },
    {
      key: 'byMonth',
      name: 'Revenue by Product Line',
      vizType: 'echarts_timeseries_bar',
      params: { ...ALL_TIME, x_axis: 'order_date', time_grain_sqla: 'P1M', metrics: [SALES], groupby: ['product_line'], row_limit: 10000, stack: 'Stack', show_legend: true, y_axis_format: '$,.0f' },
    },
    { key: 'dealSize', name: 'Proportion of Revenue by Product Line', vizType: 'pie', params: { ...ALL_TIME, groupby: ['product_line'], metric: SALES, row_limit: 20, show_labels: true, label_type: 'percent', labels_outside: false } },
    {
      key: 'pivot',
      name: 'Quarterly Sales by Product Line',
      vizType: 'pivot_table_v2',
      params: { ...ALL_TIME, groupbyRows: ['product_line'], groupbyColumns: ['year', 'quarter'], metrics: [SALES], aggregateFunction: 'Sum', metricsLayout: 'COLUMNS', rowTotals: true, colTotals: true, valueFormat: '$,.0f', row_limit: 10000 },
    },
    {
      key: 'deals',
      name: 'Revenue by Deal Size',
      vizType: 'echarts_timeseries_bar',
      params: { ...ALL_TIME, x_axis: 'deal_size', metrics: [SALES], groupby: ['status'], row_limit: 100, stack: 'Stack', show_legend: true, y_axis_format: '$,.0f' },
    },
    { key: 'countries', name: 'Sales by Country', vizType: 'treemap_v2', params: { ...ALL_TIME, groupby: ['territory', 'country'], metric: SALES, row_limit: 200, show_labels: true } },
  ],
  rows: [
    [
      {
        markdown: '# Sales Dashboard\n\nOrders of classic cars, motorcycles, planes, ships, trains and trucks, 2003 to 2005: revenue by product line, deal size and country.',
        width: 4,
        height: 50,
      },
      { chart: 'total', width: 4, height: 50 },
      { chart: 'orders', width: 4, height: 50 },
    ],
    [
      { chart: 'byMonth', width: 8, height: 55 },
      { chart: 'dealSize', width: 4, height: 55 },
    ],
    [{ chart: 'pivot', width: 12, height: 45 }],
    [
      { chart: 'deals', width: 6, height: 55 },
      { chart: 'countries', width: 6, height: 55 },
    ],
  ],
  tabs: [],
  filters: [
    { name: 'Product line', filterType: 'filter_select', column: 'product_line', multiSelect: true },
    { name: 'Deal size', filterType: 'filter_select', column: 'deal_size', multiSelect: true },
  ],
};
