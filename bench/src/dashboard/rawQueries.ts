import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { readColumn, readerChunks } from '../../../packages/server/src/connectors/duckdb/duckdbColumns.js';

export interface RawQueriesRun {
  queries: number;
  /** All queries one after the other on one connection (best of the runs). */
  serialMs: number;
  /** All queries at once over four connections, as the server's pool runs them (best of the runs). */
  parallelMs: number;
  /** The slowest single query. */
  slowestMs: number;
}

async function runOne(conn: DuckDBConnection, sql: string): Promise<number> {
  const t0 = performance.now();
  const reader = await conn.runAndReadAll(sql);
  const chunks = readerChunks(reader) ?? [];
  const rows = reader.currentRowCount;
  for (let c = 0; c < reader.columnCount; c++) readColumn(chunks, c, reader.columnTypeId(c), rows);
  return performance.now() - t0;
}

/** The dashboard's chart queries straight on DuckDB (read-only), read with the connector's column reader. */
export async function rawQueries(file: string, sqls: string[], runs = 3): Promise<RawQueriesRun> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const conns = await Promise.all([0, 1, 2, 3].map(() => instance.connect()));
  try {
    let best: RawQueriesRun | null = null;
    for (let run = 0; run < runs; run++) {
      const t0 = performance.now();
      const each: number[] = [];
      for (const sql of sqls) each.push(await runOne(conns[0]!, sql));
      const serialMs = performance.now() - t0;
      const t1 = performance.now();
      let next = 0;
      await Promise.all(
        conns.map(async (conn) => {
          while (next < sqls.length) await runOne(conn, sqls[next++]!);
        }),
      );
      const parallelMs = performance.now() - t1;
      const result = { queries: sqls.length, serialMs, parallelMs, slowestMs: Math.max(...each) };
      if (!best || result.parallelMs < best.parallelMs) best = result;
    }
    return best!;
  } finally {
    for (const conn of conns) conn.closeSync();
    instance.closeSync();
  }
}

/** In a child process, so the figures and the server's RSS do not share a heap or an engine. */
export function rawQueriesInChild(file: string, sqlFile: string): Promise<RawQueriesRun> {
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...process.execArgv, script, file, sqlFile], { maxBuffer: 1024 * 1024 }, (err, stdout) => {
      if (err) reject(err);
      else resolve(JSON.parse(stdout.trim().split('\n').pop()!) as RawQueriesRun);
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.length === 4) {
  const sqls = JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as string[];
  rawQueries(process.argv[2]!, sqls).then(
    (run) => console.log(JSON.stringify(run)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
