import {
  CHART_CONSTANTS,
  compileDrillDetail,
  compileSamplesQuery,
  offsetQueryObject,
  QueryCompileError,
  shiftDate,
  type QueryFilter,
  type QueryObject,
} from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineSetups, HOSTILE_NAME, ODD_COLUMN, openEngine, PEOPLE_ROWS, type ChartEngine } from './chartCompilerEngines.js';
import { COMPILE_OPTIONS, num, runQuery, runSql, sorted, ts } from './chartCompilerRun.js';

const { setups, skipped } = engineSetups();
for (const reason of skipped) console.info(`Chart compiler engine suite skipped: ${reason}`);

const idsOf = (rows: Record<string, unknown>[]) => rows.map((r) => num(r.id)).sort((a, b) => a! - b!);
const idsWhere = (pred: (row: (typeof PEOPLE_ROWS)[number]) => boolean) => PEOPLE_ROWS.filter(pred).map((r) => r[0]);
const sum = (column: string) => ({ expressionType: 'SIMPLE' as const, column: { column_name: column }, aggregate: 'SUM' as const });
const axis = (grain: string) => ({ sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS' as const, timeGrain: grain });

describe.each(setups.map((s) => [s.name, s] as const))('chart query compiler on %s', (_name, setup) => {
  let engine: ChartEngine;

  beforeAll(async () => {
    engine = await openEngine(setup);
  });
  afterAll(async () => {
    await engine?.close();
  });

  const filtered = async (filter: QueryFilter) => idsOf((await runQuery(engine, { columns: ['id'], filters: [filter] })).rows);

  it.each([
    ['== text', { col: 'name', op: '==', val: 'alice' }, idsWhere((r) => r[1] === 'alice')],
    ['== hostile text', { col: 'name', op: '==', val: HOSTILE_NAME }, [4]],
    ['== null', { col: 'name', op: '==', val: null }, [5]],
    ['!=', { col: 'name', op: '!=', val: 'alice' }, idsWhere((r) => r[1] !== null && r[1] !== 'alice')],
    ['<', { col: 'num', op: '<', val: 4 }, idsWhere((r) => r[3] < 4)],
    ['<= numeric text', { col: 'num', op: '<=', val: '4' }, idsWhere((r) => r[3] <= 4)],
    ['>', { col: 'num', op: '>', val: 7 }, idsWhere((r) => r[3] > 7)],
    ['>=', { col: 'num', op: '>=', val: 7 }, idsWhere((r) => r[3] >= 7)],
    ['IN', { col: 'name', op: 'IN', val: ['alice', HOSTILE_NAME, 'nobody'] }, [1, 4]],
    ['IN with null', { col: 'name', op: 'IN', val: ['bob', null] }, [2, 5]],
    ['IN empty', { col: 'name', op: 'IN', val: [] }, []],
    ['NOT IN', { col: 'grp', op: 'NOT IN', val: ['a', 'c'] }, [3, 4]],
    ['NOT IN empty', { col: 'grp', op: 'NOT IN', val: [] }, [1, 2, 3, 4, 5, 6, 7]],
    ['LIKE', { col: 'name', op: 'LIKE', val: 'a%' }, [1]],
    ['NOT LIKE', { col: 'name', op: 'NOT LIKE', val: '%e%' }, [2, 3]],
    ['ILIKE', { col: 'name', op: 'ILIKE', val: 'ALI%' }, [1]],
    ['LIKE with an escaped % (backslash escapes on every engine)', { col: 'name', op: 'LIKE', val: '\\%under%' }, [7]],
    ['LIKE with an escaped _', { col: 'name', op: 'LIKE', val: '%\\_%' }, [7]],
    ['IS NULL', { col: 'grp', op: 'IS NULL' }, [6]],
    ['IS NOT NULL', { col: 'name', op: 'IS NOT NULL' }, [1, 2, 3, 4, 6, 7]],
    ['IS TRUE', { col: 'flag', op: 'IS TRUE' }, [1, 3, 6]],
    ['IS FALSE', { col: 'flag', op: 'IS FALSE' }, [2, 5, 7]],
    ['== boolean', { col: 'flag', op: '==', val: true }, [1, 3, 6]],
    ['== boolean text', { col: 'flag', op: '==', val: 'false' }, [2, 5, 7]],
    ['TEMPORAL_RANGE explicit', { col: 'ds', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-02-01' }, [1, 2]],
    ['TEMPORAL_RANGE Last month', { col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last month' }, [5, 6]],
    ['TEMPORAL_RANGE open start', { col: 'ds', op: 'TEMPORAL_RANGE', val: ' : 2024-01-01' }, [7]],
    ['TEMPORAL_RANGE No filter', { col: 'ds', op: 'TEMPORAL_RANGE', val: 'No filter' }, [1, 2, 3, 4, 5, 6, 7]],
    ['== on a month bucket', { col: 'ds', op: '==', val: Date.UTC(2024, 0, 1), grain: 'P1M' }, [1, 2]],
    ['calculated column', { col: 'num_x2', op: '>', val: 15 }, [1, 2]],
    ['odd column name', { col: ODD_COLUMN, op: '==', val: 'y' }, [2, 4, 6]],
  ] as [string, QueryFilter, number[]][])('filter %s', async (_label, filter, expected) => {
    expect(await filtered(filter)).toEqual(expected);
  });

  it('compares boolean text with the flag column as the engine introspects it (MySQL BOOLEAN is a numeric TINYINT(1))', async () => {
    const introspected = engine.name === 'mysql' ? { type: 'tinyint(1)', generic_type: 'Numeric' as const } : {};
    const datasource = { ...engine.datasource, columns: engine.datasource.columns.map((c) => (c.column_name === 'flag' ? { ...c, ...introspected } : c)) };
    const ids = async (val: string) => idsOf((await runQuery(engine, { columns: ['id'], filters: [{ col: 'flag', op: '==', val }] }, datasource)).rows);
    expect(await ids('true')).toEqual([1, 3, 6]);
    expect(await ids('false')).toEqual([2, 5, 7]);
  });

  it('round-trips hostile text as data, in filters, labels and results', async () => {
    const { rows, columns } = await runQuery(engine, {
      columns: ['name', { sqlExpression: 'grp', label: `g'"\`\\; --` }],
      metrics: [{ ...sum('num'), label: `sum 'it' "is" \`x\` \\ -- ;` }],
      filters: [{ col: 'name', op: 'IN', val: [HOSTILE_NAME] }],
    });
    expect(columns).toEqual(['name', `g'"\`\\; --`, `sum 'it' "is" \`x\` \\ -- ;`]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe(HOSTILE_NAME);
    expect(num(rows[0]![`sum 'it' "is" \`x\` \\ -- ;`])).toBe(7);
    const like = await runQuery(engine, { columns: ['id'], filters: [{ col: 'name', op: 'LIKE', val: "%'; DROP%" }] });
    expect(idsOf(like.rows)).toEqual([4]);
  });

  it('aggregates with every SIMPLE aggregate, saved metrics and SQL metrics', async () => {
    const { rows } = await runQuery(engine, {
      columns: ['grp'],
      metrics: [
        'count',
        'total',
        sum('num'),
        { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'AVG', label: 'avg' },
        { expressionType: 'SIMPLE', column: { column_name: 'flag' }, aggregate: 'COUNT', label: 'flags' },
        { expressionType: 'SIMPLE', column: { column_name: ODD_COLUMN }, aggregate: 'COUNT_DISTINCT' },
        { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'MIN', label: 'min' },
        { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'MAX', label: 'max' },
        { expressionType: 'SQL', sqlExpression: 'MAX(num) - MIN(num)', label: 'spread' },
      ],
      orderby: [['grp', true]],
    });
    const table = sorted(
      rows.map((r) => [
        r.grp,
        num(r.count),
        num(r.total),
        num(r['SUM(num)']),
        num(r.avg),
        num(r.flags),
        num(r[`COUNT_DISTINCT(${ODD_COLUMN})`]),
        num(r.min),
        num(r.max),
        num(r.spread),
      ]),
    );
    expect(table).toEqual(
      sorted([
        ['a', 2, 30, 30, 15, 2, 2, 10, 20, 10],
        ['b', 2, 12, 12, 6, 1, 2, 5, 7, 2],
        ['c', 2, 3, 3, 1.5, 2, 1, 1, 2, 1],
        [null, 1, 4, 4, 4, 1, 1, 4, 4, 0],
      ]),
    );
  });

  it.each([
    ['P1M', { '2023-12-01 00:00:00': 1, '2024-01-01 00:00:00': 2, '2024-02-01 00:00:00': 2, '2024-03-01 00:00:00': 2 }],
    ['P1Y', { '2023-01-01 00:00:00': 1, '2024-01-01 00:00:00': 6 }],
    [
      'P1W',
      {
        '2023-12-25 00:00:00': 1,
        '2024-01-01 00:00:00': 1,
        '2024-01-15 00:00:00': 1,
        '2024-01-29 00:00:00': 1,
        '2024-02-12 00:00:00': 1,
        '2024-02-26 00:00:00': 1,
        '2024-03-04 00:00:00': 1,
      },
    ],
  ])('buckets the x-axis by %s', async (grain, expected) => {
    const { rows, compiled } = await runQuery(engine, { columns: [axis(grain)], metrics: ['count'], orderby: [['ds', true]] });
    expect(compiled.temporalLabels).toEqual(['ds']);
    expect(Object.fromEntries(rows.map((r) => [ts(r.ds), num(r.count)]))).toEqual(expected);
  });

  it('groups legacy timeseries by __timestamp with time_grain_sqla and the time range', async () => {
    const { rows } = await runQuery(engine, {
      metrics: ['count'],
      is_timeseries: true,
      granularity: 'ds',
      time_range: '2024-01-01 : 2024-03-01',
      extras: { time_grain_sqla: 'P1M' },
      orderby: [['__timestamp', true]],
    });
    expect(rows.map((r) => [ts(r.__timestamp), num(r.count)])).toEqual([
      ['2024-01-01 00:00:00', 2],
      ['2024-02-01 00:00:00', 2],
    ]);
  });

  it('keeps only the top series, NULL series included', async () => {
    const query = (metric: 'SUM' | 'MAX', limit: number): QueryObject => ({
      columns: [axis('P1Y'), 'grp'],
      metrics: ['count'],
      series_columns: ['grp'],
      series_limit: limit,
      series_limit_metric: { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: metric },
    });
    const top2 = await runQuery(engine, query('SUM', 2));
    expect(sorted(top2.rows.map((r) => r.grp))).toEqual(['a', 'b']);
    // MAX(num): a 20, b 7, NULL 4, c 2 -> the NULL series is among the top three.
    const top3 = await runQuery(engine, query('MAX', 3));
    expect(sorted([...new Set(top3.rows.map((r) => r.grp))])).toEqual(sorted(['a', 'b', null]));
  });

  it('ranks series whose limit metric is NULL last, on every engine', async () => {
    // Only group a has num > 9: the other groups' metric is NULL, which PostgreSQL would sort first when descending.
    const { rows } = await runQuery(engine, {
      columns: ['grp'],
      metrics: ['count'],
      series_columns: ['grp'],
      series_limit: 1,
      series_limit_metric: { expressionType: 'SQL', sqlExpression: 'SUM(CASE WHEN num > 9 THEN num END)', label: 'big' },
    });
    expect(rows.map((r) => r.grp)).toEqual(['a']);
  });

  it('folds the series outside the top N into Others when asked', async () => {
    const { rows } = await runQuery(engine, {
      columns: ['grp'],
      metrics: [sum('num')],
      series_limit: 2,
      group_others_when_limit_reached: true,
      orderby: [['grp', true]],
    });
    // a 30 and b 12 stay; c 3 and the NULL series 4 become Others 7.
    expect(sorted(rows.map((r) => [r.grp, num(r['SUM(num)'])]))).toEqual(
      sorted([
        ['a', 30],
        ['b', 12],
        ['Others', 7],
      ]),
    );
  });

  it('keeps result columns in colnames order, even for labels longer than identifiers may be', async () => {
    const long = `${'a very long metric label '.repeat(3)}that engines may truncate`;
    const { rows, columns, compiled } = await runQuery(engine, {
      columns: ['grp'],
      metrics: [{ ...sum('num'), label: long }],
      orderby: [['grp', true]],
      filters: [{ col: 'grp', op: '==', val: 'a' }],
    });
    expect(compiled.colnames).toEqual(['grp', long]);
    // Map by position: PostgreSQL cuts aliases at 63 bytes.
    expect(columns).toHaveLength(2);
    expect(num(rows[0]![columns[1]!])).toBe(30);
  });

  it('counts rows with is_rowcount', async () => {
    const { rows, compiled } = await runQuery(engine, { columns: ['grp'], metrics: ['count'], is_rowcount: true, row_limit: 1 });
    expect(compiled.colnames).toEqual(['rowcount']);
    expect(rows.map((r) => num(r.rowcount))).toEqual([4]);
  });

  it('pages with row_limit and row_offset, ordered', async () => {
    const { rows } = await runQuery(engine, { columns: ['id', 'num'], orderby: [['num', true]], row_limit: 2, row_offset: 2 });
    expect(rows.map((r) => num(r.id))).toEqual([6, 3]);
  });

  it('orders aggregates by the first metric descending by default', async () => {
    const { rows } = await runQuery(engine, { columns: ['grp'], metrics: [sum('num')], row_limit: 2 });
    expect(rows.map((r) => [r.grp, num(r['SUM(num)'])])).toEqual([
      ['a', 30],
      ['b', 12],
    ]);
  });

  it('queries a virtual dataset and applies custom WHERE and HAVING', async () => {
    const { rows } = await runQuery(
      engine,
      { columns: ['grp'], metrics: ['count'], extras: { where: "grp <> 'b'", having: 'COUNT(*) > 1' }, orderby: [['grp', true]] },
      engine.virtual,
    );
    expect(rows.map((r) => [r.grp, num(r.count)])).toEqual([['a', 2]]);
  });

  it('runs the time comparison query over the shifted range', async () => {
    const base: QueryObject = { columns: [axis('P1M')], metrics: ['count'], filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2024-02-01 : 2024-04-01' }] };
    const shifted = offsetQueryObject(base, '1 month ago', COMPILE_OPTIONS.now);
    const { rows, compiled } = await runQuery(engine, shifted);
    expect(compiled.fromDttm).toBe(Date.UTC(2024, 0, 1));
    const aligned = rows.map((r) => [
      shiftDate(new Date(`${ts(r.ds)!.replace(' ', 'T')}Z`), '1 month ago', 'forward')
        .toISOString()
        .slice(0, 10),
      num(r.count),
    ]);
    expect(sorted(aligned)).toEqual(
      sorted([
        ['2024-02-01', 2],
        ['2024-03-01', 2],
      ]),
    );
  });

  it('reads samples with limit and offset', async () => {
    const compiled = compileSamplesQuery(engine.datasource, engine.dialect, {
      limit: 3,
      offset: 1,
      filters: [{ col: 'num', op: '>', val: 3 }],
      now: COMPILE_OPTIONS.now,
    });
    const { rows } = await runSql(engine, compiled);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => num(r.num)! > 3)).toBe(true);
    expect(CHART_CONSTANTS.SAMPLES_ROW_LIMIT).toBeGreaterThan(3);
  });

  it('drills into the rows behind a chart with every dataset column', async () => {
    const compiled = compileDrillDetail({ filters: [{ col: 'grp', op: '==', val: 'b' }], orderby: [['id', true]] }, engine.datasource, engine.dialect, {
      ...COMPILE_OPTIONS,
      limit: 10,
    });
    const { rows, columns } = await runSql(engine, compiled);
    expect(columns).toEqual(['id', 'name', 'grp', 'num', 'ds', 'flag', ODD_COLUMN, 'num_x2']);
    expect(rows.map((r) => [num(r.id), r.name, num(r.num_x2), ts(r.ds)])).toEqual([
      [3, 'carol', 10, '2024-02-03 00:00:00'],
      [4, HOSTILE_NAME, 14, '2024-02-14 23:59:59'],
    ]);
  });

  it('refuses custom SQL that would leave its expression, before anything runs', async () => {
    for (const where of ['1 = 1; DROP TABLE people', "name = 'a' --", '1 = 1) OR (1 = 1']) {
      try {
        const { rows } = await runQuery(engine, { columns: ['id'], extras: { where } });
        // A trailing comment is dropped, so the query is harmless: it must still return a proper answer.
        expect(where).toBe("name = 'a' --");
        expect(rows).toEqual([]);
      } catch (error) {
        expect(error).toBeInstanceOf(QueryCompileError);
      }
    }
    expect((await runQuery(engine, { columns: ['id'] })).rows).toHaveLength(PEOPLE_ROWS.length);
  });
});
