import { describe, expect, it } from 'vitest';
import { groupRlsClauses, rlsRuleApplies } from '../../contracts/rowLevelSecurity.js';
import { OPTIONS, PEOPLE } from '../testing/datasource.js';
import { MYSQL_DIALECT, POSTGRES_DIALECT } from '../testing/dialects.js';
import { QueryCompileError, type CompileOptions, type DatasourceDescriptor } from '../types.js';
import { compileDrillDetail, compileSamplesQuery } from './compileSamples.js';
import { compileQueryObject } from './compileQueryObject.js';
import { rowLevelSecurityConditions } from './rowLevelSecurity.js';

const withRls = (groups: string[][]): CompileOptions => ({ ...OPTIONS, rowLevelSecurity: groups });

describe('rowLevelSecurityConditions', () => {
  it('ORs a group, parenthesises every clause and keeps groups apart for AND', () => {
    expect(rowLevelSecurityConditions([["name = 'a' OR 1 = 1"], ['num > 1', 'num < 0']], POSTGRES_DIALECT)).toEqual([
      "(name = 'a' OR 1 = 1)",
      '((num > 1) OR (num < 0))',
    ]);
    expect(rowLevelSecurityConditions(undefined, POSTGRES_DIALECT)).toEqual([]);
    expect(rowLevelSecurityConditions([], POSTGRES_DIALECT)).toEqual([]);
  });

  it('lexes clauses as custom SQL: one expression, comments dropped, sub-queries allowed for admins', () => {
    expect(rowLevelSecurityConditions([['num > 1 -- trailing\n']], POSTGRES_DIALECT)).toEqual(['(num > 1)']);
    expect(rowLevelSecurityConditions([['name IN (SELECT n FROM allowed)']], { ...POSTGRES_DIALECT, allowAdhocSubquery: false })).toEqual(['(name IN (SELECT n FROM allowed))']);
    for (const bad of ['1 = 1) OR (1 = 1', 'num > 1; DROP TABLE people', "name = 'a", '   ', "name = 'a\\' OR 1=1 --'"]) {
      expect(() => rowLevelSecurityConditions([[bad]], MYSQL_DIALECT), bad).toThrow(QueryCompileError);
    }
  });
});

describe('row level security in compiled queries', () => {
  const groups = [["name = 'girl'"], ['num > 5', 'num < 2']];

  it('ANDs the groups into the WHERE, beside the query filters', () => {
    const { sql } = compileQueryObject({ columns: ['name'], metrics: ['count'], filters: [{ col: 'num', op: '==', val: 3 }] }, PEOPLE, POSTGRES_DIALECT, withRls(groups));
    expect(sql).toContain(`WHERE (name = 'girl')\n  AND ((num > 5) OR (num < 2))\n  AND "num" = 3`);
  });

  it('applies inside the series limit and the row count as well as outside', () => {
    const limited = compileQueryObject({ columns: ['name'], metrics: ['count'], series_limit: 2 }, PEOPLE, POSTGRES_DIALECT, withRls([["name = 'girl'"]]));
    expect(limited.sql.match(/\(name = 'girl'\)/g)).toHaveLength(2);
    const rowcount = compileQueryObject({ columns: ['name'], metrics: ['count'], is_rowcount: true }, PEOPLE, POSTGRES_DIALECT, withRls([["name = 'girl'"]]));
    expect(rowcount.sql).toContain(`WHERE (name = 'girl')`);
  });

  it('filters a virtual dataset on the outer query', () => {
    const virtual: DatasourceDescriptor = { ...PEOPLE, sql: 'SELECT * FROM people WHERE num > 0' };
    const { sql } = compileQueryObject({ columns: ['name'], metrics: ['count'] }, virtual, POSTGRES_DIALECT, withRls([["name = 'girl'"]]));
    expect(sql).toMatch(/\) AS virtual_table\nWHERE \(name = 'girl'\)/);
  });

  it('reaches samples and drill to detail', () => {
    expect(compileSamplesQuery(PEOPLE, POSTGRES_DIALECT, { limit: 10, rowLevelSecurity: [["name = 'girl'"]] }).sql).toContain(`WHERE (name = 'girl')`);
    expect(compileDrillDetail({ filters: [] }, PEOPLE, POSTGRES_DIALECT, { ...withRls([["name = 'girl'"]]), limit: 10 }).sql).toContain(`WHERE (name = 'girl')`);
  });

  it('leaves queries alone when no rule applies', () => {
    expect(compileQueryObject({ columns: ['name'], metrics: ['count'] }, PEOPLE, POSTGRES_DIALECT, OPTIONS).sql).not.toContain('WHERE');
  });
});

describe('which rules apply and how they group', () => {
  it('applies Regular rules to holders of a role and Base rules to everyone else', () => {
    const gamma = new Set(['Gamma']);
    expect(rlsRuleApplies({ filter_type: 'Regular', roleNames: ['Gamma'] }, gamma)).toBe(true);
    expect(rlsRuleApplies({ filter_type: 'Regular', roleNames: ['Alpha'] }, gamma)).toBe(false);
    expect(rlsRuleApplies({ filter_type: 'Base', roleNames: ['Admin'] }, gamma)).toBe(true);
    expect(rlsRuleApplies({ filter_type: 'Base', roleNames: ['Admin'] }, new Set(['Admin']))).toBe(false);
    expect(rlsRuleApplies({ filter_type: 'Regular', roleNames: [] }, gamma)).toBe(false);
  });

  it('ORs rules sharing a group key and keeps keyless rules (an empty key too) on their own', () => {
    expect(
      groupRlsClauses([
        { group_key: 'dept', clause: 'a' },
        { group_key: null, clause: 'b' },
        { group_key: 'region', clause: 'c' },
        { group_key: 'dept', clause: 'd' },
        { group_key: '', clause: 'e' },
      ]),
    ).toEqual([['a', 'd'], ['b'], ['c'], ['e']]);
  });
});
