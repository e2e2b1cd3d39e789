import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB, thumbAxes } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'echarts_timeseries_scatter',
  name: 'Scatter Plot',
  category: 'Evolution',
  description: 'Scatter plot shows each data point as a marker over time or an ordered dimension.',
  tags: ['scatter', 'points', 'time', 'correlation'],
  thumbnail: svgThumb(`${thumbAxes}<circle cx="12" cy="34" r="2.5" fill="${THUMB.primary}"/><circle cx="20" cy="26" r="2.5" fill="${THUMB.primary}"/><circle cx="30" cy="30" r="2.5" fill="${THUMB.secondary}"/><circle cx="40" cy="18" r="2.5" fill="${THUMB.primary}"/><circle cx="50" cy="22" r="2.5" fill="${THUMB.secondary}"/><circle cx="56" cy="12" r="2.5" fill="${THUMB.primary}"/>`),
  usesTimeAxis: true,
};
