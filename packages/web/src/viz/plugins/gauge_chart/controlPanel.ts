import { controls as c, customizeSection, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([[c.groupby], [c.metric], [c.adhocFilters], [{ ...c.rowLimit, default: 10 }], [c.seriesLimitMetric]]),
    timeSection(),
    customizeSection([
      [c.colorScheme],
      [{ ...c.text('min_val', 'Min', '', { validators: [{ type: 'number' }] }) }, { ...c.text('max_val', 'Max', '', { validators: [{ type: 'number' }] }) }],
      [c.integerText('start_angle', 'Start angle', 225, { renderTrigger: true }), c.integerText('end_angle', 'End angle', -45, { renderTrigger: true })],
      [c.slider('font_size', 'Font size', 10, 20, 1, 15)],
      [{ ...c.yAxisFormat, name: 'number_format' }, c.currencyFormat],
      [c.checkbox('animation', 'Animation', true), c.checkbox('show_pointer', 'Show pointer', true)],
      [c.checkbox('show_axis_line_ticks', 'Show axis line ticks'), c.checkbox('show_split_line', 'Show split lines')],
      [c.integerText('split_number', 'Split number', 10, { renderTrigger: true })],
      [c.checkbox('show_progress', 'Show progress', true), c.checkbox('overlap', 'Overlap', true), c.checkbox('round_cap', 'Round cap')],
      [c.text('intervals', 'Interval bounds', '', { description: 'Comma-separated interval bounds, e.g. 2,4,5 for intervals 0-2, 2-4 and 4-5.' })],
      [c.text('interval_color_indices', 'Interval colors', '', { description: 'Comma-separated color picks from the color scheme, e.g. 1,2,4.' })],
    ]),
  ],
};
