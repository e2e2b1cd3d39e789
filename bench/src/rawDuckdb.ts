import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { duckdbColumns } from '../../packages/server/src/connectors/duckdb/duckdbColumns.js';
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
 * process, read with the connector's fastest column reader, then encoded as the Arrow stream.
 */
export async function rawDuckdbPath(file: string, sql: string): Promise<RawRun> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const conn = await instance.connect();
  try {
    const t0 = performance.now();
    const reader = await conn.runAndReadAll(sql);
    const names = reader.columnNames();
    const types = reader.columnTypes().map((t) => t.toString().toUpperCase());
    const data = duckdbColumns(reader, reader.currentRowCount);
    const t1 = performance.now();
    const bytes = encodeArrow({
      columns: names.map((name, i) => ({ name, type: types[i]!, genericType: genericTypeOf(types[i]!) })),
      data,
      rowCount: reader.currentRowCount,
      truncated: false,
      rowsAffected: null,
    });
    const t2 = performance.now();
    return { driverMs: t1 - t0, encodeMs: t2 - t1, rows: reader.currentRowCount, bytes: bytes.byteLength };
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
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
