import { afterEach, describe, expect, it } from 'vitest';
import type { ColumnarResult } from './columnarResult';
import { resultCache } from './resultCache';

const fake = {} as ColumnarResult;

describe('result cache', () => {
  afterEach(() => resultCache.clear());

  it('lets go of results no query points at any more', () => {
    resultCache.set('old-run', fake);
    resultCache.set('other-tab', fake);
    resultCache.set('new-run', fake);
    resultCache.retainOnly(new Set(['other-tab', 'new-run']));
    expect(resultCache.get('old-run')).toBeUndefined();
    expect(resultCache.get('other-tab')).toBe(fake);
    expect(resultCache.size()).toBe(2);
  });
});
