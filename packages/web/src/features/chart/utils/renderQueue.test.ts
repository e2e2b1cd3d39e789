import { describe, expect, it } from 'vitest';
import { createRenderQueue } from './renderQueue';

/** A queue whose slices run when the test says, on a clock the test moves. */
function manualQueue(sliceMs: number) {
  let clock = 0;
  const pending: (() => void)[] = [];
  const queue = createRenderQueue({ sliceMs, now: () => clock, schedule: (run) => pending.push(run) });
  return {
    queue,
    advance: (ms: number) => (clock += ms),
    /** Runs the next scheduled slice; false when none was scheduled. */
    runSlice: () => {
      const run = pending.shift();
      run?.();
      return run !== undefined;
    },
  };
}

describe('createRenderQueue', () => {
  it('draws waiting charts in the order they asked, as many per slice as fit its time', () => {
    const { queue, advance, runSlice } = manualQueue(40);
    const drawn: number[] = [];
    for (const id of [1, 2, 3, 4, 5]) {
      queue.request(() => {
        drawn.push(id);
        advance(15); // each drawing costs 15 ms: three fit in a 40 ms slice
      });
    }
    expect(drawn).toEqual([]);
    expect(runSlice()).toBe(true);
    expect(drawn).toEqual([1, 2, 3]);
    expect(runSlice()).toBe(true);
    expect(drawn).toEqual([1, 2, 3, 4, 5]);
    expect(runSlice()).toBe(false);
  });

  it('skips a chart that left before its turn, and keeps going when one fails to draw', () => {
    const { queue, runSlice } = manualQueue(40);
    const drawn: number[] = [];
    queue.request(() => {
      throw new Error('boom');
    });
    const cancel = queue.request(() => drawn.push(2));
    queue.request(() => drawn.push(3));
    cancel();
    const errors: unknown[] = [];
    const original = globalThis.queueMicrotask;
    globalThis.queueMicrotask = (task) => {
      try {
        task();
      } catch (error) {
        errors.push(error);
      }
    };
    try {
      runSlice();
    } finally {
      globalThis.queueMicrotask = original;
    }
    expect(drawn).toEqual([3]);
    expect(errors).toHaveLength(1);
  });
});
