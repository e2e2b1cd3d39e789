import { TIME_GRAINS, type TimeGrain } from '@tessera/core';
import type { ConnectorHandle } from '../types.js';

/** A Wednesday afternoon, a Sunday just after midnight, and a Wednesday before 1970 (negative epoch days). */
export const GRAIN_TIMESTAMPS = ['2024-03-13 14:37:43', '2024-03-10 00:00:05', '1969-12-24 10:00:00'] as const;

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const fmt = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

/** Reference semantics of every grain, in plain UTC arithmetic, to check each dialect's SQL against. */
export function expectedGrain(grain: TimeGrain, ts: string): string {
  const ms = Date.parse(ts.replace(' ', 'T') + 'Z');
  const day = Math.floor(ms / DAY) * DAY;
  const sec = (ms - day) / 1000;
  const dow = new Date(day).getUTCDay(); // 0 = Sunday
  const monday = day - ((dow + 6) % 7) * DAY;
  const sunday = day - dow * DAY;
  const d = new Date(ms);
  const bucket = (n: number) => fmt(day + Math.floor(sec / n) * n * 1000);
  switch (grain) {
    case 'PT1S': return bucket(1);
    case 'PT5S': return bucket(5);
    case 'PT30S': return bucket(30);
    case 'PT1M': return bucket(60);
    case 'PT5M': return bucket(300);
    case 'PT10M': return bucket(600);
    case 'PT15M': return bucket(900);
    case 'PT30M': return bucket(1800);
    case 'PT1H': return bucket(3600);
    case 'PT6H': return bucket(6 * 3600);
    case 'P1D': return fmt(day);
    case 'P7D': return fmt(Math.floor(day / (7 * DAY)) * 7 * DAY);
    case 'P1W': return fmt(monday);
    case '1969-12-28T00:00:00Z/P1W': return fmt(sunday);
    case '1969-12-29T00:00:00Z/P1W': return fmt(monday);
    case 'P1W/1970-01-03T00:00:00Z': return fmt(sunday + 6 * DAY);
    case 'P1W/1970-01-04T00:00:00Z': return fmt(monday + 6 * DAY);
    case 'P1M': return fmt(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    case 'P3M': return fmt(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1));
    case 'P1Y': return fmt(Date.UTC(d.getUTCFullYear(), 0, 1));
  }
}

/** Engine text (`2024-03-13`, `2024-03-13 00:00:00+00`, `2024-03-13T00:00:00.000`) → `YYYY-MM-DD HH:MM:SS`. */
export function normaliseTimestamp(value: unknown): string {
  const s = String(value).replace('T', ' ');
  const date = s.slice(0, 10);
  const time = s.length > 10 ? s.slice(11, 19) : '00:00:00';
  return `${date} ${time}`;
}

/** The timestamps as DATE values see them (midnight of the day). */
export const GRAIN_DATES = GRAIN_TIMESTAMPS.map((ts) => `${ts.slice(0, 10)} 00:00:00`);

/**
 * Runs every grain of the connector over `literal(ts)` and returns actual vs expected per grain. `literal`
 * receives `YYYY-MM-DD HH:MM:SS`; with `dates` the values are midnights, for DATE literals (`ts.slice(0, 10)`).
 */
export async function runGrains(handle: ConnectorHandle, literal: (ts: string) => string, { dates = false } = {}) {
  const grains = TIME_GRAINS.map((g) => g.id);
  const out: { ts: string; grain: TimeGrain; actual: string; expected: string }[] = [];
  for (const ts of dates ? GRAIN_DATES : GRAIN_TIMESTAMPS) {
    const exprs = grains.map((g, i) => `${handle.connector.capabilities.timeGrainExpressions[g].replaceAll('{col}', literal(ts))} AS g${i}`);
    const result = await handle.execute(`SELECT ${exprs.join(', ')}`);
    grains.forEach((g, i) => out.push({ ts, grain: g, actual: normaliseTimestamp(result.data[i]![0]), expected: expectedGrain(g, ts) }));
  }
  return out;
}
