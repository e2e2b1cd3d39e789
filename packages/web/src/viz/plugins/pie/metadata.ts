import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'pie',
  name: 'Pie Chart',
  category: 'Part of a Whole',
  description: 'The classic: shows how much each category contributes to the total. Works best with few slices.',
  tags: ['pie', 'donut', 'part of a whole', 'proportion', 'popular'],
  thumbnail: svgThumb(
    `<circle cx="32" cy="24" r="18" fill="${THUMB.primary}"/><path d="M32 24 L32 6 A18 18 0 0 1 49 30 Z" fill="${THUMB.secondary}"/><path d="M32 24 L49 30 A18 18 0 0 1 26 41 Z" fill="${THUMB.tertiary}"/>`,
  ),
};
