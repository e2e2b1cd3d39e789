import { useEffect, useState } from 'react';

export type ChartThumbnailState = { status: 'none' } | { status: 'loading' } | { status: 'failed' } | { status: 'ready'; src: string };

/** The server draws a missing picture in the background (202): ask again after these waits, then give up. */
export const THUMBNAIL_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;

type Settled = { url: string } & ({ status: 'failed' } | { status: 'ready'; src: string });

/**
 * A chart's server-drawn thumbnail (`thumbnail_url`): asks for it (same-origin, so the session cookie authenticates),
 * follows a redirect to the current digest, waits with back-off while the server answers 202, and settles on the
 * address that answered the picture, or on failed.
 */
export function useChartThumbnail(url: string | null, delaysMs: readonly number[] = THUMBNAIL_RETRY_DELAYS_MS): ChartThumbnailState {
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    if (!url) return undefined;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const ask = async () => {
      try {
        const res = await fetch(url, { credentials: 'same-origin', signal: abort.signal });
        if (res.status === 200) {
          // Read to the end, so the HTTP cache holds the picture the <img> asks for next.
          await res.blob();
          setSettled({ url, status: 'ready', src: res.url || url });
          return;
        }
        await res.body?.cancel();
        const delay = delaysMs[attempt];
        if (res.status === 202 && delay !== undefined) {
          attempt += 1;
          timer = setTimeout(() => void ask(), delay);
          return;
        }
      } catch {
        if (abort.signal.aborted) return;
      }
      setSettled({ url, status: 'failed' });
    };
    void ask();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [url, delaysMs]);

  if (!url) return { status: 'none' };
  if (!settled || settled.url !== url) return { status: 'loading' };
  return settled.status === 'ready' ? { status: 'ready', src: settled.src } : { status: 'failed' };
}
