import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'big_number',
  name: 'Big Number with Trendline',
  category: 'KPI',
  description: 'Showcases a single number accompanied by a simple line chart, to call attention to a metric and its change over time.',
  tags: ['big number', 'kpi', 'trend', 'trendline', 'popular'],
  thumbnail: svgThumb(
    `<text x="32" y="22" text-anchor="middle" font-family="sans-serif" font-size="16" font-weight="700" fill="${THUMB.secondary}">1.2k</text><path d="M6 44 L18 36 L28 40 L40 30 L50 34 L58 26 L58 46 L6 46 Z" fill="${THUMB.primary}" opacity="0.3"/><polyline points="6,44 18,36 28,40 40,30 50,34 58,26" stroke="${THUMB.primary}" stroke-width="2" fill="none"/>`,
  ),
  usesTimeAxis: true,
};
