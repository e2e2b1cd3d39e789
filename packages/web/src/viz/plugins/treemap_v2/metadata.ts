import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'treemap_v2',
  name: 'Treemap',
  category: 'Part of a Whole',
  description: 'Show hierarchical relationships of data, with the area of each rectangle proportional to its value.',
  tags: ['treemap', 'hierarchy', 'part of a whole', 'proportion'],
  thumbnail: svgThumb(
    `<rect x="6" y="6" width="30" height="36" fill="${THUMB.primary}"/><rect x="37" y="6" width="21" height="20" fill="${THUMB.secondary}"/><rect x="37" y="27" width="10" height="15" fill="${THUMB.tertiary}"/><rect x="48" y="27" width="10" height="15" fill="${THUMB.accent}"/>`,
  ),
};
