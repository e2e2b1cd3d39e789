import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'radar',
  name: 'Radar Chart',
  category: 'Ranking',
  description: 'Visualize a parallel set of metrics across multiple groups; each group is a polygon over one axis per metric.',
  tags: ['radar', 'spider', 'web', 'multi-variable', 'comparison'],
  thumbnail: svgThumb(
    `<polygon points="32,6 52,20 45,42 19,42 12,20" fill="none" stroke="${THUMB.muted}"/><polygon points="32,12 46,22 40,36 24,38 18,22" fill="${THUMB.primary}" opacity="0.5" stroke="${THUMB.primary}"/>`,
  ),
};
