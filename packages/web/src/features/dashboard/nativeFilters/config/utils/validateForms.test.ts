import { describe, expect, it } from 'vitest';
import { newDividerForm, newFilterForm, withFilterType, type FilterForm } from './filterForm';
import { CONFIG_MESSAGES, firstError, validateForms } from './validateForms';

const valid = (id: string, extra: Partial<FilterForm> = {}): FilterForm => ({ ...newFilterForm(id), name: id, datasetId: 1, column: 'c', ...extra });

describe('validateForms', () => {
  it('requires name, dataset and column of a value filter', () => {
    expect(validateForms([newFilterForm('a')])).toEqual({
      a: { name: CONFIG_MESSAGES.nameRequired, dataset: CONFIG_MESSAGES.datasetRequired, column: CONFIG_MESSAGES.columnRequired },
    });
    expect(validateForms([valid('a')])).toEqual({});
  });

  it('needs no dataset for a time range filter, and no column for a time grain', () => {
    expect(validateForms([withFilterType({ ...newFilterForm('t'), name: 'T' }, 'filter_time')])).toEqual({});
    expect(validateForms([withFilterType({ ...newFilterForm('g'), name: 'G', datasetId: 2 }, 'filter_timegrain')])).toEqual({});
    expect(validateForms([withFilterType({ ...newFilterForm('g'), name: 'G' }, 'filter_timegrain')])).toEqual({});
    expect(validateForms([withFilterType({ ...newFilterForm('c'), name: 'C' }, 'filter_timecolumn')])).toEqual({ c: { dataset: CONFIG_MESSAGES.datasetRequired } });
  });

  it('requires a default value when "Filter has default value" is checked', () => {
    expect(validateForms([valid('a', { hasDefaultValue: true })])).toEqual({ a: { defaultValue: CONFIG_MESSAGES.defaultValueRequired } });
  });

  it('refuses a cycle in parents, on every filter of the cycle', () => {
    const a = valid('a', { hierarchical: true, cascadeParentIds: ['b'] });
    const b = valid('b', { hierarchical: true, cascadeParentIds: ['a'] });
    const c = valid('c', { hierarchical: true, cascadeParentIds: ['a'] });
    const errors = validateForms([a, b, c]);
    expect(errors).toEqual({ a: { parents: CONFIG_MESSAGES.cyclicHierarchy }, b: { parents: CONFIG_MESSAGES.cyclicHierarchy } });
  });

  it('accepts two parents without a cycle', () => {
    expect(validateForms([valid('a'), valid('b'), valid('c', { hierarchical: true, cascadeParentIds: ['a', 'b'] })])).toEqual({});
  });

  it('requires a divider title', () => {
    expect(validateForms([newDividerForm('d')])).toEqual({ d: { title: CONFIG_MESSAGES.titleRequired } });
  });
});

describe('firstError', () => {
  it('takes the first item in list order and its first field on the form', () => {
    const errors = validateForms([valid('a'), { ...newFilterForm('b'), name: 'B' }, newFilterForm('c')]);
    expect(firstError(['a', 'c', 'b'], errors)).toEqual({ id: 'c', field: 'name' });
    expect(firstError(['b', 'c'], errors)).toEqual({ id: 'b', field: 'dataset' });
    expect(firstError(['a'], errors)).toBeNull();
  });
});
