import { describe, expect, it } from 'vitest';
import { staggerPlan } from './staggerPlan';

describe('staggerPlan', () => {
  it('spreads the charts over at least 5 seconds by default', () => {
    expect(staggerPlan([1, 2, 3, 4], {})).toEqual([
      { chartId: 1, delay: 0 },
      { chartId: 2, delay: 1250 },
      { chartId: 3, delay: 2500 },
      { chartId: 4, delay: 3750 },
    ]);
  });

  it('uses a longer stagger_time, never a shorter one', () => {
    expect(staggerPlan([1, 2], { staggerTime: 20000 }).map((s) => s.delay)).toEqual([0, 10000]);
    expect(staggerPlan([1, 2], { staggerTime: 100 }).map((s) => s.delay)).toEqual([0, 2500]);
  });

  it('runs everything at once when staggering is off', () => {
    expect(staggerPlan([1, 2, 3], { staggerRefresh: false }).map((s) => s.delay)).toEqual([0, 0, 0]);
  });

  it('skips the charts immune to timed refresh', () => {
    expect(staggerPlan([1, 2, 3], { immune: [2] }).map((s) => s.chartId)).toEqual([1, 3]);
  });
});
