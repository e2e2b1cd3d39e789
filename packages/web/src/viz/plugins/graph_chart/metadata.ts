import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'graph_chart',
  name: 'Graph Chart',
  category: 'Flow',
  description: 'Displays connections between entities in a graph structure; useful for mapping relationships and showing important nodes.',
  tags: ['graph', 'network', 'nodes', 'edges', 'relationships'],
  thumbnail: svgThumb(
    `<g stroke="${THUMB.muted}"><line x1="14" y1="14" x2="32" y2="26"/><line x1="32" y1="26" x2="52" y2="12"/><line x1="32" y1="26" x2="22" y2="40"/><line x1="32" y1="26" x2="48" y2="38"/></g><circle cx="32" cy="26" r="6" fill="${THUMB.primary}"/><circle cx="14" cy="14" r="4" fill="${THUMB.secondary}"/><circle cx="52" cy="12" r="4" fill="${THUMB.tertiary}"/><circle cx="22" cy="40" r="3" fill="${THUMB.accent}"/><circle cx="48" cy="38" r="3" fill="${THUMB.secondary}"/>`,
  ),
};
