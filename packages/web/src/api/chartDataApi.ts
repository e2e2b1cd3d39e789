import type { ChartDataAsyncResponse, ChartDataResult, QueryContextInput, QueryObject } from '@tessera/core';
import { getClientErrorObject, type ClientErrorObject } from '../features/errors';
import { getCsrfToken } from './csrfToken';
import { getGuestToken, guestTokenHeaders } from './guestToken';
import { parseJson } from './parseJson';
import { filenameOf, saveBlob } from './download';

/**
 * Chart data calls as plain functions, not cached RTK queries: a chart run must be stoppable (AbortController),
 * force-refreshable and never served from a client cache (spec §4 chart status, §7 chart data).
 */

export const CHART_DATA_URL = '/api/v1/chart/data';
export const ASYNC_EVENT_URL = '/api/v1/async_event/';
export const UNEXPECTED_STATUS = 'Received unexpected response status';
/** Spec §9: async poll default delay. */
export const ASYNC_POLL_DELAY_MS = 500;

/** A failed chart call, normalised; `aborted` marks a user stop (spec: 'Updating chart was stopped'). */
export class ChartDataError extends Error {
  readonly clientError: ClientErrorObject;
  readonly aborted: boolean;
  constructor(clientError: ClientErrorObject, aborted = false) {
    super(clientError.error);
    this.clientError = clientError;
    this.aborted = aborted;
  }
}

interface FetchOptions {
  signal?: AbortSignal;
  /** Tracking query string (facts §2.3: form_data={"slice_id":N}, dashboard_id, force). */
  sliceId?: number | null;
  dashboardId?: number | null;
}

const isAbort = (error: unknown) => typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

async function postJson(url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  // A guest (embedded dashboard) sends its token instead: guest requests skip CSRF.
  const token = getGuestToken() === null ? await getCsrfToken() : null;
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json', ...guestTokenHeaders() };
  if (token) headers['X-CSRFToken'] = token;
  return globalThis.fetch(url, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin', signal });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return parseJson(text);
  } catch {
    return text;
  }
}

async function failure(response: Response): Promise<ChartDataError> {
  const data = await readBody(response);
  return new ChartDataError(getClientErrorObject({ status: response.status, statusText: response.statusText, data }));
}

/** Runs a fetch step, turning aborts and network failures into ChartDataError. */
async function guarded<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ChartDataError) throw error;
    if (isAbort(error)) throw new ChartDataError({ error: 'Updating chart was stopped' }, true);
    throw new ChartDataError(getClientErrorObject(error));
  }
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

interface AsyncEvent {
  id: string;
  job_id: string;
  status: string;
  errors?: unknown[];
  result_url: string | null;
}

/** Polls the async event stream until this job is done (or failed), then fetches its result_url. */
async function awaitAsyncJob(job: ChartDataAsyncResponse, signal?: AbortSignal): Promise<ChartDataResult[]> {
  let lastId: string | undefined;
  for (;;) {
    await wait(ASYNC_POLL_DELAY_MS, signal);
    const url = lastId ? `${ASYNC_EVENT_URL}?last_id=${encodeURIComponent(lastId)}` : ASYNC_EVENT_URL;
    const response = await globalThis.fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json', ...guestTokenHeaders() }, signal });
    if (!response.ok) throw await failure(response);
    const events = ((await readBody(response)) as { result?: AsyncEvent[] } | null)?.result ?? [];
    for (const event of events) {
      lastId = event.id;
      if (event.job_id !== job.job_id) continue;
      if (event.status === 'error' || event.status === 'failed') {
        throw new ChartDataError(getClientErrorObject({ errors: event.errors ?? [], message: 'An error occurred' }));
      }
      if (event.status === 'done' && event.result_url) {
        const result = await globalThis.fetch(event.result_url, { credentials: 'same-origin', headers: { Accept: 'application/json', ...guestTokenHeaders() }, signal });
        if (!result.ok) throw await failure(result);
        return ((await readBody(result)) as { result: ChartDataResult[] }).result;
      }
    }
  }
}

function trackingQuery({ sliceId, dashboardId }: FetchOptions, force: boolean): string {
  const params = new URLSearchParams();
  if (sliceId) params.set('form_data', JSON.stringify({ slice_id: sliceId }));
  if (dashboardId) params.set('dashboard_id', String(dashboardId));
  if (force) params.set('force', 'true');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** POST /api/v1/chart/data: 200 → result[], 202 → poll the async job, anything else → a normalised error. */
export async function fetchChartData(queryContext: QueryContextInput, options: FetchOptions = {}): Promise<ChartDataResult[]> {
  return guarded(async () => {
    const url = CHART_DATA_URL + trackingQuery(options, Boolean(queryContext.force));
    const response = await postJson(url, queryContext, options.signal);
    if (response.status === 200) return ((await readBody(response)) as { result: ChartDataResult[] }).result;
    if (response.status === 202) return awaitAsyncJob((await readBody(response)) as ChartDataAsyncResponse, options.signal);
    if (response.ok) throw new ChartDataError({ error: UNEXPECTED_STATUS, status: response.status });
    throw await failure(response);
  });
}

/** `result_type: 'query'`: the SQL each query would run. */
export async function fetchChartQuery(queryContext: QueryContextInput, signal?: AbortSignal): Promise<{ query: string; language: string }[]> {
  const result = await fetchChartData({ ...queryContext, result_type: 'query', result_format: 'json' }, { signal });
  return result as unknown as { query: string; language: string }[];
}

/** CSV / XLSX / JSON export of a chart's data (`result_format`), downloaded by the browser. */
export async function downloadChartData(queryContext: QueryContextInput, format: 'csv' | 'xlsx' | 'json', baseName = 'chart'): Promise<void> {
  await guarded(async () => {
    const response = await postJson(CHART_DATA_URL, { ...queryContext, result_format: format, result_type: 'full' });
    if (!response.ok) throw await failure(response);
    const blob = await response.blob();
    saveBlob(blob, filenameOf(response, `${baseName}.${format}`));
  });
}

/** `POST /datasource/samples` → `result` (colnames, coltypes, data, ...). */
export interface SamplesResult {
  colnames: string[];
  coltypes: number[];
  data: Record<string, unknown>[];
  rowcount?: number;
  total_count?: number;
  page?: number;
  per_page?: number;
}

/** The body of a samples call (Superset's SamplesPayloadSchema): the rows are read under these filters (drill to detail). */
export type SamplesPayload = Pick<QueryObject, 'filters' | 'time_range' | 'granularity' | 'extras'>;

export async function fetchSamples(
  datasource: { id: number; type: string },
  {
    force = false,
    page = 1,
    perPage = 1000,
    signal,
    payload = {},
  }: { force?: boolean; page?: number; perPage?: number; signal?: AbortSignal; payload?: SamplesPayload } = {},
): Promise<SamplesResult> {
  return guarded(async () => {
    const params = new URLSearchParams({
      datasource_type: datasource.type,
      datasource_id: String(datasource.id),
      force: String(force),
      page: String(page),
      per_page: String(perPage),
    });
    const response = await postJson(`/datasource/samples?${params.toString()}`, payload, signal);
    if (!response.ok) throw await failure(response);
    return ((await readBody(response)) as { result: SamplesResult }).result;
  });
}
