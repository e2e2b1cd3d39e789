import { format as d3Format } from 'd3-format';

/**
 * Number formatting by format id (Superset's d3 ids plus its named formats). Formatters are cached per id
 * because tables format thousands of cells with the same id.
 */

export const NumberFormats = {
  SMART_NUMBER: 'SMART_NUMBER',
  SMART_NUMBER_SIGNED: 'SMART_NUMBER_SIGNED',
  DURATION: 'DURATION',
  DURATION_SUB: 'DURATION_SUB',
  DURATION_COL: 'DURATION_COL',
  INTEGER: ',d',
  PERCENT: '.1%',
  PERCENT_3: '.3%',
  /** Shares in treemap and sunburst tooltips. */
  PERCENT_2_POINT: ',.2%',
  /** The table's default for percent metrics. */
  PERCENT_3_POINT: ',.3%',
  SI: '.3s',
  SIGNED: '+,',
} as const;

export type NumberFormatter = (value: number | null | undefined) => string;

const si = d3Format('.3~s');
const twoDecimals = d3Format(',.2~f');
const fourDecimals = d3Format('.4~f');
const smallSi = d3Format('.3~s');

/** The adaptive default: short SI units for large values, grouped integers, a few decimals for small ones. */
function smartNumber(value: number, signed: boolean): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  let text: string;
  if (abs >= 1000) text = si(value).replace('G', 'B'); // "billion" reads better than giga for money and counts
  else if (abs >= 1) text = Number.isInteger(value) ? String(value) : twoDecimals(value);
  else if (abs >= 0.001) text = fourDecimals(value);
  else text = smallSi(value);
  return signed && value > 0 ? `+${text}` : text;
}

const UNITS: [string, number][] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
];

/** Milliseconds as "1d 2h 3m 4s"; with `sub`, sub-second remainders as "ms". */
export function formatDuration(ms: number, sub = false): string {
  if (!Number.isFinite(ms)) return String(ms);
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  if (rest < 1000) return `${sign}${sub ? `${+rest.toFixed(rest < 1 ? 3 : 0)}ms` : `${+(rest / 1000).toFixed(1)}s`}`;
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    if (n > 0) parts.push(`${n}${unit}`);
    rest -= n * size;
  }
  if (sub && rest > 0) parts.push(`${Math.round(rest)}ms`);
  return sign + parts.join(' ');
}

/** Milliseconds as "HH:MM:SS" (durations in a table column line up). */
export function formatDurationColon(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const total = Math.floor(Math.abs(ms) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

const cache = new Map<string, (value: number) => string>();

function build(formatId: string): (value: number) => string {
  switch (formatId) {
    case NumberFormats.SMART_NUMBER:
      return (v) => smartNumber(v, false);
    case NumberFormats.SMART_NUMBER_SIGNED:
      return (v) => smartNumber(v, true);
    case NumberFormats.DURATION:
      return (v) => formatDuration(v);
    case NumberFormats.DURATION_SUB:
      return (v) => formatDuration(v, true);
    case NumberFormats.DURATION_COL:
      return formatDurationColon;
    default:
      try {
        return d3Format(formatId);
      } catch {
        // An invalid d3 specifier typed in a free-form select must not break the chart.
        return (v) => smartNumber(v, false);
      }
  }
}

/** A formatter for a format id; empty / unknown ids fall back to the adaptive default. */
export function getNumberFormatter(formatId?: string | null): NumberFormatter {
  const id = formatId && formatId.trim() ? formatId.trim() : NumberFormats.SMART_NUMBER;
  let fn = cache.get(id);
  if (!fn) {
    fn = build(id);
    cache.set(id, fn);
  }
  const f = fn;
  return (value) => (value === null || value === undefined ? 'N/A' : Number.isNaN(value) ? 'NaN' : f(value));
}

export function formatNumber(formatId: string | null | undefined, value: number | null | undefined): string {
  return getNumberFormatter(formatId)(value);
}
