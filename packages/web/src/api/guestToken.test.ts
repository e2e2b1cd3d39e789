import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../app/store';
import { installFetchMock } from '../test/mocks/fetchMock';
import { baseApi } from './baseApi';
import { setGuestToken } from './guestToken';
import type { HttpRequest } from './httpTypes';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    guestProbe: build.query<unknown, HttpRequest>({ query: (request) => request }),
    guestProbeMutation: build.mutation<unknown, HttpRequest>({ query: (request) => request }),
  }),
});

async function run(request: HttpRequest) {
  const store = createAppStore();
  const endpoint = request.method && request.method !== 'GET' ? probeApi.endpoints.guestProbeMutation : probeApi.endpoints.guestProbe;
  return (await store.dispatch(endpoint.initiate(request) as never)) as { data?: unknown; error?: unknown };
}

describe('guest token (embedded dashboards)', () => {
  afterEach(() => setGuestToken(null));

  it('sends X-GuestToken on every call once set, and no CSRF token on mutations', async () => {
    const mock = installFetchMock();
    mock.on('GET', '/api/read', { body: { ok: true } });
    mock.on('POST', '/api/write', { body: { ok: true } });
    await run({ url: '/api/read' });
    expect(mock.calls[0]?.headers['x-guesttoken']).toBeUndefined();

    setGuestToken('guest.jwt.token');
    await run({ url: '/api/read' });
    await run({ url: '/api/write', method: 'POST', body: {} });
    const [, read, write] = mock.calls.filter((c) => c.path.startsWith('/api/re') || c.path.startsWith('/api/wr'));
    expect(read?.headers['x-guesttoken']).toBe('guest.jwt.token');
    expect(write?.headers['x-guesttoken']).toBe('guest.jwt.token');
    expect(write?.headers['x-csrftoken']).toBeUndefined();
    expect(mock.callsTo('GET', '/api/v1/security/csrf_token/')).toHaveLength(0);
  });

  it("does not take a guest's 401 for an ended session (no /me/ refetch, no login page)", async () => {
    const mock = installFetchMock();
    mock.on('GET', '/api/v1/dashboard/1', { status: 401, body: { message: 'Guest token is invalid or has expired' } });
    setGuestToken('expired');
    const result = await run({ url: '/api/v1/dashboard/1' });
    expect(result.error).toMatchObject({ status: 401 });
    expect(mock.callsTo('GET', '/api/v1/me/')).toHaveLength(0);
  });
});
