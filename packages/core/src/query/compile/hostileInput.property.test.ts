import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QueryFilter, QueryObject } from '../../contracts/chartData.js';
import { tokenize } from '../../sql/tokenize.js';
import { resolveTimeRange } from '../../time/resolveTimeRange.js';
import { TimeRangeError } from '../../time/timeRangeError.js';
import { OPTIONS, PEOPLE } from '../testing/datasource.js';
import { TEST_DIALECTS } from '../testing/dialects.js';
import { QueryCompileError, type DatasourceDescriptor, type SqlDialect } from '../types.js';
import { compileQueryObject } from './compileQueryObject.js';
import { lexExpression, type ExprToken, type LexOptions } from './lexExpression.js';

/**
 * Hostile text must never change the shape of the SQL: compiled with hostile values, names, labels and
 * expressions, the statement has exactly the tokens it has with harmless ones, and every hostile value
 * comes back out of exactly one string literal or quoted identifier. Or the compiler refused it.
 */

const PIECES = [
  "'",
  "''",
  '"',
  '`',
  '\\',
  "\\'",
  ';',
  '--',
  '/*',
  '*/',
  '#',
  '$$',
  '$a$',
  '(',
  ')',
  '[',
  ']',
  ',',
  ' ',
  '\n',
  '\u0000',
  'é',
  '😀',
  '\u2028',
  'x',
  'E',
  'SELECT',
  'DROP TABLE x',
  'OR 1=1',
  '%',
  '_',
  '{col}',
  '{value}',
];
const hostile = fc.oneof(fc.string({ unit: fc.constantFrom(...PIECES), maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 16 }));

/** How each dialect's engine reads the SQL we produce (independent of the compiler's own lexer settings). */
function engineReading(dialect: SqlDialect): LexOptions {
  return dialect.stringEscape === 'backslash'
    ? { backslashEscapes: true, doubleQuoteIsString: true, mysqlComments: true, escapeStringPrefix: true }
    : { backslashEscapes: false, doubleQuoteIsString: false, mysqlComments: false, escapeStringPrefix: true };
}

const decodeString = (text: string, dialect: SqlDialect) => {
  const body = text.slice(1, -1).split("''").join("'");
  return dialect.stringEscape === 'backslash' ? body.replace(/\\(.)/gsu, '$1') : body;
};
const decodeIdentifier = (text: string, dialect: SqlDialect) => {
  const q = dialect.identifierQuote;
  return text
    .slice(1, -1)
    .split(q + q)
    .join(q);
};

/** Tokens with literal contents blanked: the statement's shape. */
const shape = (tokens: ExprToken[]) =>
  tokens.filter((t) => t.kind !== 'ws').map((t) => (t.kind === 'string' ? 'STR' : t.kind === 'quoted' ? 'ID' : t.kind === 'comment' ? `COMMENT` : t.text));

function lex(sql: string, dialect: SqlDialect) {
  const tokens = lexExpression(sql, engineReading(dialect));
  expect(tokens.some((t) => t.unterminated)).toBe(false);
  expect(tokens.some((t) => t.kind === 'comment' || t.kind === 'semicolon')).toBe(false);
  return tokens;
}

/** Compiles, or returns null when the compiler refused with its own error (anything else fails the test). */
function compileOrRefuse(query: QueryObject, datasource: DatasourceDescriptor, dialect: SqlDialect) {
  try {
    return compileQueryObject(query, datasource, dialect, OPTIONS);
  } catch (error) {
    if (error instanceof QueryCompileError) return null;
    throw error;
  }
}

// TESSERA_PROPERTY_RUNS raises the count for a deeper local hunt.
const RUNS = { numRuns: Number(process.env.TESSERA_PROPERTY_RUNS ?? 250) };

describe.each(TEST_DIALECTS.map((d) => [d.name, d] as const))('hostile input on %s', (_name, dialect) => {
  it('filter values stay inside one string literal each', () => {
    const ops = fc.constantFrom<QueryFilter['op']>('==', '!=', '<', '>=', 'LIKE', 'NOT LIKE', 'ILIKE', 'IN', 'NOT IN');
    fc.assert(
      fc.property(ops, fc.array(hostile, { minLength: 1, maxLength: 3 }), fc.constantFrom('name', 'num'), (op, values, col) => {
        const list = op === 'IN' || op === 'NOT IN';
        const query = (vals: string[]): QueryObject => ({ columns: ['name'], filters: [{ col, op, val: list ? vals : vals[0] }] });
        const compiled = compileOrRefuse(query(values), PEOPLE, dialect);
        if (compiled === null) {
          expect(values.some((v) => v.includes('\u0000'))).toBe(true);
          return;
        }
        const benign = compileQueryObject(query(values.map((_, i) => `v${i}`)), PEOPLE, dialect, OPTIONS);
        const tokens = lex(compiled.sql, dialect);
        // LIKE patterns are followed by their escape character, a backslash literal of the compiler's own.
        const escape = op === 'LIKE' || op === 'NOT LIKE' || op === 'ILIKE' ? ['\\'] : [];
        const expected = [...(list ? values : values.slice(0, 1)), ...escape];
        // Numeric text against the numeric column legitimately becomes a number token.
        const numeric = (v: string) => col === 'num' && /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/u.test(v.trim()) && Number.isFinite(Number(v));
        if (expected.slice(0, expected.length - escape.length).some(numeric)) return;
        expect(shape(tokens)).toEqual(shape(lex(benign.sql, dialect)));
        const strings = tokens.filter((t) => t.kind === 'string').map((t) => decodeString(t.text, dialect));
        expect(strings).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('column names, labels and metric labels stay inside one quoted identifier each', () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, (columnName, columnLabel, metricLabel) => {
        const query = (col: string, label: string, mlabel: string): QueryObject => ({
          columns: [col, { sqlExpression: 'name', label }],
          metrics: [{ expressionType: 'SIMPLE', column: { column_name: col }, aggregate: 'MAX', label: mlabel }],
          filters: [{ col, op: 'IS NOT NULL' }],
          orderby: [[col, true]],
        });
        // An empty label means "no label": Superset's default labels apply. Colliding labels are merged or refused.
        const labels = [columnName, columnLabel || 'name', metricLabel || `MAX(${columnName})`];
        if (new Set(labels).size < labels.length) return;
        const withColumn = (name: string): DatasourceDescriptor => ({ ...PEOPLE, columns: [...PEOPLE.columns, { ...PEOPLE.columns[0]!, column_name: name }] });
        const compiled = compileOrRefuse(query(columnName, columnLabel, metricLabel), withColumn(columnName), dialect);
        if (compiled === null) return;
        const benign = compileQueryObject(query('c1', 'c2', 'c3'), withColumn('c1'), dialect, OPTIONS);
        const tokens = lex(compiled.sql, dialect);
        expect(shape(tokens)).toEqual(shape(lex(benign.sql, dialect)));
        const identifiers = tokens.filter((t) => t.kind === 'quoted').map((t) => decodeIdentifier(t.text, dialect));
        expect(identifiers).toEqual(expect.arrayContaining(labels));
        expect(compiled.colnames).toEqual(labels);
      }),
      RUNS,
    );
  });

  it('custom SQL can never reach outside its parentheses, under either backslash convention', () => {
    const expression = fc.oneof(
      hostile,
      fc.array(fc.constantFrom(...PIECES, 'num', '1', '+', 'name', '=', ' '), { maxLength: 10 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(expression, fc.constantFrom('column', 'metric', 'where', 'having'), (sql, place) => {
        const query = (expr: string): QueryObject => ({
          columns: place === 'column' ? [{ sqlExpression: expr, label: 'e' }, 'name'] : ['name'],
          metrics: [
            place === 'metric' ? { expressionType: 'SQL', sqlExpression: expr, label: 'm' } : { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'm' },
          ],
          extras: place === 'where' ? { where: expr } : place === 'having' ? { having: expr } : {},
        });
        // Blank WHERE/HAVING extras are simply left out.
        if ((place === 'where' || place === 'having') && sql.trim() === '') return;
        // An adhoc column whose SQL is a column name is that column (a quoted identifier, no parentheses).
        if (place === 'column' && PEOPLE.columns.some((c) => c.column_name === sql.trim())) return;
        const compiled = compileOrRefuse(query(sql), PEOPLE, dialect);
        if (compiled === null) return;
        const benign = compileQueryObject(query('1'), PEOPLE, dialect, OPTIONS);
        const reading = engineReading(dialect);
        const readings = [
          reading,
          { ...reading, backslashEscapes: !reading.backslashEscapes, escapeStringPrefix: false },
          { ...reading, backslashEscapes: false, escapeStringPrefix: false },
        ];
        for (const options of readings) {
          const tokens = lexExpression(compiled.sql, options);
          expect(tokens.some((t) => t.unterminated || t.kind === 'semicolon' || t.kind === 'comment')).toBe(false);
          expect(topLevel(tokens)).toEqual(topLevel(lexExpression(benign.sql, options)));
        }
        // The editor tokenizer agrees there is one statement.
        expect(tokenize(compiled.sql).some((t) => t.kind === 'semicolon')).toBe(false);
      }),
      RUNS,
    );
  });

  it('time ranges either resolve or are refused; only timestamp literals reach the SQL', () => {
    const range = fc.oneof(
      hostile,
      fc.tuple(hostile, fc.constantFrom(' : ', ' :', ': '), hostile).map(([a, sep, b]) => a + sep + b),
      fc.constantFrom('Last week', 'DATEADD(DATETIME("today"), -7, day) : today', "DATETIME('x'') : today", '7 days ago : now'),
    );
    fc.assert(
      fc.property(range, (text) => {
        try {
          resolveTimeRange(text, OPTIONS.now);
        } catch (error) {
          expect(error).toBeInstanceOf(TimeRangeError);
        }
        const compiled = compileOrRefuse({ columns: ['name'], filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: text }] }, PEOPLE, dialect);
        if (compiled === null) return;
        const strings = lex(compiled.sql, dialect).filter((t) => t.kind === 'string');
        for (const s of strings) expect(s.text).toMatch(/^'\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{3})?'$/u);
      }),
      RUNS,
    );
  });
});

/** Significant tokens outside every parenthesis, with literals blanked. */
function topLevel(tokens: ExprToken[]): string[] {
  let depth = 0;
  const out: string[] = [];
  for (const t of tokens) {
    if (t.kind === 'close') depth--;
    if (depth === 0 && t.kind !== 'ws') out.push(t.kind === 'string' ? 'STR' : t.kind === 'quoted' ? 'ID' : t.text);
    if (t.kind === 'open') depth++;
  }
  return out;
}
