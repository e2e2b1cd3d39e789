import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp } from '../../test/testApp.js';
import { count, createDataset, createDuckdbWarehouse } from './__tests__/chartDataKit.js';
import { chartData, type SuiteContext } from './__tests__/chartDataSuite.js';

type Row = Record<string, unknown>;

/** A 400 in the catalogue's payload-schema shape: field messages at the top, one INVALID_PAYLOAD_SCHEMA_ERROR entry. */
function expectSchemaError(res: { status: number; body: any }, field: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  // marshmallow nests messages by field and list index: 'queries.0.row_limit' is {queries: {0: {row_limit: [...]}}}.
  expect(res.body.message, JSON.stringify(res.body)).toHaveProperty(field.split('.'));
  expect(res.body.errors[0]).toMatchObject({ error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR' });
}

/** The messages at a dotted path of nested field messages. */
const at = (messages: unknown, path: string): unknown => path.split('.').reduce<any>((node, key) => node?.[key], messages);

describe('legacy data views: input validation and saved charts', () => {
  const ctx = {} as SuiteContext;
  const samples = (body: unknown, query = '') =>
    ctx.app.api('POST', `/datasource/samples?datasource_type=table&datasource_id=${ctx.datasetId}${query}`, { body });
  const exploreJson = (formData: Row, query = '') =>
    ctx.app.api('POST', `/superset/explore_json/${query}`, { body: { form_data: { datasource: `${ctx.datasetId}__table`, viz_type: 'table', ...formData } } });

  beforeAll(async () => {
    ctx.app = await startTestApp();
    ctx.datasetId = await createDataset(ctx.app, await createDuckdbWarehouse(ctx.app, DuckDBInstance), 'births', 'main');
  });
  afterAll(async () => ctx.app?.close());

  it('refuses a malformed samples body with a 400 naming the field, as the chart data API does', async () => {
    const cases: [unknown, string][] = [
      [{ filters: 'x' }, 'filters'],
      [{ filters: [1] }, 'filters.0'],
      [{ filters: [null] }, 'filters.0'],
      [{ filters: { col: 'gender' } }, 'filters'],
      [{ filters: [{ col: 'gender' }] }, 'filters.0.op'],
      [{ filters: [{ col: 'gender', op: 'bogus', val: 'boy' }] }, 'filters.0.op'],
      [{ extras: { where: 5 } }, 'extras.where'],
      [{ time_range: 5 }, 'time_range'],
    ];
    for (const [body, field] of cases) {
      const res = await samples(body);
      expectSchemaError(res, field);
      // The same query object sent to the chart data API is refused with the same message.
      const viaApi = await chartData(ctx, [body as Row]);
      expect(viaApi.status).toBe(400);
      expect(at(viaApi.body.message, `queries.0.${field}`)).toEqual(at(res.body.message, field));
    }
  });

  it('checks the samples paging parameters', async () => {
    for (const query of ['&per_page=abc', '&per_page=0', '&per_page=1001', '&per_page=2.5', '&page=0', '&page=x']) {
      const res = await samples({}, query);
      expect(res.status, `${query}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(400);
      expect(Object.keys(res.body.message)).toEqual([query.slice(1).split('=')[0]]);
    }
    const ok = await samples(null, '&per_page=1000&page=1');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.result).toMatchObject({ per_page: 1000, page: 1, total_count: count(() => true) });
    const filtered = await samples({ filters: [{ col: 'gender', op: 'IN', val: ['boy'] }], extras: { where: "state = 'CA'" }, time_range: 'No filter' });
    expect(filtered.status, JSON.stringify(filtered.body)).toBe(200);
    expect(filtered.body.result.total_count).toBe(count((r) => r.gender === 'boy' && r.state === 'CA'));
  });

  it('answers bad explore_json form data with the 400 the chart data API gives, never a 500', async () => {
    const cases: [Row, string, Row][] = [
      [{ row_limit: -1 }, 'queries.0.row_limit', { row_limit: -1 }],
      [{ time_range: 5 }, 'queries.0.time_range', { time_range: 5 }],
      [
        { metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'MEDIAN', label: 'm' }] },
        'queries.0.metrics.0',
        { metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'MEDIAN', label: 'm' }] },
      ],
      [{ extra_filters: [{ col: 'gender', op: 'bogus', val: 'boy' }] }, 'queries.0.filters.0.op', { filters: [{ col: 'gender', op: 'bogus', val: 'boy' }] }],
    ];
    for (const [formData, field, query] of cases) {
      const res = await exploreJson({ metrics: ['count'], ...formData });
      expectSchemaError(res, field);
      const viaApi = await chartData(ctx, [query]);
      expect(viaApi.status).toBe(400);
      expect(at(res.body.message, field)).toEqual(at(viaApi.body.message, field));
    }
  });

  it('answers malformed adhoc_filters and extra_filters with a 400 naming the field, not a JS error', async () => {
    const cases: [string, unknown, string][] = [
      ['adhoc_filters', 'x', 'adhoc_filters'],
      ['adhoc_filters', [1], 'adhoc_filters.0'],
      ['adhoc_filters', [null], 'adhoc_filters.0'],
      ['adhoc_filters', [{ expressionType: 'SQL' }], 'adhoc_filters.0'],
      ['extra_filters', 'x', 'extra_filters'],
      ['extra_filters', [1], 'extra_filters.0'],
      ['extra_filters', [null], 'extra_filters.0'],
      ['extra_filters', [{ op: '==', val: 'boy' }], 'extra_filters.0.col'],
    ];
    for (const [name, value, field] of cases) {
      const res = await exploreJson({ metrics: ['count'], [name]: value });
      expectSchemaError(res, field);
      expect(JSON.stringify(res.body)).not.toMatch(/Cannot read|undefined/);
    }
  });

  it('refuses an adhoc filter with an unknown operator instead of dropping it', async () => {
    const filter = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: 'bogus', comparator: 'boy' };
    const res = await exploreJson({ metrics: ['count'], adhoc_filters: [filter] });
    expectSchemaError(res, 'adhoc_filters.0.operator');
    expect(res.body.message.adhoc_filters[0].operator[0]).toMatch(/bogus/);
    // Loose spellings the explorer stores still work.
    const known = await exploreJson({ metrics: ['count'], adhoc_filters: [{ ...filter, operator: '==', operatorId: 'EQUALS' }] });
    expect(known.status, JSON.stringify(known.body)).toBe(200);
    expect(known.body.data).toEqual([{ count: count((r) => r.gender === 'boy') }]);
  });

  it('loads a saved chart from a form data holding only slice_id, for callers who may see it', async () => {
    const params = { datasource: `${ctx.datasetId}__table`, viz_type: 'table', groupby: ['gender'], metrics: ['count'], row_limit: 10 };
    const created = await ctx.app.api('POST', '/api/v1/chart/', {
      body: { slice_name: 'legacy by gender', viz_type: 'table', datasource_id: ctx.datasetId, datasource_type: 'table', params: JSON.stringify(params) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const expected = ['boy', 'girl'].map((g) => ({ gender: g, count: count((r) => r.gender === g) }));
    const sorted = (rows: Row[]) => [...rows].sort((a, b) => String(a.gender).localeCompare(String(b.gender)));

    const inBody = await ctx.app.api('POST', '/superset/explore_json/', { body: { form_data: { slice_id: id } } });
    expect(inBody.status, JSON.stringify(inBody.body)).toBe(200);
    expect(inBody.body.form_data).toMatchObject({ ...params, slice_id: id });
    expect(sorted(inBody.body.data)).toEqual(expected);

    const inQuery = await ctx.app.api('POST', `/superset/explore_json/?form_data=${encodeURIComponent(JSON.stringify({ slice_id: id }))}`);
    expect(inQuery.status, JSON.stringify(inQuery.body)).toBe(200);
    expect(sorted(inQuery.body.data)).toEqual(expected);

    // The given keys are merged over the saved params (Superset's get_form_data).
    const girls = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: '==', comparator: 'girl' };
    const merged = await ctx.app.api('POST', '/superset/explore_json/', { body: { form_data: { slice_id: id, adhoc_filters: [girls] } } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.data).toEqual([{ gender: 'girl', count: count((r) => r.gender === 'girl') }]);

    expect((await ctx.app.api('POST', '/superset/explore_json/', { body: { form_data: { slice_id: 999999 } } })).status).toBe(404);
    const gamma = await createUserWithRole(ctx.app, 'legacy_gamma', 'Gamma');
    const hidden = await ctx.app.api('POST', '/superset/explore_json/', { token: gamma, body: { form_data: { slice_id: id } } });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(404);
  });
});
