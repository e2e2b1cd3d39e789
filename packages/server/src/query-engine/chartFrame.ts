import { GENERIC_DATA_TYPE } from '@tessera/core';
import type { CellValue, QueryResult } from '../connectors/types.js';
import { jsonText } from './jsonText.js';

/**
 * A chart query's table, kept columnar as the connectors return it: `columns[c][r]`. Temporal cells
 * are epoch milliseconds (UTC), as Superset's chart data JSON carries them; everything else is the
 * connector's value (bigints stay exact).
 */
export interface ChartFrame {
  colnames: string[];
  /** GENERIC_DATA_TYPE codes. */
  coltypes: number[];
  columns: CellValue[][];
  rowCount: number;
}

const GENERIC_CODE = { Numeric: GENERIC_DATA_TYPE.NUMERIC, String: GENERIC_DATA_TYPE.STRING, Temporal: GENERIC_DATA_TYPE.TEMPORAL, Boolean: GENERIC_DATA_TYPE.BOOLEAN } as const;

const TEMPORAL_TEXT = /^(-?\d{4,})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Engine text such as `2024-03-13 14:37:43.5+01` as epoch ms; naive times count as UTC (Superset's convention). */
export function temporalToEpochMs(value: CellValue): CellValue {
  if (typeof value !== 'string') return value;
  const m = TEMPORAL_TEXT.exec(value);
  if (!m) return value;
  const ms = m[7] ? Number((m[7] + '00').slice(0, 3)) : 0;
  let t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), ms);
  const zone = m[8];
  if (zone && zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    t -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0)) * 60_000;
  }
  return t;
}

/** The frame of a connector result; temporal columns are converted once here. */
export function frameFromResult(result: QueryResult): ChartFrame {
  const coltypes = result.columns.map((c) => GENERIC_CODE[c.genericType]);
  const columns = result.data.map((col, i) => (coltypes[i] === GENERIC_DATA_TYPE.TEMPORAL ? col.map(temporalToEpochMs) : col));
  return { colnames: result.columns.map((c) => c.name), coltypes, columns, rowCount: result.rowCount };
}

export function frameToRows(frame: ChartFrame): Record<string, unknown>[] {
  const rows = new Array<Record<string, unknown>>(frame.rowCount);
  for (let r = 0; r < frame.rowCount; r++) {
    const row: Record<string, unknown> = {};
    for (let c = 0; c < frame.colnames.length; c++) row[frame.colnames[c]!] = frame.columns[c]![r] ?? null;
    rows[r] = row;
  }
  return rows;
}

function typeOfValues(values: readonly unknown[], temporal: boolean): number {
  if (temporal) return GENERIC_DATA_TYPE.TEMPORAL;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'number' || typeof v === 'bigint') return GENERIC_DATA_TYPE.NUMERIC;
    if (typeof v === 'boolean') return GENERIC_DATA_TYPE.BOOLEAN;
    return GENERIC_DATA_TYPE.STRING;
  }
  return GENERIC_DATA_TYPE.STRING;
}

/**
 * A frame from row objects (after post-processing). Types are read back from the values, as Superset
 * reads them from the DataFrame; columns whose name was temporal before stay temporal.
 */
export function frameFromRows(rows: readonly Record<string, unknown>[], colnames: readonly string[], temporal: ReadonlySet<string>): ChartFrame {
  const columns = colnames.map((name) => rows.map((row) => (row[name] ?? null) as CellValue));
  const coltypes = colnames.map((name, i) => typeOfValues(columns[i]!, temporal.has(name)));
  return { colnames: [...colnames], coltypes, columns, rowCount: rows.length };
}

/** `[{...},...]` written straight from the column arrays: no per-row objects. */
export function frameRowsJson(frame: ChartFrame): string {
  const keys = frame.colnames.map((c) => JSON.stringify(c) + ':');
  const rows = new Array<string>(frame.rowCount);
  for (let r = 0; r < frame.rowCount; r++) {
    let row = '{';
    for (let c = 0; c < keys.length; c++) {
      if (c > 0) row += ',';
      const v = frame.columns[c]![r] ?? null;
      row += keys[c]! + (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'null') : typeof v === 'string' ? JSON.stringify(v) : jsonText(v));
    }
    rows[r] = row + '}';
  }
  return '[' + rows.join(',') + ']';
}
