import { describe, expect, it } from 'vitest';
import { cachedAgo } from './cachedAgo';

describe('cachedAgo', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  it('says how long ago an answer was cached, from its UTC cached_dttm', () => {
    expect(cachedAgo('2026-11-26T11:59:50', now)).toBe('a few seconds ago');
    expect(cachedAgo('2026-11-26T11:57:00', now)).toBe('3 minutes ago');
    expect(cachedAgo('2026-11-26T10:00:00', now)).toBe('2 hours ago');
    expect(cachedAgo('2026-11-25T11:00:00', now)).toBe('yesterday');
    expect(cachedAgo('2026-09-20T12:00:00', now)).toBe('2 months ago');
    expect(cachedAgo('2020-01-01T00:00:00', now)).toBe('6 years ago');
  });
  it('gives nothing for a missing or unreadable time', () => {
    expect(cachedAgo(null, now)).toBeNull();
    expect(cachedAgo('soon', now)).toBeNull();
  });
});
