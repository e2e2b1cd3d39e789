import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB, thumbAxes } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'echarts_timeseries_line',
  name: 'Line Chart',
  category: 'Evolution',
  description: 'Line chart is used to visualize measurements taken over a given category. Shows trends over time or another ordered dimension.',
  tags: ['line', 'trend', 'time', 'evolution', 'popular'],
  thumbnail: svgThumb(`${thumbAxes}<polyline points="8,36 20,24 32,28 44,14 58,18" stroke="${THUMB.primary}" stroke-width="2.5" fill="none"/><polyline points="8,40 20,34 32,36 44,28 58,30" stroke="${THUMB.secondary}" stroke-width="2.5" fill="none"/>`),
  usesTimeAxis: true,
};
