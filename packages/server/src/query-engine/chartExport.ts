import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { GENERIC_DATA_TYPE } from '@tessera/core';
import type { CellValue } from '../connectors/types.js';
import type { ChartFrame } from './chartFrame.js';
import { csvField } from './csvField.js';
import { jsonText } from './jsonText.js';

/** Chart data as files (result_format csv / xlsx): one file per query, a ZIP when there are several. */

const dateText = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace(/\.000Z$|Z$/, '');

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

/** One worksheet; temporal cells are real dates, bigints that do not fit a double are written as text. */
export async function frameXlsx(frame: ChartFrame, sheetName = 'Sheet1'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(frame.colnames);
  const temporal = frame.coltypes.map((t) => t === GENERIC_DATA_TYPE.TEMPORAL);
  for (let r = 0; r < frame.rowCount; r++) {
    const row: unknown[] = [];
    for (let c = 0; c < frame.colnames.length; c++) {
      const v = frame.columns[c]![r] ?? null;
      if (temporal[c] && typeof v === 'number') row.push(new Date(v));
      else if (typeof v === 'bigint') row.push(Number.isSafeInteger(Number(v)) ? Number(v) : v.toString());
      else if (v !== null && typeof v === 'object') row.push(jsonText(v));
      else row.push(v);
    }
    sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A minimal ZIP (deflate, no extra fields) of a few named files. */
export function zipFiles(files: readonly { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const packed = deflateRawSync(file.data);
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
