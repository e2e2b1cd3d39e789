import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

const cells = [0, 1, 2, 3]
  .flatMap((r) => [0, 1, 2, 3, 4].map((c) => `<rect x="${8 + c * 10}" y="${6 + r * 9}" width="9" height="8" fill="${THUMB.primary}" opacity="${(0.15 + (((r * 5 + c) * 7) % 10) / 12).toFixed(2)}"/>`))
  .join('');

export const metadata: ChartMetadata = {
  vizType: 'heatmap_v2',
  name: 'Heatmap',
  category: 'Correlation',
  description: 'Visualize a related metric across pairs of groups: a grid of cells coloured by the metric value.',
  tags: ['heatmap', 'matrix', 'grid', 'correlation', 'density'],
  thumbnail: svgThumb(cells),
};
