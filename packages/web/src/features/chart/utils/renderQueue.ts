/**
 * Takes turns at drawing charts. When a dashboard's answers land together, drawing them all in one go keeps the
 * main thread busy for seconds with nothing painted; charts waiting here draw one after another, as many as fit
 * in a time slice, and the browser paints between slices: the first screen shows while the rest still draw.
 */
export interface RenderQueue {
  /**
   * Asks for a turn; `grant` is called when it comes (it should draw synchronously). Returns a cancel. With a `label`,
   * the drawing's time shows as a `performance` measure of that name (DevTools' Timings, the dashboard bench).
   */
  request(grant: () => void, label?: string): () => void;
}

export interface RenderQueueOptions {
  /** Work per slice before the browser gets to paint (ms). */
  sliceMs?: number;
  /** Runs the next slice after a paint. */
  schedule?: (run: () => void) => void;
  now?: () => number;
}

/** After the next frame (so what the last slice drew is painted), or after 50 ms where frames do not come (hidden tab). */
function afterPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 50);
}

export function createRenderQueue({ sliceMs = 40, schedule = afterPaint, now = () => performance.now() }: RenderQueueOptions = {}): RenderQueue {
  const waiting = new Set<() => void>();
  const labels = new WeakMap<() => void, string>();
  let scheduled = false;
  const slice = () => {
    scheduled = false;
    const start = now();
    for (const grant of waiting) {
      waiting.delete(grant);
      const began = now();
      try {
        grant();
        const label = labels.get(grant);
        if (label && typeof performance.measure === 'function') performance.measure(label, { start: began, end: now() });
      } catch (error) {
        // One chart failing to draw must not stop the others' turns.
        queueMicrotask(() => {
          throw error;
        });
      }
      if (now() - start >= sliceMs) break;
    }
    if (waiting.size > 0) kick();
  };
  const kick = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(slice);
  };
  return {
    request(grant, label) {
      waiting.add(grant);
      if (label) labels.set(grant, label);
      kick();
      return () => {
        waiting.delete(grant);
      };
    },
  };
}
