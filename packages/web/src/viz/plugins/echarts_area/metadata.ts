import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB, thumbAxes } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'echarts_area',
  name: 'Area Chart',
  category: 'Evolution',
  description: 'Area charts are line charts with the area under the line filled, good for showing how parts add up over time when stacked.',
  tags: ['area', 'stacked', 'time', 'evolution', 'popular'],
  thumbnail: svgThumb(`${thumbAxes}<path d="M6 42 L18 26 L30 30 L44 14 L58 20 L58 42 Z" fill="${THUMB.primary}" opacity="0.5"/><path d="M6 42 L18 34 L30 36 L44 28 L58 32 L58 42 Z" fill="${THUMB.secondary}" opacity="0.6"/>`),
  usesTimeAxis: true,
};
