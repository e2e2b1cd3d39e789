/**
 * Characters SpreadsheetML text cannot hold as they are: XML markup, characters XML 1.0 forbids
 * (C0 controls other than tab and line feed, U+FFFE/U+FFFF), carriage returns (XML parsers turn
 * CR LF into LF), and literal `_xHHHH_` sequences, which readers would decode.
 */
// eslint-disable-next-line no-control-regex -- finding the control characters XML forbids is the point
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;
// eslint-disable-next-line no-control-regex -- as above
const ESCAPES = /[&<>\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;

const escapeChar = (ch: string): string => {
  switch (ch) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '_':
      return '_x005F_';
    default:
      return `_x${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;
  }
};

/**
 * The content of a `<t>` element: markup escaped, and control characters as Excel's own `_xHHHH_`
 * escapes (`_x0001_`), so Excel and exceljs read the original text back rather than a broken file.
 */
export function xlsxText(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPES, escapeChar) : text;
}

/** A `<t>` element; leading or trailing white space and line breaks are kept. */
export function xlsxTextElement(text: string): string {
  return /^\s|\n|\s$/.test(text) ? `<t xml:space="preserve">${xlsxText(text)}</t>` : `<t>${xlsxText(text)}</t>`;
}
