import type { ConnectorCapabilities } from '../types.js';
import { quoteIdentifierIfNeeded } from './quoting.js';

/**
 * Superset's indented select-star: one column per line, the schema-qualified table, then the limit
 * written the way the engine wants it (capabilities.limitStyle). `SELECT *` when no columns are given.
 */
export function buildSelectStar(
  caps: Pick<ConnectorCapabilities, 'identifierQuote' | 'limitStyle'>,
  schema: string | null,
  table: string,
  columns: readonly string[],
  limit: number | null,
): string {
  const q = (name: string) => quoteIdentifierIfNeeded(caps.identifierQuote, name);
  const from = schema ? `${q(schema)}.${q(table)}` : q(table);
  // `SELECT *` stays on one line; listed columns go one per line.
  const cols = columns.length > 0 ? '\n' + columns.map((c) => `  ${q(c)}`).join(',\n') : ' *';
  const n = limit === null ? null : Math.max(0, Math.floor(limit));
  switch (caps.limitStyle) {
    case 'TOP':
      return `SELECT${n === null ? '' : ` TOP ${n}`}${cols}\nFROM ${from}`;
    case 'FETCH_FIRST':
      return `SELECT${cols}\nFROM ${from}${n === null ? '' : `\nFETCH FIRST ${n} ROWS ONLY`}`;
    case 'LIMIT':
      return `SELECT${cols}\nFROM ${from}${n === null ? '' : `\nLIMIT ${n}`}`;
  }
}
