/**
 * Timestamps in results come either as epoch milliseconds (numbers, Superset's JSON form) or as ISO text
 * ('2024-01-01T00:00:00.000Z', '2024-01-01 00:00:00', '2024-01-01'); text without a zone is read as UTC, like the
 * naive datetimes pandas works with. Generated timestamps (resample labels) are written in the form the input used.
 */
export type TimeFormat = 'epoch' | 'iso' | 'naive-t' | 'naive-space' | 'date';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const NAIVE = /^(\d{4}-\d{2}-\d{2})([ T])(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

export function parseTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value !== 'string') return null;
  const text = value.trim();
  let ms: number;
  if (DATE_ONLY.test(text)) ms = Date.parse(`${text}T00:00:00Z`);
  else {
    const naive = NAIVE.exec(text);
    ms = naive ? Date.parse(`${naive[1]}T${naive[3]}Z`) : Date.parse(text);
  }
  return Number.isNaN(ms) ? null : ms;
}

export function detectTimeFormat(values: readonly unknown[]): TimeFormat {
  const sample = values.find((v) => v !== null && v !== undefined);
  if (typeof sample !== 'string') return 'epoch';
  const text = sample.trim();
  if (DATE_ONLY.test(text)) return 'date';
  const naive = NAIVE.exec(text);
  if (naive) return naive[2] === ' ' ? 'naive-space' : 'naive-t';
  return 'iso';
}

export function formatTime(ms: number, format: TimeFormat): number | string {
  if (format === 'epoch') return ms;
  const iso = new Date(ms).toISOString();
  switch (format) {
    case 'iso':
      return iso;
    case 'naive-t':
      return iso.slice(0, 19);
    case 'date':
      // A label inside a day cannot be written as a date; keep the time then.
      return ms % 86_400_000 === 0 ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
    default:
      return iso.slice(0, 19).replace('T', ' ');
  }
}
