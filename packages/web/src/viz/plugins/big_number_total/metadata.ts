import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'big_number_total',
  name: 'Big Number',
  category: 'KPI',
  description: 'Showcases a single metric front-and-center. Best used to call attention to a KPI.',
  tags: ['big number', 'kpi', 'metric', 'single value', 'popular'],
  thumbnail: svgThumb(`<text x="32" y="30" text-anchor="middle" font-family="sans-serif" font-size="20" font-weight="700" fill="${THUMB.secondary}">1.2k</text><rect x="18" y="36" width="28" height="3" fill="${THUMB.muted}"/>`),
};
