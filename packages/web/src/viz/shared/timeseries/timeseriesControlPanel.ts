import type { ControlConfig, ControlPanelConfig } from '../../types';
import { controls as c, advancedAnalyticsSection, annotationsSection, chartTitleSection, customizeSection, forecastGrainErrors, forecastSection, legendRows, querySection, xAxisRows, yAxisRows } from '../../controlSets';

/** The query rows of a timeseries query; `suffix` names the mixed chart's second query's keys (`metrics_b`...). */
export function timeseriesQueryRows(suffix = ''): ControlConfig[][] {
  const s = (control: ControlConfig): ControlConfig => (suffix ? { ...control, name: `${control.name}${suffix}` } : control);
  return [
    [s(c.metrics)],
    [s(c.groupby)],
    [s(c.adhocFilters)],
    [s(c.seriesLimit), s(c.seriesLimitMetric)],
    [s(c.orderDesc)],
    [s(c.rowLimit)],
  ];
}

export interface TimeseriesPanelOptions {
  /** Chart options added before the shared ones (e.g. bar orientation). */
  customize?: ControlConfig[][];
  area?: boolean;
  markers?: boolean;
}

export function timeseriesControlPanel(options: TimeseriesPanelOptions = {}): ControlPanelConfig {
  const [metricsRow, groupbyRow, ...rest] = timeseriesQueryRows();
  return {
    sections: [
      querySection([
        [c.xAxis],
        [{ ...c.timeGrain, externalValidation: forecastGrainErrors }],
        metricsRow!,
        groupbyRow!,
        [c.contributionMode],
        ...rest,
        [c.checkbox('truncate_metric', 'Truncate metric', true, { renderTrigger: false }), c.checkbox('show_empty_columns', 'Show empty columns', true, { renderTrigger: false })],
        [c.select('x_axis_sort', 'X-axis sort by', [], null, { clearable: true, visibility: (fd) => !!fd.xAxisForceCategorical }), c.checkbox('x_axis_sort_asc', 'X-axis sort ascending', true)],
        [c.checkbox('xAxisForceCategorical', 'Force categorical x-axis')],
      ]),
      advancedAnalyticsSection(),
      forecastSection(),
      annotationsSection(),
      chartTitleSection(),
      customizeSection([
        ...(options.customize ?? []),
        [c.colorScheme],
        [c.checkbox('show_value', 'Show value'), c.select('stack', 'Stacked style', [[null, 'None'], ['Stack', 'Stack'], ['Stream', 'Stream']], null, { renderTrigger: true, clearable: true })],
        ...(options.area ? [[c.checkbox('area', 'Area chart'), c.slider('opacity', 'Area opacity', 0, 1, 0.1, 0.2)]] : []),
        ...(options.markers !== false ? [[c.checkbox('markerEnabled', 'Marker'), c.slider('markerSize', 'Marker size', 0, 20, 1, 6)]] : []),
        [c.checkbox('zoomable', 'Data zoom')],
        ...legendRows(),
        ...xAxisRows(),
        [c.checkbox('rich_tooltip', 'Rich tooltip', true), c.timeFormat('tooltipTimeFormat', 'Tooltip time format')],
        ...yAxisRows(),
      ]),
    ],
    transferable: ['x_axis', 'time_grain_sqla', 'adhoc_filters', 'limit', 'timeseries_limit_metric', 'row_limit'],
  };
}
