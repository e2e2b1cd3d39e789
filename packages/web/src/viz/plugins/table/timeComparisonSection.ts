import { CHART_CONSTANTS, type FormData } from '@tessera/core';
import { controls as c } from '../../controlSets';
import type { ControlPanelSection } from '../../types';
import { isRawMode } from './queryMode';
import { timeComparisonOffset } from './timeComparison';

/**
 * The Table's "Time Comparison" section (Superset 4.1, aggregate mode): one shift, shown per metric as the
 * columns Main, #, △ and %. The timeseries charts' calculation types do not apply here.
 */

export const TABLE_TIME_COMPARE_CHOICES: readonly (readonly [string, string])[] = [
  ...CHART_CONSTANTS.TIME_SHIFT_CHOICES.map((shift) => [shift, shift] as const),
  ['inherit', 'Inherit range from time filter'],
  ['custom', 'Custom'],
];

const isAggregate = (fd: FormData) => !isRawMode(fd);

export const timeComparisonSection = (): ControlPanelSection => ({
  label: 'Time Comparison',
  expanded: false,
  description: 'Compare each metric with its value over an earlier period; the query needs a time range.',
  controlSetRows: [
    [
      c.select('time_compare', 'Time shift', TABLE_TIME_COMPARE_CHOICES, null, {
        clearable: true,
        visibility: isAggregate,
        description:
          'Show, per metric, its value over a shifted period (#), the difference (△) and the percentage change (%). "Inherit" compares with the period just before the time range, as long as it.',
      }),
    ],
    [
      c.text('start_date_offset', 'Shift start date', '', {
        renderTrigger: false,
        placeholder: 'YYYY-MM-DD',
        description: 'The comparison period starts on this date and lasts as long as the time range.',
        visibility: (fd) => isAggregate(fd) && fd.time_compare === 'custom',
      }),
    ],
    [
      c.checkbox('comparison_color_enabled', 'Add colors to the comparison', false, {
        description: 'Green when a metric went up against the compared period, red when it went down.',
        visibility: (fd) => timeComparisonOffset(fd) !== null,
      }),
    ],
  ],
});
