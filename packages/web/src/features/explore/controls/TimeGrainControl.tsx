import { SelectControl } from './SelectControl';
import type { ControlProps } from './types';

/** Spec §9 time grains, as ISO-8601 durations (facts §2.3). */
export const TIME_GRAIN_CHOICES: readonly (readonly [string, string])[] = [
  ['PT5S', '5 second'],
  ['PT30S', '30 second'],
  ['PT1M', 'Minute'],
  ['PT5M', '5 minute'],
  ['PT30M', '30 minute'],
  ['PT1H', 'Hour'],
  ['PT6H', '6 hour'],
  ['P1D', 'Day'],
  ['P7D', '7 day'],
  ['P1W', 'Week'],
  ['1969-12-28T00:00:00Z/P1W', 'Week starting Sunday'],
  ['P1W/1970-01-03T00:00:00Z', 'Week ending Saturday'],
  ['P1M', 'Month'],
  ['P3M', 'Quarter'],
  ['P1Y', 'Year'],
];

export function TimeGrainControl(props: ControlProps) {
  return <SelectControl {...props} control={{ ...props.control, choices: props.control.choices ?? TIME_GRAIN_CHOICES }} />;
}
