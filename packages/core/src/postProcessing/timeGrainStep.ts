import { PostProcessingError } from './PostProcessingError.js';

/**
 * One step of a time grain, split into its calendar part (whole months; years are twelve) and its fixed part
 * (milliseconds), because a month has no fixed length: stepping Jan 31 by P1M must land on the end of February.
 */
export interface TimeGrainStep {
  months: number;
  ms: number;
  /** A typical length in ms (a month as 1/12 of 365.25 days), for choosing seasonalities. */
  approxMs: number;
}

const DAY = 86_400_000;
const FIXED_MS: Readonly<Record<string, number>> = { W: 7 * DAY, D: DAY, H: 3_600_000, MT: 60_000, S: 1000 };
const NUMBER = '(\\d+(?:\\.\\d+)?)';
const DURATION = new RegExp(`^P(?:${NUMBER}Y)?(?:${NUMBER}M)?(?:${NUMBER}W)?(?:${NUMBER}D)?(?:T(?:${NUMBER}H)?(?:${NUMBER}M)?(?:${NUMBER}S)?)?$`);
// Superset's week grains anchored on a day: '1969-12-28T00:00:00Z/P1W' (starting) or 'P1W/1970-01-03T00:00:00Z' (ending).
const ANCHORED = /^(?:[^/]+\/(P[^/]+)|(P[^/]+)\/[^/]+)$/;

/** Parses an ISO 8601 duration time grain (P1D, P1W, P1M, P3M, P0.25Y, P1Y, PT1H, PT0.5H, PT15M, anchored weeks ...). */
export function parseTimeGrainStep(grain: string): TimeGrainStep {
  const anchored = ANCHORED.exec(grain);
  const duration = anchored ? (anchored[1] ?? anchored[2]!) : grain;
  const match = DURATION.exec(duration);
  if (!match || duration === 'P' || duration.endsWith('T')) throw new PostProcessingError(`Unsupported time grain: ${grain}`);
  const [years, months, weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const calendarMonths = years! * 12 + months!;
  const ms = weeks! * FIXED_MS.W! + days! * FIXED_MS.D! + hours! * FIXED_MS.H! + minutes! * FIXED_MS.MT! + seconds! * FIXED_MS.S!;
  // Fractions of a month have no calendar meaning (P0.25Y is a quarter, P0.5M is nothing).
  if (!Number.isInteger(calendarMonths) || !Number.isInteger(ms) || calendarMonths + ms <= 0) {
    throw new PostProcessingError(`Unsupported time grain: ${grain}`);
  }
  return { months: calendarMonths, ms, approxMs: calendarMonths * ((365.25 * DAY) / 12) + ms };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * The timestamp `count` steps after `anchor`. Months are added to the anchor's calendar date, never chained step by
 * step, so a day the target month lacks is clamped (Jan 31 + 1 month = Feb 28/29) without drifting later months;
 * an anchor on the last day of its month stays on month ends (Apr 30 + 1 month = May 31, as month-end buckets are).
 */
export function addTimeGrainSteps(anchor: number, step: TimeGrainStep, count: number): number {
  let ms = anchor;
  if (step.months > 0) {
    const date = new Date(anchor);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth();
    const day = date.getUTCDate();
    const timeOfDay = anchor - Date.UTC(year, month, day);
    const target = month + step.months * count;
    const targetYear = year + Math.floor(target / 12);
    const targetMonth = ((target % 12) + 12) % 12;
    const lastDay = daysInMonth(targetYear, targetMonth);
    const monthEnd = day === daysInMonth(year, month);
    ms = Date.UTC(targetYear, targetMonth, monthEnd ? lastDay : Math.min(day, lastDay)) + timeOfDay;
  }
  return ms + step.ms * count;
}
