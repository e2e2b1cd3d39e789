import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NativeFilterConfig } from '../jsonMetadata.js';
import { findCascadeCycle, NATIVE_FILTER_MESSAGES, normalizeNativeFilter, validateNativeFilterConfig } from './validateNativeFilters.js';

const select = (id: string, extra: Partial<NativeFilterConfig> = {}): NativeFilterConfig => ({
  id,
  type: 'NATIVE_FILTER',
  name: `Filter ${id}`,
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'gender' } }],
  cascadeParentIds: [],
  ...extra,
});

describe('findCascadeCycle', () => {
  it('finds no cycle in a chain or a filter with two parents', () => {
    expect(findCascadeCycle([select('a'), select('b', { cascadeParentIds: ['a'] }), select('c', { cascadeParentIds: ['a', 'b'] })])).toBeNull();
  });

  it('names the filters of a cycle, a self-parent included', () => {
    expect(findCascadeCycle([select('a', { cascadeParentIds: ['a'] })])).toEqual(['a']);
    const cycle = findCascadeCycle([select('x'), select('a', { cascadeParentIds: ['c'] }), select('b', { cascadeParentIds: ['a'] }), select('c', { cascadeParentIds: ['x', 'b'] })]);
    expect(new Set(cycle)).toEqual(new Set(['a', 'b', 'c']));
  });

  it('ignores parents that are not in the list', () => {
    expect(findCascadeCycle([select('a', { cascadeParentIds: ['gone'] })])).toBeNull();
  });

  it('property: answers a cycle exactly when the parent graph has one, and every edge of it is a parent link', () => {
    const graphs = fc.array(fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 3 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(graphs, (parentLists) => {
        const filters = parentLists.map((ps, i) => select(`f${i}`, { cascadeParentIds: ps.filter((p) => p < parentLists.length).map((p) => `f${p}`) }));
        const cycle = findCascadeCycle(filters);
        // Oracle: a topological peel (repeatedly remove filters with no remaining parents) leaves nodes iff cyclic.
        let left = new Map(filters.map((f) => [f.id, new Set(f.cascadeParentIds)]));
        for (let changed = true; changed; ) {
          changed = false;
          for (const [id, ps] of left) {
            if ([...ps].every((p) => !left.has(p))) {
              left.delete(id);
              changed = true;
            }
          }
          left = new Map(left);
        }
        expect(cycle !== null).toBe(left.size > 0);
        if (cycle) {
          const byId = new Map(filters.map((f) => [f.id, f]));
          cycle.forEach((id, i) => expect(byId.get(id)!.cascadeParentIds).toContain(cycle[(i + 1) % cycle.length]));
        }
      }),
    );
  });

  it('does not overflow on a long chain of parents', () => {
    const chain = Array.from({ length: 20000 }, (_, i) => select(`f${i}`, { cascadeParentIds: i > 0 ? [`f${i - 1}`] : [] }));
    expect(findCascadeCycle(chain)).toBeNull();
  });
});

describe('validateNativeFilterConfig', () => {
  it('accepts a valid configuration', () => {
    expect(validateNativeFilterConfig([select('a'), { id: 'd', type: 'DIVIDER', title: 'Section' }, select('b', { cascadeParentIds: ['a'] })])).toEqual({});
  });

  it('requires a name, and a divider title', () => {
    expect(validateNativeFilterConfig([select('a', { name: '  ' }), { id: 'd', type: 'DIVIDER', title: '' }])).toEqual({
      a: { name: NATIVE_FILTER_MESSAGES.nameRequired },
      d: { title: 'Title is required' },
    });
  });

  it('requires a dataset for value, range and time column filters only', () => {
    const noTarget = { targets: [] };
    const errors = validateNativeFilterConfig([
      select('s', noTarget),
      select('r', { ...noTarget, filterType: 'filter_range' }),
      select('tc', { ...noTarget, filterType: 'filter_timecolumn' }),
      select('t', { ...noTarget, filterType: 'filter_time' }),
      select('g', { ...noTarget, filterType: 'filter_timegrain' }),
    ]);
    expect(errors).toEqual({
      s: { dataset: 'Dataset is required', column: 'Column is required' },
      r: { dataset: 'Dataset is required', column: 'Column is required' },
      tc: { dataset: 'Dataset is required' },
    });
  });

  it('requires a column for value and range filters', () => {
    expect(validateNativeFilterConfig([select('a', { targets: [{ datasetId: 3, column: { name: '' } }] })])).toEqual({ a: { column: 'Column is required' } });
  });

  it('refuses a range default whose minimum is above its maximum', () => {
    const range = (value: unknown) => select('r', { filterType: 'filter_range', defaultDataMask: { filterState: { value } } });
    expect(validateNativeFilterConfig([range([10, 2])])).toEqual({ r: { defaultDataMask: 'Minimum value cannot be higher than maximum value' } });
    expect(validateNativeFilterConfig([range([2, 10])])).toEqual({});
    expect(validateNativeFilterConfig([range([null, 10])])).toEqual({});
  });

  it('flags unknown cascade parents and cycles', () => {
    expect(validateNativeFilterConfig([select('a', { cascadeParentIds: ['zz'] })])).toEqual({ a: { parentFilter: 'Parent filter zz does not exist' } });
    expect(validateNativeFilterConfig([select('a', { cascadeParentIds: ['b'] }), select('b', { cascadeParentIds: ['a'] })])).toEqual({
      a: { parentFilter: 'Cannot create cyclic hierarchy' },
      b: { parentFilter: 'Cannot create cyclic hierarchy' },
    });
    expect(validateNativeFilterConfig([select('a', { cascadeParentIds: ['a'] })])).toEqual({ a: { parentFilter: 'Cannot create cyclic hierarchy' } });
    // Two separate cycles are both named.
    const two = validateNativeFilterConfig([select('a', { cascadeParentIds: ['a'] }), select('x'), select('b', { cascadeParentIds: ['c'] }), select('c', { cascadeParentIds: ['b'] })]);
    expect(Object.keys(two).sort()).toEqual(['a', 'b', 'c']);
  });

  it('skips filters pending removal, which are no longer parents', () => {
    const filters = [select('a', { name: '' }), select('b', { cascadeParentIds: ['a'] })];
    expect(validateNativeFilterConfig(filters, { removed: ['a'] })).toEqual({ b: { parentFilter: 'Parent filter a does not exist' } });
  });
});

describe('normalizeNativeFilter', () => {
  it('trims names, divider titles and divider descriptions', () => {
    expect(normalizeNativeFilter(select('a', { name: '  Gender ', description: ' kept ' }))).toMatchObject({ name: 'Gender', description: ' kept ' });
    expect(normalizeNativeFilter({ id: 'd', type: 'DIVIDER', title: ' Section ', description: '\n about \t' })).toEqual({ id: 'd', type: 'DIVIDER', title: 'Section', description: 'about' });
  });
});
