import { describe, expect, it } from 'vitest';
import { cacheTimeoutError, chartPropertiesPayload, type ChartPropertiesValues } from './chartPropertiesPayload';

const VALUES: ChartPropertiesValues = {
  slice_name: 'Births',
  description: '',
  cache_timeout: '',
  certified_by: '',
  certification_details: '',
  owners: [1],
};

describe('cacheTimeoutError', () => {
  it('accepts empty, -1, 0 and positive integers', () => {
    for (const text of ['', '  ', '-1', '0', '300', ' 86400 ']) expect(cacheTimeoutError(text)).toBeNull();
  });

  it('refuses text and decimals with the spec §5 integer message, and values below -1', () => {
    expect(cacheTimeoutError('abc')).toBe('Cache timeout is expected to be an integer');
    expect(cacheTimeoutError('1.5')).toBe('Cache timeout is expected to be an integer');
    expect(cacheTimeoutError('-5')).toBe('Cache timeout cannot be less than -1');
  });
});

describe('chartPropertiesPayload', () => {
  it('sends an empty cache timeout as null and a typed one as a number', () => {
    expect(chartPropertiesPayload(VALUES).cache_timeout).toBeNull();
    expect(chartPropertiesPayload({ ...VALUES, cache_timeout: ' 300 ' }).cache_timeout).toBe(300);
  });
});
