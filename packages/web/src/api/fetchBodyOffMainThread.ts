import { fetchBody, type FetchedBody } from './fetchBody';

export interface BodyRequest {
  url: string;
  accept: string;
}

export type BodyResponse = FetchedBody | { error: string };

/**
 * GETs `url` and reads the whole body in a dedicated worker (see fetchBody.worker.ts), so a big
 * download never blocks drawing or input. Where workers are missing (tests, old runtimes) it reads on
 * this thread. An abort ends the worker.
 */
export async function fetchBodyOffMainThread(url: string, accept: string, signal?: AbortSignal): Promise<FetchedBody> {
  if (typeof Worker === 'undefined') return fetchBody(url, accept, signal);
  signal?.throwIfAborted();
  const worker = new Worker(new URL('./fetchBody.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<FetchedBody>((resolve, reject) => {
      const onAbort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.onmessage = (event: MessageEvent<BodyResponse>) => {
        signal?.removeEventListener('abort', onAbort);
        const data = event.data;
        if ('error' in data) reject(new TypeError(data.error));
        else resolve(data);
      };
      worker.onerror = (event) => {
        signal?.removeEventListener('abort', onAbort);
        reject(new TypeError(event.message || 'The download failed'));
      };
      const request: BodyRequest = { url: new URL(url, globalThis.location.href).href, accept };
      worker.postMessage(request);
    });
  } finally {
    worker.terminate();
  }
}
