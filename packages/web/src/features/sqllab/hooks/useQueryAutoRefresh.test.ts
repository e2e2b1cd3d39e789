import { describe, expect, it } from 'vitest';
import { pollDelay, QUERY_POLL_INTERVAL_MS } from './useQueryAutoRefresh';

describe('query polling', () => {
  it('polls quickly at first, then settles at the 2 s interval', () => {
    expect(pollDelay(0)).toBeLessThan(200);
    const first = Array.from({ length: 15 }, (_, i) => pollDelay(i));
    expect([...first].sort((a, b) => a - b)).toEqual(first);
    // A query done within its first second is seen within ~100 ms; the steady interval comes after ~6 s.
    expect(first.slice(0, 5).every((d) => d <= 100)).toBe(true);
    expect(first.reduce((a, b) => a + b, 0)).toBeLessThan(7000);
    expect(pollDelay(15)).toBe(QUERY_POLL_INTERVAL_MS);
    expect(pollDelay(100)).toBe(QUERY_POLL_INTERVAL_MS);
  });
});
