import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB, thumbAxes } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'histogram_v2',
  name: 'Histogram',
  category: 'Distribution',
  description: 'Take your data points and group them into "bins" to see where the densest areas of information lie.',
  tags: ['histogram', 'distribution', 'bins', 'frequency'],
  thumbnail: svgThumb(
    `${thumbAxes}${[8, 18, 30, 24, 12, 6].map((h, i) => `<rect x="${8 + i * 8.5}" y="${42 - h}" width="8" height="${h}" fill="${THUMB.primary}"/>`).join('')}`,
  ),
};
