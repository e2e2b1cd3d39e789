import { describe, expect, it } from 'vitest';
import { POLL_WAIT_MS } from '../state/queryThunks';
import { LONG_POLL_GAP_MS, pollDelay, QUERY_POLL_INTERVAL_MS } from './useQueryAutoRefresh';

describe('query polling', () => {
  it('asks again right after a long poll answers, and every 2 s while offline', () => {
    expect(pollDelay(false)).toBe(LONG_POLL_GAP_MS);
    // The server holds each poll; the gap between them is small beside that wait.
    expect(LONG_POLL_GAP_MS * 10).toBeLessThanOrEqual(POLL_WAIT_MS);
    expect(pollDelay(true)).toBe(QUERY_POLL_INTERVAL_MS);
  });
});
