import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { readColumn, readerChunks } from '../../packages/server/src/connectors/duckdb/duckdbColumns.js';
import { duckdbVectors } from '../../packages/server/src/connectors/duckdb/duckdbVectors.js';
import { genericTypeOf } from '../../packages/server/src/connectors/values.js';
import { encodeArrow } from '../../packages/server/src/query-engine/arrowResult.js';

export interface RawRun {
  driverMs: number;
  encodeMs: number;
  rows: number;
  bytes: number;
}

/**
 * The raw engine path the benches compare against: the same query through @duckdb/node-api in this
 * process, read with the connector's fastest column reader (typed vectors), then encoded as the Arrow stream.
 */
export async function rawDuckdbPath(file: string, sql: string, runs = 3): Promise<RawRun> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const conn = await instance.connect();
  try {
    // The best of a few runs: a warm engine and JIT, as the server's own runs are after the first.
    let best: RawRun | null = null;
    for (let i = 0; i < runs; i++) {
      const run = await rawRun(conn, sql);
      if (!best || run.driverMs + run.encodeMs < best.driverMs + best.encodeMs) best = run;
    }
    return best!;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

async function rawRun(conn: DuckDBConnection, sql: string): Promise<RawRun> {
  const t0 = performance.now();
  const reader = await conn.runAndReadAll(sql);
  const names = reader.columnNames();
  const types = reader.columnTypes().map((t) => t.toString().toUpperCase());
  const rows = reader.currentRowCount;
  // The connector's fastest reader: typed vectors straight from the chunks (cells only where needed).
  const chunks = readerChunks(reader) ?? [];
  const typeIds = names.map((_name, c) => reader.columnTypeId(c));
  const vectors = duckdbVectors(chunks, typeIds, rows, (c) => readColumn(chunks, c, typeIds[c]!, rows));
  const t1 = performance.now();
  const bytes = encodeArrow({
    columns: names.map((name, i) => ({ name, type: types[i]!, genericType: genericTypeOf(types[i]!) })),
    data: [],
    vectors,
    rowCount: rows,
    truncated: false,
    rowsAffected: null,
  });
  const t2 = performance.now();
  return { driverMs: t1 - t0, encodeMs: t2 - t1, rows, bytes: bytes.byteLength };
}

/**
 * The raw path in a child process: the parent's RSS then shows the server alone, not DuckDB buffers and
 * columns the raw run left behind in a shared heap.
 */
export function rawDuckdbPathInChild(file: string, sql: string): Promise<RawRun> {
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...process.execArgv, script, file, sql], { maxBuffer: 1024 * 1024 }, (err, stdout) => {
      if (err) reject(err);
      else resolve(JSON.parse(stdout.trim().split('\n').pop()!) as RawRun);
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.length === 4) {
  rawDuckdbPath(process.argv[2]!, process.argv[3]!).then(
    (run) => console.log(JSON.stringify(run)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
