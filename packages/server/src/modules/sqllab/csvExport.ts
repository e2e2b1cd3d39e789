import type { CellValue, QueryResult } from '../../connectors/types.js';
import { csvField } from '../../query-engine/csvField.js';

/* RFC 4180 fields (see csvField), lines ending with CRLF. */

/** CSV text of a columnar result in chunks, so big exports stream instead of building one string. */
export function* csvChunks(result: QueryResult, rowsPerChunk = 5000): Generator<string> {
  yield result.columns.map((c) => csvField(c.name)).join(',') + '\r\n';
  for (let start = 0; start < result.rowCount; start += rowsPerChunk) {
    const end = Math.min(result.rowCount, start + rowsPerChunk);
    let chunk = '';
    for (let r = start; r < end; r++) {
      for (let c = 0; c < result.columns.length; c++) {
        if (c > 0) chunk += ',';
        chunk += csvField((result.data[c]![r] ?? null) as CellValue);
      }
      chunk += '\r\n';
    }
    yield chunk;
  }
}

/** `<tab or query>_<yyyymmdd_HHMMSS>.csv` with characters unsafe in a header or file name replaced. */
export function csvFileName(label: string | null, when: Date): string {
  const stamp = when.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
  const base = (label || 'query').replace(/[^\w.-]+/g, '_').slice(0, 100);
  return `${base}_${stamp}.csv`;
}
