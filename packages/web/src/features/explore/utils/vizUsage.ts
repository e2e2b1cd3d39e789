import type { ChartMetadata } from '../../../viz/types';

const STORAGE_KEY = 'tessera.explore.vizTypeUsage';

function readUsage(): Record<string, number> {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Counts a pick of this viz type (the picker lists the most used first). */
export function recordVizTypeUse(vizType: string): void {
  const usage = readUsage();
  usage[vizType] = (usage[vizType] ?? 0) + 1;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(usage));
  } catch {
    // storage full or denied: ordering falls back to names
  }
}

/** Most used first, then by name. */
export function sortByUsage<T extends { metadata: ChartMetadata }>(plugins: T[]): T[] {
  const usage = readUsage();
  return [...plugins].sort((a, b) => (usage[b.metadata.vizType] ?? 0) - (usage[a.metadata.vizType] ?? 0) || a.metadata.name.localeCompare(b.metadata.name));
}

/** A plugin's thumbnail as an <img> src: inline SVG becomes a data: URL. */
export function thumbnailSrc(thumbnail: string): string {
  if (thumbnail.startsWith('data:')) return thumbnail;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(thumbnail)}`;
}
