import { expect, it } from 'vitest';
import type { TestApp } from '../../../test/testApp.js';
import { BIRTHS, count, sumBy, type BirthRow } from './chartDataKit.js';

export interface SuiteContext {
  app: TestApp;
  datasetId: number;
}

type Row = Record<string, unknown>;

export async function chartData(ctx: SuiteContext, queries: Row[], extra: Row = {}, query = '') {
  return ctx.app.api('POST', `/api/v1/chart/data${query}`, {
    body: { datasource: { id: ctx.datasetId, type: 'table' }, queries, result_type: 'full', result_format: 'json', force: true, ...extra },
  });
}

const SUM_NUM = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };
const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'cnt' };
const xAxis = (grain: string) => ({ sqlExpression: 'ds', label: 'ds', expressionType: 'SQL', columnType: 'BASE_AXIS', timeGrain: grain });
const n = (v: unknown) => Number(v);

/** Behaviour every engine must show; `get` gives the app and a dataset over the births rows. */
export function chartDataSuite(get: () => SuiteContext): void {
  it('aggregates by a column with saved, SIMPLE and SQL metrics', async () => {
    const res = await chartData(get(), [
      {
        columns: ['gender'],
        metrics: ['count', SUM_NUM, { expressionType: 'SQL', sqlExpression: 'MAX(num)', label: 'max_num' }],
        orderby: [['gender', true]],
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    expect(result).toMatchObject({ status: 'success', is_cached: false, colnames: ['gender', 'count', 'SUM(num)', 'max_num'], coltypes: [1, 0, 0, 0] });
    expect(result.cache_key).toMatch(/^[0-9a-f]{64}$/);
    expect(result.query).toMatch(/GROUP BY/i);
    const expected = sumBy(BIRTHS, (r) => r.gender);
    expect(result.data.map((r: Row) => [r.gender, n(r.count), n(r['SUM(num)']), n(r.max_num)])).toEqual(
      [...expected.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([g, v]) => [g, v.count, v.sum, v.max]),
    );
    expect(result.rowcount).toBe(2);
    for (const field of ['cached_dttm', 'cache_timeout', 'applied_template_filters', 'annotation_data', 'error', 'stacktrace', 'sql_rowcount', 'from_dttm', 'to_dttm', 'label_map', 'indexnames', 'result_format', 'applied_filters', 'rejected_filters']) {
      expect(result, field).toHaveProperty(field);
    }
  });

  it('groups bars by a text x-axis even when the client attached a time grain to it', async () => {
    const axis = { sqlExpression: 'state', label: 'state', columnType: 'BASE_AXIS', timeGrain: 'P1D' };
    const res = await chartData(get(), [{ columns: [axis], metrics: [COUNT], orderby: [[axis, true]], extras: { time_grain_sqla: 'P1D' } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    expect(result.coltypes).toEqual([1, 0]);
    expect(result.data.map((r: Row) => [r.state, n(r.cnt)])).toEqual(['CA', 'NY', 'TX'].map((s) => [s, count((r) => r.state === s)]));
  });

  it('keeps labels longer than an engine allows for aliases (PostgreSQL cuts at 63 bytes)', async () => {
    const label = `Sum of the number of births per gender, summed over every single year ${'x'.repeat(20)}`;
    const res = await chartData(get(), [{ columns: ['gender'], metrics: [{ ...SUM_NUM, label }], orderby: [['gender', true]] }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    expect(result.colnames).toEqual(['gender', label]);
    const expected = sumBy(BIRTHS, (r) => r.gender);
    expect(result.data.map((r: Row) => [r.gender, n(r[label])])).toEqual(
      [...expected.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([g, v]) => [g, v.sum]),
    );
  });

  it('applies every filter operator', async () => {
    const cases: [Row, (r: BirthRow) => boolean][] = [
      [{ col: 'gender', op: '==', val: 'boy' }, (r) => r.gender === 'boy'],
      [{ col: 'gender', op: '!=', val: 'boy' }, (r) => r.gender !== 'boy'],
      [{ col: 'num', op: '<', val: 3 }, (r) => r.num < 3],
      [{ col: 'num', op: '<=', val: 3 }, (r) => r.num <= 3],
      [{ col: 'num', op: '>', val: 5 }, (r) => r.num > 5],
      [{ col: 'num', op: '>=', val: 5 }, (r) => r.num >= 5],
      [{ col: 'name', op: 'IN', val: ['Ann', 'Eve'] }, (r) => r.name === 'Ann' || r.name === 'Eve'],
      [{ col: 'name', op: 'NOT IN', val: ['Ann', 'Eve'] }, (r) => r.name !== 'Ann' && r.name !== 'Eve'],
      [{ col: 'name', op: 'LIKE', val: 'A%' }, (r) => r.name.startsWith('A')],
      [{ col: 'name', op: 'ILIKE', val: 'a%' }, (r) => r.name.toLowerCase().startsWith('a')],
      [{ col: 'note', op: 'IS NULL' }, (r) => r.note === null],
      [{ col: 'note', op: 'IS NOT NULL' }, (r) => r.note !== null],
      [{ col: 'flag', op: 'IS TRUE' }, (r) => r.flag],
      [{ col: 'flag', op: 'IS FALSE' }, (r) => !r.flag],
      [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2021-01-01 : 2022-01-01' }, (r) => r.ms >= Date.UTC(2021, 0, 1) && r.ms < Date.UTC(2022, 0, 1)],
    ];
    for (const [filter, pred] of cases) {
      const res = await chartData(get(), [{ columns: [], metrics: [COUNT], filters: [filter] }]);
      expect(res.status, `${JSON.stringify(filter)}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(n(res.body.result[0].data[0].cnt), JSON.stringify(filter)).toBe(count(pred));
    }
  });

  it('filters by time range and reports the bounds', async () => {
    const res = await chartData(get(), [{ columns: [], metrics: [COUNT], filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2022-03-01 : 2022-06-01' }] }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    expect(n(result.data[0].cnt)).toBe(count((r) => r.ms >= Date.UTC(2022, 2, 1) && r.ms < Date.UTC(2022, 5, 1)));
    expect([result.from_dttm, result.to_dttm]).toEqual([Date.UTC(2022, 2, 1), Date.UTC(2022, 5, 1)]);
    const bad = await chartData(get(), [{ columns: [], metrics: [COUNT], filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'next blue moon : whenever' }] }]);
    expect(bad.status).toBe(400);
  });

  it('buckets the x-axis by a time grain into epoch ms', async () => {
    const res = await chartData(get(), [{ columns: [xAxis('P1Y')], metrics: [COUNT], orderby: [[xAxis('P1Y'), true]] }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    expect(result.coltypes).toEqual([2, 0]);
    expect(result.data.map((r: Row) => [r.ds, n(r.cnt)])).toEqual(
      [2020, 2021, 2022, 2023].map((y) => [Date.UTC(y, 0, 1), count((r) => new Date(r.ms).getUTCFullYear() === y)]),
    );
  });

  it('keeps only the top series under a series limit', async () => {
    const res = await chartData(get(), [
      { columns: [xAxis('P1Y'), 'name'], metrics: [SUM_NUM], series_columns: ['name'], series_limit: 2, series_limit_metric: SUM_NUM, order_desc: true },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const names = new Set(res.body.result[0].data.map((r: Row) => r.name));
    const top = [...sumBy(BIRTHS, (r) => r.name).entries()].sort((a, b) => b[1].sum - a[1].sum).slice(0, 2).map(([k]) => k);
    expect([...names].sort()).toEqual(top.sort());
  });

  it('caps the row limit at the configured maximum', async () => {
    const res = await chartData(get(), [{ columns: ['name'], metrics: [], row_limit: 500_000 }], { result_type: 'query' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result[0]).toMatchObject({ language: 'sql' });
    expect(res.body.result[0].query).toMatch(/100000/);
    expect(res.body.result[0].query).not.toMatch(/500000/);
  });

  it('pivots and flattens after the query', async () => {
    const res = await chartData(get(), [
      {
        columns: [xAxis('P1Y'), 'gender'],
        metrics: [COUNT],
        post_processing: [
          { operation: 'pivot', options: { index: ['ds'], columns: ['gender'], aggregates: { cnt: { operator: 'mean' } }, drop_missing_columns: false } },
          { operation: 'flatten' },
        ],
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    expect(result.rowcount).toBe(4);
    expect(result.sql_rowcount).toBe(8);
    expect(result.colnames[0]).toBe('ds');
    const boy = result.colnames.find((c: string) => c.includes('boy'));
    expect(boy).toBeDefined();
    const y2021 = result.data.find((r: Row) => r.ds === Date.UTC(2021, 0, 1));
    expect(n(y2021[boy])).toBe(count((r) => r.gender === 'boy' && new Date(r.ms).getUTCFullYear() === 2021));
  });

  it('joins time comparisons as <metric>__<offset>', async () => {
    const res = await chartData(get(), [
      {
        columns: [xAxis('P1Y')],
        metrics: [COUNT],
        filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2021-01-01 : 2023-01-01' }],
        time_offsets: ['1 year ago'],
        orderby: [[xAxis('P1Y'), true]],
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    expect(result.colnames).toEqual(['ds', 'cnt', 'cnt__1 year ago']);
    expect(result.label_map['cnt__1 year ago']).toEqual(['cnt', '1 year ago']);
    const inYear = (y: number) => count((r) => new Date(r.ms).getUTCFullYear() === y);
    expect(result.data.map((r: Row) => [r.ds, n(r.cnt), n(r['cnt__1 year ago'])])).toEqual([
      [Date.UTC(2021, 0, 1), inYear(2021), inYear(2020)],
      [Date.UTC(2022, 0, 1), inYear(2022), inYear(2021)],
    ]);
  });

  it('answers each result type', async () => {
    const base = { columns: ['state'], metrics: [COUNT], orderby: [['state', true]] };
    const results = await chartData(get(), [base], { result_type: 'results' });
    expect(results.status).toBe(200);
    expect(Object.keys(results.body.result[0]).sort()).toEqual(['colnames', 'coltypes', 'data', 'rowcount', 'sql_rowcount']);
    expect(results.body.result[0].rowcount).toBe(3);

    const samples = await chartData(get(), [base], { result_type: 'samples' });
    expect(samples.status, JSON.stringify(samples.body)).toBe(200);
    expect(samples.body.result[0].colnames).toEqual(expect.arrayContaining(['ds', 'gender', 'name', 'num', 'state']));
    expect(samples.body.result[0].rowcount).toBe(BIRTHS.length);

    const drill = await chartData(get(), [{ ...base, filters: [{ col: 'state', op: '==', val: 'CA' }], row_limit: 5, row_offset: 5 }], { result_type: 'drill_detail' });
    expect(drill.status, JSON.stringify(drill.body)).toBe(200);
    expect(drill.body.result[0].rowcount).toBe(5);
    expect(drill.body.result[0].data.every((r: Row) => r.state === 'CA')).toBe(true);

    const columns = await chartData(get(), [base], { result_type: 'columns' });
    expect(columns.body.result[0].data.map((c: Row) => c.column_name)).toEqual(expect.arrayContaining(['ds', 'num']));
    const grains = await chartData(get(), [base], { result_type: 'timegrains' });
    expect(grains.body.result[0].data.map((g: Row) => g.duration)).toEqual(expect.arrayContaining(['P1D', 'P1M', 'P1Y']));
    // Server-paginated tables send a second query for the row count.
    const two = await chartData(get(), [base, { ...base, is_rowcount: true }]);
    expect(two.body.result).toHaveLength(2);
    expect(n(two.body.result[1].data[0].rowcount)).toBe(3);
    const post = await chartData(get(), [base], { result_type: 'post_processed' });
    expect(post.body.result[0].data.map((r: Row) => r.state)).toEqual(['CA', 'NY', 'TX']);
  });

  it('refuses bad payloads, unknown datasources and subqueries in adhoc SQL', async () => {
    const bad = await get().app.api('POST', '/api/v1/chart/data', { body: { datasource: { id: get().datasetId, type: 'table' }, queries: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    const missing = await get().app.api('POST', '/api/v1/chart/data', { body: { datasource: { id: 987654, type: 'table' }, queries: [{ metrics: [COUNT] }] } });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Not found' } });
    const sub = await chartData(get(), [{ columns: [], metrics: [{ expressionType: 'SQL', sqlExpression: 'MAX((SELECT 1))', label: 'm' }] }]);
    // Superset refuses it as a security matter (SupersetSecurityException): 403.
    expect(sub.status).toBe(403);
    expect(sub.body.errors[0].error_type).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    const engine = await chartData(get(), [{ columns: [], metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(no_such_column)', label: 'm' }] }]);
    expect(engine.status).toBe(400);
    expect(engine.body).toMatchObject({ message: expect.any(String), errors: [{ error_type: expect.any(String) }] });
  });

  it('answers the second identical request from the cache, unless forced', async () => {
    const q = [{ columns: ['name'], metrics: [COUNT], filters: [{ col: 'num', op: '>', val: 2 }], orderby: [['name', true]] }];
    const first = await chartData(get(), q, { force: false });
    const second = await chartData(get(), q, { force: false });
    expect(first.body.result[0].is_cached).toBe(false);
    expect(second.body.result[0]).toMatchObject({ is_cached: true, cache_key: first.body.result[0].cache_key, data: first.body.result[0].data });
    expect(second.body.result[0].cached_dttm).toEqual(expect.any(String));
    const forced = await chartData(get(), q, { force: true });
    expect(forced.body.result[0].is_cached).toBe(false);
  });
}

/** Global async queries (GLOBAL_ASYNC_QUERIES=on): 202 with a job, an event when done, the result by its URL. */
export function asyncQuerySuite(get: () => SuiteContext): void {
  it('answers a miss with a job, posts an event and serves the result; a hit answers at once', async () => {
    const { app, datasetId } = get();
    const body = { datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['gender'], metrics: [COUNT], orderby: [['gender', true]] }] };
    const first = await app.api('POST', '/api/v1/chart/data', { body });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body).toMatchObject({ channel_id: expect.any(String), job_id: expect.any(String), user_id: 1, status: 'pending', errors: [], result_url: null });
    let event: Row | undefined;
    for (let i = 0; i < 200 && !event; i++) {
      const events = await app.api('GET', '/api/v1/async_event/');
      event = (events.body.result as Row[]).find((e) => e.job_id === first.body.job_id);
      if (!event) await new Promise((r) => setTimeout(r, 50));
    }
    expect(event).toMatchObject({ status: 'done', channel_id: first.body.channel_id, result_url: expect.stringMatching(/^\/api\/v1\/chart\/data\/[0-9a-f]{64}$/) });
    const later = await app.api('GET', `/api/v1/async_event/?last_id=${String(event!.id)}`);
    expect((later.body.result as Row[]).filter((e) => e.job_id === first.body.job_id)).toEqual([]);
    const result = await app.api('GET', String(event!.result_url));
    expect(result.status).toBe(200);
    expect(result.body.result[0].data.map((r: Row) => r.gender)).toEqual(['boy', 'girl']);
    const again = await app.api('POST', '/api/v1/chart/data', { body });
    expect(again.status).toBe(200);
    expect(again.body.result[0].is_cached).toBe(true);
    expect((await app.api('GET', `/api/v1/chart/data/${'0'.repeat(64)}`)).status).toBe(404);
    const failing = await app.api('POST', '/api/v1/chart/data', { body: { ...body, queries: [{ metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(nope)', label: 'x' }] }] } });
    expect(failing.status).toBe(202);
    let failed: Row | undefined;
    for (let i = 0; i < 200 && !failed; i++) {
      const events = await app.api('GET', '/api/v1/async_event/');
      failed = (events.body.result as Row[]).find((e) => e.job_id === failing.body.job_id);
      if (!failed) await new Promise((r) => setTimeout(r, 50));
    }
    expect(failed).toMatchObject({ status: 'error', errors: [{ error_type: expect.any(String) }], result_url: null });
  });
}
