import { simpleMetric, sumOf, type ExampleDashboard } from './exampleDashboard.js';

const POPULATION = sumOf('SP_POP_TOTL', 'Population');
/** Indicators are yearly snapshots: summing across years means nothing, so most charts show the last year. */
const IN_2014 = { granularity_sqla: 'year', time_range: '2014-01-01 : 2015-01-01', adhoc_filters: [] };
const ALL_YEARS = { time_range: 'No filter', adhoc_filters: [] };

/** Superset's "World Bank's Data" on our wb_health_population: the map, population and health by region. */
export const worldBankDashboard: ExampleDashboard = {
  slug: 'world_health',
  title: "World Bank's Data",
  table: 'wb_health_population',
  charts: [
    { key: 'population', name: "World's Population", vizType: 'big_number_total', params: { ...IN_2014, metric: POPULATION, subheader: 'people in 2014', y_axis_format: 'SMART_NUMBER' } },
    {
      key: 'map',
      name: '% Rural',
      vizType: 'world_map',
      params: { ...IN_2014, entity: 'country_code', country_fieldtype: 'cca3', metric: simpleMetric('SP_RUR_TOTL_ZS', 'AVG', '% Rural'), secondary_metric: POPULATION, show_bubbles: true, row_limit: 500, max_bubble_size: 25, color_by: 'metric' },
    },
    {
      key: 'growth',
      name: "World's Pop Growth",
      vizType: 'echarts_area',
      params: { ...ALL_YEARS, x_axis: 'year', time_grain_sqla: 'P1Y', metrics: [POPULATION], groupby: ['region'], row_limit: 10000, stack: 'Stack', show_legend: true, y_axis_format: '.3s' },
    },
    {
      key: 'lifeExpectancy',
      name: 'Life Expectancy by Region',
      vizType: 'echarts_timeseries_line',
      params: { ...ALL_YEARS, x_axis: 'year', time_grain_sqla: 'P1Y', metrics: [simpleMetric('SP_DYN_LE00_IN', 'AVG', 'Life expectancy')], groupby: ['region'], row_limit: 10000, show_legend: true },
    },
    {
      key: 'mostPopulated',
      name: 'Most Populated Countries',
      vizType: 'table',
      params: { ...IN_2014, query_mode: 'aggregate', groupby: ['country_name'], metrics: [POPULATION], row_limit: 20 },
    },
    { key: 'treemap', name: 'Treemap', vizType: 'treemap_v2', params: { ...IN_2014, groupby: ['region', 'country_name'], metric: POPULATION, row_limit: 500, show_labels: true } },
    { key: 'sunburst', name: 'Rural Breakdown', vizType: 'sunburst_v2', params: { ...IN_2014, columns: ['region', 'country_name'], metric: POPULATION, secondary_metric: simpleMetric('SP_RUR_TOTL_ZS', 'AVG', '% Rural'), row_limit: 500 } },
    {
      key: 'boxPlot',
      name: 'Box plot',
      vizType: 'box_plot',
      params: { ...IN_2014, columns: ['country_name'], groupby: ['region'], metrics: [simpleMetric('SP_DYN_LE00_IN', 'AVG', 'Life expectancy')], whiskerOptions: 'Tukey', row_limit: 10000 },
    },
  ],
  rows: [
    [
      { markdown: "# World Bank's Data\n\nPopulation and health indicators by country, 1960 to 2014 (generated in the shape of the World Bank's series).", width: 3, height: 50 },
      { chart: 'population', width: 4, height: 50 },
      { chart: 'map', width: 5, height: 50 },
    ],
    [
      { chart: 'growth', width: 6, height: 50 },
      { chart: 'lifeExpectancy', width: 6, height: 50 },
    ],
    [
      { chart: 'mostPopulated', width: 4, height: 60 },
      { chart: 'treemap', width: 8, height: 60 },
    ],
    [
      { chart: 'sunburst', width: 5, height: 60 },
      { chart: 'boxPlot', width: 7, height: 60 },
    ],
  ],
  tabs: [],
  filters: [
    { name: 'Region', filterType: 'filter_select', column: 'region', multiSelect: true },
    { name: 'Country', filterType: 'filter_select', column: 'country_name', multiSelect: true },
  ],
};
