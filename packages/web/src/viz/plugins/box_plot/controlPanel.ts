import { controls as c, customizeSection, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [{ ...c.columns, label: 'Distribute across', validators: [{ type: 'nonEmpty' }], description: 'Columns to calculate distribution across.', standardized: false }],
      [{ ...c.groupby, label: 'Dimensions' }],
      [c.metrics],
      [c.adhocFilters],
      [c.seriesLimit, c.seriesLimitMetric],
      [c.rowLimit],
      [c.dimensionTimeGrain('columns')],
    ]),
    timeSection(),
    customizeSection([
      [c.colorScheme],
      [
        c.select(
          'whiskerOptions',
          'Whisker/outlier options',
          [
            ['Tukey', 'Tukey'],
            ['Min/max (no outliers)', 'Min/max (no outliers)'],
            ['2/98 percentiles', '2/98 percentiles'],
            ['9/91 percentiles', '9/91 percentiles'],
          ],
          'Tukey',
          { freeForm: true },
        ),
      ],
      [c.text('x_axis_title', 'X axis title'), c.text('y_axis_title', 'Y axis title')],
      [c.yAxisFormat],
      [c.timeFormat('date_format', 'Date format')],
      [c.select('xAxisLabelRotation', 'Rotate x axis label', [[0, '0°'], [45, '45°'], [90, '90°']], 0, { renderTrigger: true })],
    ]),
  ],
};
