/**
 * Profiler for the dashboard bench (a tool, not a measurement to quote): against a running server (`BASE`, admin
 * password `bench-admin-password`), opens the bench dashboard (created on first use) and prints the page's request
 * waterfall and when each chart was drawn, so one sees what the page waits on. `PROFILE_TRACE=file.json` also
 * writes a Chromium performance trace (open it in DevTools), `PROFILE_CPU=file.cpuprofile` a JS CPU profile.
 * Run: BASE=http://127.0.0.1:8088 node --conditions=tessera-source --import tsx bench/src/dashboard/profile.ts [force]
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { FIRST_TAB_SIZE } from './benchCharts.js';
import { apiClient, createDashboard, signIn, TITLE } from './benchSetup.js';
import { recordInitialScripts, waitForCharts } from './pageWatch.js';

const base = process.env.BASE ?? 'http://127.0.0.1:8088';
const viewport = { width: 1400, height: Number(process.env.PROFILE_HEIGHT ?? 3200) };

async function dashboardOf(): Promise<{ id: number; chartIds: number[] }> {
  const api = await apiClient(base);
  const found = await api('GET', `/api/v1/dashboard/?q=${encodeURIComponent(`(filters:!((col:dashboard_title,opr:eq,value:'${TITLE}')))`)}`);
  const existing = (found.result as { id: number }[])[0];
  if (!existing) return createDashboard(api);
  const charts = await api('GET', `/api/v1/dashboard/${existing.id}/charts`);
  return { id: existing.id, chartIds: (charts.result as { id: number }[]).map((c) => c.id).sort((a, b) => a - b) };
}

async function main(): Promise<void> {
  const { id, chartIds } = await dashboardOf();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await signIn(browser, base);
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    const url = `${base}/superset/dashboard/${id}/${process.argv.includes('force') ? '?force=true' : ''}`;
    // A first visit fills the HTTP cache, as a returning user's would be.
    if (!process.argv.includes('nocache')) {
      await page.goto(url);
      await waitForCharts(page, async () => chartIds.slice(0, FIRST_TAB_SIZE));
    }
    const cdp = await context.newCDPSession(page);
    const tracePath = process.env.PROFILE_TRACE;
    const cpuPath = process.env.PROFILE_CPU;
    const events: unknown[] = [];
    if (tracePath) {
      cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => events.push(...e.value));
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading,disabled-by-default-v8.cpu_profiler',
        transferMode: 'ReportEvents',
      });
    }
    if (cpuPath) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const initialJs = recordInitialScripts(page);
    await page.goto(url);
    const done = await waitForCharts(page, async () => chartIds.slice(0, FIRST_TAB_SIZE));
    if (cpuPath) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(cpuPath, JSON.stringify(profile));
    }
    if (tracePath) {
      const finished = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await finished;
      writeFileSync(tracePath, JSON.stringify({ traceEvents: events }));
    }
    const timings = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
        name: e.name.replace(location.origin, ''),
        start: e.startTime,
        end: e.responseEnd,
        size: e.transferSize,
      }));
      const marks = [...performance.getEntriesByType('mark'), ...performance.getEntriesByType('measure')].map((m) => ({
        name: m.entryType === 'measure' ? `${m.name} ${m.duration.toFixed(0)} ms` : m.name,
        start: m.startTime,
      }));
      return { domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, res, marks };
    });
    const js = await initialJs();
    console.log(`initial JS ${(js.gzip / 1024).toFixed(0)} KB gzip in ${js.files} files; ${(process.env.PROFILE_ALLJS ? js.all : js.largest).map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)}`).join(', ')}`);
    console.log(`DOMContentLoaded ${timings.domContentLoaded.toFixed(0)} ms, load ${timings.load.toFixed(0)} ms`);
    const rows = [
      ...timings.res.map((r) => ({ t: r.start, line: `${r.start.toFixed(0).padStart(6)} -> ${r.end.toFixed(0).padStart(6)}  ${r.size > 0 ? 'net ' : 'cache'} ${r.name.slice(0, 110)}` })),
      ...timings.marks.map((m) => ({ t: m.start, line: `${m.start.toFixed(0).padStart(6)}   mark   ${m.name}` })),
      ...Object.entries(done).map(([chart, s]) => ({ t: s.t, line: `${s.t.toFixed(0).padStart(6)}   chart ${chart} ${s.state}` })),
    ].sort((a, b) => a.t - b.t);
    const filter = process.env.PROFILE_FILTER ? new RegExp(process.env.PROFILE_FILTER) : null;
    for (const row of rows) if (!filter || filter.test(row.line)) console.log(row.line);
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
