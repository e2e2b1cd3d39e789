import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB, thumbAxes } from '../../shared/thumbnail';

const box = (x: number, lo: number, q1: number, q3: number, hi: number) =>
  `<line x1="${x + 5}" y1="${lo}" x2="${x + 5}" y2="${hi}" stroke="${THUMB.secondary}"/><rect x="${x}" y="${q3}" width="10" height="${q1 - q3}" fill="${THUMB.primary}" stroke="${THUMB.secondary}"/>`;

export const metadata: ChartMetadata = {
  vizType: 'box_plot',
  name: 'Box Plot',
  category: 'Distribution',
  description: 'Also known as a box and whisker plot, this visualization compares the distributions of a related metric across multiple groups.',
  tags: ['box plot', 'whisker', 'distribution', 'quartiles', 'outliers'],
  thumbnail: svgThumb(`${thumbAxes}${box(12, 40, 32, 18, 8)}${box(28, 38, 30, 22, 14)}${box(44, 36, 26, 12, 6)}`),
};
