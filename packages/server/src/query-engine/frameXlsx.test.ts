import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { GENERIC_DATA_TYPE } from '@tessera/core';
import type { CellValue } from '../connectors/types.js';
import type { ChartFrame } from './chartFrame.js';
import { zipFiles } from './chartExport.js';
import { frameXlsx } from './frameXlsx.js';
import { jsonText } from './jsonText.js';

const { NUMERIC, STRING, TEMPORAL, BOOLEAN } = GENERIC_DATA_TYPE;

const frameOf = (colnames: string[], coltypes: number[], columns: CellValue[][]): ChartFrame => ({ colnames, coltypes, columns, rowCount: columns[0]?.length ?? 0 });

async function readBook(buf: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buf as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);
  return book.worksheets[0]!;
}

/** Every cell value, row by row (1-based rows and columns as exceljs numbers them). */
function cellValues(sheet: ExcelJS.Worksheet, width: number): unknown[][] {
  const rows: unknown[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(Array.from({ length: width }, (_, c) => row.getCell(c + 1).value));
  }
  return rows;
}

/** The writer this module replaced (exceljs), kept here as the reference for cell semantics. */
async function exceljsXlsx(frame: ChartFrame): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(frame.colnames);
  const temporal = frame.coltypes.map((t) => t === TEMPORAL);
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

/** A `flights`-shaped frame: ds, carrier, origin, dest, distance, dep_delay, arr_delay, cancelled. */
function flightsFrame(rows: number): ChartFrame {
  const carriers = ['AA', 'DL', 'UA', 'WN', 'B6', 'AS', 'NK', 'F9'];
  const airports = ['ATL', 'DFW', 'DEN', 'ORD', 'LAX', 'JFK', 'LAS', 'MCO', 'SEA', 'HNL'];
  const columns: CellValue[][] = Array.from({ length: 8 }, () => new Array<CellValue>(rows));
  const start = Date.UTC(2019, 0, 1);
  for (let r = 0; r < rows; r++) {
    columns[0]![r] = start + r * 300_000;
    columns[1]![r] = carriers[r % carriers.length]!;
    columns[2]![r] = airports[(r * 7) % airports.length]!;
    columns[3]![r] = airports[(r * 3 + 1) % airports.length]!;
    columns[4]![r] = 100 + ((r * 37) % 2500);
    columns[5]![r] = r % 50 === 0 ? null : ((r * 13) % 130) - 10;
    columns[6]![r] = r % 45 === 0 ? null : ((r * 17) % 140) - 20;
    columns[7]![r] = r % 33 === 0;
  }
  return frameOf(['ds', 'carrier', 'origin', 'dest', 'distance', 'dep_delay', 'arr_delay', 'cancelled'], [TEMPORAL, STRING, STRING, STRING, NUMERIC, NUMERIC, NUMERIC, BOOLEAN], columns);
}

describe('frameXlsx', () => {
  it('writes a header row, numbers, dates with a date format, booleans, text and empty nulls', async () => {
    const ts = Date.UTC(2024, 2, 13, 14, 37, 43, 500);
    const frame = frameOf(
      ['n', 'ds', 'flag', 'big', 'nested', 'name'],
      [NUMERIC, TEMPORAL, BOOLEAN, NUMERIC, STRING, STRING],
      [
        [1.5, -2, 0, null, NaN, Infinity],
        [ts, Date.UTC(1900, 2, 1), null, 'not a date', 0, Number.NaN],
        [true, false, null, true, false, true],
        [3n, 2n ** 70n, -(2n ** 53n) + 1n, null, 0n, 2n ** 53n],
        [{ a: 1, b: [1, 2n] }, [1, 'x'], null, {}, [], 'plain'],
        ['CA', 'NY', '', null, 'CA', '=1+2'],
      ],
    );
    const sheet = await readBook(await frameXlsx(frame));
    expect(sheet.name).toBe('Sheet1');
    expect(cellValues(sheet, 6)).toEqual([
      ['n', 'ds', 'flag', 'big', 'nested', 'name'],
      [1.5, new Date(ts), true, 3, '{"a":1,"b":[1,2]}', 'CA'],
      [-2, new Date(Date.UTC(1900, 2, 1)), false, '1180591620717411303424', '[1,"x"]', 'NY'],
      [0, null, null, -(2 ** 53) + 1, null, ''],
      [null, 'not a date', true, null, '{}', null],
      // NaN and Infinity have no cell form (exceljs wrote `<v>NaN</v>`, which Excel reports as corrupt).
      [null, new Date(0), false, 0, '[]', 'CA'],
      [null, null, true, '9007199254740992', 'plain', '=1+2'],
    ]);
    expect(sheet.getCell('B2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getCell('A2').numFmt).toBeUndefined();
    // Text that looks like a formula stays text.
    expect(sheet.getCell('F7').type).toBe(ExcelJS.ValueType.String);
  });

  it('escapes XML markup and keeps control characters, CRs, edge white space and `_xHHHH_` literally', async () => {
    const texts = [
      `<a href="x">&amp;</a> 'q'`,
      'bell\u0007 nul\u0000 esc\u001B unit\u001F',
      'line\r\nbreak\ttab',
      '  padded  ',
      '_x0041_ and _x00e9_ stay as typed',
      'emoji 😀, accents é, CJK 漢字',
      'noncharacter \uFFFE\uFFFF',
      ']]> <![CDATA[',
    ];
    const header = ['a&b <c>', 'ctl\u0001'];
    const sheet = await readBook(await frameXlsx(frameOf(header, [STRING, STRING], [texts, texts.map((t) => t.length)])));
    expect(cellValues(sheet, 2)).toEqual([header, ...texts.map((t) => [t, t.length])]);

    const sst = await (await JSZip.loadAsync(await frameXlsx(frameOf(['x'], [STRING], [['a\u0001\r_x0041_']])))).file('xl/sharedStrings.xml')!.async('string');
    expect(sst).toContain('<t>a_x0001__x000D__x005F_x0041_</t>');
  });

  it('reads back cell for cell as the exceljs writer it replaces', async () => {
    const frame = flightsFrame(3000);
    frame.colnames.push('note', 'id', 'when');
    frame.coltypes.push(STRING, NUMERIC, TEMPORAL);
    frame.columns.push(
      Array.from({ length: 3000 }, (_, r) => (r % 5 === 0 ? null : `row ${r} <${r % 7}> & "${'x'.repeat(r % 4)}"`)),
      Array.from({ length: 3000 }, (_, r) => (r % 2 ? BigInt(r) * 10n ** 15n : r / 7)),
      Array.from({ length: 3000 }, (_, r) => (r % 11 === 0 ? null : Date.UTC(1950 + (r % 100), r % 12, 1 + (r % 28), r % 24, r % 60, r % 60, r % 1000))),
    );
    const ours = await readBook(await frameXlsx(frame));
    const theirs = await readBook(await exceljsXlsx(frame));
    expect(ours.rowCount).toBe(3001);
    expect(cellValues(ours, frame.colnames.length)).toEqual(cellValues(theirs, frame.colnames.length));
    expect(ours.name).toBe(theirs.name);
    // Dates keep their time of day (exceljs's default format showed the date only).
    expect(theirs.getCell('A2').numFmt).toBe('mm-dd-yy');
    expect(ours.getCell('A2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(ours.getCell('K3000').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it('handles a wide header, column letters past Z and an empty frame', async () => {
    const colnames = Array.from({ length: 60 }, (_, i) => `c${i}`);
    const wide = await readBook(await frameXlsx(frameOf(colnames, colnames.map(() => NUMERIC), colnames.map((_, i) => [i]))));
    expect(wide.getCell('Z2').value).toBe(25);
    expect(wide.getCell('AA2').value).toBe(26);
    expect(wide.getCell('BH2').value).toBe(59);

    const empty = await readBook(await frameXlsx(frameOf(['a', 'b'], [STRING, NUMERIC], [[], []])));
    expect(cellValues(empty, 2)).toEqual([['a', 'b']]);
    const none = await readBook(await frameXlsx(frameOf([], [], [])));
    expect(none.actualRowCount).toBe(0);
  });

  it('names the sheet within Excel rules', async () => {
    expect((await readBook(await frameXlsx(flightsFrame(1), 'Q1 & "Q2" <flights>'))).name).toBe('Q1 & "Q2" <flights>');
    expect((await readBook(await frameXlsx(flightsFrame(1), 'a/b:c*d?e[f]g\\h and more than thirty-one'))).name).toBe('a_b_c_d_e_f_g_h and more than t');
  });

  it('exports 100,000 rows x 8 columns while the event loop keeps turning', { retry: 2 }, async () => {
    const frame = flightsFrame(100_000);
    await frameXlsx(flightsFrame(2000)); // compiled before the timing
    let last = performance.now();
    let maxGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    const buf = await frameXlsx(frame);
    const elapsed = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(ticker);
    console.log(`frameXlsx 100k x 8: ${elapsed.toFixed(0)} ms, ${(buf.length / 1e6).toFixed(2)} MB, longest event-loop gap ${maxGap.toFixed(0)} ms`);
    expect(maxGap).toBeLessThan(100);

    const sheet = await readBook(buf);
    expect(sheet.rowCount).toBe(100_001);
    for (const r of [0, 1, 49_999, 99_999]) {
      const row = sheet.getRow(r + 2);
      expect(Array.from({ length: 8 }, (_, c) => row.getCell(c + 1).value)).toEqual(
        frame.columns.map((col, c) => (col[r] === null ? null : c === 0 ? new Date(col[r] as number) : col[r])),
      );
    }
  });

  it('zips CSV files as before: entries read back byte for byte', async () => {
    const a = Buffer.from('x,y\r\n1,2\r\n');
    const b = Buffer.from('é,"q"\r\n'.repeat(1000));
    const zip = await JSZip.loadAsync(zipFiles([{ name: 'a.csv', data: a }, { name: 'dir/b é.csv', data: b }]));
    expect(Object.keys(zip.files)).toEqual(['a.csv', 'dir/b é.csv']);
    expect(await zip.file('a.csv')!.async('nodebuffer')).toEqual(a);
    expect(await zip.file('dir/b é.csv')!.async('nodebuffer')).toEqual(b);
  });

  it('stores XLSX files in a ZIP of several queries as they are', async () => {
    const one = await frameXlsx(flightsFrame(500));
    const two = await frameXlsx(frameOf(['a'], [STRING], [['x']]));
    const archive = zipFiles([{ name: 'q_1.xlsx', data: one }, { name: 'q_2.xlsx', data: two }]);
    expect(archive.length).toBeGreaterThan(one.length + two.length);
    const zip = await JSZip.loadAsync(archive);
    expect(await zip.file('q_1.xlsx')!.async('nodebuffer')).toEqual(one);
    expect((await readBook(await zip.file('q_2.xlsx')!.async('nodebuffer'))).getCell('A2').value).toBe('x');
  });
});
