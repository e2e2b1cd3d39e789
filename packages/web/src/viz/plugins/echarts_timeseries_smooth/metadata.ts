import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB, thumbAxes } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'echarts_timeseries_smooth',
  name: 'Smooth Line',
  category: 'Evolution',
  description: 'Smooth-line is a variation of the line chart without the angles and hard edges.',
  tags: ['line', 'smooth', 'curve', 'time', 'evolution'],
  thumbnail: svgThumb(`${thumbAxes}<path d="M6 36 C18 10, 30 40, 42 20 S56 16, 60 14" stroke="${THUMB.primary}" stroke-width="2.5" fill="none"/>`),
  usesTimeAxis: true,
};
