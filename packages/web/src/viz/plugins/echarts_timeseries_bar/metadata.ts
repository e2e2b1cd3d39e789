import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB, thumbAxes } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'echarts_timeseries_bar',
  name: 'Bar Chart',
  category: 'Evolution',
  description: 'Bar charts compare metrics across categories or time periods; vertical or horizontal, grouped or stacked.',
  tags: ['bar', 'column', 'comparison', 'stacked', 'popular'],
  thumbnail: svgThumb(`${thumbAxes}<rect x="10" y="20" width="8" height="22" fill="${THUMB.primary}"/><rect x="22" y="10" width="8" height="32" fill="${THUMB.primary}"/><rect x="34" y="26" width="8" height="16" fill="${THUMB.primary}"/><rect x="46" y="14" width="8" height="28" fill="${THUMB.primary}"/>`),
  usesTimeAxis: true,
};
