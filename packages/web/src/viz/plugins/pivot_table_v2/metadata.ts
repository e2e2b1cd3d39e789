import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

const cells = [0, 1, 2, 3]
  .flatMap((r) => [0, 1, 2].map((c) => `<rect x="${20 + c * 14}" y="${8 + r * 9}" width="13" height="8" fill="${THUMB.primary}" opacity="${0.2 + ((r + c) % 4) * 0.2}"/>`))
  .join('');

export const metadata: ChartMetadata = {
  vizType: 'pivot_table_v2',
  name: 'Pivot Table',
  category: 'Table',
  description: 'Used to summarize a set of data by grouping together multiple statistics along two axes, with totals and subtotals.',
  tags: ['pivot', 'table', 'crosstab', 'matrix', 'totals', 'popular'],
  thumbnail: svgThumb(`<rect x="6" y="8" width="13" height="35" fill="${THUMB.secondary}" opacity="0.3"/>${cells}`),
};
