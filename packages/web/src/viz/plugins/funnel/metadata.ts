import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'funnel',
  name: 'Funnel Chart',
  category: 'Part of a Whole',
  description: 'Showcases how a metric changes as the funnel progresses; often used for conversion rates between stages.',
  tags: ['funnel', 'conversion', 'stages', 'pipeline'],
  thumbnail: svgThumb(
    `<path d="M8 6 H56 L50 16 H14 Z" fill="${THUMB.primary}"/><path d="M15 18 H49 L43 28 H21 Z" fill="${THUMB.secondary}"/><path d="M22 30 H42 L37 40 H27 Z" fill="${THUMB.tertiary}"/>`,
  ),
};
