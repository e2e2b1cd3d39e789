import type { QueryContextInput } from '@tessera/core';
import { fetchChartData } from '../../../../../api/chartDataApi';

/**
 * Resolves once the browser is idle (at most `maxWaitMs` later): filter option queries start after the page's
 * first chart queries have left, so they never take a connection a chart was about to use.
 */
export function afterChartsStart(signal: AbortSignal, maxWaitMs = 150): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void, opts: { timeout: number }) => number }).requestIdleCallback;
    if (idle) idle(done, { timeout: maxWaitMs });
    else setTimeout(done, 0);
  });
}

/** Runs one filter query (options or bounds) and answers its rows; one request, stopped by `signal`. */
export async function runFilterQuery(queryContext: QueryContextInput, signal: AbortSignal): Promise<Record<string, unknown>[]> {
  await afterChartsStart(signal);
  const [result] = await fetchChartData(queryContext, { signal });
  return result?.data ?? [];
}
