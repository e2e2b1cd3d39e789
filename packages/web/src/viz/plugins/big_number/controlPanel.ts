import { controls as c, customizeSection, querySection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';
import { FONT_SIZE_CHOICES, SUBHEADER_FONT_SIZE_CHOICES } from '../big_number_total/controlPanel';

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([[c.xAxis], [c.timeGrain], [c.metric], [c.adhocFilters]]),
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [c.integerText('compare_lag', 'Comparison period lag', '', { description: 'Based on granularity, number of time periods to compare against.' })],
        [c.text('compare_suffix', 'Comparison suffix', '', { description: 'Suffix to apply after the percentage display.' })],
        [c.checkbox('show_timestamp', 'Show timestamp'), c.checkbox('show_trend_line', 'Show trend line', true)],
        [c.checkbox('start_y_axis_at_zero', 'Start y-axis at 0', true), c.checkbox('time_range_fixed', 'Fix to selected time range')],
      ],
    },
    customizeSection([
      [c.colorPicker],
      [c.select('header_font_size', 'Big number font size', FONT_SIZE_CHOICES, 0.4, { renderTrigger: true })],
      [c.select('subheader_font_size', 'Subheader font size', SUBHEADER_FONT_SIZE_CHOICES, 0.15, { renderTrigger: true })],
      [c.yAxisFormat, c.currencyFormat],
      [c.timeFormat('time_format', 'Date format'), c.checkbox('force_timestamp_formatting', 'Force date format')],
    ]),
    {
      label: 'Advanced analytics',
      expanded: false,
      controlSetRows: [[c.rollingType], [c.rollingPeriods, c.minPeriods], [c.resampleRule, c.resampleMethod]],
    },
  ],
};
