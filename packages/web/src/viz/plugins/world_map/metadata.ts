import type { ChartMetadata } from '../../types';
import { svgThumb, THUMB } from '../../shared/thumbnail';

export const metadata: ChartMetadata = {
  vizType: 'world_map',
  name: 'World Map',
  category: 'Map',
  description: 'A map of the world that can indicate values in different countries, as a colour scale and optional bubbles.',
  tags: ['world map', 'map', 'geo', 'country', 'choropleth'],
  thumbnail: svgThumb(
    `<rect x="4" y="6" width="56" height="36" rx="3" fill="#E6F6FA"/><path d="M10 14 L22 12 L26 20 L20 26 L14 22 Z" fill="${THUMB.primary}"/><path d="M22 28 L28 30 L26 40 L21 38 Z" fill="${THUMB.primary}" opacity="0.6"/><path d="M32 12 L44 10 L54 16 L50 24 L40 22 L34 18 Z" fill="${THUMB.secondary}" opacity="0.8"/><path d="M34 24 L40 26 L38 36 L33 32 Z" fill="${THUMB.primary}" opacity="0.4"/><circle cx="48" cy="32" r="3" fill="${THUMB.accent}"/>`,
  ),
};
