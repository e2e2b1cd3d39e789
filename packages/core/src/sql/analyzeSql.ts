import type { SqlEngineRules } from './sqlEngineRules.js';
import { StatementScanner, type SqlFindings, type SqlTableReference } from './statementScanner.js';
import { splitStatements } from './statements.js';
import { sqlTree } from './sqlTree.js';
import { significant, tokenize } from './tokenize.js';

export type { SqlTableReference } from './statementScanner.js';

/** What a script reads and calls, for access checks and the disallowed-function list. */
export interface SqlAnalysis {
  /** Tables named in FROM / JOIN / INTO / UPDATE / USING / TABLE positions, CTE names excepted (by scope). */
  tables: SqlTableReference[];
  /** Table functions, file reads (`FROM 'x.csv'`) and functions that read tables, files or SQL text (lower case). */
  tableFunctions: string[];
  /** Every function called anywhere, by its last name part, lower case. */
  functions: string[];
  /** Statements other than queries and DML, by first word (SUMMARIZE, PRAGMA, COPY, SET ...), also nested ones. */
  statements: string[];
  /** What could not be followed; the analysis is then incomplete. */
  problems: string[];
  /** Dynamic SQL whose text is computed, so cannot be analysed (`query('SELECT ' || x)`, PREPARE ... FROM @v). */
  opaqueSql: string[];
}

/** SQL text inside SQL (dynamic SQL, bodies) is analysed to this depth, then reported as a problem. */
const MAX_NESTING = 4;

const UNREADABLE = 'The SQL cannot be read: a string, quoted name or bracket is never closed, or closed by another kind.';

/**
 * Analyses a script the way `engine` rules say it may be read, and unions the findings of every reading:
 * of the whole text, and of each statement as `splitStatements` cuts it (that is what SQL Lab sends), so a
 * statement the engine sees that one reading hides is still read. Pure; never throws.
 */
export function analyzeSql(sql: string, rules: SqlEngineRules): SqlAnalysis {
  const out: SqlFindings = {
    tables: new Map(),
    tableFunctions: new Set(),
    functions: new Set(),
    statements: new Set(),
    problems: new Set(),
    opaqueSql: new Set(),
  };
  collect(sql, rules, out, 0, false);
  const sorted = (values: Iterable<string>) => [...values].sort();
  return {
    tables: [...out.tables.values()],
    tableFunctions: sorted(out.tableFunctions),
    functions: sorted(out.functions),
    statements: sorted(out.statements),
    problems: sorted(out.problems),
    opaqueSql: sorted(out.opaqueSql),
  };
}

function collect(sql: string, rules: SqlEngineRules, out: SqlFindings, depth: number, inBody: boolean): void {
  if (depth > MAX_NESTING) {
    out.problems.add('SQL text nested in SQL text is too deep to be analysed.');
    return;
  }
  for (const text of new Set([sql, ...splitStatements(sql)])) {
    let readable = false;
    for (const reading of rules.readings) {
      const tokens = tokenize(text, reading);
      const tree = sqlTree(significant(tokens));
      // A reading under which the text is broken is one under which the engine refuses it: what that reading
      // finds still counts, but what it cannot follow is no reason to refuse.
      const broken = !tree.balanced || tokens.some((t) => t.unterminated && t.kind !== 'comment');
      const into: SqlFindings = broken ? { ...out, problems: new Set() } : out;
      readable ||= !broken;
      const scanner = new StatementScanner(rules, reading, into, (inner, body, target) => collect(inner, rules, target, depth + 1, body), inBody);
      for (const statement of tree.statements) scanner.statement(statement);
    }
    if (!readable) out.problems.add(UNREADABLE);
  }
}
