import { createContext, useContext, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { RenderQueue } from '../utils/renderQueue';

/** A page with many charts (a dashboard) provides a queue; elsewhere a chart draws as soon as it can. */
export const ChartRenderQueueContext = createContext<RenderQueue | null>(null);

/**
 * Whether the chart may draw: at once without a queue, else once its turn came (the first drawing only: a chart
 * already drawn redraws at once on new props or answers).
 */
export function useRenderTurn(wanted: boolean, label?: string): boolean {
  const queue = useContext(ChartRenderQueueContext);
  const [granted, setGranted] = useState(false);
  useEffect(() => {
    if (granted || !wanted || !queue) return undefined;
    // Drawn inside the queue's slice, so that the slice measures the drawing's cost.
    return queue.request(() => flushSync(() => setGranted(true)), label);
  }, [granted, wanted, queue, label]);
  return queue === null || granted;
}
