import { describe, expect, it } from 'vitest';
import { rowCountText } from './rowCount';

describe('rowCountText', () => {
  it('words counts as Superset does, large ones in the smart number format', () => {
    expect(rowCountText(0)).toBe('0 rows');
    expect(rowCountText(1)).toBe('1 row');
    expect(rowCountText(26)).toBe('26 rows');
    expect(rowCountText(1000)).toBe('1k rows');
    expect(rowCountText(75394)).toBe('75.4k rows');
  });
});
