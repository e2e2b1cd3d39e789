import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { BullmqQueue } from '../../jobs/bullmqQueue.js';
import { sqllabJobId } from '../../jobs/jobQueue.js';
import { MemoryResultsBackend } from '../../query-engine/resultsBackend.js';
import { freePort, loginAs, serverApi, startServerProcess, waitForHealth, type ServerProcess } from '../../test/serverProcess.js';
import { services, skipNotice, startTestApp } from '../../test/testApp.js';
import { QueryRepository } from '../sqllab/query.repository.js';
import { RunningQueries } from '../sqllab/runningQueries.js';
import { JOB_LOST_MESSAGE, RESTARTED_MESSAGE, sweepStaleQueries } from './staleQuerySweeper.js';

const PASSWORD = 'restart-admin-password';
/** Minutes of DuckDB work: it is still running when the process is killed. */
const LONG_SQL = 'SELECT count(*) FROM range(3000000) a CROSS JOIN range(20000) b WHERE (a.range + b.range) % 7 = 3';

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function queryState(server: ServerProcess, token: string, clientId: string) {
  const res = await serverApi(server, token, 'GET', '/api/v1/query/updated_since?q=(last_updated_ms:0)');
  return (res.body.result as { id: string; state: string; errorMessage: string | null }[]).find((q) => q.id === clientId);
}

describe('async runs interrupted by a crash', () => {
  it('an async query running when the server process was killed shows failed, saying why, as soon as the server is back', async () => {
    const dataDir = tempDir('tessera-restart-');
    const files = tempDir('tessera-restart-files-');
    const file = path.join(files, 'restart.duckdb');
    (await DuckDBInstance.create(file)).closeSync();
    const env = { EXAMPLES: 'off', THUMBNAILS: 'off', ADMIN_PASSWORD: PASSWORD, FILE_DATABASE_DIRS: files };

    const first = startServerProcess(dataDir, await freePort(), env);
    let second: ServerProcess | null = null;
    try {
      await waitForHealth(first);
      const token = await loginAs(first, 'admin', PASSWORD);
      const db = await serverApi(first, token, 'POST', '/api/v1/database/', { database_name: 'restart', sqlalchemy_uri: `duckdb:///${file}`, allow_run_async: true });
      expect(db.status, JSON.stringify(db.body)).toBe(201);
      const run = await serverApi(first, token, 'POST', '/api/v1/sqllab/execute/', { database_id: db.body.id, sql: LONG_SQL, runAsync: true, client_id: 'crashrun001' });
      expect(run.status, JSON.stringify(run.body)).toBe(202);
      for (let i = 0; (await queryState(first, token, 'crashrun001'))?.state !== 'running'; i++) {
        if (i > 100) throw new Error('the async run never started');
        await new Promise((r) => setTimeout(r, 100));
      }
      // A crash: no shutdown handler runs.
      first.child.kill('SIGKILL');
      await first.exited;

      second = startServerProcess(dataDir, await freePort(), env);
      await waitForHealth(second);
      const after = await queryState(second, await loginAs(second, 'admin', PASSWORD), 'crashrun001');
      expect(after).toMatchObject({ state: 'failed', errorMessage: RESTARTED_MESSAGE });
    } finally {
      first.child.kill('SIGKILL');
      second?.child.kill('SIGKILL');
    }
  }, 120_000);

  const redis = services.redis;
  if (!redis) skipNotice('BullMQ liveness sweep', 'TESSERA_TEST_REDIS_URL');
  it.skipIf(!redis)('with BullMQ, fails the runs whose job is gone and leaves the ones whose job still waits', async () => {
    const app = await startTestApp();
    // A queue of its own, without a worker: its jobs wait for good, and other suites' workers never see them.
    const name = `tessera-sweep-test-${Date.now()}`;
    const queue = new BullmqQueue<{ clientId: string }>(name, redis!, null);
    try {
      const repo = new QueryRepository(app.ctx.db);
      const db = await app.api('POST', '/api/v1/database/', { body: { database_name: 'sweep', sqlalchemy_uri: 'duckdb:///:memory:', allow_run_async: true } });
      const startTime = Date.now() - 60_000;
      const insert = (clientId: string) =>
        repo.insert({ client_id: clientId, database_id: db.body.id, user_id: 1, sql: 'SELECT 1', status: 'running', progress: 0, run_async: 1, start_time: startTime, extra_json: '{}', limiting_factor: 'UNKNOWN', select_as_cta: 0, select_as_cta_used: 0, ctas_method: 'TABLE' });
      const waiting = await insert('jobwaits001');
      await insert('jobgone0001');
      await queue.enqueue({ clientId: 'jobwaits001' }, { id: sqllabJobId(waiting) });

      await sweepStaleQueries(repo, new MemoryResultsBackend(), new RunningQueries(), { syncMaxAgeMs: 60_000, queue, asyncGraceMs: 30_000 });
      expect((await repo.findByClientId('jobwaits001'))?.status).toBe('running');
      expect(await repo.findByClientId('jobgone0001')).toMatchObject({ status: 'failed', error_message: JOB_LOST_MESSAGE });
    } finally {
      await queue.close();
      await app.close();
      const client = new Redis(redis!);
      const keys = await client.keys(`bull:${name}:*`);
      if (keys.length > 0) await client.del(...keys);
      await client.quit();
    }
  }, 60_000);
});
