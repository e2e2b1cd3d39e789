import { describe, expect, it } from 'vitest';
import { PrefixIndex } from './prefixIndex';
import { buildCompletionIndex, COMPLETION_LIMIT } from './sqlCompletion';

describe('PrefixIndex', () => {
  it('finds case-insensitive prefixes in label order', () => {
    const index = new PrefixIndex(['orders', 'Order_items', 'customers', 'ord'].map((label) => ({ label, type: 'table' })));
    expect(index.search('ORD').map((e) => e.label)).toEqual(['ord', 'Order_items', 'orders']);
    expect(index.count('ord')).toBe(3);
    expect(index.search('x')).toEqual([]);
  });

  it('answers one query over 100k table names in under 50 ms, capped at the limit', () => {
    const tables = Array.from({ length: 100_000 }, (_v, i) => `table_${String(i).padStart(6, '0')}`);
    const index = buildCompletionIndex({ functions: ['count', 'sum'], schemas: ['main'], tables, columns: [] });
    const t0 = performance.now();
    const found = index.search('table_0', COMPLETION_LIMIT);
    const elapsed = performance.now() - t0;
    expect(found).toHaveLength(COMPLETION_LIMIT);
    expect(elapsed).toBeLessThan(50);
    const t1 = performance.now();
    expect(index.search('table_09999', COMPLETION_LIMIT).map((e) => e.label)).toHaveLength(10);
    expect(index.all.count('t')).toBe(100_000);
    expect(performance.now() - t1).toBeLessThan(50);
  });
});
