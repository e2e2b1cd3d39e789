import { describe, expect, it } from 'vitest';
import type { DataMask, NativeFilterConfig } from '@tessera/core';
import { appliesOnFirstValue, canClearAll, changedFilterIds, clearAllAppliesAtOnce, clearedPending, isApplyDisabled, masksToApply, missingRequiredIds } from './filterBarLogic';
import { configMaskChanges } from './configChanges';
import { chartWaitsForFilters } from './chartWaitsForFilters';

const filter = (id: string, extra: Partial<NativeFilterConfig> = {}): NativeFilterConfig => ({
  id,
  type: 'NATIVE_FILTER',
  name: id,
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'gender' } }],
  controlValues: {},
  ...extra,
});
const mask = (id: string, value: unknown[] | null): DataMask => ({
  id,
  extraFormData: value && value.length ? { filters: [{ col: 'gender', op: 'IN', val: value }] } : {},
  filterState: { value },
});

describe('Apply and changed detection', () => {
  const filters = [filter('F-a'), filter('F-b')];

  it('has nothing to apply when pending equals applied, whatever the key order or UI-only status', () => {
    const applied = { 'F-a': mask('F-a', ['boy']) };
    const pending = { 'F-a': { ...mask('F-a', ['boy']), filterState: { validateStatus: undefined, value: ['boy'] } } };
    expect(changedFilterIds(filters, pending, applied)).toEqual([]);
    expect(isApplyDisabled(filters, pending, applied)).toBe(true);
  });

  it('applies only the filters whose value changed, without their validation status', () => {
    const applied = { 'F-a': mask('F-a', ['boy']), 'F-b': mask('F-b', ['x']) };
    const pending = { 'F-a': { ...mask('F-a', ['girl']), filterState: { value: ['girl'], validateStatus: 'error' as const } }, 'F-b': mask('F-b', ['x']) };
    expect(changedFilterIds(filters, pending, applied)).toEqual(['F-a']);
    expect(isApplyDisabled(filters, pending, applied)).toBe(false);
    expect(masksToApply(filters, pending, applied)).toEqual([{ ...mask('F-a', ['girl']), filterState: { value: ['girl'] } }]);
  });

  it('counts an empty value and a missing mask as the same empty filter', () => {
    expect(changedFilterIds(filters, { 'F-a': mask('F-a', null) }, {})).toEqual([]);
    expect(changedFilterIds(filters, { 'F-a': mask('F-a', []) }, { 'F-a': mask('F-a', null) })).toEqual([]);
  });

  it('keeps Apply disabled while a required filter is empty', () => {
    const required = [filter('F-a', { controlValues: { enableEmptyFilter: true } }), filter('F-b')];
    const pending = { 'F-a': mask('F-a', null), 'F-b': mask('F-b', ['x']) };
    expect(missingRequiredIds(required, pending)).toEqual(['F-a']);
    expect(isApplyDisabled(required, pending, {})).toBe(true);
    expect(isApplyDisabled(required, { ...pending, 'F-a': mask('F-a', ['boy']) }, {})).toBe(false);
  });
});

describe('Clear all', () => {
  it('empties every filter with an explicit null value ([null, null] for ranges)', () => {
    const filters = [filter('F-a'), filter('F-r', { filterType: 'filter_range' })];
    const cleared = clearedPending(filters, { 'F-a': mask('F-a', ['boy']), 'F-r': { id: 'F-r', filterState: { value: [1, 5] } } });
    expect(cleared['F-a']).toEqual({ id: 'F-a', extraFormData: {}, filterState: { value: null } });
    expect(cleared['F-r']).toEqual({ id: 'F-r', extraFormData: {}, filterState: { value: [null, null] } });
  });

  it('is offered only when some filter has a value, and applies at once unless a filter is required', () => {
    const filters = [filter('F-a')];
    expect(canClearAll(filters, {}, {})).toBe(false);
    expect(canClearAll(filters, {}, { 'F-a': mask('F-a', ['boy']) })).toBe(true);
    expect(clearAllAppliesAtOnce(filters)).toBe(true);
    expect(clearAllAppliesAtOnce([...filters, filter('F-b', { controlValues: { enableEmptyFilter: true } })])).toBe(false);
  });
});

describe('first value of a filter that selects it', () => {
  const first = filter('F-a', { controlValues: { defaultToFirstItem: true } });
  it('applies the first value at once when nothing was chosen nor applied', () => {
    expect(appliesOnFirstValue(first, undefined, undefined, mask('F-a', ['boy']))).toBe(true);
    expect(appliesOnFirstValue(first, mask('F-a', ['girl']), undefined, mask('F-a', ['boy']))).toBe(false);
    expect(appliesOnFirstValue(first, undefined, mask('F-a', ['girl']), mask('F-a', ['boy']))).toBe(false);
    expect(appliesOnFirstValue(filter('F-b'), undefined, undefined, mask('F-b', ['boy']))).toBe(false);
  });
});

describe('a saved configuration', () => {
  it('resets new and retargeted filters to their default and drops deleted ones; a renamed one keeps its value', () => {
    const before = [filter('F-a'), filter('F-b'), filter('F-c')];
    const after = [
      { ...filter('F-a'), name: 'Renamed' },
      filter('F-b', { targets: [{ datasetId: 1, column: { name: 'state' } }], defaultDataMask: { filterState: { value: ['CA'] } } }),
      filter('F-new'),
    ];
    const changes = configMaskChanges(before, after);
    expect(changes.reset.map((m) => m.id)).toEqual(['F-b', 'F-new']);
    expect(changes.reset[0]).toMatchObject({ id: 'F-b', filterState: { value: ['CA'] } });
    expect(changes.removed).toEqual(['F-c']);
  });
});

describe('charts waiting for filter values', () => {
  const metadata = {
    native_filter_configuration: [filter('F-req', { controlValues: { enableEmptyFilter: true }, chartsInScope: [1] }), filter('F-free', { chartsInScope: [1, 2] })],
  };
  it('waits while a required filter in scope has no applied value, and not for other filters or charts', () => {
    expect(chartWaitsForFilters(1, metadata, {})).toBe(true);
    expect(chartWaitsForFilters(2, metadata, {})).toBe(false);
    expect(chartWaitsForFilters(1, metadata, { 'F-req': mask('F-req', ['boy']) })).toBe(false);
    expect(chartWaitsForFilters(1, metadata, { 'F-req': mask('F-req', null) })).toBe(true);
  });
  it('waits for a filter selecting its first value', () => {
    const first = { native_filter_configuration: [filter('F-first', { controlValues: { defaultToFirstItem: true } })] };
    expect(chartWaitsForFilters(7, first, {})).toBe(true);
    expect(chartWaitsForFilters(7, first, { 'F-first': mask('F-first', ['a']) })).toBe(false);
  });
});
