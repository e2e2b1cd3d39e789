import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  /** Path and query as requested, e.g. `/api/v1/database/?q=(...)`. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  /** Sent as-is instead of JSON (e.g. an HTML error page). */
  text?: string;
  statusText?: string;
}

export type MockHandler = (call: RecordedCall) => MockReply | Promise<MockReply>;

interface Route {
  method: string;
  path: string | RegExp;
  handler: MockHandler;
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 422: 'Unprocessable Entity', 429: 'Too Many Requests', 500: 'Internal Server Error' };

/**
 * A tiny fetch double: routes by method and path, records every call, answers 404 for anything unknown.
 * Later routes win, so a test can override a default handler.
 */
export class FetchMock {
  readonly calls: RecordedCall[] = [];
  private readonly routes: Route[] = [];

  on(method: string, path: string | RegExp, handler: MockHandler | MockReply): this {
    this.routes.unshift({ method: method.toUpperCase(), path, handler: typeof handler === 'function' ? handler : () => handler });
    return this;
  }

  callsTo(method: string, path: string | RegExp): RecordedCall[] {
    return this.calls.filter((call) => call.method === method.toUpperCase() && matches(path, call.path));
  }

  readonly fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: `${url.pathname}${url.search}`,
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    this.calls.push(call);
    const route = this.routes.find((r) => r.method === call.method && matches(r.path, call.path));
    // Like fetch: an abort rejects the call, also while the handler is still answering.
    const signal = init.signal;
    signal?.throwIfAborted();
    const answering = Promise.resolve(route ? route.handler(call) : { status: 404, body: { message: 'Not found' } });
    const reply = signal
      ? await Promise.race([
          answering,
          new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
        ])
      : await answering;
    const status = reply.status ?? 200;
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(status === 204 ? null : text, {
      status,
      statusText: reply.statusText ?? STATUS_TEXT[status] ?? '',
      headers: { 'Content-Type': reply.text !== undefined ? 'text/html' : 'application/json' },
    });
  });
}

function matches(path: string | RegExp, actual: string): boolean {
  return typeof path === 'string' ? path === actual : path.test(actual);
}

/** Replaces global fetch for the current test (restored by the setup file), with the CSRF token endpoint answered. */
export function installFetchMock(): FetchMock {
  const mock = new FetchMock();
  mock.on('GET', '/api/v1/security/csrf_token/', { body: { result: 'csrf-token-1' } });
  vi.stubGlobal('fetch', mock.fetch);
  return mock;
}
