/** What a fetch gave, read in full. */
export interface FetchedBody {
  ok: boolean;
  status: number;
  statusText: string;
  contentType: string;
  body: ArrayBuffer;
}

/** GETs `url` and reads the whole body on this thread. */
export async function fetchBody(url: string, accept: string, signal?: AbortSignal): Promise<FetchedBody> {
  const response = await globalThis.fetch(url, { credentials: 'same-origin', headers: { Accept: accept }, signal });
  const body = await response.arrayBuffer();
  return { ok: response.ok, status: response.status, statusText: response.statusText, contentType: response.headers.get('Content-Type') ?? '', body };
}
