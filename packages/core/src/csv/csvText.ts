/** Text a spreadsheet would run as a formula (or a DDE command) when the file is opened. */
const FORMULA_START = /^[=+\-@\t\r|]/;
const NEGATIVE_NUMBER = /^-[0-9.]+$/;

/**
 * A text cell as a spreadsheet should show it: a leading `'` keeps `=HYPERLINK(...)`, `@SUM(...)` and the
 * like as text (CSV injection), pipes are escaped, and negative numbers are left alone (Superset's
 * df_to_escaped_csv does the same to chart and SQL Lab downloads).
 */
export function escapeFormula(text: string): string {
  if (!FORMULA_START.test(text) || NEGATIVE_NUMBER.test(text)) return text;
  return `'${text.replaceAll('|', '\\|')}`;
}

/** One RFC 4180 field from its text: quoted when it holds a comma, quote or line break, quotes doubled. */
export function quoteCsvText(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
