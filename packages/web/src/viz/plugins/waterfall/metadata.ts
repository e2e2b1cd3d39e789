import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB, thumbAxes } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'waterfall',
  name: 'Waterfall Chart',
  category: 'Evolution',
  description: 'Shows how an initial value is affected by a series of intermediate positive or negative values, ending with the total.',
  tags: ['waterfall', 'bridge', 'cumulative', 'increase', 'decrease'],
  thumbnail: svgThumb(
    `${thumbAxes}<rect x="9" y="24" width="8" height="18" fill="${THUMB.tertiary}"/><rect x="20" y="14" width="8" height="10" fill="${THUMB.tertiary}"/><rect x="31" y="14" width="8" height="12" fill="#E04355"/><rect x="42" y="26" width="8" height="4" fill="#E04355"/><rect x="53" y="30" width="6" height="12" fill="${THUMB.muted}"/>`,
  ),
  usesTimeAxis: true,
};
