import type { QueryDict } from '@tessera/core';
import type { CellValue, QueryResult, ResultColumn } from '../connectors/types.js';
import { jsonText } from './jsonText.js';

/** Superset's GenericDataType numbers, as `type_generic` carries them. */
const GENERIC_CODE = { Numeric: 0, String: 1, Temporal: 2, Boolean: 3 } as const;

export function supersetColumns(columns: readonly ResultColumn[]) {
  return columns.map((c) => ({
    column_name: c.name,
    name: c.name,
    type: c.type,
    type_generic: GENERIC_CODE[c.genericType],
    is_dttm: c.genericType === 'Temporal',
  }));
}

/**
 * The sync-success / results payload as JSON text (bigints exact). Rows are written straight from the
 * column arrays to text: no per-row objects. `maxRows` caps what the browser gets (DISPLAY_MAX_ROW).
 */
export function resultPayloadJson(result: QueryResult, query: QueryDict, maxRows: number, includeData = true): string {
  const shown = includeData ? Math.min(result.rowCount, maxRows) : 0;
  const keys = result.columns.map((c) => JSON.stringify(c.name) + ':');
  const rows: string[] = new Array<string>(shown);
  for (let r = 0; r < shown; r++) {
    let row = '{';
    for (let c = 0; c < keys.length; c++) {
      if (c > 0) row += ',';
      row += keys[c]! + jsonText((result.data[c]![r] ?? null) as CellValue);
    }
    rows[r] = row + '}';
  }
  const columns = jsonText(supersetColumns(result.columns));
  let head = `{"query_id":${query.queryId},"status":${JSON.stringify(query.state)},"data":[${rows.join(',')}],`;
  head += `"columns":${columns},"selected_columns":${columns},"expanded_columns":[],"query":${jsonText(query)}`;
  if (includeData && result.rowCount > maxRows) head += ',"displayLimitReached":true';
  return head + '}';
}
