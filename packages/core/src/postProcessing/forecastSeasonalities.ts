import type { SeasonalityOption } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';

/** A periodic component of the forecast model: `order` sine/cosine pairs of the period. */
export interface Seasonality {
  name: 'yearly' | 'weekly' | 'daily';
  periodDays: number;
  order: number;
}

const DAY = 86_400_000;
// Every pair is two more columns in the normal equations; beyond this the fit slows down without drawing better.
export const MAX_SEASONALITY_ORDER = 30;

interface SeasonalityDefault {
  periodDays: number;
  order: number;
  /** Auto needs this much history, so the pattern is seen at least twice. */
  minSpanMs: number;
  /** Auto needs steps shorter than the period, or every sample sits at the same phase. */
  maxGrainMs: number;
}

// Prophet's defaults: yearly 10 pairs, weekly 3 (seven free values per week), daily 4.
const DEFAULTS: Readonly<Record<Seasonality['name'], SeasonalityDefault>> = {
  yearly: { periodDays: 365.25, order: 10, minSpanMs: 2 * 365 * DAY, maxGrainMs: Infinity },
  weekly: { periodDays: 7, order: 3, minSpanMs: 14 * DAY, maxGrainMs: 7 * DAY },
  daily: { periodDays: 1, order: 4, minSpanMs: 2 * DAY, maxGrainMs: DAY },
};

/** 'auto', or the Fourier order asked for (0 = off). Superset sends booleans or null; our select sends 'yes'/'no'. */
function requestedOrder(name: Seasonality['name'], value: SeasonalityOption | undefined): number | 'auto' {
  if (value === null || value === undefined || value === '' || value === 'auto' || value === 'default') return 'auto';
  if (value === true || value === 'yes' || value === 'true') return DEFAULTS[name].order;
  if (value === false || value === 'no' || value === 'false') return 0;
  const order = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(order) || order < 0 || order > MAX_SEASONALITY_ORDER) {
    throw new PostProcessingError(
      `${name[0]!.toUpperCase()}${name.slice(1)} seasonality must be true, false, null or a whole number up to ${MAX_SEASONALITY_ORDER}`,
    );
  }
  return order;
}

/** The seasonalities to fit, given the options, the history's time span and the grain's length (both in ms). */
export function resolveSeasonalities(
  options: Partial<Record<`${Seasonality['name']}_seasonality`, SeasonalityOption>>,
  spanMs: number,
  grainMs: number,
): Seasonality[] {
  const out: Seasonality[] = [];
  for (const name of ['yearly', 'weekly', 'daily'] as const) {
    const defaults = DEFAULTS[name];
    const requested = requestedOrder(name, options[`${name}_seasonality`]);
    const order = requested !== 'auto' ? requested : spanMs >= defaults.minSpanMs && grainMs < defaults.maxGrainMs ? defaults.order : 0;
    if (order > 0) out.push({ name, periodDays: defaults.periodDays, order });
  }
  return out;
}

/** The sine/cosine columns of the seasonalities at a timestamp; phases count from the epoch so they continue into the future. */
export function fourierTerms(seasonalities: readonly Seasonality[], ms: number): number[] {
  const days = ms / DAY;
  const terms: number[] = [];
  for (const { periodDays, order } of seasonalities) {
    for (let k = 1; k <= order; k += 1) {
      // Whole cycles are dropped before scaling to radians, keeping the angle small and exact.
      const cycles = (k * days) / periodDays;
      const angle = 2 * Math.PI * (cycles - Math.floor(cycles));
      terms.push(Math.sin(angle), Math.cos(angle));
    }
  }
  return terms;
}
