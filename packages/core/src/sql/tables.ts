import { significant, tokenize, type SqlToken } from './tokenize.js';

/** A table a statement reads or writes, as written (unquoted); schema null when unqualified. */
export interface TableRef {
  schema: string | null;
  table: string;
}

const INTRODUCERS = new Set(['FROM', 'JOIN', 'INTO', 'UPDATE']);
// Words that end a FROM clause.
const FROM_END = new Set(['WHERE', 'GROUP', 'ORDER', 'LIMIT', 'HAVING', 'UNION', 'EXCEPT', 'INTERSECT', 'WINDOW', 'QUALIFY', 'OFFSET', 'FETCH', 'RETURNING']);

const nameOf = (t: SqlToken): string | null => {
  if (t.kind === 'word') return t.text;
  if (t.kind === 'quoted') return t.text.slice(1, -1).replace(/""/g, '"').replace(/``/g, '`');
  return null;
};

/**
 * The tables a script names after FROM / JOIN / INTO / UPDATE (comma lists included), minus CTE names and
 * table functions. Used for table-level access checks: it errs on the side of listing a name, never of
 * missing one that is written plainly.
 */
export function extractTables(sql: string): TableRef[] {
  const tokens = significant(tokenize(sql));
  const ctes = new Set<string>();
  for (let i = 0; i + 2 < tokens.length; i += 1) {
    // `WITH name AS (` and `, name AS (` inside a WITH list.
    const head = tokens[i]!;
    const name = tokens[i + 1]!;
    if ((head.text.toUpperCase() === 'WITH' || head.text === ',' || head.text.toUpperCase() === 'RECURSIVE') && tokens[i + 2]!.text.toUpperCase() === 'AS') {
      const n = nameOf(name);
      if (n) ctes.add(n.toLowerCase());
    }
  }
  const found = new Map<string, TableRef>();
  const readName = (start: number): { ref: TableRef | null; next: number } => {
    const parts: string[] = [];
    let i = start;
    while (i < tokens.length) {
      const part = nameOf(tokens[i]!);
      if (part === null) break;
      parts.push(part);
      if (tokens[i + 1]?.text === '.') i += 2;
      else {
        i += 1;
        break;
      }
    }
    if (parts.length === 0) return { ref: null, next: start + 1 };
    // A name followed by '(' is a table function (range(10), read_csv(...)), not a table.
    if (tokens[i]?.kind === 'open') return { ref: null, next: i };
    const table = parts[parts.length - 1]!;
    const schema = parts.length > 1 ? parts[parts.length - 2]! : null;
    return { ref: { schema, table }, next: i };
  };
  const add = (start: number): number => {
    const { ref, next } = readName(start);
    if (ref && !(ref.schema === null && ctes.has(ref.table.toLowerCase()))) {
      found.set(`${ref.schema ?? ''}.${ref.table}`.toLowerCase(), ref);
    }
    return next;
  };
  for (let i = 0; i < tokens.length; i += 1) {
    const word = tokens[i]!.kind === 'word' ? tokens[i]!.text.toUpperCase() : '';
    if (!INTRODUCERS.has(word)) continue;
    add(i + 1);
    if (word !== 'FROM') continue;
    // Every comma at the FROM clause's own depth starts another table, also after a JOIN ... ON condition.
    let depth = 0;
    for (let j = i + 1; j < tokens.length; j += 1) {
      const t = tokens[j]!;
      if (t.kind === 'open') depth += 1;
      else if (t.kind === 'close') {
        if (depth === 0) break;
        depth -= 1;
      } else if (depth === 0) {
        if (t.kind === 'semicolon' || (t.kind === 'word' && FROM_END.has(t.text.toUpperCase()))) break;
        if (t.text === ',') add(j + 1);
      }
    }
  }
  return [...found.values()];
}
