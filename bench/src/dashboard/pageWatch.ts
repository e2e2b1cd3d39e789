import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';

/**
 * Installed before every navigation (a string: it runs in the page as written): each animation frame, notes when
 * each chart holder first shows its chart drawn (`data-status="rendered"`), or settles empty or failed. Times are
 * `performance.now()`, from the navigation's start.
 */
export const WATCH_CHARTS = `(() => {
  const bench = (window.__bench = { done: {} });
  const tick = () => {
    for (const holder of document.querySelectorAll('[data-test="dashboard-component-chart-holder"]')) {
      const id = holder.getAttribute('data-chart-id');
      if (!id || bench.done[id]) continue;
      const drawn = holder.querySelector('[data-test="chart-container"][data-status="rendered"]');
      const settled = drawn || holder.querySelector('[data-test="chart-empty"], [data-test="chart-error"], [data-test="missing-chart"]');
      if (settled) {
        bench.done[id] = { t: performance.now(), state: drawn ? 'rendered' : settled.getAttribute('data-test'), text: drawn ? '' : settled.textContent.slice(0, 200) };
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

export interface Settled {
  t: number;
  state: string;
  text: string;
}

type BenchWindow = { __bench: { done: Record<string, Settled> } };

export const settledCharts = (page: Page) => page.evaluate(() => (window as unknown as BenchWindow).__bench.done);

/** Ids of the given charts whose holder starts above the bottom of the viewport (the first screen). */
export const inFirstViewport = (page: Page, ids: number[]) =>
  page.evaluate((wanted) => {
    const out: number[] = [];
    for (const id of wanted) {
      const holder = document.querySelector(`[data-test="dashboard-component-chart-holder"][data-chart-id="${id}"]`);
      if (holder && holder.getBoundingClientRect().top < window.innerHeight) out.push(id);
    }
    return out;
  }, ids);

/** Waits until every chart of `ids` settled (drawn, empty or failed); returns the settled map. */
export async function waitForCharts(page: Page, ids: () => Promise<number[]>, timeoutMs = Number(process.env.BENCH_TIMEOUT_MS ?? 180_000)): Promise<Record<string, Settled>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = await settledCharts(page);
    const wanted = await ids();
    if (wanted.length > 0 && wanted.every((id) => done[String(id)])) return done;
    if (Date.now() > deadline) {
      const missing = wanted.filter((id) => !done[String(id)]);
      const text = await page.evaluate(() => document.body.innerText.slice(0, 1500));
      throw new Error(`charts not drawn within ${timeoutMs / 1000} s: ${missing.join(', ') || '(no chart holder on screen)'}\npage text:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The page's JS heap after a garbage collection (Chromium started with --expose-gc). */
export const jsHeapAfterGc = (page: Page) =>
  page.evaluate(() => {
    (globalThis as unknown as { gc?: () => void }).gc?.();
    return (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
  });

/**
 * Records the scripts a navigation loads before its first chart query, to weigh the route's initial JS: each
 * script's body gzipped (level 9, as the build's compressed assets are), summed.
 */
export function recordInitialScripts(page: Page) {
  const scripts: Request[] = [];
  let firstQuery = false;
  const onRequest = (request: Request) => {
    if (request.url().includes('/api/v1/chart/data')) firstQuery = true;
    else if (!firstQuery && (request.resourceType() === 'script' || /\.m?js(\?|$)/.test(request.url()))) scripts.push(request);
  };
  page.on('request', onRequest);
  return async () => {
    page.off('request', onRequest);
    let gzip = 0;
    let raw = 0;
    const sizes: { file: string; gzip: number }[] = [];
    for (const request of scripts) {
      const response = await request.response();
      const body = response ? await response.body().catch(() => null) : null;
      if (!body) continue;
      const zipped = gzipSync(body, { level: 9 }).byteLength;
      raw += body.byteLength;
      gzip += zipped;
      sizes.push({ file: new URL(request.url()).pathname.split('/').pop() ?? request.url(), gzip: zipped });
    }
    // The heaviest files say where the route's weight is.
    const all = sizes.sort((a, b) => b.gzip - a.gzip);
    return { files: scripts.length, raw, gzip, largest: all.slice(0, 8), all, sawChartQuery: firstQuery };
  };
}

/** The bodies of the page's chart data requests (the same query contexts, to replay as SQL). */
export function recordChartQueries(page: Page): () => Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().includes('/api/v1/chart/data')) return;
    try {
      bodies.push(JSON.parse(request.postData() ?? 'null') as Record<string, unknown>);
    } catch {
      // not JSON: nothing to replay
    }
  });
  return () => bodies;
}

/** When the page sent its first chart query and got its last answer (resource timings, from navigation start). */
export const chartQueryWindow = (page: Page) =>
  page.evaluate(() => {
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.includes('/api/v1/chart/data'));
    return {
      count: entries.length,
      firstSent: Math.min(...entries.map((e) => e.startTime)),
      lastAnswered: Math.max(...entries.map((e) => e.responseEnd)),
    };
  });
