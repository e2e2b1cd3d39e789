import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB, thumbAxes } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'bubble_v2',
  name: 'Bubble Chart',
  category: 'Correlation',
  description: 'Visualizes a metric across three dimensions of data in a single chart (X axis, Y axis, and bubble size).',
  tags: ['bubble', 'scatter', 'correlation', '3 dimensions'],
  thumbnail: svgThumb(
    `${thumbAxes}<circle cx="18" cy="32" r="6" fill="${THUMB.primary}" opacity="0.7"/><circle cx="34" cy="20" r="10" fill="${THUMB.secondary}" opacity="0.7"/><circle cx="50" cy="30" r="4" fill="${THUMB.tertiary}" opacity="0.7"/>`,
  ),
};
