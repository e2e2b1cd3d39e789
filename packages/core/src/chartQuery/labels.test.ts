import { describe, expect, it } from 'vitest';
import { ensureIsArray } from './ensureIsArray.js';
import { getColumnLabel, isAdhocColumn, isPhysicalColumn } from './getColumnLabel.js';
import { getMetricLabel } from './getMetricLabel.js';
import { DTTM_ALIAS, getXAxisColumn, getXAxisLabel, isXAxisSet } from './xAxis.js';

describe('ensureIsArray', () => {
  it('wraps single values and empties nullish ones', () => {
    expect(ensureIsArray(null)).toEqual([]);
    expect(ensureIsArray(undefined)).toEqual([]);
    expect(ensureIsArray('a')).toEqual(['a']);
    expect(ensureIsArray(0)).toEqual([0]);
    const list = [1, 2];
    const copy = ensureIsArray(list);
    expect(copy).toEqual([1, 2]);
    expect(copy).not.toBe(list);
  });
});

describe('column labels', () => {
  it('tells physical from adhoc columns', () => {
    expect(isPhysicalColumn('ds')).toBe(true);
    expect(isAdhocColumn('ds')).toBe(false);
    expect(isAdhocColumn({ sqlExpression: 'a+b', label: 'ab' })).toBe(true);
    expect(isAdhocColumn({ label: 'x' })).toBe(false);
  });
  it('labels a name by itself and an adhoc column by label, else SQL', () => {
    expect(getColumnLabel('gender')).toBe('gender');
    expect(getColumnLabel({ sqlExpression: 'upper(name)', label: 'NAME' })).toBe('NAME');
    expect(getColumnLabel({ sqlExpression: 'upper(name)' })).toBe('upper(name)');
  });
});

describe('getMetricLabel', () => {
  it('labels saved, simple and SQL metrics', () => {
    expect(getMetricLabel('count')).toBe('count');
    expect(getMetricLabel({ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' } })).toBe('SUM(num)');
    expect(getMetricLabel({ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' }, label: 'Total' })).toBe('Total');
    expect(getMetricLabel({ expressionType: 'SQL', sqlExpression: 'AVG(x)' })).toBe('AVG(x)');
    expect(getMetricLabel({ expressionType: 'SQL', sqlExpression: 'AVG(x)', label: 'avg' })).toBe('avg');
  });
});

describe('x-axis helpers', () => {
  it('uses x_axis when set', () => {
    const fd = { x_axis: 'ds', granularity_sqla: 'other' };
    expect(isXAxisSet(fd)).toBe(true);
    expect(getXAxisColumn(fd)).toBe('ds');
    expect(getXAxisLabel({ x_axis: { sqlExpression: 'date(ts)', label: 'day' } })).toBe('day');
  });
  it('falls back to the __timestamp alias for legacy granularity_sqla', () => {
    expect(isXAxisSet({ x_axis: '' })).toBe(false);
    expect(getXAxisColumn({ granularity_sqla: 'ds' })).toBe(DTTM_ALIAS);
    expect(getXAxisLabel({ granularity_sqla: 'ds' })).toBe('__timestamp');
    expect(getXAxisLabel({})).toBeUndefined();
  });
});
