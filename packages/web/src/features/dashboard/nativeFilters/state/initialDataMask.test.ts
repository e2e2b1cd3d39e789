import { describe, expect, it } from 'vitest';
import type { NativeFilterConfig } from '@tessera/core';
import { initialDataMask } from './initialDataMask';

const withDefault: NativeFilterConfig = {
  id: 'F-a',
  type: 'NATIVE_FILTER',
  filterType: 'filter_select',
  defaultDataMask: { extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] }, filterState: { value: ['boy'] } },
};
const plain: NativeFilterConfig = { id: 'F-b', type: 'NATIVE_FILTER', filterType: 'filter_select' };
const stored = (value: string) => ({ id: 'F-a', extraFormData: { filters: [{ col: 'gender', op: 'IN', val: [value] }] }, filterState: { value: [value] } });

describe('initialDataMask', () => {
  it('gives each filter its default when nothing is stored', () => {
    const masks = initialDataMask([withDefault, plain], {});
    expect(masks['F-a']).toMatchObject({ id: 'F-a', filterState: { value: ['boy'] } });
    expect(masks['F-b']).toEqual({ id: 'F-b', extraFormData: {}, filterState: {} });
  });

  it('prefers the rison parameter over a permalink over native_filters_key, one source as a whole', () => {
    const sources = { rison: { 'F-a': stored('rison') }, permalink: { 'F-a': stored('permalink') }, filterState: { 'F-a': stored('key') } };
    expect(initialDataMask([withDefault], sources)['F-a']?.filterState?.value).toEqual(['rison']);
    expect(initialDataMask([withDefault], { ...sources, rison: null })['F-a']?.filterState?.value).toEqual(['permalink']);
    expect(initialDataMask([withDefault], { filterState: sources.filterState })['F-a']?.filterState?.value).toEqual(['key']);
  });

  it('keeps a stored empty value instead of the default, drops masks of deleted filters and keeps cross-filters', () => {
    const masks = initialDataMask([withDefault], {
      filterState: { 'F-a': { id: 'F-a', extraFormData: {}, filterState: { value: null } }, 'F-gone': stored('x'), '12': { id: '12', extraFormData: {} } },
    });
    expect(masks['F-a']).toEqual({ id: 'F-a', extraFormData: {}, filterState: { value: null } });
    expect(masks['F-gone']).toBeUndefined();
    expect(masks['12']).toEqual({ id: '12', extraFormData: {} });
  });
});
