/**
 * SQL Lab in the browser: 1,000,000 `flights` rows from pressing Run to the first screen of rows in
 * headless Chromium, then scrolling to the last row; against the raw engine path measured in the same run.
 * The server is the production build (`packages/server/dist/main.js`, as `npm start` runs it) in a process of
 * its own, so its RSS is the server's alone. Needs `npm run build` and Chromium at /usr/bin/chromium (or
 * CHROMIUM_PATH).
 * Run: npm run bench:browser
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { rawDuckdbPathInChild } from './rawDuckdb.js';
import { freePort, rssOf, startServer, stopServer } from './shared/serverProcess.js';

const SQL = 'SELECT * FROM flights';
const PASSWORD = 'bench-admin-password';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDist = path.join(root, 'packages/web/dist');
const serverMain = path.join(root, 'packages/server/dist/main.js');

/** In-page watcher (a string: it runs in the browser as written). */
const WATCH_FIRST_ROWS = `(() => {
  const bench = (window.__bench = { click: null, firstRows: null, scrollStart: null, scrolled: null });
  let cleared = false;
  const button = document.querySelector('[data-test="run-query-button"]');
  button.addEventListener('click', () => { bench.click = performance.now(); }, { capture: true, once: true });
  const tick = () => {
    if (bench.click !== null) {
      const grid = document.querySelector('[data-test="results-grid"]');
      if (!grid) cleared = true;
      const count = document.querySelector('[data-test="row-count"]');
      const rows = grid ? grid.querySelectorAll('[data-test="results-row"]') : [];
      if (cleared && count && count.textContent.includes('1,000,000') && rows.length >= 4 && !rows[3].querySelector('[data-test="cell-loading"]')) {
        bench.firstRows = performance.now();
        return;
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

const WATCH_SCROLL = `(() => {
  const bench = window.__bench;
  const grid = document.querySelector('[data-test="results-grid"]');
  const scroller = [grid, ...grid.querySelectorAll('*')].find((n) => n.scrollHeight > n.clientHeight + 10);
  bench.scrollStart = performance.now();
  scroller.scrollTop = scroller.scrollHeight;
  const tick = () => {
    const last = [...grid.querySelectorAll('[data-test="results-row"]')].find((r) => r.firstChild && r.firstChild.textContent === '1000000');
    if (last && !last.querySelector('[data-test="cell-loading"]')) {
      bench.scrolled = performance.now();
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/** The requests between the click and the first rows, as the page's resource timings saw them. */
const PHASES = `((click) => {
  const out = {};
  const entries = performance.getEntriesByType('resource').filter((e) => e.startTime >= click && e.name.includes('/api/v1/'));
  let polls = 0;
  for (const e of entries) {
    const url = new URL(e.name);
    let label = url.pathname.replace(/\\/api\\/v1\\//, '');
    if (label.startsWith('query/updated_since')) { polls += 1; label = 'poll ' + polls; }
    else if (label.startsWith('sqllab/results')) label = url.search.includes('rows') ? 'head' : 'whole result';
    out[label] = (e.startTime - click).toFixed(0) + '..' + (e.responseEnd - click).toFixed(0);
  }
  out['first rows'] = (window.__bench.firstRows - click).toFixed(0);
  performance.clearResourceTimings();
  return out;
})`;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html')) || !existsSync(serverMain)) throw new Error('Build first: npm run build');
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-browser-'));
  const port = await freePort();
  const server = await startServer({ root, args: [serverMain], dir, port, adminPassword: PASSWORD, webDist, timeoutMs: 180_000 });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--js-flags=--expose-gc'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const raw = await rawDuckdbPathInChild(path.join(dir, 'examples.duckdb'), SQL);

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${base}/login/`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/welcome/);
    await page.goto(`${base}/sqllab/`);
    const editor = page.locator('[data-test="sql-editor"] .cm-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText(SQL);
    await page.locator('[data-test="limit-dropdown"]').click();
    await page.getByText('1,000,000', { exact: false }).last().click();

    const results: Record<string, string>[] = [];
    const phases: Record<string, string>[] = [];
    for (let run = 1; run <= 3; run++) {
      // Timed in the page, frame by frame: from the Run click event to the first frame that shows the
      // new result's row count and its first rows with values (WebDriver-style polling would add up to
      // half a second of its own), then from setting the scroll position to the frame with the last row.
      await page.evaluate(WATCH_FIRST_ROWS);
      await page.locator('[data-test="run-query-button"]').click();
      await page.waitForFunction(() => (window as unknown as { __bench: { firstRows: number | null } }).__bench.firstRows !== null, null, { timeout: 120_000, polling: 100 });
      await page.evaluate(WATCH_SCROLL);
      await page.waitForFunction(() => (window as unknown as { __bench: { scrolled: number | null } }).__bench.scrolled !== null, null, { timeout: 120_000, polling: 100 });
      const timing = (await page.evaluate('window.__bench')) as { click: number; firstRows: number; scrollStart: number; scrolled: number };
      const firstRows = timing.firstRows - timing.click;
      phases.push((await page.evaluate(`${PHASES}(${timing.click})`)) as Record<string, string>);
      const scroll = timing.scrolled - timing.scrollStart;
      // Collect garbage first, so the figure is what the page keeps, not what it has yet to free.
      const heap = await page.evaluate(() => {
        (globalThis as unknown as { gc?: () => void }).gc?.();
        return (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
      });
      results.push({
        run: String(run),
        'Run -> first rows ms': firstRows.toFixed(0),
        'scroll to last row ms': scroll.toFixed(0),
        'raw driver+encode ms': (raw.driverMs + raw.encodeMs).toFixed(0),
        'ratio first rows / raw': (firstRows / (raw.driverMs + raw.encodeMs)).toFixed(2),
        'page JS heap after GC': mb(heap),
        'server RSS': mb(rssOf(server.pid!).rss),
        'server peak RSS': mb(rssOf(server.pid!).peak),
      });
      await page.locator('[data-test="results-grid"]').evaluate((el) => {
        for (const n of [el, ...el.querySelectorAll<HTMLElement>('*')]) n.scrollTop = 0;
      });
    }
    console.log(`raw path: ${raw.rows} rows, driver ${raw.driverMs.toFixed(0)} ms + Arrow encode ${raw.encodeMs.toFixed(0)} ms (${mb(raw.bytes)})`);
    console.table(results);
    console.log('where the time to first rows goes (ms after the click; resource timings of the page):');
    console.table(phases);
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
