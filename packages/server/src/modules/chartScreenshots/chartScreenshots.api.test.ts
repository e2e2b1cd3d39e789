import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareExamples } from '../../examples/prepareExamples.js';
import { createUserWithRole, services, skipNotice, startTestApp, type TestApp } from '../../test/testApp.js';
import { createWarehouse } from '../tabState/__tests__/sqllabTestKit.js';
import { readPng } from './__tests__/pngImage.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = path.resolve(here, '../../../../web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Pictures need the real browser and the built app it opens; without them the suites that draw say why and skip.
const renderSkip = !existsSync(CHROMIUM)
  ? `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`
  : !existsSync(path.join(WEB_DIST, 'index.html'))
    ? `the web app is not built at ${WEB_DIST} (run npm run build)`
    : null;
// CI installs Chromium and builds before testing: there, a missing piece is a broken pipeline, not a skip.
if (renderSkip && process.env.CI) throw new Error(`chart thumbnails drawn by Chromium cannot run in CI: ${renderSkip}`);
if (renderSkip) console.info(`chart thumbnails drawn by Chromium suite skipped: ${renderSkip}`);
if (!services.redis) skipNotice('chart thumbnails on Redis', 'TESSERA_TEST_REDIS_URL');

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;
const THUMBNAIL_URL = /^\/api\/v1\/chart\/(\d+)\/thumbnail\/([0-9a-f]{32})\/$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface RawAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  json(): any;
}

/** A GET that keeps the bytes (pictures) and does not follow redirects. */
async function get(app: TestApp, pathAndQuery: string, token?: string): Promise<RawAnswer> {
  const res = await fetch(app.url + pathAndQuery, { headers: { authorization: `Bearer ${token ?? (await app.token())}` }, redirect: 'manual' });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) };
}

/** Asks again every 250 ms until `done` holds (renders run in the background). */
async function until(ask: () => Promise<RawAnswer>, done: (a: RawAnswer) => boolean, timeoutMs = 50_000): Promise<RawAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (done(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function createChart(app: TestApp, datasetId: number, name: string, params: Record<string, unknown>): Promise<number> {
  const res = await app.api('POST', '/api/v1/chart/', {
    body: { slice_name: name, viz_type: String(params.viz_type), datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify(params) },
  });
  if (res.status !== 201) throw new Error(`create chart failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

async function thumbnailUrlOf(app: TestApp, id: number, token?: string): Promise<string> {
  const shown = await app.api('GET', `/api/v1/chart/${id}`, token ? { token } : {});
  return shown.body.result.thumbnail_url as string;
}

const pie = (datasetId: number, groupby: string) => ({ viz_type: 'pie', datasource: `${datasetId}__table`, groupby: [groupby], metric: 'count', adhoc_filters: [], row_limit: 100 });

describe('chart thumbnails API', () => {
  let app: TestApp;
  let datasetId: number;
  let chartId: number;

  beforeAll(async () => {
    // No browser here: renders fail at launch, which is one of the things this suite checks.
    app = await startTestApp({ CHROMIUM_PATH: '/nonexistent/chromium' });
    const dbId = await createWarehouse(app);
    datasetId = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).body.id;
    chartId = await createChart(app, datasetId, 'Names', pie(datasetId, 'name'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gives thumbnail_url with the current digest in show and list, per user, and a new one after a save', async () => {
    const url = await thumbnailUrlOf(app, chartId);
    expect(url).toMatch(THUMBNAIL_URL);
    expect(THUMBNAIL_URL.exec(url)![1]).toBe(String(chartId));
    const listed = await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'id', opr: 'eq', value: chartId }] })}`);
    expect(listed.body.result.find((c: { id: number }) => c.id === chartId).thumbnail_url).toBe(url);

    const alpha = await createUserWithRole(app, 'thumb_alpha', 'Alpha');
    const alphaUrl = await thumbnailUrlOf(app, chartId, alpha);
    expect(alphaUrl).toMatch(THUMBNAIL_URL);
    expect(alphaUrl).not.toBe(url);

    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await app.api('PUT', `/api/v1/chart/${chartId}`, { body: { slice_name: 'Names (renamed)' } })).status).toBe(200);
    const saved = await thumbnailUrlOf(app, chartId);
    expect(saved).toMatch(THUMBNAIL_URL);
    expect(saved).not.toBe(url);
  });

  it('redirects a digest that is not current to the current one, keeping the query', async () => {
    const current = await thumbnailUrlOf(app, chartId);
    const stale = await get(app, `/api/v1/chart/${chartId}/thumbnail/0123456789abcdef0123456789abcdef/?q=(force:!f)`);
    expect(stale.status).toBe(302);
    expect(stale.headers.get('location')).toBe(`${current}?q=(force:!f)`);
  });

  it('answers 404 for an unknown chart and for a chart the caller may not see', async () => {
    for (const pathname of ['/api/v1/chart/999999/thumbnail/abc/', '/api/v1/chart/999999/cache_screenshot/', '/api/v1/chart/999999/screenshot/abc/']) {
      const res = await get(app, pathname);
      expect(res.status, pathname).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
    const gamma = await createUserWithRole(app, 'thumb_gamma', 'Gamma');
    expect((await app.api('GET', `/api/v1/chart/${chartId}`, { token: gamma })).status).toBe(404);
    const digest = THUMBNAIL_URL.exec(await thumbnailUrlOf(app, chartId))![2];
    expect((await get(app, `/api/v1/chart/${chartId}/thumbnail/${digest}/`, gamma)).status).toBe(404);
    expect((await get(app, `/api/v1/chart/${chartId}/cache_screenshot/`, gamma)).status).toBe(404);
  });

  it('refuses bad sizes and arguments with 400 in the error catalogue shape', async () => {
    const cases: [unknown, string][] = [
      [{ window_size: [0, 600] }, 'window_size.0'],
      [{ window_size: [800] }, 'window_size'],
      [{ window_size: [800, 600, 1] }, 'window_size'],
      [{ window_size: [800.5, 600] }, 'window_size.0'],
      [{ window_size: 'big' }, 'window_size'],
      [{ thumb_size: [100, 99999] }, 'thumb_size.1'],
      [{ force: 'yes' }, 'force'],
    ];
    for (const [args, field] of cases) {
      const res = await get(app, `/api/v1/chart/${chartId}/cache_screenshot/${q(args)}`);
      expect(res.status, JSON.stringify(args)).toBe(400);
      const body = res.json();
      expect(body.errors[0]).toMatchObject({ error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', level: 'error' });
      expect(body.errors[0].extra.issue_codes.length).toBeGreaterThan(0);
      // marshmallow nests by field and index: 'window_size.0' is {window_size: {0: [...]}}.
      expect(body.message).toHaveProperty(field.split('.'));
    }
    const badRison = await get(app, `/api/v1/chart/${chartId}/cache_screenshot/?q=(((`);
    expect(badRison.status).toBe(400);
    expect(badRison.json().errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    const url = await thumbnailUrlOf(app, chartId);
    expect((await get(app, `${url}?q=(force:maybe)`)).status).toBe(400);
  });

  it('records an Error when Chromium cannot be launched, and keeps answering', async () => {
    const url = await thumbnailUrlOf(app, chartId);
    const first = await get(app, url);
    expect(first.status).toBe(202);
    expect(first.json()).toEqual({ message: 'OK' });
    // The job fails at launch; the thumbnail then says nothing is coming (404) instead of 202 for ever.
    const failed = await until(() => get(app, url), (a) => a.status !== 202, 20_000);
    expect(failed.status).toBe(404);
    expect(failed.json().message).toMatch(/could not be drawn/);

    const task = await until(() => get(app, `/api/v1/chart/${chartId}/cache_screenshot/`), (a) => a.status === 200 && a.json().task_status === 'Error', 20_000);
    expect(task.status).toBe(200);
    expect(task.json()).toMatchObject({ task_status: 'Error', chart_url: `/explore/?slice_id=${chartId}&standalone=1` });
    expect((await get(app, task.json().image_url)).status).toBe(404);
    // A forced request tries again at once (and fails again, without taking the server down).
    expect((await get(app, `${url}${q({ force: true })}`)).status).toBe(202);
    expect((await app.api('GET', '/health', { token: null })).status).toBe(200);
  });

  it('answers 404 for a screenshot key it does not hold', async () => {
    const res = await get(app, `/api/v1/chart/${chartId}/screenshot/0123456789abcdef0123456789abcdef/`);
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('chart thumbnails with THUMBNAILS=off', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ THUMBNAILS: 'off' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers thumbnail_url null and 404 on the three addresses', async () => {
    const dbId = await createWarehouse(app);
    const datasetId = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).body.id;
    const id = await createChart(app, datasetId, 'Off', pie(datasetId, 'name'));
    expect(await thumbnailUrlOf(app, id)).toBeNull();
    const listed = await app.api('GET', '/api/v1/chart/');
    expect(listed.body.result.every((c: { thumbnail_url: unknown }) => c.thumbnail_url === null)).toBe(true);
    for (const pathname of [`/api/v1/chart/${id}/thumbnail/0123456789abcdef0123456789abcdef/`, `/api/v1/chart/${id}/cache_screenshot/`, `/api/v1/chart/${id}/screenshot/0123456789abcdef0123456789abcdef/`]) {
      expect((await get(app, pathname)).status, pathname).toBe(404);
    }
  });
});

/** Thumbnail 202, then 200 with a real, non-blank 800 x 600 PNG. */
async function expectDrawnThumbnail(app: TestApp, url: string): Promise<void> {
  const first = await get(app, url);
  expect(first.status).toBe(202);
  expect(first.headers.get('cache-control')).toBe('no-store');
  const drawn = await until(() => get(app, url), (a) => a.status !== 202);
  expect(drawn.status, drawn.body.toString('utf8').slice(0, 300)).toBe(200);
  expect(drawn.headers.get('content-type')).toBe('image/png');
  expect(drawn.headers.get('cache-control')).toMatch(/private/);
  expect(drawn.body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(drawn.body.toString('latin1', 12, 16)).toBe('IHDR');
  expect([drawn.body.readUInt32BE(16), drawn.body.readUInt32BE(20)]).toEqual([800, 600]);
  const picture = readPng(drawn.body);
  expect(picture.colors).toBeGreaterThan(10);
  expect(picture.inkShare).toBeGreaterThan(0.05);
}

describe.skipIf(renderSkip !== null)('chart thumbnails drawn by Chromium (examples)', () => {
  let app: TestApp;
  let datasetId: number;

  beforeAll(async () => {
    app = await startTestApp({ EXAMPLES: 'on', WEB_DIST, CHROMIUM_PATH: CHROMIUM });
    await prepareExamples(app, app.app.log);
    // The examples register their datasets at first start.
    const list = await app.api('GET', `/api/v1/dataset/${q({ filters: [{ col: 'table_name', opr: 'eq', value: 'birth_names' }] })}`);
    datasetId = list.body.result[0].id as number;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });

  it('draws the chart: 202 while drawing, then the PNG from the cache; force draws it again', async () => {
    const id = await createChart(app, datasetId, 'Births by gender', pie(datasetId, 'gender'));
    const url = await thumbnailUrlOf(app, id);
    await expectDrawnThumbnail(app, url);
    expect((await get(app, url)).status).toBe(200);
    const forced = await get(app, `${url}${q({ force: true })}`);
    expect(forced.status).toBe(202);
    const again = await until(() => get(app, url), (a) => a.status !== 202);
    expect(again.status).toBe(200);
    expect(readPng(again.body).inkShare).toBeGreaterThan(0.05);
  });

  it('computes a screenshot at the asked window and picture sizes and serves it from its key', async () => {
    const id = await createChart(app, datasetId, 'Births by state', pie(datasetId, 'state'));
    const ask = `/api/v1/chart/${id}/cache_screenshot/${q({ window_size: [1000, 700], thumb_size: [400, 280] })}`;
    const queued = await get(app, ask);
    expect(queued.status).toBe(202);
    const body = queued.json();
    expect(body).toMatchObject({ chart_url: `/explore/?slice_id=${id}&standalone=1`, image_url: `/api/v1/chart/${id}/screenshot/${body.cache_key}/` });
    expect(['Pending', 'Computing']).toContain(body.task_status);
    expect(Number.isNaN(Date.parse(body.task_updated_at))).toBe(false);
    expect((await get(app, body.image_url)).status).toBe(404);

    const done = await until(() => get(app, ask), (a) => a.json().task_status !== 'Pending' && a.json().task_status !== 'Computing');
    expect(done.status).toBe(200);
    expect(done.json()).toMatchObject({ cache_key: body.cache_key, task_status: 'Updated' });
    const image = await get(app, body.image_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const picture = readPng(image.body);
    expect([picture.width, picture.height]).toEqual([400, 280]);
    expect(picture.inkShare).toBeGreaterThan(0.05);
    // Another user cannot fetch this user's picture by its key.
    const alpha = await createUserWithRole(app, 'shot_alpha', 'Alpha');
    expect((await get(app, body.image_url, alpha)).status).toBe(404);
  });

  it('records an Error for a chart that fails to draw (the page says so; no waiting for the deadline)', async () => {
    const id = await createChart(app, datasetId, 'Broken', pie(datasetId, 'no_such_column'));
    const url = await thumbnailUrlOf(app, id);
    const started = Date.now();
    expect((await get(app, url)).status).toBe(202);
    const failed = await until(() => get(app, url), (a) => a.status !== 202);
    expect(failed.status).toBe(404);
    expect(Date.now() - started).toBeLessThan(25_000);
    const task = await get(app, `/api/v1/chart/${id}/cache_screenshot/`);
    expect(task.json().task_status).toBe('Error');
  });
});

/**
 * The suite's own Redis database: every app started with REDIS_URL consumes `tessera-thumbnails`, so the Redis suites
 * of other files running at the same time would otherwise take its jobs and draw them against their own metadata.
 */
function isolatedRedisUrl(url: string): string {
  const u = new URL(url);
  u.pathname = u.pathname === '/13' ? '/14' : '/13';
  return u.toString();
}

describe.skipIf(renderSkip !== null || !services.redis)('chart thumbnails on Redis (BullMQ queue, Redis cache)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ REDIS_URL: isolatedRedisUrl(services.redis!), WEB_DIST, CHROMIUM_PATH: CHROMIUM });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('queues the render on tessera-thumbnails and keeps the picture in Redis', async () => {
    const dbId = await createWarehouse(app);
    const datasetId = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).body.id;
    const id = await createChart(app, datasetId, `Redis names ${Date.now()}`, pie(datasetId, 'name'));
    const url = await thumbnailUrlOf(app, id);
    await expectDrawnThumbnail(app, url);
    const keys = await app.ctx.redis!.keys('tessera:thumbnail:*');
    expect(keys.length).toBeGreaterThan(0);
  });
});
