import {
  DuckDBArrayValue,
  DuckDBBlobValue,
  DuckDBDecimalValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  type DuckDBValue,
} from '@duckdb/node-api';
import type { CellValue } from '../types.js';
import { bytesToHex, exactInteger, numericFromText } from '../values.js';

/** DuckDB value objects → CellValue: exact integers, decimals as numbers, temporals as DuckDB's own text. */
export function duckdbCell(value: DuckDBValue): CellValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'boolean':
    case 'number':
    case 'string':
      return value;
    case 'bigint':
      return exactInteger(value);
  }
  if (value instanceof DuckDBDecimalValue) return numericFromText(value.toString());
  if (value instanceof DuckDBListValue || value instanceof DuckDBArrayValue) return value.items.map(duckdbCell);
  if (value instanceof DuckDBStructValue) {
    return Object.fromEntries(Object.entries(value.entries).map(([k, v]) => [k, duckdbCell(v)]));
  }
  if (value instanceof DuckDBMapValue) {
    return Object.fromEntries(value.entries.map((e) => [String(duckdbCell(e.key)), duckdbCell(e.value)]));
  }
  if (value instanceof DuckDBBlobValue) return bytesToHex(value.bytes);
  // Dates, times, timestamps, intervals, UUIDs, bits, unions: DuckDB's text form.
  return String(value);
}
