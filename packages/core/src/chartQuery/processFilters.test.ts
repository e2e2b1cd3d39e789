import { describe, expect, it } from 'vitest';
import type { AdhocFilter } from '../contracts/chartData.js';
import { normalizeFilterOperator } from './normalizeFilterOperator.js';
import { processFilters } from './processFilters.js';

const simple = (subject: string, operator: string, comparator?: unknown, extra: Record<string, unknown> = {}): AdhocFilter => ({
  expressionType: 'SIMPLE',
  clause: 'WHERE',
  subject,
  operator,
  comparator,
  ...extra,
});

describe('normalizeFilterOperator', () => {
  it.each([
    ['==', undefined, '=='],
    ['=', undefined, '=='],
    ['<>', undefined, '!='],
    ['in', undefined, 'IN'],
    ['not  in', undefined, 'NOT IN'],
    ['NOT_IN', undefined, 'NOT IN'],
    ['like', undefined, 'LIKE'],
    ['IS NOT NULL', undefined, 'IS NOT NULL'],
    ['TEMPORAL_RANGE', undefined, 'TEMPORAL_RANGE'],
    ['==', 'IS_TRUE', 'IS TRUE'],
    ['==', 'IS_FALSE', 'IS FALSE'],
    ['>=', 'GREATER_THAN_OR_EQUAL', '>='],
    ['regex', undefined, undefined],
  ])('%s / %s -> %s', (operator, operatorId, expected) => {
    expect(normalizeFilterOperator(operator, operatorId)).toBe(expected);
  });
});

describe('processFilters', () => {
  it('turns simple WHERE filters into query filters with normalized operators and list values', () => {
    const result = processFilters({
      adhoc_filters: [simple('gender', 'in', 'boy'), simple('num', '>', 10), simple('name', 'IS NULL', 'ignored'), simple('x', 'regex', 'a')],
    });
    expect(result.filters).toEqual([
      { col: 'gender', op: 'IN', val: ['boy'] },
      { col: 'num', op: '>', val: 10 },
      { col: 'name', op: 'IS NULL' },
    ]);
    expect(result.extras).toEqual({});
  });

  it('ANDs SQL WHERE clauses and HAVING clauses, each in parentheses', () => {
    const result = processFilters({
      adhoc_filters: [
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'a = 1 OR b = 2' },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'c > 3' },
        { expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'SUM(x) > 10' },
      ],
    });
    expect(result.filters).toEqual([]);
    expect(result.extras.where).toBe('(a = 1 OR b = 2) AND (c > 3)');
    expect(result.extras.having).toBe('(SUM(x) > 10)');
  });

  it('writes simple HAVING filters as SQL text with quoted literals', () => {
    const result = processFilters({
      adhoc_filters: [
        { ...simple('SUM(num)', '>=', 100), clause: 'HAVING' },
        { ...simple('label', 'IN', ["it's", 'b']), clause: 'HAVING' },
      ],
    });
    expect(result.filters).toEqual([]);
    expect(result.extras.having).toBe("(SUM(num) >= 100) AND (label IN ('it''s', 'b'))");
  });

  it('keeps given filters first and legacy where text', () => {
    const result = processFilters({ filters: [{ col: 'a', op: '==', val: 1 }], where: 'x = 1', adhoc_filters: [simple('b', '!=', 2, { isExtra: true })] });
    expect(result.filters).toEqual([
      { col: 'a', op: '==', val: 1 },
      { col: 'b', op: '!=', val: 2, isExtra: true },
    ]);
    expect(result.extras.where).toBe('(x = 1)');
  });
});
