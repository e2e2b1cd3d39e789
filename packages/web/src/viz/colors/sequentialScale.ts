import { getSequentialSchemeById } from './schemes';

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.split('').map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** A value → colour function interpolating the scheme's stops linearly over [min, max]. */
export function getSequentialScale(schemeId: string | null | undefined, [min, max]: [number, number]): (value: number) => string {
  const stops = getSequentialSchemeById(schemeId).colors.map(parseHex);
  return (value) => {
    if (!Number.isFinite(value)) return 'transparent';
    const t = max === min ? 1 : Math.min(1, Math.max(0, (value - min) / (max - min)));
    const pos = t * (stops.length - 1);
    const i = Math.min(stops.length - 2, Math.floor(pos));
    const f = pos - i;
    const a = stops[i]!;
    const b = stops[i + 1]!;
    return toHex([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f]);
  };
}

/** The scheme's stops as ECharts visualMap colours. */
export function getSequentialColors(schemeId?: string | null): string[] {
  return [...getSequentialSchemeById(schemeId).colors];
}
