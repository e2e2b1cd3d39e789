import { describe, expect, it } from 'vitest';
import { runShutdownSoak } from '../test/shutdownSoak.js';

/**
 * SIGTERM with DuckDB work in flight used to leave the process alive for good: the shutdown waited for
 * requests whose queries nobody stopped, then its timer's process.exit() blocked joining the thread pool
 * that still ran them. A few cycles here (TESSERA_SOAK_CYCLES, default 3: each starts a real server, seconds
 * apiece); the 50-cycle run is bench/src/shutdownSoak.ts.
 */
const CYCLES = Number(process.env.TESSERA_SOAK_CYCLES ?? 3);
const SHUTDOWN_TIMEOUT_MS = 5000;

describe('server process shutdown', () => {
  it(`exits 0 within SHUTDOWN_TIMEOUT_MS on SIGTERM with queries, an async run, a long poll and a chart query in flight (${CYCLES} cycles)`, async () => {
    const results = await runShutdownSoak({ cycles: CYCLES, shutdownTimeoutMs: SHUTDOWN_TIMEOUT_MS, server: 'source' });
    for (const r of results) {
      expect(r.stopMs, `cycle ${r.cycle} did not exit:\n${r.output.slice(-2000)}`).not.toBeNull();
      expect(r.stopMs!, `cycle ${r.cycle}`).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      expect(r.exitCode, `cycle ${r.cycle}:\n${r.output.slice(-2000)}`).toBe(0);
      // Every request in flight got an answer: none was left hanging by the exit.
      // Every request in flight got an answer (none was cut off by the exit), and no 500: an interrupted query is a 503.
      for (const [name, outcome] of Object.entries(r.inFlight)) expect(outcome, `${name} in cycle ${r.cycle}`).toMatch(/^(200|202|400|408|503)$/);
    }
  }, 600_000);
});
