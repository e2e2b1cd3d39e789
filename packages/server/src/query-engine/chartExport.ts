import { GENERIC_DATA_TYPE } from '@tessera/core';
import type { CellValue } from '../connectors/types.js';
import type { ChartFrame } from './chartFrame.js';
import { csvField } from './csvField.js';
import { packEntry, storeEntry, zipArchive } from './zipArchive.js';

export { frameXlsx } from './frameXlsx.js';

/** Chart data as files (result_format csv / xlsx): one file per query, a ZIP when there are several. */

/** A temporal cell as exports write it: `YYYY-MM-DD HH:MM:SS` (UTC), as pandas writes a timestamp. */
export const dateText = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace(/\.000Z$|Z$/, '');

const cell = (value: CellValue, temporal: boolean): string => csvField(value, temporal && typeof value === 'number' ? dateText(value) : undefined);

/** RFC 4180 text with a header line; temporal cells as `YYYY-MM-DD HH:MM:SS` (UTC). */
export function frameCsv(frame: ChartFrame): string {
  const temporal = frame.coltypes.map((t) => t === GENERIC_DATA_TYPE.TEMPORAL);
  const lines = [frame.colnames.map((c) => csvField(c)).join(',')];
  for (let r = 0; r < frame.rowCount; r++) {
    let line = '';
    for (let c = 0; c < frame.colnames.length; c++) {
      if (c > 0) line += ',';
      line += cell(frame.columns[c]![r] ?? null, temporal[c]!);
    }
    lines.push(line);
  }
  return lines.join('\r\n') + '\r\n';
}

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');

/**
 * A minimal ZIP of a few named files: deflated, except files that are ZIPs already (XLSX), which are
 * stored: deflating them again would hold the event loop for tens of ms per MB, for little gain.
 */
export function zipFiles(files: readonly { name: string; data: Buffer }[]): Buffer {
  return zipArchive(files.map((file) => (file.data.subarray(0, 4).equals(ZIP_MAGIC) ? storeEntry(file.name, file.data) : packEntry(file.name, file.data))));
}
