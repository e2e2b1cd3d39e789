import { describe, expect, it } from 'vitest';
import type { DashboardLayout, LayoutComponent, NativeFilterConfig } from '@tessera/core';
import { configToForm, duplicateForm, formToConfig, newFilterForm, withFilterType, type FilterForm } from './filterForm';

const c = (id: string, type: LayoutComponent['type'], children: string[] = [], meta: LayoutComponent['meta'] = {}): LayoutComponent => ({ id, type, children, meta });
const layout: DashboardLayout = {
  ROOT_ID: c('ROOT_ID', 'ROOT', ['TABS-1']),
  'TABS-1': c('TABS-1', 'TABS', ['TAB-a', 'TAB-b']),
  'TAB-a': c('TAB-a', 'TAB', ['CHART-1']),
  'CHART-1': c('CHART-1', 'CHART', [], { chartId: 11 }),
  'TAB-b': c('TAB-b', 'TAB', ['CHART-2']),
  'CHART-2': c('CHART-2', 'CHART', [], { chartId: 12 }),
};

const stored: NativeFilterConfig = {
  id: 'NATIVE_FILTER-abc',
  type: 'NATIVE_FILTER',
  name: 'Gender',
  filterType: 'filter_select',
  targets: [{ datasetId: 3, column: { name: 'gender' } }],
  controlValues: { enableEmptyFilter: true, defaultToFirstItem: false, multiSelect: false, searchAllOptions: false, inverseSelection: false, sortAscending: false, creatable: true },
  defaultDataMask: { extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] }, filterState: { value: ['boy'] }, ownState: {} },
  cascadeParentIds: ['NATIVE_FILTER-parent'],
  scope: { rootPath: ['TAB-b'], excluded: [] },
  chartsInScope: [12],
  tabsInScope: ['TAB-b'],
  description: 'Pick one',
  adhoc_filters: [{ expressionType: 'SQL', sqlExpression: 'num > 10', clause: 'WHERE' }],
  time_range: 'Last year',
  granularity_sqla: 'ds',
  sortMetric: 'count',
  requiredFirst: true,
  someFutureKey: 42,
};

describe('configToForm / formToConfig', () => {
  it('round-trips a stored value filter unchanged', () => {
    expect(formToConfig(configToForm(stored), layout)).toEqual(stored);
  });

  it('reads the form flags from the stored shape', () => {
    const form = configToForm(stored) as FilterForm;
    expect(form).toMatchObject({ datasetId: 3, column: 'gender', hasDefaultValue: true, preFilter: true, sorted: true, hierarchical: true, scopeMode: 'specific' });
  });

  it('builds a new value filter in the stored shape, scoped to the whole dashboard', () => {
    const form: FilterForm = { ...newFilterForm('NATIVE_FILTER-new'), name: '  Name  ', datasetId: 5, column: 'name' };
    expect(formToConfig(form, layout)).toEqual({
      id: 'NATIVE_FILTER-new',
      type: 'NATIVE_FILTER',
      name: 'Name',
      filterType: 'filter_select',
      targets: [{ datasetId: 5, column: { name: 'name' } }],
      controlValues: { enableEmptyFilter: false, defaultToFirstItem: false, multiSelect: true, searchAllOptions: false, inverseSelection: false, sortAscending: true, creatable: true },
      defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      chartsInScope: [11, 12],
      tabsInScope: ['TAB-a', 'TAB-b'],
      description: '',
      adhoc_filters: [],
      requiredFirst: false,
    });
  });

  it('drops what unchecked boxes hide: default value, pre-filter, parents, sorting', () => {
    const form = { ...(configToForm(stored) as FilterForm), hasDefaultValue: false, preFilter: false, hierarchical: false, sorted: false };
    const config = formToConfig(form, layout);
    expect(config.defaultDataMask).toEqual({ extraFormData: {}, filterState: {}, ownState: {} });
    expect(config.adhoc_filters).toEqual([]);
    expect(config).not.toHaveProperty('time_range');
    expect(config.cascadeParentIds).toEqual([]);
    expect(config.controlValues).not.toHaveProperty('sortAscending');
    expect(config).not.toHaveProperty('sortMetric');
  });

  it('saves a time range filter without dataset or column', () => {
    const form = withFilterType({ ...newFilterForm('NATIVE_FILTER-t'), name: 'When', datasetId: 5, column: 'x' }, 'filter_time');
    const config = formToConfig(form, layout);
    expect(config.targets).toEqual([{}]);
    expect(config.controlValues).toEqual({ enableEmptyFilter: false });
    expect(config).not.toHaveProperty('adhoc_filters');
  });

  it('keeps the dataset of a time grain filter and range options of a range filter', () => {
    const grain = formToConfig(withFilterType({ ...newFilterForm('g'), datasetId: 5, column: 'x' }, 'filter_timegrain'), layout);
    expect(grain.targets).toEqual([{ datasetId: 5 }]);
    const range = withFilterType(newFilterForm('r'), 'filter_range');
    const saved = formToConfig({ ...range, controlValues: { ...range.controlValues, enableSingleValue: 2 } }, layout);
    expect(saved.controlValues).toEqual({ enableEmptyFilter: false, rangeDisplayMode: 'slider-and-input', enableSingleValue: 2 });
  });

  it('trims a divider title and description', () => {
    const divider = configToForm({ id: 'NATIVE_FILTER_DIVIDER-x', type: 'DIVIDER', title: ' Section ', description: '  text \n' });
    expect(formToConfig(divider, layout)).toEqual({ id: 'NATIVE_FILTER_DIVIDER-x', type: 'DIVIDER', title: 'Section', description: 'text' });
  });

  it('duplicates under a new id', () => {
    const copy = duplicateForm(configToForm(stored), 'NATIVE_FILTER-copy') as FilterForm;
    expect(copy.id).toBe('NATIVE_FILTER-copy');
    expect(copy.name).toBe('Gender (copy)');
    expect(copy.column).toBe('gender');
  });
});
