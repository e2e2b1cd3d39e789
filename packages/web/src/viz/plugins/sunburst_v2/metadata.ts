import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'sunburst_v2',
  name: 'Sunburst Chart',
  category: 'Part of a Whole',
  description: 'Uses circles to visualize the flow of data through different stages of a system; each ring is a level of the hierarchy.',
  tags: ['sunburst', 'hierarchy', 'rings', 'part of a whole'],
  thumbnail: svgThumb(
    `<circle cx="32" cy="24" r="20" fill="${THUMB.tertiary}"/><circle cx="32" cy="24" r="13" fill="${THUMB.primary}"/><path d="M32 24 L32 11 A13 13 0 0 1 44 28 Z" fill="${THUMB.secondary}"/><circle cx="32" cy="24" r="5" fill="#fff"/>`,
  ),
};
