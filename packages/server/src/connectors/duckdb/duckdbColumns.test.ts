import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckdbColumns, duckdbColumnsSlow } from './duckdbColumns.js';

// Every row kind the fast path handles, plus NULLs and values outside its fast ranges (fallbacks).
const SETUP = `
CREATE TABLE t AS SELECT * FROM (VALUES
  (1, true, (-128)::TINYINT, (-32768)::SMALLINT, -2147483648, 9007199254740993::BIGINT, 18446744073709551615::UBIGINT,
   255::UTINYINT, 65535::USMALLINT, 4294967295::UINTEGER, 1.5::FLOAT, (-2.25)::DOUBLE,
   'UA', 'a string longer than twelve bytes', 'héllo wörld ✓', TIMESTAMP '2019-01-01 00:00:00', DATE '2019-01-01',
   1.25::DECIMAL(10,2), [1, 2], {'a': 1}, INTERVAL 1 DAY, TIME '12:34:56.5', 'e'::ENUM_T),
  (2, false, 127::TINYINT, 32767::SMALLINT, 2147483647, (-9007199254740993)::BIGINT, 9007199254740991::UBIGINT,
   0::UTINYINT, 0::USMALLINT, 0::UINTEGER, (-0.5)::FLOAT, 1e300::DOUBLE,
   '', 'twelve bytes', '日本語', TIMESTAMP '1969-12-31 23:59:59.999999', DATE '1900-02-28',
   (-3.10)::DECIMAL(10,2), [], {'a': NULL}, INTERVAL 90 MINUTE, TIME '00:00:00', 'f'::ENUM_T),
  (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
   NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (4, true, 0::TINYINT, 0::SMALLINT, 0, -9007199254740991::BIGINT, 0::UBIGINT, 1::UTINYINT, 1::USMALLINT, 1::UINTEGER,
   'NaN'::FLOAT, 'Infinity'::DOUBLE,
   'thirteen byte', 'x', 'ünï', TIMESTAMP '1901-06-15 07:08:09.000120', DATE '1969-12-31',
   0::DECIMAL(10,2), [NULL], {'a': 2}, INTERVAL 0 DAY, TIME '23:59:59.999999', NULL),
  (5, false, 5::TINYINT, 5::SMALLINT, -5, 9007199254740992::BIGINT, 9007199254740992::UBIGINT, 5::UTINYINT, 5::USMALLINT,
   5::UINTEGER, 3.0::FLOAT, 0.1::DOUBLE,
   'abcdef', 'abcdefg', 'abcdefghijkl', 'infinity'::TIMESTAMP, '-infinity'::DATE,
   99999999.99::DECIMAL(10,2), [3], {'a': 3}, INTERVAL 1 YEAR, TIME '01:02:03', 'e'::ENUM_T),
  (6, true, 6::TINYINT, 6::SMALLINT, 6, (-9223372036854775808)::BIGINT, 1::UBIGINT, 6::UTINYINT, 6::USMALLINT,
   6::UINTEGER, 6.0::FLOAT, (-0.0)::DOUBLE,
   'abcdeg', 'abcdefh', 'abcdefghijkm', TIMESTAMP '0044-03-15 12:00:00', DATE '2500-01-01',
   1::DECIMAL(10,2), [4], {'a': 4}, INTERVAL 2 DAY, TIME '02:02:02', 'f'::ENUM_T),
  (7, false, 7::TINYINT, 7::SMALLINT, 7, 9223372036854775807::BIGINT, 4611686018427387904::UBIGINT, 7::UTINYINT,
   7::USMALLINT, 7::UINTEGER, 7.0::FLOAT, 7.0::DOUBLE,
   'a' || chr(0) || 'b', 'a' || chr(0), chr(0), TIMESTAMP '2262-04-11 23:47:16.854775', DATE '1600-02-29',
   2::DECIMAL(10,2), [5], {'a': 5}, INTERVAL 3 DAY, TIME '03:03:03', 'e'::ENUM_T)
) v(id, b, ti, si, i, bi, ubi, uti, usi, ui, f, d, s_short, s_long, s_unicode, ts, dt, dec, lst, st, iv, tm, en)
`;

describe('duckdbColumns (fast columnar read)', () => {
  let instance: DuckDBInstance;
  let conn: DuckDBConnection;

  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    conn = await instance.connect();
    await conn.run(`CREATE TYPE ENUM_T AS ENUM ('e', 'f')`);
    await conn.run(SETUP);
  });

  afterAll(() => {
    conn.closeSync();
    instance.closeSync();
  });

  const both = async (sql: string, keep?: number) => {
    const reader = await conn.runAndReadAll(sql);
    const n = keep ?? reader.currentRowCount;
    return { fast: duckdbColumns(reader, n), slow: duckdbColumnsSlow(reader, n) };
  };

  it('gives the same cells as the per-value path for every common type, NULLs and edge values', async () => {
    const { fast, slow } = await both('SELECT * FROM t ORDER BY id');
    expect(fast).toEqual(slow);
    expect(fast.map((c) => c.length)).toEqual(slow.map(() => 7));
  });

  it('keeps exact integers beyond 2^53 as bigint and formats temporals as DuckDB text', async () => {
    const { fast } = await both('SELECT bi, ubi, ts, dt, s_long, s_unicode FROM t ORDER BY id');
    expect(fast[0]?.slice(0, 2)).toEqual([9007199254740993n, -9007199254740993n]);
    expect(fast[0]?.[3]).toBe(-9007199254740991);
    expect(fast[1]?.[0]).toBe(18446744073709551615n);
    expect(fast[2]?.slice(0, 4)).toEqual([
      '2019-01-01 00:00:00',
      '1969-12-31 23:59:59.999999',
      null,
      '1901-06-15 07:08:09.00012',
    ]);
    expect(fast[3]?.slice(0, 2)).toEqual(['2019-01-01', '1900-02-28']);
    expect(fast[4]?.[0]).toBe('a string longer than twelve bytes');
    expect(fast[5]?.slice(0, 2)).toEqual(['héllo wörld ✓', '日本語']);
  });

  it('matches the per-value path over many chunks, with a cut, for generated data', async () => {
    const sql = `SELECT i::INTEGER AS i, (i * 7919)::BIGINT * 1000003 AS big,
        CASE WHEN i % 11 = 0 THEN NULL ELSE 'c' || (i % 37)::VARCHAR END AS low_card,
        CASE WHEN i % 13 = 0 THEN NULL ELSE md5(i::VARCHAR) END AS long_str,
        left(md5(i::VARCHAR), (i % 13)::INTEGER) AS short_str,
        TIMESTAMP '1950-01-01' + to_microseconds((i * 9876543211)::BIGINT) AS ts,
        DATE '1960-01-01' + (i % 30000)::INTEGER AS dt,
        i % 3 = 0 AS flag, (i / 7.0)::DOUBLE AS dbl
      FROM range(10000) r(i)`;
    const all = await both(sql);
    expect(all.fast).toEqual(all.slow);
    const cut = await both(sql, 4097);
    expect(cut.fast).toEqual(cut.slow);
    expect(cut.fast[0]).toHaveLength(4097);
  });

  it('handles empty results and a cut to zero rows like the per-value path', async () => {
    const empty = await both('SELECT * FROM t WHERE false');
    expect(empty.fast).toEqual(empty.slow);
    expect(empty.fast).toEqual([]);
    const none = await both('SELECT * FROM t', 0);
    expect(none.fast).toEqual(none.slow);
    expect(none.fast).toHaveLength(23);
  });
});
