import { useEffect, useState } from 'react';

/** Time after the first paint left for the charts on screen to send their queries. */
const CHARTS_FIRST_MS = 50;
/** When no frame comes (a background tab), the controls mount anyway after this. */
const FALLBACK_MS = 300;

/**
 * False until the dashboard's first paint has passed and the charts on screen have sent their queries: the filter
 * controls' option queries start after them and never hold a chart back (the browser's connections and the
 * database's per-user query slots go to the charts first).
 */
export function useControlsReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return undefined;
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setReady(true), CHARTS_FIRST_MS);
    });
    const fallback = window.setTimeout(() => setReady(true), FALLBACK_MS);
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.clearTimeout(fallback);
    };
  }, [ready]);
  return ready;
}
