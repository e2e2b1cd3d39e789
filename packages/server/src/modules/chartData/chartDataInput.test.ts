import { describe, expect, it } from 'vitest';
import { chartCacheKey } from '../../query-engine/chartCacheKey.js';
import { parseQueryContext } from './chartDataInput.js';

const body = () => ({
  datasource: { id: 3, type: 'table' },
  queries: [{ columns: ['state'], metrics: ['count'], filters: [{ col: 'num', op: '>=', val: 5 }] }],
  force: false,
});

describe('parseQueryContext', () => {
  it('shares the parsed queries of identical bodies, frozen, and gives each caller its own top level', () => {
    const first = parseQueryContext(body());
    const second = parseQueryContext(body());
    expect(second.queries).toBe(first.queries);
    // Callers set top-level fields (force from the query string) without touching the other request.
    second.force = true;
    expect(first.force).toBe(false);
    // Nested parts are shared between requests: changing them throws instead of leaking into the next one.
    expect(() => {
      (first.queries[0] as { row_limit?: number }).row_limit = 5;
    }).toThrow(TypeError);
    expect(() => {
      (first.queries[0]!.filters![0] as { val: unknown }).val = 6;
    }).toThrow(TypeError);
  });

  it('keys a shared query object as it keys an equal fresh one', () => {
    const parts = { datasourceKey: '3__table', datasourceVersion: 'v', databaseId: 1, dialect: 'duckdb', resultType: 'full', rowLevelSecurity: [] };
    const shared = parseQueryContext(body()).queries[0];
    const key = chartCacheKey({ ...parts, query: shared });
    expect(chartCacheKey({ ...parts, query: shared })).toBe(key);
    expect(chartCacheKey({ ...parts, query: JSON.parse(JSON.stringify(shared)) })).toBe(key);
    expect(chartCacheKey({ ...parts, datasourceVersion: 'w', query: shared })).not.toBe(key);
  });
});
