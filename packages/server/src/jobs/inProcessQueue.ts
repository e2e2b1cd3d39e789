import type { EnqueueOptions, JobHandler, JobLiveness, JobQueue } from './jobQueue.js';

interface Entry<T> {
  job: T;
  id: string | undefined;
}

type Group = number | null;

/**
 * The default queue: jobs run in this process, a few at a time. Waiting jobs start fairly between their groups
 * (users): the group with the fewest running first, then the one served longest ago; each group's own jobs in
 * arrival order.
 */
export class InProcessQueue<T> implements JobQueue<T> {
  readonly kind = 'in-process' as const;
  private readonly waiting = new Map<Group, Entry<T>[]>();
  private readonly active = new Set<Promise<void>>();
  private readonly activePerGroup = new Map<Group, number>();
  /** When each group with jobs waiting or running was last served (a turn count): ties go to the longest ago. */
  private readonly lastServed = new Map<Group, number>();
  private turn = 0;
  /** Ids of the jobs waiting or running (liveness: a job of a previous process is never here). */
  private readonly known = new Set<string>();
  private closed = false;

  constructor(
    private readonly handler: JobHandler<T>,
    private readonly concurrency = 3,
    private readonly onError: (err: unknown, job: T) => void = () => undefined,
  ) {}

  async enqueue(job: T, options: EnqueueOptions = {}): Promise<void> {
    if (this.closed) throw new Error('queue is closed');
    const group = options.group ?? null;
    const queue = this.waiting.get(group);
    if (queue) queue.push({ job, id: options.id });
    else this.waiting.set(group, [{ job, id: options.id }]);
    if (options.id !== undefined) this.known.add(options.id);
    this.pump();
  }

  async liveness(id: string): Promise<JobLiveness> {
    return this.known.has(id) ? 'live' : 'dead';
  }

  /** The group running the fewest jobs, then the one served longest ago (or never). */
  private next(): { group: Group; entry: Entry<T> } | null {
    let chosen: Group | undefined;
    let fewest = Infinity;
    let oldest = Infinity;
    for (const group of this.waiting.keys()) {
      const running = this.activePerGroup.get(group) ?? 0;
      const served = this.lastServed.get(group) ?? -1;
      if (running < fewest || (running === fewest && served < oldest)) {
        chosen = group;
        fewest = running;
        oldest = served;
      }
    }
    if (chosen === undefined) return null;
    const queue = this.waiting.get(chosen)!;
    const entry = queue.shift()!;
    if (queue.length === 0) this.waiting.delete(chosen);
    this.lastServed.set(chosen, this.turn++);
    return { group: chosen, entry };
  }

  private pump(): void {
    while (this.active.size < this.concurrency) {
      const next = this.next();
      if (!next) return;
      const { group, entry } = next;
      this.activePerGroup.set(group, (this.activePerGroup.get(group) ?? 0) + 1);
      const run = this.handler(entry.job)
        .catch((err: unknown) => this.onError(err, entry.job))
        .finally(() => {
          this.active.delete(run);
          const left = (this.activePerGroup.get(group) ?? 1) - 1;
          if (left > 0) this.activePerGroup.set(group, left);
          else this.activePerGroup.delete(group);
          // A group with nothing left needs no turn history.
          if (left <= 0 && !this.waiting.has(group)) this.lastServed.delete(group);
          if (entry.id !== undefined) this.known.delete(entry.id);
          this.pump();
        });
      this.active.add(run);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queue of this.waiting.values()) for (const { id } of queue) if (id !== undefined) this.known.delete(id);
    this.waiting.clear();
    await Promise.all([...this.active]);
  }
}
