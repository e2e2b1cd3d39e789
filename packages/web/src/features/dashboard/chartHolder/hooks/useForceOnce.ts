import { useMemo, useState } from 'react';

/**
 * Whether the chart's next run bypasses the cache. A forced refresh (chartRefresh `force`, or the page's
 * `force=true` on the first load) forces the run its refresh key starts, not later runs that new filters start
 * under the same key: those read the cache as any other query does.
 */
export function useForceOnce(refreshKey: number, force: boolean, formData: unknown): boolean {
  const formDataKey = useMemo(() => JSON.stringify(formData ?? null), [formData]);
  const [startedWith, setStartedWith] = useState({ refreshKey, formDataKey });
  if (startedWith.refreshKey !== refreshKey) setStartedWith({ refreshKey, formDataKey });
  const sameRun = startedWith.refreshKey !== refreshKey || startedWith.formDataKey === formDataKey;
  return force && sameRun;
}
