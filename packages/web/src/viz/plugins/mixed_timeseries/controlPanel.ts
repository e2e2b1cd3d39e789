import { controls as c, annotationsSection, chartTitleSection, customizeSection, legendRows, querySection, xAxisRows } from '../../controlSets';
import { timeseriesQueryRows } from '../../shared/timeseries/timeseriesControlPanel';
import type { ControlConfig, ControlPanelConfig } from '../../types';

const SERIES_TYPES = [
  ['line', 'Line'],
  ['scatter', 'Scatter'],
  ['smooth', 'Smooth line'],
  ['bar', 'Bar'],
  ['start', 'Step - start'],
  ['middle', 'Step - middle'],
  ['end', 'Step - end'],
] as const;

/** Style rows of one query; Superset names the second query's style keys with a plain `B` suffix. */
function queryStyleRows(label: string, suffix: '' | 'B'): ControlConfig[][] {
  return [
    [c.select(`seriesType${suffix}`, `${label} series style`, SERIES_TYPES, 'line', { renderTrigger: true })],
    [c.select(`yAxisIndex${suffix}`, `${label} y-axis`, [[0, 'Primary'], [1, 'Secondary']], 0, { renderTrigger: true })],
    [c.checkbox(`stack${suffix}`, `${label} stack series`), c.checkbox(`area${suffix}`, `${label} area chart`)],
    [c.checkbox(`show_value${suffix}`, `${label} show values`), c.slider(`opacity${suffix}`, `${label} opacity`, 0, 1, 0.1, 0.2)],
    [c.checkbox(`markerEnabled${suffix}`, `${label} marker`), c.slider(`markerSize${suffix}`, `${label} marker size`, 0, 100, 1, 6)],
  ];
}

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([[c.xAxis], [c.timeGrain]]),
    { label: 'Query A', expanded: true, controlSetRows: timeseriesQueryRows() },
    { label: 'Query B', expanded: true, controlSetRows: timeseriesQueryRows('_b') },
    annotationsSection(),
    chartTitleSection(),
    customizeSection([
      [c.colorScheme],
      ...queryStyleRows('Query A', ''),
      ...queryStyleRows('Query B', 'B'),
      [c.checkbox('show_query_identifiers', 'Show query identifiers'), c.checkbox('zoomable', 'Data zoom')],
      ...legendRows(),
      ...xAxisRows(),
      [c.checkbox('rich_tooltip', 'Rich tooltip', true), c.timeFormat('tooltipTimeFormat', 'Tooltip time format')],
      [c.yAxisFormat, c.currencyFormat],
      [{ ...c.yAxisFormat, name: 'y_axis_format_secondary', label: 'Secondary y-axis format' }],
      [c.checkbox('logAxis', 'Logarithmic y-axis'), c.checkbox('logAxisSecondary', 'Logarithmic secondary y-axis')],
      [{ name: 'y_axis_bounds', type: 'TextControl', label: 'Primary y-axis bounds', default: [null, null], renderTrigger: true }],
      [{ name: 'y_axis_bounds_secondary', type: 'TextControl', label: 'Secondary y-axis bounds', default: [null, null], renderTrigger: true }],
    ]),
  ],
  transferable: ['x_axis', 'time_grain_sqla', 'adhoc_filters', 'row_limit'],
};
