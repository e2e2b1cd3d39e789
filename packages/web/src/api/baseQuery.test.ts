import { describe, expect, it } from 'vitest';
import { createAppStore } from '../app/store';
import { installFetchMock } from '../test/mocks/fetchMock';
import { baseApi } from './baseApi';
import type { HttpRequest } from './httpTypes';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, HttpRequest>({ query: (request) => request }),
    probeMutation: build.mutation<unknown, HttpRequest>({ query: (request) => request }),
  }),
});

async function run(request: HttpRequest) {
  const store = createAppStore();
  const endpoint = request.method && request.method !== 'GET' ? probeApi.endpoints.probeMutation : probeApi.endpoints.probe;
  const result = await store.dispatch(endpoint.initiate(request) as never);
  return result as { data?: unknown; error?: unknown };
}

describe('tesseraBaseQuery', () => {
  it('keeps big integers exact', async () => {
    const mock = installFetchMock();
    mock.on('GET', '/api/big', { text: '{"result": {"id": 9007199254740993, "n": 2}}' });
    const { data } = await run({ url: '/api/big' });
    expect(data).toEqual({ result: { id: '9007199254740993', n: 2 } });
  });

  it('sends the session cookie and no CSRF header on reads', async () => {
    const mock = installFetchMock();
    mock.on('GET', '/api/read', { body: { ok: true } });
    await run({ url: '/api/read', params: { q: '(page:0)' } });
    expect(mock.fetch.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
    expect(mock.calls[0]?.headers['x-csrftoken']).toBeUndefined();
    expect(mock.calls[0]?.query.get('q')).toBe('(page:0)');
    expect(mock.callsTo('GET', '/api/v1/security/csrf_token/')).toHaveLength(0);
  });

  it('fetches the CSRF token once and sends it on mutations as JSON', async () => {
    const mock = installFetchMock();
    mock.on('POST', '/api/write', { body: { ok: true } });
    const store = createAppStore();
    await store.dispatch(probeApi.endpoints.probeMutation.initiate({ url: '/api/write', method: 'POST', body: { a: 1 } }));
    await store.dispatch(probeApi.endpoints.probeMutation.initiate({ url: '/api/write', method: 'POST', body: { a: 2 } }));
    const writes = mock.callsTo('POST', '/api/write');
    expect(writes.map((call) => call.headers['x-csrftoken'])).toEqual(['csrf-token-1', 'csrf-token-1']);
    expect(writes[1]?.body).toEqual({ a: 2 });
    expect(writes[1]?.headers['content-type']).toBe('application/json');
    expect(mock.callsTo('GET', '/api/v1/security/csrf_token/')).toHaveLength(1);
  });

  it('refetches the CSRF token once when the server rejects it', async () => {
    const mock = installFetchMock();
    let tokens = 0;
    mock.on('GET', '/api/v1/security/csrf_token/', () => ({ body: { result: `token-${++tokens}` } }));
    mock.on('PUT', '/api/write', (call) =>
      call.headers['x-csrftoken'] === 'token-2' ? { body: { ok: true } } : { status: 400, body: { message: 'The CSRF token has expired.' } },
    );
    const { data } = await run({ url: '/api/write', method: 'PUT', body: {} });
    expect(data).toEqual({ ok: true });
    expect(mock.callsTo('PUT', '/api/write')).toHaveLength(2);
  });

  it('reports HTTP failures with status and parsed body', async () => {
    const mock = installFetchMock();
    mock.on('GET', '/api/missing', { status: 404, body: { message: 'Not found' } });
    const { error } = await run({ url: '/api/missing' });
    expect(error).toEqual({ status: 404, statusText: 'Not Found', data: { message: 'Not found' } });
  });

  it('reports a failed fetch as FETCH_ERROR', async () => {
    const mock = installFetchMock();
    mock.on('GET', '/api/down', () => Promise.reject(new TypeError('Failed to fetch')));
    const { error } = await run({ url: '/api/down' });
    expect(error).toMatchObject({ status: 'FETCH_ERROR' });
  });

  it('reports a timeout as TIMEOUT_ERROR', async () => {
    const mock = installFetchMock();
    mock.fetch.mockImplementationOnce(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { error } = await run({ url: '/api/slow', timeout: 20 });
    expect(error).toEqual({ status: 'TIMEOUT_ERROR', error: 'Request timed out', timeout: 20 });
  });
});
