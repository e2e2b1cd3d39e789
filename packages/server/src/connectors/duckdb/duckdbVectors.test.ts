import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeArrow, encodeArrow, encodeArrowYielding, headOf } from '../../query-engine/arrowResult.js';
import type { ConnectorHandle, QueryResult } from '../types.js';
import { duckdbConnector } from './duckdbConnector.js';
import { copyValidity } from './duckdbVectors.js';

const GENERATED = `SELECT i::INTEGER AS i, (i % 100)::TINYINT AS ti, (i * 7919)::BIGINT * 1000003 AS big,
    CASE WHEN i % 11 = 0 THEN NULL ELSE 'c' || (i % 37)::VARCHAR END AS low_card,
    CASE WHEN i % 5 = 0 THEN 'a longer carrier name ' || (i % 3)::VARCHAR ELSE 'ünï' || (i % 4)::VARCHAR END AS mixed_len,
    md5(i::VARCHAR) AS high_card,
    CASE WHEN i % 17 = 0 THEN NULL ELSE TIMESTAMP '1950-01-01' + to_microseconds((i * 9876543211)::BIGINT) END AS ts,
    DATE '1960-01-01' + (i % 30000)::INTEGER AS dt,
    CASE WHEN i % 7 = 0 THEN NULL ELSE i % 3 = 0 END AS flag, (i / 7.0)::DOUBLE AS dbl, (i / 3.0)::FLOAT AS flt,
    i::UINTEGER AS ui
  FROM range(10000) r(i)`;

/** The same result with its typed vectors hidden: what the per-cell path encodes. */
const cellsOnly = (result: QueryResult): QueryResult => ({
  columns: result.columns,
  data: result.data,
  rowCount: result.rowCount,
  truncated: result.truncated,
  rowsAffected: result.rowsAffected,
});

describe('DuckDB typed vectors', () => {
  let dir: string;
  let handle: ConnectorHandle;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-duckdb-vectors-'));
    const file = path.join(dir, 'w.duckdb');
    const instance = await DuckDBInstance.create(file);
    const conn = await instance.connect();
    await conn.run(`CREATE TABLE g AS ${GENERATED}`);
    await conn.run(`CREATE TABLE far AS SELECT * FROM (VALUES
      (1, TIMESTAMP '2019-01-01 00:00:00', DATE '2019-01-01'), (2, 'infinity'::TIMESTAMP, '-infinity'::DATE),
      (3, TIMESTAMP '0044-03-15 12:00:00', DATE '2500-01-01')) v(id, ts, dt)`);
    conn.closeSync();
    instance.closeSync();
    handle = await duckdbConnector.open(
      { engine: 'duckdb', scheme: 'duckdb', driver: 'duckdb_engine', host: null, port: null, username: null, password: null, database: file, query: {}, filePath: file },
      { readOnly: true, connectArgs: {}, serverCert: null },
    );
  });

  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('encodes to the same Arrow answer as the per-cell path, and reads common types without cells', async () => {
    const result = await handle.execute('SELECT * FROM g');
    expect(result.vectors?.map((v) => v.type)).toEqual([
      'int32', 'int32', 'int64', 'dictionary', 'dictionary', 'cells', 'timestamp_us', 'date_day', 'bool', 'float64', 'float64', 'cells',
    ]);
    const typed = decodeArrow(encodeArrow(result));
    const cells = decodeArrow(encodeArrow(cellsOnly(result)));
    expect(typed).toEqual(cells);
    expect(typed.data[6]?.slice(0, 3)).toEqual([null, '1950-01-01 02:44:36.543211', '1950-01-01 05:29:13.086422']);
    expect(typed.data[3]?.slice(0, 2)).toEqual([null, 'c1']);
  });

  it('keeps the cut and the chunk seams of a streamed read with a limit', async () => {
    const result = await handle.execute('SELECT * FROM g', { limit: 4097 });
    expect(result.rowCount).toBe(4097);
    expect(result.truncated).toBe(true);
    const typed = decodeArrow(encodeArrow(result));
    expect(typed.rowCount).toBe(4097);
    expect(typed).toEqual(decodeArrow(encodeArrow(cellsOnly(result))));
  });

  it('encodes column by column (yielding) to the same bytes, and reads a head from its first chunks only', async () => {
    const result = await handle.execute('SELECT * FROM g', { limit: 9000 });
    const bytes = await encodeArrowYielding(result);
    // Dictionary ids differ from one encode to the next (a global counter): compare what decodes.
    const direct = decodeArrow(encodeArrow(await handle.execute('SELECT * FROM g', { limit: 9000 })));
    expect(decodeArrow(bytes)).toEqual(direct);
    const head = headOf(result, 2100);
    expect(head.rowCount).toBe(2100);
    const decoded = decodeArrow(encodeArrow(head));
    const whole = decodeArrow(bytes, 2100);
    expect(decoded.data).toEqual(whole.data);
    // 2,100 rows sit in the first two 2,048-row chunks: the head's cells never read past them.
    expect(head.data[0]).toHaveLength(2100);
    expect(headOf(result, 0).rowCount).toBe(0);
    expect(headOf(result, 50_000).rowCount).toBe(9000);
  });

  it('leaves far and infinite temporals to the engine text', async () => {
    const result = await handle.execute('SELECT * FROM far ORDER BY id');
    expect(result.vectors?.map((v) => v.type)).toEqual(['int32', 'cells', 'cells']);
    const decoded = decodeArrow(encodeArrow(result));
    expect(decoded).toEqual(decodeArrow(encodeArrow(cellsOnly(result))));
    expect(decoded.data[1]?.slice(0, 2)).toEqual(['2019-01-01 00:00:00', 'infinity']);
    expect([decoded.data[2]?.[0], decoded.data[2]?.[2]]).toEqual(['2019-01-01', '2500-01-01']);
  });

  it('copies validity bits at any bit offset and counts the nulls', () => {
    const src = Uint8Array.of(0b10110101, 0b00000011);
    for (const at of [0, 3, 8, 13]) {
      const dst = new Uint8Array(4);
      const nulls = copyValidity(dst, at, src, 10);
      expect(nulls).toBe(3);
      for (let i = 0; i < 10; i++) expect((dst[(at + i) >> 3]! >> ((at + i) & 7)) & 1).toBe((src[i >> 3]! >> (i & 7)) & 1);
    }
    const ones = new Uint8Array(2);
    expect(copyValidity(ones, 5, null, 9)).toBe(0);
    expect(Array.from(ones)).toEqual([0b11100000, 0b00111111]);
  });
});
