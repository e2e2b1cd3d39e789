import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB, thumbAxes } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'echarts_timeseries_step',
  name: 'Stepped Line',
  category: 'Evolution',
  description: 'Stepped-line graph (also called step chart) shows discrete changes that happen at irregular intervals.',
  tags: ['line', 'step', 'stair', 'time', 'evolution'],
  thumbnail: svgThumb(`${thumbAxes}<path d="M6 38 H18 V28 H30 V32 H42 V16 H58" stroke="${THUMB.primary}" stroke-width="2.5" fill="none"/>`),
  usesTimeAxis: true,
};
