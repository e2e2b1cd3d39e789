import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrowRowCount } from '../../query-engine/arrowResult.js';
import { MemoryResultsBackend } from '../../query-engine/resultsBackend.js';
import { startTestApp, type TestApp } from '../../test/testApp.js';

/** Holds back the whole result of a big run until the test lets it through (or makes it fail). */
class GatedBackend extends MemoryResultsBackend {
  wholePuts = 0;
  private open!: () => void;
  private fail!: (err: Error) => void;
  private gate = this.closedGate();

  private closedGate(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.open = resolve;
      this.fail = reject;
    });
  }

  release(): void {
    this.open();
  }

  breakNext(): void {
    this.fail(new Error('disk full'));
  }

  reset(): void {
    this.gate = this.closedGate();
  }

  override async put(key: string, arrow: Uint8Array, ttlS: number): Promise<void> {
    if (arrowRowCount(arrow) > 1000) {
      await this.gate;
      this.wholePuts += 1;
    }
    return super.put(key, arrow, ttlS);
  }
}

const backend = new GatedBackend();
let app: TestApp;
let asyncDbId: number;
const ROWS = 30_000;
const SQL = `SELECT range AS id, 'v' || (range % 7) AS s, TIMESTAMP '2024-01-01' + INTERVAL (range) SECOND AS ts FROM range(${ROWS})`;

async function waitFor(clientId: string, states: string[]) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await app.api('GET', `/api/v1/query/updated_since?q=(last_updated_ms:0)`);
    const q = (res.body.result as { id: string; state: string }[]).find((r) => r.id === clientId);
    if (q && states.includes(q.state)) return q as Record<string, any>;
    if (Date.now() > deadline) throw new Error(`query ${clientId} stuck in ${q?.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const arrowGet = async (key: string, rows?: number) =>
  fetch(`${app.url}/api/v1/sqllab/results/?q=(key:'${key}'${rows === undefined ? '' : `,rows:${rows}`})`, {
    headers: { authorization: `Bearer ${await app.token()}`, accept: 'application/vnd.apache.arrow.stream' },
  });

beforeAll(async () => {
  app = await startTestApp({ SQL_MAX_ROW: '100000' }, { resultsBackend: backend });
  const file = path.join(app.filesDir, 'async.duckdb');
  (await DuckDBInstance.create(file)).closeSync();
  const res = await app.api('POST', '/api/v1/database/', { body: { database_name: 'async', sqlalchemy_uri: `duckdb:///${file}`, allow_run_async: true } });
  asyncDbId = res.body.id as number;
});

afterAll(async () => {
  backend.release();
  await app?.close();
});

describe('async runs of big results: the head first, the whole result after', () => {
  it('marks the query successful and serves its first rows before the whole result is stored', async () => {
    backend.reset();
    const run = await app.api('POST', '/api/v1/sqllab/execute/', {
      body: { database_id: asyncDbId, sql: SQL, runAsync: true, queryLimit: 100000, client_id: 'bighead0001' },
    });
    expect(run.status).toBe(202);
    const done = await waitFor('bighead0001', ['success', 'failed']);
    expect(done.state).toBe('success');
    expect(done.rows).toBe(ROWS);
    expect(backend.wholePuts).toBe(0);

    const head = await arrowGet(done.resultsKey, 500);
    expect(head.status).toBe(200);
    expect(head.headers.get('x-tessera-rows')).toBe(String(ROWS));
    const headTable = tableFromIPC(new Uint8Array(await head.arrayBuffer()));
    expect(headTable.numRows).toBe(500);
    expect(Number(headTable.getChild('id')!.get(499))).toBe(499);
    expect(headTable.getChild('s')!.get(10)).toBe('v3');
    // A shorter head is cut from the stored one.
    expect(tableFromIPC(new Uint8Array(await (await arrowGet(done.resultsKey, 20)).arrayBuffer())).numRows).toBe(20);

    // The whole result is asked for while it is still being stored: the answer waits for it.
    let answered = false;
    const whole = arrowGet(done.resultsKey).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    backend.release();
    const res = await whole;
    expect(res.status).toBe(200);
    const table = tableFromIPC(new Uint8Array(await res.arrayBuffer()));
    expect(table.numRows).toBe(ROWS);
    expect(Number(table.getChild('id')!.get(ROWS - 1))).toBe(ROWS - 1);
    expect(backend.wholePuts).toBe(1);
    // The JSON shape reads the same stored result.
    const json = await app.api('GET', `/api/v1/sqllab/results/?q=(key:'${done.resultsKey}',rows:3)`);
    expect(json.body.data[2]).toMatchObject({ id: 2, s: 'v2', ts: '2024-01-01 00:00:02' });
  });

  it('answers 410 for the whole result when it could not be stored after its head', async () => {
    backend.reset();
    const run = await app.api('POST', '/api/v1/sqllab/execute/', {
      body: { database_id: asyncDbId, sql: SQL, runAsync: true, queryLimit: 100000, client_id: 'bighead0002' },
    });
    expect(run.status).toBe(202);
    const done = await waitFor('bighead0002', ['success', 'failed']);
    expect((await arrowGet(done.resultsKey, 500)).status).toBe(200);
    const whole = arrowGet(done.resultsKey);
    await new Promise((r) => setTimeout(r, 100));
    backend.breakNext();
    const res = await whole;
    expect(res.status).toBe(410);
    expect(((await res.json()) as { errors: { error_type: string }[] }).errors[0]!.error_type).toBe('RESULTS_BACKEND_ERROR');
    expect((await arrowGet(done.resultsKey, 500)).status).toBe(410);
  });

  it('stores small async results whole, with no head', async () => {
    const run = await app.api('POST', '/api/v1/sqllab/execute/', {
      body: { database_id: asyncDbId, sql: 'SELECT * FROM range(100)', runAsync: true, client_id: 'smallhead01' },
    });
    expect(run.status).toBe(202);
    const done = await waitFor('smallhead01', ['success']);
    expect(await backend.getHead(done.resultsKey)).toBeNull();
    expect(tableFromIPC(new Uint8Array(await (await arrowGet(done.resultsKey)).arrayBuffer())).numRows).toBe(100);
  });
});
