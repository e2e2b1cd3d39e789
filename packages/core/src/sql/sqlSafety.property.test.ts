import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeSql } from './analyzeSql.js';
import { findDisallowedFunctions } from './disallowedFunctions.js';
import { DEFAULT_DISALLOWED_SQL_FUNCTIONS, sqlEngineRules } from './sqlEngineRules.js';
import { refusalForBirthNamesUser } from './testing/restrictedUser.js';

/**
 * Fuzz of the SQL safety analysis: a forbidden reference (the table `flights`, a table function, a disallowed
 * function) wrapped in random comments, whitespace, letter case, quoting, string literals and nesting is always
 * caught, on every engine.
 */

type Engine = 'duckdb' | 'postgresql' | 'mysql' | 'sqlite';
const ENGINES: Engine[] = ['duckdb', 'postgresql', 'mysql', 'sqlite'];

const GAPS: Record<Engine, string[]> = {
  duckdb: [' ', '\n', '\t', '/**/', '/* x */', '/* /* nested */ */', '-- c\n', '\r\n'],
  postgresql: [' ', '\n', '\t', '/**/', '/* x */', '/* /* nested */ */', '-- c\n', '-- c\r', '\f'],
  mysql: [' ', '\n', '\t', '/**/', '/* x */', '-- c\n', '# c\n', '/*!*/', '/*+ hint */'],
  sqlite: [' ', '\n', '\t', '/**/', '/* x */', '-- c\n'],
};

const gap = (engine: Engine) => fc.array(fc.constantFrom(...GAPS[engine]), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));

const mixedCase = (text: string) =>
  fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((upper) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));

/** Ways each engine lets `flights` be written; all name the table the attacker wants. */
function tableName(engine: Engine): fc.Arbitrary<string> {
  switch (engine) {
    case 'duckdb':
      return fc.oneof(mixedCase('flights'), mixedCase('flights').map((n) => `"${n}"`), mixedCase('main.flights'), fc.constant('main."flights"'));
    case 'postgresql':
      return fc.oneof(mixedCase('flights'), fc.constant('"flights"'), fc.constant('public.flights'), fc.constant('U&"fl\\0069ghts"'), fc.constant('U&"\\0066lights"'));
    case 'mysql':
      return fc.oneof(fc.constant('flights'), fc.constant('`flights`'), fc.constant('test.flights'), fc.constant('`test`.`flights`'));
    case 'sqlite':
      return fc.oneof(mixedCase('flights'), fc.constant('[flights]'), fc.constant('`flights`'), fc.constant('"flights"'), fc.constant("'flights'"), fc.constant('main.flights'));
  }
}

/** A string literal holding hostile text, quoted so that the engine's default reading ends it where it starts. */
function literal(engine: Engine): fc.Arbitrary<string> {
  const pieces = fc.string({ unit: fc.constantFrom("'", '"', '\\', '--', '/*', '*/', '#', '$$', ';', ')', '(', 'x', ' ', 'FROM flights'), maxLength: 8 });
  return pieces.map((text) => {
    const body = engine === 'mysql' ? text.replaceAll('\\', '\\\\').replaceAll("'", "''") : text.replaceAll("'", "''");
    return `'${body}'`;
  });
}

/** Statements (as token lists) that read `{t}`, nested `depth` times in sub-queries, CTEs, joins and set operations. */
function reading(engine: Engine, depth: number): fc.Arbitrary<string[]> {
  const base = fc.tuple(tableName(engine), literal(engine)).chain(([t, lit]) =>
    fc.constantFrom<string[]>(
      ['SELECT', '*', 'FROM', t],
      ['SELECT', lit, 'FROM', 'birth_names', ',', t],
      ['SELECT', '*', 'FROM', 'birth_names', 'b', 'JOIN', t, 'f', 'ON', '1', '=', '1'],
      ['SELECT', '*', 'FROM', 'birth_names', 'LEFT', 'JOIN', t, 'USING', '(', 'ds', ')'],
      ['SELECT', '(', 'SELECT', 'count', '(', '*', ')', 'FROM', t, ')', ',', lit],
      ['SELECT', '*', 'FROM', 'birth_names', 'WHERE', 'name', '=', lit, 'OR', 'EXISTS', '(', 'SELECT', '1', 'FROM', t, ')'],
      ['SELECT', '*', 'FROM', 'birth_names', 'UNION', 'ALL', 'SELECT', '*', 'FROM', t],
      ['WITH', 'flights2', 'AS', '(', 'SELECT', '*', 'FROM', t, ')', 'SELECT', '*', 'FROM', 'flights2'],
      ['SELECT', '*', 'FROM', 'birth_names', 'x', ',', '(', 'SELECT', '*', 'FROM', t, ')', 'y'],
    ),
  );
  if (depth === 0) return base;
  return reading(engine, depth - 1).chain((inner) =>
    fc.constantFrom<string[]>(
      ['SELECT', '*', 'FROM', '(', ...inner, ')', 's'],
      ['WITH', 'w', 'AS', '(', ...inner, ')', 'SELECT', '*', 'FROM', 'w'],
      ['SELECT', '*', 'FROM', 'birth_names', 'WHERE', 'EXISTS', '(', ...inner, ')'],
      ['SELECT', 'coalesce', '(', '(', ...inner, ')', ',', '1', ')'],
      ['SELECT', '1', ';', ...inner],
    ),
  );
}

/** Joins tokens with random comments and whitespace, keeping a space where two words would merge. */
const spaced = (engine: Engine, tokens: string[]) =>
  fc.array(gap(engine), { minLength: tokens.length, maxLength: tokens.length }).map((gaps) => tokens.map((t, i) => (i === 0 ? t : gaps[i]! + t)).join(''));

const mixKeywords = (tokens: string[]) =>
  fc.array(fc.boolean(), { minLength: tokens.length, maxLength: tokens.length }).map((flags) => tokens.map((t, i) => (flags[i] && /^[A-Z]+$/.test(t) ? t.toLowerCase() : t)));

const RUNS = { numRuns: 250 };

describe('the analysis catches a hidden reference to an ungranted table', () => {
  for (const engine of ENGINES) {
    it(`on ${engine}`, () => {
      const sql = fc
        .integer({ min: 0, max: 2 })
        .chain((depth) => reading(engine, depth))
        .chain(mixKeywords)
        .chain((tokens) => spaced(engine, tokens));
      fc.assert(
        fc.property(sql, (text) => {
          expect(refusalForBirthNamesUser(engine, text), text).not.toBeNull();
        }),
        RUNS,
      );
    });
  }
});

describe('the analysis catches a table function however it is written', () => {
  const calls: Record<Engine, string[]> = {
    duckdb: ['query_table', 'query', 'read_blob', 'read_text', 'read_csv', 'duckdb_tables'],
    postgresql: ['query_to_xml', 'table_to_xml', 'dblink', 'pg_read_file', 'lo_import'],
    mysql: ['load_file'],
    sqlite: ['load_extension', 'readfile', 'pragma_table_info'],
  };
  for (const engine of ENGINES) {
    it(`on ${engine}`, () => {
      const call = fc
        .tuple(fc.constantFrom(...calls[engine]).chain(mixedCase), fc.constantFrom('', 'x.'), fc.boolean())
        .map(([name, schema, quoted]) => `${schema}${quoted && engine !== 'mysql' ? `"${name}"` : name}`);
      const sql = fc.tuple(call, literal(engine)).chain(([name, lit]) =>
        fc
          .constantFrom<string[]>(
            ['SELECT', name, '(', lit, ')'],
            ['SELECT', '*', 'FROM', name, '(', lit, ')'],
            ['SELECT', '*', 'FROM', 'birth_names', 'WHERE', 'name', 'IN', '(', 'SELECT', name, '(', lit, ')', ')'],
            ['WITH', 'c', 'AS', '(', 'SELECT', name, '(', lit, ')', 'AS', 'v', ')', 'SELECT', '*', 'FROM', 'c'],
          )
          .chain((tokens) => spaced(engine, tokens)),
      );
      fc.assert(
        fc.property(sql, (text) => {
          expect(refusalForBirthNamesUser(engine, text), text).not.toBeNull();
        }),
        RUNS,
      );
    });
  }
});

describe('the analysis finds a disallowed call however it is written', () => {
  const sleeps: Record<Engine, string> = { duckdb: 'pg_sleep', postgresql: 'pg_sleep', mysql: 'sleep', sqlite: 'load_extension' };
  for (const engine of ENGINES) {
    it(`on ${engine}`, () => {
      const name = fc
        .tuple(mixedCase(sleeps[engine]), fc.constantFrom('', 'pg_catalog.', 'main.'), fc.constantFrom('plain', 'quoted'))
        .map(([n, schema, how]) => schema + (how === 'quoted' ? (engine === 'mysql' ? `\`${n}\`` : `"${n}"`) : n));
      const sql = fc.tuple(name, literal(engine)).chain(([fn, lit]) =>
        fc
          .constantFrom<string[]>(
            ['SELECT', fn, '(', '1', ')'],
            ['SELECT', lit, ',', '1', '+', fn, '(', '1', ')'],
            ['SELECT', '*', 'FROM', 't', 'WHERE', fn, '(', '1', ')', 'IS', 'NULL'],
            ['WITH', 's', 'AS', '(', 'SELECT', fn, '(', '1', ')', ')', 'SELECT', '*', 'FROM', 's'],
            ['SELECT', 'coalesce', '(', '(', 'SELECT', fn, '(', '1', ')', ')', ',', lit, ')'],
          )
          .chain(mixKeywords)
          .chain((tokens) => spaced(engine, tokens)),
      );
      fc.assert(
        fc.property(sql, (text) => {
          const found = findDisallowedFunctions(analyzeSql(text, sqlEngineRules(engine)).functions, DEFAULT_DISALLOWED_SQL_FUNCTIONS[engine]!);
          expect(found, text).not.toEqual([]);
        }),
        RUNS,
      );
    });
  }
});
