import type { Completion, CompletionSource } from '@codemirror/autocomplete';
import { MySQL, PostgreSQL, SQLite, StandardSQL, type SQLDialect } from '@codemirror/lang-sql';
import { PrefixIndex, type IndexEntry } from './prefixIndex';

/** Completions per keystroke, whatever the corpus size. */
export const COMPLETION_LIMIT = 100;

const BOOST: Record<string, number> = { column: 3, table: 2, schema: 1, function: 0 };

/** The lang-sql dialect of a database backend (DuckDB and others: standard SQL). */
export function dialectFor(backend: string | undefined): SQLDialect {
  switch ((backend ?? '').toLowerCase()) {
    case 'postgresql':
    case 'postgres':
      return PostgreSQL;
    case 'mysql':
    case 'mariadb':
      return MySQL;
    case 'sqlite':
      return SQLite;
    default:
      return StandardSQL;
  }
}

export interface CompletionCorpus {
  functions: readonly string[];
  schemas: readonly string[];
  tables: readonly string[];
  columns: readonly { name: string; table: string; type: string }[];
}

/** One prefix index over functions, schemas, tables and columns of the selected database. */
export function buildCompletionIndex(corpus: CompletionCorpus): PrefixIndex {
  const entries: IndexEntry[] = [];
  for (const name of corpus.functions) entries.push({ label: name, type: 'function' });
  for (const name of corpus.schemas) entries.push({ label: name, type: 'schema' });
  for (const name of corpus.tables) entries.push({ label: name, type: 'table' });
  for (const column of corpus.columns) entries.push({ label: column.name, type: 'column', detail: `${column.table} · ${column.type}` });
  return new PrefixIndex(entries);
}

/** Completions for the word before the cursor: a binary search, at most COMPLETION_LIMIT options. */
export function indexCompletionSource(getIndex: () => PrefixIndex | null, limit = COMPLETION_LIMIT): CompletionSource {
  return (context) => {
    const word = context.matchBefore(/[\w$]+/);
    if (!word && !context.explicit) return null;
    const index = getIndex();
    if (!index) return null;
    const prefix = word?.text ?? '';
    const options: Completion[] = index.search(prefix, limit).map((entry) => ({
      label: entry.label,
      type: entry.type === 'column' ? 'property' : entry.type === 'table' ? 'class' : entry.type === 'schema' ? 'namespace' : 'function',
      detail: entry.detail ?? entry.type,
      boost: BOOST[entry.type] ?? 0,
    }));
    return { from: word ? word.from : context.pos, options };
  };
}

/** The latest index, read by the completion source at keystroke time (the extension itself is built once). */
export class CompletionIndexHolder {
  private index: PrefixIndex | null = null;
  set(index: PrefixIndex): void {
    this.index = index;
  }
  get(): PrefixIndex | null {
    return this.index;
  }
}
