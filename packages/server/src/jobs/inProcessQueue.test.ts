import { describe, expect, it } from 'vitest';
import { InProcessQueue } from './inProcessQueue.js';

/** A queue whose jobs run until the test ends them, recording the order they started in. */
function gatedQueue(concurrency: number) {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  const queue = new InProcessQueue<string>(
    (name) =>
      new Promise<void>((resolve) => {
        started.push(name);
        gates.set(name, resolve);
      }),
    concurrency,
  );
  const finish = async (name: string) => {
    gates.get(name)!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { queue, started, finish };
}

describe('InProcessQueue', () => {
  it("starts waiting jobs round-robin between users, so one user's pile does not hold another's job back", async () => {
    const { queue, started, finish } = gatedQueue(1);
    for (const name of ['a1', 'a2', 'a3', 'a4']) await queue.enqueue(name, { group: 1 });
    await queue.enqueue('b1', { group: 2 });
    await queue.enqueue('c1', { group: 3 });
    expect(started).toEqual(['a1']);
    await finish('a1');
    await finish('b1');
    await finish('c1');
    await finish('a2');
    // First come first served would have run a2, a3, a4 before b1.
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
  });

  it('knows which jobs are still waiting or running (liveness), and forgets them once done or dropped at close', async () => {
    const { queue, finish } = gatedQueue(1);
    await queue.enqueue('run', { id: 'job-run' });
    await queue.enqueue('wait', { id: 'job-wait' });
    expect(await queue.liveness('job-run')).toBe('live');
    expect(await queue.liveness('job-wait')).toBe('live');
    expect(await queue.liveness('job-of-a-previous-process')).toBe('dead');
    await finish('run');
    expect(await queue.liveness('job-run')).toBe('dead');
    const closing = queue.close();
    await finish('wait');
    await closing;
    expect(await queue.liveness('job-wait')).toBe('dead');
  });
});
