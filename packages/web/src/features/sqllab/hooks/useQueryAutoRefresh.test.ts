import { describe, expect, it } from 'vitest';
import { pollDelay, QUERY_POLL_INTERVAL_MS } from './useQueryAutoRefresh';

describe('query polling', () => {
  it('polls quickly at first, then settles at the 2 s interval', () => {
    expect(pollDelay(0)).toBeLessThan(200);
    const first = Array.from({ length: 6 }, (_, i) => pollDelay(i));
    expect([...first].sort((a, b) => a - b)).toEqual(first);
    expect(first.reduce((a, b) => a + b, 0)).toBeLessThan(5000);
    expect(pollDelay(6)).toBe(QUERY_POLL_INTERVAL_MS);
    expect(pollDelay(100)).toBe(QUERY_POLL_INTERVAL_MS);
  });
});
