import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BodyRequest, BodyResponse } from './fetchBodyOffMainThread';
import { fetchBodyOffMainThread } from './fetchBodyOffMainThread';

/** Stands in for the browser's Worker: answers each request with what `answer` returns. */
function installWorker(answer: (request: BodyRequest) => BodyResponse | 'crash' | 'never') {
  const terminated: boolean[] = [];
  class FakeWorker {
    onmessage: ((event: MessageEvent<BodyResponse>) => void) | null = null;
    onerror: ((event: ErrorEvent) => void) | null = null;
    private readonly index = terminated.push(false) - 1;
    postMessage(request: BodyRequest) {
      const reply = answer(request);
      if (reply === 'never') return;
      queueMicrotask(() => {
        if (reply === 'crash') this.onerror?.({ message: 'worker crashed' } as ErrorEvent);
        else this.onmessage?.({ data: reply } as MessageEvent<BodyResponse>);
      });
    }
    terminate() {
      terminated[this.index] = true;
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return terminated;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchBodyOffMainThread', () => {
  it('answers with the body the worker read, for the absolute address, and ends the worker', async () => {
    const asked: BodyRequest[] = [];
    const terminated = installWorker((request) => {
      asked.push(request);
      return { ok: true, status: 200, statusText: 'OK', contentType: 'application/vnd.apache.arrow.stream', body: Uint8Array.of(1, 2, 3).buffer };
    });
    const fetched = await fetchBodyOffMainThread('/api/v1/sqllab/results/?q=x', 'application/vnd.apache.arrow.stream');
    expect(new Uint8Array(fetched.body)).toEqual(Uint8Array.of(1, 2, 3));
    expect(asked[0]!.url).toBe(new URL('/api/v1/sqllab/results/?q=x', globalThis.location.href).href);
    expect(terminated).toEqual([true]);
  });

  it('fails with the network error the worker met, and when the worker itself fails', async () => {
    installWorker(() => ({ error: 'Failed to fetch' }));
    await expect(fetchBodyOffMainThread('/x', '*/*')).rejects.toThrow('Failed to fetch');
    const terminated = installWorker(() => 'crash');
    await expect(fetchBodyOffMainThread('/x', '*/*')).rejects.toThrow('worker crashed');
    expect(terminated).toEqual([true]);
  });

  it('stops on abort and ends the worker', async () => {
    const terminated = installWorker(() => 'never');
    const abort = new AbortController();
    const pending = fetchBodyOffMainThread('/x', '*/*', abort.signal);
    abort.abort();
    await expect(pending).rejects.toBeDefined();
    expect(terminated).toEqual([true]);
  });
});
