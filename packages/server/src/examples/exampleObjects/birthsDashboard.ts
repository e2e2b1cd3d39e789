import { simpleMetric, sumOf, whereFilter, type ExampleDashboard } from './exampleDashboard.js';

const NUM = sumOf('num', 'Births');
const ALL_TIME = { time_range: 'No filter', adhoc_filters: [] };

/** Superset's "USA Births Names" on our birth_names: big numbers, trends by gender, names and states. */
export const birthsDashboard: ExampleDashboard = {
  slug: 'births',
  title: 'USA Births Names',
  table: 'birth_names',
  charts: [
    { key: 'participants', name: 'Participants', vizType: 'big_number_total', params: { ...ALL_TIME, metric: NUM, subheader: 'babies named', y_axis_format: 'SMART_NUMBER' } },
    { key: 'names', name: 'Distinct Names', vizType: 'big_number_total', params: { ...ALL_TIME, metric: simpleMetric('name', 'COUNT_DISTINCT', 'Names'), subheader: 'different names' } },
    { key: 'genders', name: 'Genders', vizType: 'pie', params: { ...ALL_TIME, groupby: ['gender'], metric: NUM, row_limit: 10, show_labels: true, label_type: 'percent', labels_outside: false, donut: true, show_legend: true } },
    {
      key: 'trends',
      name: 'Trends',
      vizType: 'echarts_timeseries_line',
      params: { ...ALL_TIME, x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [NUM], groupby: ['gender'], row_limit: 10000, show_legend: true, rich_tooltip: true, markerEnabled: false },
    },
    {
      key: 'states',
      name: 'Genders by State',
      vizType: 'echarts_timeseries_bar',
      params: {
        ...ALL_TIME,
        x_axis: 'state',
        metrics: [sumOf('num_boys', 'Boys'), sumOf('num_girls', 'Girls')],
        groupby: [],
        row_limit: 50,
        stack: 'Stack',
        show_legend: true,
      },
    },
    {
      key: 'girls',
      name: 'Girls',
      vizType: 'table',
      params: { ...ALL_TIME, query_mode: 'aggregate', groupby: ['name'], metrics: [sumOf('num', 'Babies')], row_limit: 50, adhoc_filters: [whereFilter('gender', '==', 'girl')], include_search: true },
    },
    {
      key: 'boys',
      name: 'Boys',
      vizType: 'table',
      params: { ...ALL_TIME, query_mode: 'aggregate', groupby: ['name'], metrics: [sumOf('num', 'Babies')], row_limit: 50, adhoc_filters: [whereFilter('gender', '==', 'boy')], include_search: true },
    },
    { key: 'cloud', name: 'Name Cloud', vizType: 'word_cloud', params: { ...ALL_TIME, series: 'name', metric: NUM, row_limit: 100, size_from: 10, size_to: 70, rotation: 'square' } },
    {
      key: 'pivot',
      name: 'Pivot Table',
      vizType: 'pivot_table_v2',
      params: { ...ALL_TIME, groupbyRows: ['state'], groupbyColumns: ['gender'], metrics: [NUM], aggregateFunction: 'Sum', metricsLayout: 'COLUMNS', rowTotals: true, colTotals: true, row_limit: 10000 },
    },
  ],
  rows: [
    [
      { markdown: '# USA Births Names\n\nBabies born in the United States by name, gender and state, 1965 to 2008 (generated example data).', width: 4, height: 50 },
      { chart: 'participants', width: 4, height: 50 },
      { chart: 'names', width: 4, height: 50 },
    ],
  ],
  tabs: [
    {
      title: 'Overview',
      rows: [
        [
          { chart: 'trends', width: 8, height: 50 },
          { chart: 'genders', width: 4, height: 50 },
        ],
        [{ chart: 'states', width: 12, height: 50 }],
      ],
    },
    {
      title: 'Names',
      rows: [
        [
          { chart: 'girls', width: 4, height: 60 },
          { chart: 'boys', width: 4, height: 60 },
          { chart: 'cloud', width: 4, height: 60 },
        ],
        [{ chart: 'pivot', width: 12, height: 60 }],
      ],
    },
  ],
  filters: [
    { name: 'Gender', filterType: 'filter_select', column: 'gender', multiSelect: false },
    { name: 'State', filterType: 'filter_select', column: 'state', multiSelect: true },
    { name: 'Time range', filterType: 'filter_time', column: null },
  ],
};

