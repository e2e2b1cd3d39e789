import type { QueryTime } from '../../../api/queryApi';

/** Epoch milliseconds of a query time sent as a number (ms), a numeric string or an ISO date-time (naive = UTC). */
export function toEpochMs(value: QueryTime | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const hasZone = /([zZ]|[+-]\d\d:?\d\d)$/.test(trimmed);
  const ms = Date.parse(hasZone ? trimmed : `${trimmed.replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? null : ms;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Local `YYYY-MM-DD HH:mm:ss`. */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Superset's query duration: `HH:mm:ss.SSS`. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(total % 1000, 3)}`;
}
