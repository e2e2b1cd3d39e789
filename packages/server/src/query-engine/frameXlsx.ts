import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { GENERIC_DATA_TYPE } from '@tessera/core';
import type { CellValue } from '../connectors/types.js';
import type { ChartFrame } from './chartFrame.js';
import { jsonText } from './jsonText.js';
import { xlsxTextElement } from './xlsxText.js';
import { EntryDeflater, packEntry, zipArchive } from './zipArchive.js';

/**
 * A frame as an XLSX workbook of one sheet, written as SpreadsheetML text by hand: a header row, numbers
 * as numbers, temporal cells as Excel dates shown as `yyyy-mm-dd hh:mm:ss`, booleans as booleans, text
 * as shared strings, nulls (and NaN/Infinity) as empty cells. The sheet is produced in slices of about
 * 10 ms with a turn of the event loop between them, and deflated on the libuv thread pool, so a large
 * export never holds up other requests.
 */

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${MIME}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${MIME}.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${MIME}.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="${MIME}.sharedStrings+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${DOC_RELS}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${DOC_RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
/** Cell style 0 is the default, style 1 dates with their time (`s="1"`), as the CSV and Superset's export show them. */
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Work done between two yields to the event loop. */
const SLICE_MS = 10;
/** Characters of XML handed to the deflater at a time. */
const PIECE_CHARS = 1 << 17;
const DAY_MS = 86_400_000;
/** The serial number of 1970-01-01 in Excel's 1900 date system. */
const EPOCH_SERIAL = 25_569;

/** Gives the event loop a turn once the current slice of work has run for SLICE_MS. */
class Pacer {
  private start = performance.now();

  async turn(): Promise<void> {
    if (performance.now() - this.start < SLICE_MS) return;
    await nextTurn();
    this.start = performance.now();
  }
}

/** The shared string table: each distinct text once, cells refer to it by index. */
class SharedStrings {
  readonly ids = new Map<string, number>();
  count = 0;

  cell(ref: string, text: string): string {
    this.count++;
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(text, id);
    }
    return `<c r="${ref}" t="s"><v>${id}</v></c>`;
  }
}

const columnLetters = (index: number): string => {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};

const dateCell = (ref: string, ms: number): string => (Number.isFinite(ms) ? `<c r="${ref}" s="1"><v>${EPOCH_SERIAL + ms / DAY_MS}</v></c>` : '');

/** One `<c>`; temporal columns hold epoch milliseconds, bigints that do not fit a double become text. */
function cellXml(ref: string, value: CellValue | undefined, temporal: boolean, strings: SharedStrings): string {
  switch (typeof value) {
    case 'number':
      if (temporal) return dateCell(ref, value);
      return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
    case 'string':
      return strings.cell(ref, value);
    case 'boolean':
      return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    case 'bigint': {
      const n = Number(value);
      return Number.isSafeInteger(n) ? `<c r="${ref}"><v>${n}</v></c>` : strings.cell(ref, value.toString());
    }
    case 'undefined':
      return '';
    default:
      if (value === null) return '';
      if ((value as unknown) instanceof Date) return dateCell(ref, (value as unknown as Date).getTime());
      return strings.cell(ref, jsonText(value));
  }
}

async function writeSheet(out: EntryDeflater, frame: ChartFrame, strings: SharedStrings, pacer: Pacer): Promise<void> {
  const width = frame.colnames.length;
  const letters = frame.colnames.map((_, c) => columnLetters(c));
  const temporal = frame.coltypes.map((t) => t === GENERIC_DATA_TYPE.TEMPORAL);
  let xml = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${DOC_RELS}">`;
  if (width > 0) xml += `<dimension ref="A1:${letters[width - 1]}${frame.rowCount + 1}"/>`;
  xml += '<sheetData><row r="1">';
  for (let c = 0; c < width; c++) xml += strings.cell(`${letters[c]}1`, frame.colnames[c]!);
  xml += '</row>';
  for (let r = 0; r < frame.rowCount; r++) {
    const rowNo = String(r + 2);
    xml += `<row r="${rowNo}">`;
    for (let c = 0; c < width; c++) xml += cellXml(letters[c]! + rowNo, frame.columns[c]![r], temporal[c]!, strings);
    xml += '</row>';
    if (xml.length >= PIECE_CHARS) {
      await out.write(xml);
      xml = '';
      await pacer.turn();
    }
  }
  await out.write(xml + '</sheetData></worksheet>');
}

async function writeSharedStrings(out: EntryDeflater, strings: SharedStrings, pacer: Pacer): Promise<void> {
  let xml = `${XML_HEAD}<sst xmlns="${MAIN_NS}" count="${strings.count}" uniqueCount="${strings.ids.size}">`;
  for (const text of strings.ids.keys()) {
    xml += `<si>${xlsxTextElement(text)}</si>`;
    if (xml.length >= PIECE_CHARS) {
      await out.write(xml);
      xml = '';
      await pacer.turn();
    }
  }
  await out.write(xml + '</sst>');
}

/** Excel's rules for sheet names: at most 31 characters, none of `\ / ? * : [ ]`, not empty. */
function workbookXml(sheetName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters cannot appear in an XML attribute
  const name = sheetName.replace(/[\u0000-\u001F\\/?*:[\]]/g, '_').slice(0, 31) || 'Sheet1';
  const attr = name.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${DOC_RELS}"><bookViews><workbookView activeTab="0"/></bookViews><sheets><sheet name="${attr}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

/** One worksheet named `sheetName`; see the module comment for the cell types. */
export async function frameXlsx(frame: ChartFrame, sheetName = 'Sheet1'): Promise<Buffer> {
  const pacer = new Pacer();
  const strings = new SharedStrings();
  const sheet = new EntryDeflater('xl/worksheets/sheet1.xml');
  await writeSheet(sheet, frame, strings, pacer);
  const sharedStrings = new EntryDeflater('xl/sharedStrings.xml');
  await writeSharedStrings(sharedStrings, strings, pacer);
  return zipArchive([
    packEntry('[Content_Types].xml', Buffer.from(CONTENT_TYPES)),
    packEntry('_rels/.rels', Buffer.from(ROOT_RELS)),
    packEntry('xl/workbook.xml', Buffer.from(workbookXml(sheetName))),
    packEntry('xl/_rels/workbook.xml.rels', Buffer.from(WORKBOOK_RELS)),
    packEntry('xl/styles.xml', Buffer.from(STYLES)),
    await sheet.end(),
    await sharedStrings.end(),
  ]);
}
