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
  /** Tables of `schema` (the editor's selected schema). */
  tables: readonly string[];
  schema?: string | null;
  columns: readonly { name: string; table: string; type: string }[];
}

/**
 * Prefix indexes for the editor: everything for a bare word, and narrowed ones for a qualified word:
 * `schema.` lists that schema's tables, `table.` (or an alias of it) lists its columns.
 */
export class CompletionIndex {
  readonly all: PrefixIndex;
  private readonly tablesOfSchema = new Map<string, PrefixIndex>();
  private readonly columnsOfTable = new Map<string, PrefixIndex>();

  constructor(corpus: CompletionCorpus) {
    const entries: IndexEntry[] = [];
    for (const name of corpus.functions) entries.push({ label: name, type: 'function' });
    for (const name of corpus.schemas) entries.push({ label: name, type: 'schema' });
    const tableEntries = corpus.tables.map((name) => ({ label: name, type: 'table' }));
    entries.push(...tableEntries);
    const byTable = new Map<string, IndexEntry[]>();
    for (const column of corpus.columns) {
      const entry = { label: column.name, type: 'column', detail: `${column.table} · ${column.type}` };
      entries.push(entry);
      const key = column.table.toLowerCase();
      byTable.set(key, [...(byTable.get(key) ?? []), entry]);
    }
    this.all = new PrefixIndex(entries);
    if (corpus.schema) this.tablesOfSchema.set(corpus.schema.toLowerCase(), new PrefixIndex(tableEntries));
    for (const [table, list] of byTable) this.columnsOfTable.set(table, new PrefixIndex(list));
  }

  /** The index for words after `qualifier.`; null when the qualifier names nothing known. */
  qualified(qualifier: string, aliases: ReadonlyMap<string, string>): PrefixIndex | null {
    const key = qualifier.toLowerCase();
    const table = aliases.get(key) ?? key;
    return this.columnsOfTable.get(table) ?? this.tablesOfSchema.get(key) ?? null;
  }

  search(prefix: string, limit = COMPLETION_LIMIT): IndexEntry[] {
    return this.all.search(prefix, limit);
  }

  get size(): number {
    return this.all.size;
  }
}

/** One index over functions, schemas, tables and columns of the selected database. */
export function buildCompletionIndex(corpus: CompletionCorpus): CompletionIndex {
  return new CompletionIndex(corpus);
}

const ALIAS_PATTERN = /\b(?:from|join)\s+(?:[\w$"`]+\.)?["`]?([\w$]+)["`]?(?:\s+(?:as\s+)?([\w$]+))?/gi;
const NOT_ALIASES = new Set(['where', 'join', 'left', 'right', 'inner', 'outer', 'full', 'cross', 'on', 'group', 'order', 'limit', 'union', 'natural', 'using', 'having', 'window']);

/** Table aliases of a statement (`FROM flights f`, `JOIN airports AS a`): alias -> table, lower-cased. */
export function tableAliases(sql: string): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const match of sql.matchAll(ALIAS_PATTERN)) {
    const table = match[1]!.toLowerCase();
    const alias = match[2]?.toLowerCase();
    if (alias && !NOT_ALIASES.has(alias)) aliases.set(alias, table);
  }
  return aliases;
}

const kindOf = (type: string): string => (type === 'column' ? 'property' : type === 'table' ? 'class' : type === 'schema' ? 'namespace' : 'function');

/**
 * Completions for the word before the cursor: a binary search, at most COMPLETION_LIMIT options. After a
 * `qualifier.` only that schema's tables or that table's columns are offered.
 */
export function indexCompletionSource(getIndex: () => CompletionIndex | null, limit = COMPLETION_LIMIT): CompletionSource {
  return (context) => {
    const index = getIndex();
    if (!index) return null;
    const qualifiedWord = context.matchBefore(/[\w$]+\.[\w$]*/);
    if (qualifiedWord) {
      const dot = qualifiedWord.text.indexOf('.');
      // Aliases come from the statement around the cursor; a bounded window keeps keystrokes cheap on long scripts.
      const doc = context.state.doc;
      const around = doc.sliceString(Math.max(0, context.pos - 20000), Math.min(doc.length, context.pos + 20000));
      const narrowed = index.qualified(qualifiedWord.text.slice(0, dot), tableAliases(around));
      if (!narrowed) return null;
      const prefix = qualifiedWord.text.slice(dot + 1);
      return {
        from: qualifiedWord.from + dot + 1,
        options: narrowed.search(prefix, limit).map((entry) => ({ label: entry.label, type: kindOf(entry.type), detail: entry.detail ?? entry.type })),
      };
    }
    const word = context.matchBefore(/[\w$]+/);
    if (!word && !context.explicit) return null;
    const prefix = word?.text ?? '';
    const options: Completion[] = index.search(prefix, limit).map((entry) => ({
      label: entry.label,
      type: kindOf(entry.type),
      detail: entry.detail ?? entry.type,
      boost: BOOST[entry.type] ?? 0,
    }));
    return { from: word ? word.from : context.pos, options };
  };
}

/** The latest index, read by the completion source at keystroke time (the extension itself is built once). */
export class CompletionIndexHolder {
  private index: CompletionIndex | null = null;
  set(index: CompletionIndex): void {
    this.index = index;
  }
  get(): CompletionIndex | null {
    return this.index;
  }
}
