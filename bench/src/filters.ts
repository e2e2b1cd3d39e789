/**
 * Filters bench (issue 23): a dashboard of 20 charts on `flights` (1,000,000 rows) with a value filter (origin) and a
 * time range filter in scope of all 20, in headless Chromium. The value filter is changed 20 times and the time range
 * 20 times through the filter bar's controls and Apply; printed: median and p95 from the Apply click to all 20 charts
 * re-drawn (a chart counts once its holder went busy and came back drawn, empty or failed), the chart data requests
 * per change and how many of them were distinct (identical queries must run once), and the filter options search on
 * a column of ~100k distinct values, one server-side query per keystroke. Figures and targets only, no asserts.
 * Needs the web app built (`npm run build:web`); server from source unless BENCH_SERVER=built.
 * Run: npm run bench:filters
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { apiClient, built, freePort, serverMain, signIn, startServer, stopServer, webDist } from './dashboard/benchSetup.js';
import { waitForCharts } from './dashboard/pageWatch.js';
import { createFilterDashboard, TIME_FILTER_ID, VALUE_FILTER_ID } from './filters/filterDashboard.js';
import { createSearchDataset, measureOptionSearch } from './filters/optionSearch.js';
import { clickAt, waitForRedraw, WATCH_REDRAWS } from './filters/redrawWatch.js';
import { percentile } from './filters/stats.js';

const VIEWPORT = { width: 1600, height: 2600 };
const TARGETS = { median: 300, p95: 600, keystroke: 100 };
const APPLY = '[data-test="filter-bar__apply-button"]';
const ORIGINS = ['ATL', 'ORD', 'DFW', 'DEN', 'LAX', 'CLT', 'LAS', 'PHX', 'SEA', 'SFO', 'MCO', 'IAH', 'MSP', 'DTW', 'EWR', 'BOS', 'JFK', 'LGA', 'FLL', 'BWI'];
/** 20 one-year windows, a month apart, inside the data (2019-2022). */
const RANGES = Array.from({ length: 20 }, (_, i) => {
  const start = new Date(Date.UTC(2019, i, 1));
  const end = new Date(Date.UTC(2020, i, 1));
  return `${start.toISOString().slice(0, 10)} : ${end.toISOString().slice(0, 10)}`;
});

interface Change {
  ms: number;
  requests: number;
  distinct: number;
  notDrawn: string[];
}

/** Chart data requests (bodies) sent by the page since the last call. */
function requestLog(page: Page) {
  let bodies: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/v1/chart/data')) bodies.push(request.postData() ?? '');
  });
  return () => {
    const taken = bodies;
    bodies = [];
    return taken;
  };
}

async function applyAndMeasure(page: Page, chartIds: number[], takeRequests: () => string[]): Promise<Change> {
  takeRequests();
  await page.locator(APPLY).waitFor({ state: 'visible' });
  await page.waitForFunction((sel) => !(document.querySelector(sel) as HTMLButtonElement | null)?.disabled, APPLY);
  const t0 = await clickAt(page, APPLY);
  const { t, notDrawn } = await waitForRedraw(page, chartIds, t0);
  const bodies = takeRequests();
  return { ms: t - t0, requests: bodies.length, distinct: new Set(bodies).size, notDrawn };
}

async function pickOrigin(page: Page, code: string): Promise<void> {
  const control = page.locator(`[data-test="filter-control-${VALUE_FILTER_ID}"]`);
  await control.locator('.ant-select').click();
  await page.keyboard.type(code);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${code}"]`).click();
}

async function pickRange(page: Page, range: string): Promise<void> {
  const [start, end] = range.split(' : ');
  await page.locator(`[data-test="filter-control-${TIME_FILTER_ID}"] [data-test="time-range-trigger"]`).click();
  const editor = page.locator('[data-test="time-range-editor"]:visible');
  await editor.getByText('Custom / Advanced').click();
  await editor.getByLabel('START (INCLUSIVE)').fill(start!);
  await editor.getByLabel('END (EXCLUSIVE)').fill(end!);
  await editor.locator('[data-test="time-range-apply"]').click();
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const verdict = (value: number, target: number) => (value <= target ? 'met' : 'MISSED');
const summary = (label: string, changes: Change[]) => ({
  changes: label,
  median: ms(percentile(changes.map((c) => c.ms), 50)),
  p95: ms(percentile(changes.map((c) => c.ms), 95)),
  max: ms(Math.max(...changes.map((c) => c.ms))),
  'chart data requests / change': (changes.reduce((s, c) => s + c.requests, 0) / changes.length).toFixed(1),
  'distinct queries / change': (changes.reduce((s, c) => s + c.distinct, 0) / changes.length).toFixed(1),
  'charts not drawn': String(changes.reduce((s, c) => s + c.notDrawn.length, 0)),
});

async function main(): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('Build the web app first: npm run build:web');
  if (built && !existsSync(serverMain)) throw new Error('Build the server first: npm run build:ts');
  const loadStart = loadavg()[0]!;
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-filters-'));
  const port = await freePort();
  const server = await startServer(dir, port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const api = await apiClient(base);
    const board = await createFilterDashboard(api);
    const context = await signIn(browser, base);
    await context.addInitScript(WATCH_REDRAWS);
    const page = await context.newPage();
    await page.setViewportSize(VIEWPORT);
    if (process.env.BENCH_DEBUG) page.on('pageerror', (error) => console.error('page error:', error.message));
    const takeRequests = requestLog(page);
    await page.goto(`${base}/superset/dashboard/${board.id}/`);
    await waitForCharts(page, async () => board.chartIds);

    const valueChanges: Change[] = [];
    const timeChanges: Change[] = [];
    let barError: string | null = null;
    try {
      await page.locator(`[data-test="filter-control-${VALUE_FILTER_ID}"]`).waitFor({ state: 'visible', timeout: 30_000 });
      for (const code of ORIGINS) {
        await pickOrigin(page, code);
        valueChanges.push(await applyAndMeasure(page, board.chartIds, takeRequests));
      }
      for (const range of RANGES) {
        await pickRange(page, range);
        timeChanges.push(await applyAndMeasure(page, board.chartIds, takeRequests));
      }
    } catch (error) {
      barError = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    }

    const searchDataset = await createSearchDataset(api, board.databaseId, board.schema);
    const search = await measureOptionSearch(api, searchDataset);

    console.log(`load average (1 min) at start ${loadStart.toFixed(1)}, at end ${loadavg()[0]!.toFixed(1)}: figures on a busy machine run long`);
    console.log(`dashboard ${board.id}: ${board.chartIds.length} charts on flights (1,000,000 rows), server ${built ? 'built' : 'from source'}`);
    if (barError) console.log(`filter bar run stopped: ${barError}`);
    const all = [...valueChanges, ...timeChanges];
    if (all.length > 0) {
      console.log('Apply -> all 20 charts re-drawn:');
      console.table([
        ...(valueChanges.length ? [summary(`value filter (origin) x${valueChanges.length}`, valueChanges)] : []),
        ...(timeChanges.length ? [summary(`time range x${timeChanges.length}`, timeChanges)] : []),
        summary(`all x${all.length}`, all),
      ]);
    }
    console.log(`options search: column ${search.distinct.toLocaleString('en')} distinct values, ${search.keystrokes.length} keystrokes (server-side ILIKE, limit 1000, uncached)`);
    console.table([
      {
        median: ms(percentile(search.keystrokes, 50)),
        p95: ms(percentile(search.keystrokes, 95)),
        max: ms(Math.max(...search.keystrokes)),
        'rows per answer (median)': String(percentile(search.rowsPerAnswer, 50)),
      },
    ]);
    console.log('targets:');
    const median = all.length ? percentile(all.map((c) => c.ms), 50) : NaN;
    const p95 = all.length ? percentile(all.map((c) => c.ms), 95) : NaN;
    const keystroke = percentile(search.keystrokes, 50);
    console.table([
      { target: 'Apply -> 20 charts, median <= 300 ms', value: all.length ? ms(median) : 'not run', result: all.length ? verdict(median, TARGETS.median) : '-' },
      { target: 'Apply -> 20 charts, p95 <= 600 ms', value: all.length ? ms(p95) : 'not run', result: all.length ? verdict(p95, TARGETS.p95) : '-' },
      { target: 'options search per keystroke <= 100 ms (median)', value: ms(keystroke), result: verdict(keystroke, TARGETS.keystroke) },
      { target: 'no identical chart query sent twice in a change', value: all.length ? `${all.filter((c) => c.distinct === c.requests).length}/${all.length} changes` : 'not run', result: all.length && all.every((c) => c.distinct === c.requests) ? 'met' : all.length ? 'MISSED' : '-' },
    ]);
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
