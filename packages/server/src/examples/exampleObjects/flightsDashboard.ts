import { simpleMetric, whereFilter, type ExampleDashboard } from './exampleDashboard.js';

const FLIGHTS = 'count';
const ALL_TIME = { time_range: 'No filter', adhoc_filters: [] };
/** The ten busiest airports of the generated flights: a heatmap row per airport stays readable. */
const BUSIEST = ['ATL', 'ORD', 'DFW', 'DEN', 'LAX', 'CLT', 'LAS', 'PHX', 'MCO', 'SFO'];
const AVG_DELAY = simpleMetric('dep_delay', 'AVG', 'Average departure delay');

/** Flights on our flights table: counts by carrier and airport, delay distributions and traffic over time. */
export const flightsDashboard: ExampleDashboard = {
  slug: 'flights',
  title: 'Flights',
  table: 'flights',
  charts: [
    { key: 'total', name: 'Flights', vizType: 'big_number_total', params: { ...ALL_TIME, metric: FLIGHTS, subheader: 'flights', y_axis_format: 'SMART_NUMBER' } },
    { key: 'delay', name: 'Average Departure Delay', vizType: 'big_number_total', params: { ...ALL_TIME, metric: AVG_DELAY, subheader: 'minutes', y_axis_format: ',.1f' } },
    {
      key: 'overTime',
      name: 'Flights per Month',
      vizType: 'echarts_timeseries_line',
      params: { ...ALL_TIME, x_axis: 'ds', time_grain_sqla: 'P1M', metrics: [FLIGHTS], groupby: ['carrier'], row_limit: 10000, show_legend: true },
    },
    {
      key: 'carriers',
      name: 'Flights by Carrier',
      vizType: 'echarts_timeseries_bar',
      params: { ...ALL_TIME, x_axis: 'carrier', metrics: [FLIGHTS], groupby: [], row_limit: 50, show_legend: false },
    },
    { key: 'origins', name: 'Busiest Airports', vizType: 'pie', params: { ...ALL_TIME, groupby: ['origin'], metric: FLIGHTS, row_limit: 10, show_labels: true, label_type: 'key', donut: true } },
    {
      key: 'delays',
      name: 'Departure Delay Distribution',
      vizType: 'histogram_v2',
      params: { ...ALL_TIME, column: 'dep_delay', groupby: [], bins: 25, row_limit: 10000, adhoc_filters: [whereFilter('dep_delay', '<', 180)] },
    },
    {
      key: 'heatmap',
      name: 'Average Delay by Carrier at the Busiest Airports',
      vizType: 'heatmap_v2',
      params: { ...ALL_TIME, x_axis: 'carrier', groupby: ['origin'], metric: AVG_DELAY, row_limit: 10000, normalize_across: 'heatmap', show_values: false, adhoc_filters: [whereFilter('origin', 'IN', BUSIEST)] },
    },
    {
      key: 'routes',
      name: 'Top Routes',
      vizType: 'table',
      params: { ...ALL_TIME, query_mode: 'aggregate', groupby: ['origin', 'dest'], metrics: [FLIGHTS, AVG_DELAY], row_limit: 25 },
    },
  ],
  rows: [
    [
      { markdown: '# Flights\n\nA million US domestic flights, 2019 to 2022 (generated example data): traffic, carriers, airports and delays.', width: 4, height: 50 },
      { chart: 'total', width: 4, height: 50 },
      { chart: 'delay', width: 4, height: 50 },
    ],
  ],
  tabs: [
    {
      title: 'Traffic',
      rows: [
        [{ chart: 'overTime', width: 12, height: 55 }],
        [
          { chart: 'carriers', width: 6, height: 55 },
          { chart: 'origins', width: 6, height: 55 },
        ],
      ],
    },
    {
      title: 'Delays',
      rows: [
        [
          { chart: 'delays', width: 6, height: 55 },
          { chart: 'heatmap', width: 6, height: 55 },
        ],
        [{ chart: 'routes', width: 12, height: 60 }],
      ],
    },
  ],
  filters: [
    { name: 'Carrier', filterType: 'filter_select', column: 'carrier', multiSelect: true },
    { name: 'Origin', filterType: 'filter_select', column: 'origin', multiSelect: true },
    { name: 'Time range', filterType: 'filter_time', column: null },
  ],
};

