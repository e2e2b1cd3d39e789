import { describe, expect, it } from 'vitest';
import { formatDuration, toEpochMs } from './queryTime';

describe('toEpochMs', () => {
  it('reads epoch ms numbers and numeric strings', () => {
    expect(toEpochMs(1_764_000_000_123.456)).toBe(1_764_000_000_123.456);
    expect(toEpochMs('1764000000123')).toBe(1_764_000_000_123);
  });

  it('reads ISO strings, naive ones as UTC', () => {
    expect(toEpochMs('2026-11-20T10:00:00')).toBe(Date.UTC(2026, 10, 20, 10));
    expect(toEpochMs('2026-11-20 10:00:00.500')).toBe(Date.UTC(2026, 10, 20, 10, 0, 0, 500));
    expect(toEpochMs('2026-11-20T10:00:00+02:00')).toBe(Date.UTC(2026, 10, 20, 8));
    expect(toEpochMs('2026-11-20T10:00:00Z')).toBe(Date.UTC(2026, 10, 20, 10));
  });

  it('gives null for missing or unreadable times', () => {
    expect(toEpochMs(null)).toBeNull();
    expect(toEpochMs('')).toBeNull();
    expect(toEpochMs('soon')).toBeNull();
  });
});

describe('formatDuration', () => {
  it('formats as HH:mm:ss.SSS', () => {
    expect(formatDuration(1234)).toBe('00:00:01.234');
    expect(formatDuration(3_723_004)).toBe('01:02:03.004');
    expect(formatDuration(-5)).toBe('00:00:00.000');
  });
});
