import { describe, expect, it } from 'vitest';
import { filterIndicators } from './filterIndicators';

const names = (id: number) => `Chart ${id}`;

describe('filterIndicators', () => {
  const metadata = {
    native_filter_configuration: [
      { id: 'NATIVE_FILTER-a', type: 'NATIVE_FILTER' as const, name: 'State', targets: [{ datasetId: 1, column: { name: 'state' } }], chartsInScope: [1, 2] },
      { id: 'NATIVE_FILTER-b', type: 'NATIVE_FILTER' as const, name: 'Elsewhere', chartsInScope: [3] },
    ],
  };
  const dataMask = {
    'NATIVE_FILTER-a': { id: 'NATIVE_FILTER-a', extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA', 'NY'] }] }, filterState: { value: ['CA', 'NY'] } },
    'NATIVE_FILTER-b': { id: 'NATIVE_FILTER-b', extraFormData: { time_range: 'Last week' } },
    '2': { id: '2', extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] }, filterState: { value: [['boy']], label: 'boy' } },
    'NATIVE_FILTER-empty': { id: 'NATIVE_FILTER-empty', extraFormData: {} },
  };

  it('lists the native filters and cross-filters in the chart scope with their values', () => {
    expect(filterIndicators(1, dataMask, metadata, names, { applied_filters: [{ column: 'state' }, { column: 'gender' }], rejected_filters: [] })).toEqual([
      { id: 'NATIVE_FILTER-a', name: 'State', column: 'state', value: 'CA, NY', status: 'applied' },
      { id: '2', name: 'Chart 2', column: 'gender', value: 'boy', status: 'crossFilterApplied' },
    ]);
  });

  it('marks a filter the answer rejected as incompatible, and leaves out the emitter own cross-filter', () => {
    const indicators = filterIndicators(2, dataMask, metadata, names, { applied_filters: [], rejected_filters: [{ column: 'state', reason: 'not_in_datasource' }] });
    expect(indicators).toEqual([{ id: 'NATIVE_FILTER-a', name: 'State', column: 'state', value: 'CA, NY', status: 'incompatible' }]);
  });

  it('shows time filters by their value, and nothing for charts out of every scope', () => {
    expect(filterIndicators(3, dataMask, metadata, names, undefined).map((i) => [i.name, i.value])).toEqual([
      ['Elsewhere', 'Last week'],
      ['Chart 2', 'boy'],
    ]);
    expect(filterIndicators(4, dataMask, { ...metadata, cross_filters_enabled: false }, names, undefined)).toEqual([]);
  });
});
