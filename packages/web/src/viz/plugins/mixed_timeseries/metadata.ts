import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB, thumbAxes } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'mixed_timeseries',
  name: 'Mixed Chart',
  category: 'Evolution',
  description: 'Visualizes two different series using the same x-axis; each query can be drawn as a different series type and on its own y-axis.',
  tags: ['mixed', 'dual axis', 'multiple', 'line', 'bar', 'time', 'evolution'],
  thumbnail: svgThumb(
    `${thumbAxes}<rect x="10" y="24" width="7" height="18" fill="${THUMB.tertiary}"/><rect x="24" y="18" width="7" height="24" fill="${THUMB.tertiary}"/><rect x="38" y="28" width="7" height="14" fill="${THUMB.tertiary}"/><rect x="50" y="20" width="7" height="22" fill="${THUMB.tertiary}"/><polyline points="8,30 20,16 34,22 48,8 60,12" stroke="${THUMB.secondary}" stroke-width="2.5" fill="none"/>`,
  ),
  usesTimeAxis: true,
};
