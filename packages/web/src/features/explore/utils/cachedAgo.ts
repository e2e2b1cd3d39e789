const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * How long ago an answer was cached, for the "Cached" label's tooltip (Superset: "Loaded data cached 3 minutes
 * ago"). `cachedDttm` is the answer's `cached_dttm`, UTC without a zone; null when it cannot be read.
 */
export function cachedAgo(cachedDttm: string | null | undefined, now: number): string | null {
  if (!cachedDttm) return null;
  const at = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(cachedDttm) ? cachedDttm : `${cachedDttm}Z`);
  if (Number.isNaN(at)) return null;
  const elapsed = Math.max(0, now - at);
  for (const [unit, ms] of UNITS) if (elapsed >= ms) return relative.format(-Math.floor(elapsed / ms), unit);
  return 'a few seconds ago';
}
