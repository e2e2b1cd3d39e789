import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'word_cloud',
  name: 'Word Cloud',
  category: 'Ranking',
  description: 'Visualizes the words in a column that appear the most often. Bigger font corresponds to higher frequency.',
  tags: ['word cloud', 'text', 'frequency', 'tags'],
  thumbnail: svgThumb(
    `<g font-family="sans-serif" text-anchor="middle"><text x="32" y="28" font-size="14" font-weight="700" fill="${THUMB.primary}">data</text><text x="14" y="16" font-size="8" fill="${THUMB.secondary}">chart</text><text x="50" y="14" font-size="7" fill="${THUMB.tertiary}">kpi</text><text x="16" y="40" font-size="9" fill="${THUMB.accent}">sql</text><text x="48" y="40" font-size="8" fill="${THUMB.secondary}">bi</text></g>`,
  ),
};
