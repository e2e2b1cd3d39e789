import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'sankey_v2',
  name: 'Sankey Chart',
  category: 'Flow',
  description: 'The Sankey chart visually tracks the movement and transformation of values across system stages; link widths show the metric.',
  tags: ['sankey', 'flow', 'links', 'alluvial'],
  thumbnail: svgThumb(
    `<rect x="6" y="6" width="5" height="20" fill="${THUMB.primary}"/><rect x="6" y="30" width="5" height="12" fill="${THUMB.secondary}"/><rect x="53" y="8" width="5" height="14" fill="${THUMB.tertiary}"/><rect x="53" y="26" width="5" height="18" fill="${THUMB.accent}"/><path d="M11 8 C32 8, 32 10, 53 10 L53 20 C32 20, 32 18, 11 18 Z" fill="${THUMB.primary}" opacity="0.35"/><path d="M11 20 C32 20, 32 28, 53 28 L53 34 C32 34, 32 26, 11 26 Z" fill="${THUMB.primary}" opacity="0.35"/><path d="M11 30 C32 30, 32 34, 53 34 L53 44 C32 44, 32 42, 11 42 Z" fill="${THUMB.secondary}" opacity="0.35"/>`,
  ),
};
