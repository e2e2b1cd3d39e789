import { describe, expect, it } from 'vitest';
import { visibleCount } from './overflowCount';

describe('visibleCount (horizontal bar, "More filters")', () => {
  it('shows everything that fits without the button', () => {
    expect(visibleCount([100, 100, 100], 320, 10, 150)).toBe(3);
    expect(visibleCount([], 0, 10, 150)).toBe(0);
  });

  it('keeps room for the button once something overflows, so the answer is stable', () => {
    // 3 x 100 + 2 gaps = 320 > 300: the button (150) takes room, one filter fits beside it.
    expect(visibleCount([100, 100, 100], 300, 10, 150)).toBe(1);
    expect(visibleCount([100, 100, 100], 120, 10, 150)).toBe(0);
  });
});
