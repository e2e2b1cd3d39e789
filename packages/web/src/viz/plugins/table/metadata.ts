import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

const rows = [10, 18, 26, 34, 42].map((y, i) => `<rect x="6" y="${y - 6}" width="52" height="7" fill="${i === 0 ? THUMB.primary : i % 2 ? '#F0F0F0' : '#FFFFFF'}" stroke="#E0E0E0" stroke-width="0.5"/>`).join('');

export const metadata: ChartMetadata = {
  vizType: 'table',
  name: 'Table',
  category: 'Table',
  description: 'Classic row-by-column spreadsheet like view of a dataset. Use tables to showcase a view into the underlying data or to show aggregated metrics.',
  tags: ['table', 'grid', 'spreadsheet', 'raw', 'aggregate', 'popular'],
  thumbnail: svgThumb(rows),
};
