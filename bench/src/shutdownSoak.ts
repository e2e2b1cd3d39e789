/**
 * Shutdown soak: 50 start/stop cycles of the real server process (EXAMPLES on, so DuckDB serves the work),
 * each SIGTERM sent while a sync and an async SQL Lab run of a long DuckDB query, a long poll and a chart
 * query are in flight. Every stop must exit 0 within SHUTDOWN_TIMEOUT_MS. Thumbnails stay off (Chromium
 * would add seconds per cycle). Prints start and stop times.
 * Run: node --conditions=tessera-source --import tsx bench/src/shutdownSoak.ts
 * Env: SOAK_CYCLES (50), SOAK_SERVER=built to run dist/main.js (faster starts; build first), SHUTDOWN_TIMEOUT_MS (5000).
 */
import { runShutdownSoak } from '../../packages/server/src/test/shutdownSoak.js';

const cycles = Number(process.env.SOAK_CYCLES ?? 50);
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 5000);
const server = process.env.SOAK_SERVER === 'built' ? 'built' : 'source';

const began = Date.now();
const results = await runShutdownSoak({ cycles, shutdownTimeoutMs, server, log: (line) => console.log(line) });
const stops = results.map((r) => r.stopMs ?? Infinity).sort((a, b) => a - b);
const starts = results.map((r) => r.startMs).sort((a, b) => a - b);
const bad = results.filter((r) => r.stopMs === null || r.stopMs >= shutdownTimeoutMs || r.exitCode !== 0);
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
console.log(
  `${cycles} cycles (${server} server) in ${((Date.now() - began) / 1000).toFixed(1)} s; ` +
    `start median ${pct(starts, 50)} ms; stop median ${pct(stops, 50)} ms, p95 ${pct(stops, 95)} ms, max ${stops[stops.length - 1]} ms`,
);
for (const r of bad) console.log(`FAILED cycle ${r.cycle}: stop ${r.stopMs ?? 'hung'} ms, exit ${r.exitCode}\n${r.output.slice(-3000)}`);
process.exit(bad.length === 0 ? 0 : 1);
