/**
 * Tables a query reads (`sql_tables` of a saved query). A lexical scan of FROM/JOIN targets, not a SQL
 * parser: it is only shown in the list, so a miss costs a label, never access. Access checks on SQL are
 * done by the execute path, which has to be exact.
 */
const IDENT = String.raw`(?:"(?:[^"]|"")+"|\x60[^\x60]+\x60|\[[^\]]+\]|[A-Za-z_][\w$]*)`;
const TARGET = new RegExp(String.raw`\b(?:from|join)\s+(${IDENT}(?:\s*\.\s*${IDENT}){0,2})`, 'gi');

const unquote = (part: string) => {
  const p = part.trim();
  if (p.startsWith('"')) return p.slice(1, -1).replace(/""/g, '"');
  if (p.startsWith('`') || p.startsWith('[')) return p.slice(1, -1);
  return p;
};

export interface SqlTable {
  catalog: string | null;
  schema: string | null;
  table: string;
}

export function sqlTables(sql: string): SqlTable[] {
  // Comments and string literals could hold words like "from"; blank them first.
  const text = sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''");
  const seen = new Map<string, SqlTable>();
  for (const m of text.matchAll(TARGET)) {
    const parts = (m[1] ?? '').split(/\s*\.\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/).map(unquote);
    const table = parts.pop();
    if (!table) continue;
    const entry: SqlTable = { catalog: parts.length === 2 ? parts[0]! : null, schema: parts.at(-1) ?? null, table };
    seen.set(`${entry.catalog}.${entry.schema}.${entry.table}`, entry);
  }
  return [...seen.values()];
}
