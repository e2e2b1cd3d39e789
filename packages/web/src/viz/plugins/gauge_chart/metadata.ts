import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'gauge_chart',
  name: 'Gauge Chart',
  category: 'KPI',
  description: 'Uses a gauge to showcase progress of a metric towards a target; the needle shows the value, the arc the range.',
  tags: ['gauge', 'dial', 'kpi', 'progress', 'target'],
  thumbnail: svgThumb(
    `<path d="M10 38 A22 22 0 0 1 54 38" stroke="${THUMB.muted}" stroke-width="6" fill="none"/><path d="M10 38 A22 22 0 0 1 40 18" stroke="${THUMB.primary}" stroke-width="6" fill="none"/><line x1="32" y1="38" x2="42" y2="22" stroke="${THUMB.secondary}" stroke-width="2"/>`,
  ),
};
