import { describe, expect, it } from 'vitest';
import { contextMenuFilters } from './EchartsRenderer';

describe('contextMenuFilters', () => {
  it('filters a category chart (pie) by the clicked name', () => {
    expect(contextMenuFilters({ name: 'boy', seriesName: 'count' }, ['gender'], undefined)).toEqual([{ col: 'gender', op: '==', val: 'boy' }]);
  });
  it('filters a timeseries by the clicked series, not by its x value', () => {
    expect(contextMenuFilters({ name: '2004-01-01', seriesName: 'girl' }, ['gender'], true)).toEqual([{ col: 'gender', op: '==', val: 'girl' }]);
  });
  it('gives no filter for a series of several groupby values, or a chart without dimensions', () => {
    expect(contextMenuFilters({ name: '2004', seriesName: 'girl, CA' }, ['gender', 'state'], true)).toEqual([]);
    expect(contextMenuFilters({ name: 'x' }, [], undefined)).toEqual([]);
  });
});
