import { matchesName, type SqlEngineRules } from './sqlEngineRules.js';
import { asciiLower, identifierOf, matchName, stringValue } from './sqlNames.js';
import type { SqlGroup, SqlNode } from './sqlTree.js';
import type { SqlLexOptions, SqlToken } from './tokenize.js';

/** A table a statement names, as the engine matches it (see SqlEngineRules.identifierCase). */
export interface SqlTableReference {
  catalog: string | null;
  schema: string | null;
  table: string;
  /** Unqualified, and named like the engine's own catalog objects (pg_user, duckdb_tables, sqlite_master). */
  system: boolean;
}

/** What the scanner collects; the analysis merges it over every reading of the text. */
export interface SqlFindings {
  tables: Map<string, SqlTableReference>;
  tableFunctions: Set<string>;
  functions: Set<string>;
  statements: Set<string>;
  problems: Set<string>;
  opaqueSql: Set<string>;
}

/** Analyses SQL text found inside the SQL (dynamic SQL arguments, DO and function bodies) into the same findings. */
export type NestedSql = (sql: string, inBody: boolean, into: SqlFindings) => void;

type Scope = ReadonlySet<string>;
type ListKind = 'from' | 'update' | 'using' | 'delete';

/** Statement starts the analysis follows; any other statement is reported by its first word. */
const QUERY_STARTS = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE', 'FROM', 'INSERT', 'UPDATE', 'DELETE', 'REPLACE', 'MERGE', 'UPSERT']);
/** A bracket in a FROM position starting with one of these is a sub-query, not a join tree. */
const SUBQUERY_STARTS = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE', 'FROM', 'SUMMARIZE', 'DESCRIBE', 'DESC', 'SHOW', 'PIVOT', 'UNPIVOT', 'EXPLAIN']);
/** Statements that read a table without FROM and may be nested in brackets (DuckDB: `FROM (SUMMARIZE t)`). */
const NESTED_READERS = new Set(['SUMMARIZE', 'DESCRIBE', 'DESC', 'SHOW', 'PIVOT', 'UNPIVOT', 'PRAGMA', 'CALL', 'EXECUTE', 'EXEC']);
const READERS_ALONE = new Set(['SUMMARIZE', 'DESCRIBE']);
const EXPLAIN_OPTIONS = new Set(['ANALYZE', 'ANALYSE', 'VERBOSE', 'EXTENDED', 'PARTITIONS', 'FORMAT', 'QUERY', 'PLAN', 'JSON', 'TREE', 'TRADITIONAL', 'TEXT', 'XML', 'YAML']);
const SET_OPERATORS = new Set(['UNION', 'EXCEPT', 'INTERSECT', 'MINUS']);
/**
 * Words that close a comma-separated table list (FROM a, b WHERE ...): only words no engine takes as a table
 * alias, as `FROM t minus, secret` (PostgreSQL: `minus` aliases t) must still read `secret`. ON does not close
 * it (`JOIN b ON x, c` goes on); a list left open only costs a comma-separated name read as a table.
 */
const LIST_END = new Set(['WHERE', 'HAVING', 'LIMIT', 'UNION', 'SELECT', 'INTO']);
/** Closers that some engines also take as aliases: they close the list only followed by what their clause needs. */
const SET_OPERATOR_FOLLOWERS = new Set(['SELECT', 'ALL', 'DISTINCT', 'VALUES', 'TABLE', 'FROM', 'WITH']);
/** After INSERT / DELETE: what comes instead of a bare target (INTO / FROM name it; MERGE's INSERT VALUES has none). */
const NO_TARGET = new Set(['INTO', 'FROM', 'VALUES', 'DEFAULT', 'SELECT', 'WITH', 'ROW']);
const DML_MODIFIERS = new Set(['IGNORE', 'LOW_PRIORITY', 'DELAYED', 'HIGH_PRIORITY', 'QUICK', 'OVERWRITE']);
/** `name (` after these is a column list, not a call. */
const NOT_CALL_AFTER = new Set(['INTO', 'TABLE', 'VIEW', 'INSERT', 'REFERENCES', 'INDEX']);
/** Keywords followed by a bracket that are not function calls. */
const NOT_FUNCTIONS = new Set([
  'IN', 'AS', 'ON', 'USING', 'VALUES', 'EXISTS', 'OVER', 'FILTER', 'WITHIN', 'AND', 'OR', 'NOT', 'SELECT', 'FROM', 'WHERE',
  'JOIN', 'STRAIGHT_JOIN', 'ALL', 'ANY', 'SOME', 'INTO', 'TABLE', 'LATERAL', 'RETURNS', 'WINDOW', 'BY', 'THEN', 'ELSE', 'WHEN', 'CASE', 'IS',
  'LIKE', 'ILIKE', 'BETWEEN', 'OF', 'SET', 'UNION', 'EXCEPT', 'INTERSECT', 'RECURSIVE', 'MATERIALIZED', 'WITH', 'EXPLAIN',
  'KEY', 'PRIMARY', 'UNIQUE', 'CHECK', 'PARTITION', 'ROWS', 'RANGE', 'GROUPS', 'DO', 'EXCLUDE', 'REPLACE_COLUMNS',
]);
/** SQL-standard functions called without brackets. */
const NILADIC = new Set(['CURRENT_USER', 'SESSION_USER', 'CURRENT_ROLE', 'CURRENT_CATALOG', 'CURRENT_SCHEMA', 'SYSTEM_USER']);
/** Functions whose argument list uses FROM as a separator: EXTRACT(YEAR FROM ds), SUBSTRING(x FROM 2). */
const FROM_ARGUMENT_FUNCTIONS = new Set(['extract', 'substring', 'substr', 'trim', 'overlay', 'position', 'normalize']);
/** CREATE statements whose string literals are code (function bodies). */
const BODY_OBJECTS = new Set(['FUNCTION', 'PROCEDURE', 'MACRO', 'TRIGGER', 'RULE', 'EVENT']);
const LITERAL_WORDS = new Set(['TRUE', 'FALSE', 'NULL']);

const tokenOf = (node: SqlNode | undefined): SqlToken | null => (node?.kind === 'token' ? node.token : null);
const upper = (node: SqlNode | undefined): string => {
  const t = tokenOf(node);
  return t?.kind === 'word' ? t.text.toUpperCase() : '';
};
const textOf = (node: SqlNode | undefined): string => tokenOf(node)?.text ?? '';
const isParen = (node: SqlNode | undefined): node is SqlGroup => node?.kind === 'group' && node.open.text === '(';
const isNameToken = (node: SqlNode | undefined): boolean => {
  const t = tokenOf(node);
  return t !== null && (t.kind === 'word' || t.kind === 'quoted');
};

/**
 * Reads one statement's nodes (one reading of the text) and records every table, table function, function
 * call and non-query statement it names. It never throws: what it cannot follow is a `problem`.
 */
export class StatementScanner {
  constructor(
    private readonly rules: SqlEngineRules,
    private readonly reading: Readonly<SqlLexOptions>,
    private readonly out: SqlFindings,
    private readonly nested: NestedSql,
    private readonly inBody: boolean,
  ) {}

  statement(nodes: SqlNode[]): void {
    if (nodes.length === 0) return;
    const first = upper(nodes[0]);
    this.start(nodes, 0, true);
    if (first === 'DO' || (first === 'CREATE' && nodes.some((n) => BODY_OBJECTS.has(upper(n))))) this.bodies(nodes);
    this.sequence(nodes, new Set(), { top: true });
  }

  /** Function and DO bodies are strings holding code: each is analysed as SQL. */
  private bodies(nodes: SqlNode[]): void {
    for (const node of nodes) {
      if (node.kind === 'group') this.bodies(node.children);
      else if (node.token.kind === 'string') this.nested(stringValue(node.token, this.reading) ?? '', true, this.out);
    }
  }

  /** Classifies what starts at `i`: a statement (top) or a bracket's content. */
  private start(nodes: SqlNode[], i: number, top: boolean): void {
    const node = nodes[i];
    if (!node || node.kind === 'group') return;
    const word = upper(node);
    if (!word) {
      if (top) this.out.problems.add(`A statement starting with "${node.token.text.slice(0, 20)}" cannot be analysed.`);
      return;
    }
    if (QUERY_STARTS.has(word)) return;
    if (word === 'EXPLAIN') {
      let j = i + 1;
      while (j < nodes.length && (EXPLAIN_OPTIONS.has(upper(nodes[j])) || textOf(nodes[j]) === '=' || (isParen(nodes[j]) && !this.isSubquery(nodes[j] as SqlGroup)))) j++;
      const next = nodes[j];
      if (next && (next.kind === 'group' || QUERY_STARTS.has(upper(next)))) this.start(nodes, j, top);
      else this.out.statements.add('EXPLAIN');
      return;
    }
    if (top) this.out.statements.add(word);
    else if (NESTED_READERS.has(word) && (READERS_ALONE.has(word) || isNameToken(nodes[i + 1]) || tokenOf(nodes[i + 1])?.kind === 'string')) {
      this.out.statements.add(word);
    }
  }

  private isSubquery(group: SqlGroup): boolean {
    return SUBQUERY_STARTS.has(upper(group.children[0]));
  }

  /** A bracket's content: a sub-query, an argument list, a join tree read by the caller, ... */
  private group(group: SqlGroup, scope: Scope, call?: string): void {
    if (group.open.text !== '(') {
      this.sequence(group.children, scope);
      return;
    }
    this.start(group.children, 0, false);
    this.sequence(group.children, scope, { fromArgument: call !== undefined && FROM_ARGUMENT_FUNCTIONS.has(call) });
  }

  private sequence(nodes: SqlNode[], outer: Scope, options: { top?: boolean; fromList?: boolean; fromArgument?: boolean } = {}): void {
    let scope = outer;
    let list: ListKind | null = null;
    let prev = '';
    let i = 0;
    if (options.fromList) {
      i = this.fromItem(nodes, 0, scope, false);
      list = 'from';
    }
    while (i < nodes.length) {
      const node = nodes[i]!;
      if (node.kind === 'group') {
        this.group(node, scope);
        prev = '';
        i++;
        continue;
      }
      const token = node.token;
      const word = token.kind === 'word' ? token.text.toUpperCase() : '';
      if (word === 'WITH' && this.cteListAt(nodes, i + 1)) {
        const ctes = this.cteList(nodes, i + 1, scope);
        scope = ctes.scope;
        i = ctes.next;
        prev = '';
        this.start(nodes, i, options.top ?? false);
        continue;
      }
      if (token.kind === 'word' || token.kind === 'quoted') {
        const name = this.nameAt(nodes, i);
        const args = nodes[name.next];
        if (isParen(args) && !NOT_CALL_AFTER.has(prev) && !(word && NOT_FUNCTIONS.has(word))) {
          this.call(asciiLower(name.name), args, scope, false);
          prev = '';
          i = name.next + 1;
          continue;
        }
      }
      if (NILADIC.has(word) && textOf(nodes[i - 1]) !== '.') this.out.functions.add(asciiLower(word));
      const after = nodes[i + 1];
      let next = -1;
      switch (word) {
        case 'FROM':
          if (prev === 'DISTINCT' || options.fromArgument) break;
          list = 'from';
          // DELETE FROM names its target: a table even where a CTE has that name (PostgreSQL reads it so).
          next = this.fromItem(nodes, i + 1, scope, prev === 'DELETE');
          break;
        case 'JOIN':
        case 'STRAIGHT_JOIN':
          if (word === 'STRAIGHT_JOIN' && list === null) break;
          list ??= 'from';
          next = this.fromItem(nodes, i + 1, scope, false);
          break;
        case 'INTO': {
          const target = upper(after);
          if (target === 'OUTFILE' || target === 'DUMPFILE') {
            this.out.statements.add(`INTO ${target}`);
            next = i + 2;
          } else {
            list = null;
            next = this.target(nodes, i + 1);
          }
          break;
        }
        case 'UPDATE':
          // FOR UPDATE, FOR NO KEY UPDATE, ON DUPLICATE KEY UPDATE, ON UPDATE CASCADE, MERGE's UPDATE SET name no table.
          if (prev === 'FOR' || prev === 'KEY' || prev === 'ON' || upper(after) === 'SET') break;
          list = 'update';
          next = this.fromItem(nodes, i + 1, scope, true);
          break;
        case 'USING':
          // DuckDB's USING SAMPLE 10% / USING SAMPLE (reservoir, 5): a clause, not a table named sample.
          if (!isNameToken(after) || (upper(after) === 'SAMPLE' && (tokenOf(nodes[i + 2])?.kind === 'number' || isParen(nodes[i + 2])))) break;
          list = 'using';
          next = this.fromItem(nodes, i + 1, scope, false);
          break;
        case 'TABLE':
          if (isNameToken(after)) next = this.target(nodes, i + 1);
          break;
        case 'DELETE':
        case 'INSERT':
        case 'REPLACE':
        case 'UPSERT': {
          let j = i + 1;
          while (DML_MODIFIERS.has(upper(nodes[j])) || upper(nodes[j]) === 'OR') j += upper(nodes[j]) === 'OR' ? 2 : 1;
          if (NO_TARGET.has(upper(nodes[j])) || !isNameToken(nodes[j])) {
            // INTO / FROM come next and know their target; `prev` tells FROM it follows DELETE.
            prev = word;
            i = j;
            continue;
          }
          list = word === 'DELETE' ? 'delete' : null;
          next = this.target(nodes, j);
          break;
        }
        default:
          break;
      }
      if (next >= 0) {
        prev = '';
        i = next;
        continue;
      }
      if (token.text === ',' && list !== null) {
        i = this.fromItem(nodes, i + 1, scope, list === 'update' || list === 'delete');
        prev = '';
        continue;
      }
      if (this.closesList(nodes, i, word)) list = null;
      if (SET_OPERATORS.has(word)) {
        let j = i + 1;
        while (['ALL', 'DISTINCT', 'BY', 'NAME'].includes(upper(nodes[j]))) j++;
        this.start(nodes, j, false);
      }
      if (word === 'EXECUTE' || word === 'PREPARE') this.dynamicStatement(nodes, i, word);
      prev = word;
      i++;
    }
  }

  private closesList(nodes: SqlNode[], i: number, word: string): boolean {
    if (LIST_END.has(word)) return true;
    const next = nodes[i + 1];
    if (word === 'GROUP' || word === 'ORDER') return upper(next) === 'BY';
    if (word === 'EXCEPT' || word === 'INTERSECT') return isParen(next) || SET_OPERATOR_FOLLOWERS.has(upper(next));
    // UPDATE t SET a = 1, b = 2 (or SET (a, b) = ...), not the PostgreSQL alias `set`.
    if (word === 'SET') {
      let j = i + 1;
      if (isParen(nodes[j])) return textOf(nodes[j + 1]) === '=';
      while (isNameToken(nodes[j]) && textOf(nodes[j + 1]) === '.') j += 2;
      return isNameToken(nodes[j]) && textOf(nodes[j + 1]) === '=';
    }
    return false;
  }

  /** A name at `i` (U&"..." with its UESCAPE clause read too) and the index after it. */
  private nameAt(nodes: SqlNode[], i: number): { name: string; quoted: boolean; next: number } {
    const token = tokenOf(nodes[i])!;
    let next = i + 1;
    let escape = '\\';
    if (token.kind === 'quoted' && /^[uU]&/.test(token.text) && upper(nodes[next]) === 'UESCAPE' && tokenOf(nodes[next + 1])?.kind === 'string') {
      escape = stringValue(tokenOf(nodes[next + 1])!, this.reading) ?? '\\';
      next += 2;
    }
    const id = identifierOf(token, escape) ?? { name: token.text, quoted: false };
    return { ...id, next };
  }

  /** `a.b.c` from `i`: its parts and the index after it. */
  private qualifiedName(nodes: SqlNode[], i: number): { parts: { name: string; quoted: boolean }[]; next: number } {
    const parts: { name: string; quoted: boolean }[] = [];
    let j = i;
    for (;;) {
      const part = this.nameAt(nodes, j);
      parts.push({ name: part.name, quoted: part.quoted });
      j = part.next;
      if (textOf(nodes[j]) === '.' && isNameToken(nodes[j + 1])) j++;
      else return { parts, next: j };
    }
  }

  private call(name: string, args: SqlGroup, scope: Scope, inFrom: boolean): void {
    this.out.functions.add(name);
    if (inFrom || matchesName(this.rules.tableFunctions, name)) this.out.tableFunctions.add(name);
    if (matchesName(this.rules.sqlTextFunctions, name)) this.sqlArguments(name, args);
    this.group(args, scope, name);
  }

  /** SQL text arguments: literals are analysed in turn; anything computed cannot be, and is reported. */
  private sqlArguments(name: string, args: SqlGroup): void {
    const split: SqlNode[][] = [[]];
    for (const node of args.children) {
      if (textOf(node) === ',') split.push([]);
      else split[split.length - 1]!.push(node);
    }
    for (const arg of split) {
      const token = arg.length === 1 ? tokenOf(arg[0]) : null;
      if (token?.kind === 'string') this.nested(stringValue(token, this.reading) ?? '', false, this.out);
      else if (!(token && (token.kind === 'number' || LITERAL_WORDS.has(upper(arg[0]))))) this.out.opaqueSql.add(name);
    }
  }

  /** PREPARE ... FROM 'sql' (MySQL), EXECUTE IMMEDIATE 'sql' (MariaDB), EXECUTE 'sql' in PL/pgSQL bodies. */
  private dynamicStatement(nodes: SqlNode[], i: number, word: string): void {
    let j = i + 1;
    if (word === 'PREPARE') {
      while (j < nodes.length && upper(nodes[j]) !== 'FROM' && upper(nodes[j]) !== 'AS') j++;
      if (upper(nodes[j]) !== 'FROM') return;
      j++;
    } else if (upper(nodes[j]) === 'IMMEDIATE') j++;
    else if (!this.inBody) return;
    const token = tokenOf(nodes[j]);
    const ends = j + 1 >= nodes.length || ['USING', 'INTO'].includes(upper(nodes[j + 1]));
    if (token?.kind === 'string' && ends) this.nested(stringValue(token, this.reading) ?? '', this.inBody, this.out);
    else this.out.opaqueSql.add(word);
  }

  /** One item of a FROM list at `i` (a table, table function, sub-query or join tree); returns the index after it. */
  private fromItem(nodes: SqlNode[], start: number, scope: Scope, target: boolean): number {
    let i = start;
    while (this.rules.fromItemKeywords.includes(upper(nodes[i]))) i++;
    const node = nodes[i];
    if (!node) {
      // `FROM` and nothing: what a template filled in at run time would name cannot be known.
      this.out.problems.add('A FROM clause names nothing.');
      return i;
    }
    if (node.kind === 'group') {
      if (node.open.text !== '(') {
        this.out.problems.add(`A FROM clause item starting with "${node.open.text}" cannot be analysed.`);
        this.group(node, scope);
      } else if (this.isSubquery(node)) this.group(node, scope);
      else this.sequence(node.children, scope, { fromList: true });
      return i + 1;
    }
    const token = node.token;
    const word = upper(node);
    if (token.kind === 'string') {
      const value = stringValue(token, this.reading) ?? '';
      if (this.rules.stringInFrom === 'table') this.addTable([{ name: value, quoted: true }], scope, target);
      else this.out.tableFunctions.add(`'${value}'`);
      return i + 1;
    }
    if (word === 'ROWS' && upper(nodes[i + 1]) === 'FROM' && isParen(nodes[i + 2])) {
      this.out.tableFunctions.add('rows from');
      this.group(nodes[i + 2] as SqlGroup, scope);
      return i + 3;
    }
    if (word === 'DUAL' && this.rules.dualTable) return i + 1;
    if (isNameToken(node)) {
      const { parts, next } = this.qualifiedName(nodes, i);
      const args = nodes[next];
      if (isParen(args)) {
        this.call(asciiLower(parts[parts.length - 1]!.name), args, scope, true);
        return next + 1;
      }
      this.addTable(parts, scope, target);
      return next;
    }
    this.out.problems.add(`A FROM clause item starting with "${token.text.slice(0, 20)}" cannot be analysed.`);
    return i + 1;
  }

  /** A DML target (INSERT INTO t, UPDATE t, TABLE t): always a table, whatever CTEs are named. */
  private target(nodes: SqlNode[], i: number): number {
    if (!isNameToken(nodes[i])) return i;
    const { parts, next } = this.qualifiedName(nodes, i);
    this.addTable(parts, new Set(), true);
    return next;
  }

  private addTable(parts: { name: string; quoted: boolean }[], scope: Scope, target: boolean): void {
    if (parts.length > 3) {
      this.out.problems.add(`The name ${parts.map((p) => p.name).join('.')} has too many parts to be analysed.`);
      return;
    }
    const [table, schema, catalog] = [...parts].reverse().map((p) => matchName(p.name, p.quoted, this.rules));
    if (table === undefined) return;
    if (parts.length === 1 && !target && scope.has(table)) return;
    const system = parts.length === 1 && matchesName(this.rules.systemNames, asciiLower(table));
    const ref: SqlTableReference = { catalog: catalog ?? null, schema: schema ?? null, table, system };
    this.out.tables.set(JSON.stringify([ref.catalog, ref.schema, ref.table]), ref);
  }

  /** `[RECURSIVE] name [(cols)] AS [NOT] [MATERIALIZED] (` at `i`. */
  private cteListAt(nodes: SqlNode[], i: number): boolean {
    return this.cteAt(nodes, upper(nodes[i]) === 'RECURSIVE' ? i + 1 : i);
  }

  private cteAt(nodes: SqlNode[], i: number): boolean {
    if (!isNameToken(nodes[i])) return false;
    let j = this.nameAt(nodes, i).next;
    if (isParen(nodes[j])) j++;
    if (upper(nodes[j]) !== 'AS') return false;
    j++;
    if (upper(nodes[j]) === 'NOT') j++;
    if (upper(nodes[j]) === 'MATERIALIZED') j++;
    return isParen(nodes[j]);
  }

  /**
   * A WITH list: each body is read seeing only the CTEs before it (itself too when RECURSIVE), so a body that
   * names a table like its own CTE still reads the table; the names are visible to the rest of `nodes`.
   */
  private cteList(nodes: SqlNode[], i: number, scope: Scope): { next: number; scope: Scope } {
    let j = i;
    const recursive = upper(nodes[j]) === 'RECURSIVE';
    if (recursive) j++;
    const defined: string[] = [];
    while (this.cteAt(nodes, j)) {
      const name = this.nameAt(nodes, j);
      const key = matchName(name.name, name.quoted, this.rules);
      let k = name.next;
      if (isParen(nodes[k])) k++;
      k++;
      if (upper(nodes[k]) === 'NOT') k++;
      if (upper(nodes[k]) === 'MATERIALIZED') k++;
      this.group(nodes[k] as SqlGroup, new Set([...scope, ...defined, ...(recursive ? [key] : [])]));
      defined.push(key);
      k++;
      if (upper(nodes[k]) === 'USING' && upper(nodes[k + 1]) === 'KEY' && isParen(nodes[k + 2])) k += 3;
      if (textOf(nodes[k]) === ',' && this.cteAt(nodes, k + 1)) j = k + 1;
      else {
        j = k;
        break;
      }
    }
    return { next: j, scope: new Set([...scope, ...defined]) };
  }
}
