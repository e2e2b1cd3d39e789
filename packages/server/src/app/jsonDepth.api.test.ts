import { MAX_JSON_DEPTH } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../test/testApp.js';
import { createWarehouse, sendForm } from '../modules/tabState/__tests__/sqllabTestKit.js';

/** JSON text nesting `depth` objects (what an attacker sends: 50,000 levels is 250 KB). */
const nestedText = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
/** The same as a value (built as text: a recursive builder would overflow first). */
const nestedValue = (depth: number): unknown => JSON.parse(nestedText(depth));
/** Splices deep JSON text into a body at a placeholder, as JSON.stringify of such a value would overflow. */
const withDeep = (body: unknown, depth: number) => JSON.stringify(body).replace('"@DEEP@"', nestedText(depth));

const payloadFormatError = (field?: string) => ({
  status: 400,
  body: {
    message: expect.stringContaining(`nests deeper than ${MAX_JSON_DEPTH} levels`),
    errors: [
      {
        error_type: 'INVALID_PAYLOAD_FORMAT_ERROR',
        level: 'error',
        extra: { max_depth: MAX_JSON_DEPTH, ...(field ? { field } : {}), issue_codes: [expect.objectContaining({ code: 1019 })] },
      },
    ],
  },
});

describe('hostile JSON at the boundary: depth and size', () => {
  let app: TestApp;
  let datasetId: number;
  let alpha: string;

  beforeAll(async () => {
    app = await startTestApp();
    const dbId = await createWarehouse(app);
    datasetId = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).body.id;
    alpha = await createUserWithRole(app, 'alpha', 'Alpha');
  });
  afterAll(async () => {
    await app?.close();
  });

  const chartBody = (params: string) => ({ slice_name: 'Deep', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', params });

  it('refuses a chart whose params nest 50,000 levels (400, not stored), and keeps ones at the cap', async () => {
    const before = (await app.api('GET', '/api/v1/chart/')).body.count as number;
    const deep = await app.api('POST', '/api/v1/chart/', { body: chartBody(nestedText(50_000)) });
    expect(deep).toMatchObject(payloadFormatError('params'));
    expect(deep.body.message).toBe(`params: JSON nests deeper than ${MAX_JSON_DEPTH} levels`);
    const deepContext = await app.api('POST', '/api/v1/chart/', { body: { ...chartBody('{}'), query_context: `{"a": ${nestedText(MAX_JSON_DEPTH)}}` } });
    expect(deepContext).toMatchObject(payloadFormatError('query_context'));
    expect((await app.api('GET', '/api/v1/chart/')).body.count).toBe(before);

    const atCap = await app.api('POST', '/api/v1/chart/', { body: chartBody(JSON.stringify({ viz_type: 'table', extra: nestedValue(MAX_JSON_DEPTH - 1) })) });
    expect(atCap.status).toBe(201);
    await app.api('DELETE', `/api/v1/chart/${atCap.body.id}`);
  });

  it('refuses bodies that nest too deep themselves, from their text', async () => {
    const body = withDeep({ dashboard_title: 'Deep', extra: '@DEEP@' }, 50_000);
    expect(await app.api('POST', '/api/v1/dashboard/', { body })).toMatchObject(payloadFormatError());
    expect((await app.api('POST', '/api/v1/dashboard/', { body: withDeep({ dashboard_title: 'Deep', x: '@DEEP@' }, MAX_JSON_DEPTH) })).status).toBe(400);
  });

  it('a chart stored with 50,000-level params before the cap does not break the chart list of other users', async () => {
    const created = await app.api('POST', '/api/v1/chart/', { body: chartBody(JSON.stringify({ viz_type: 'table', metrics: ['count'] })) });
    expect(created.status).toBe(201);
    const deep = nestedText(50_000);
    await app.ctx.db.updateTable('slices').set({ params: deep }).where('id', '=', created.body.id).execute();

    for (const token of [alpha, await app.token()]) {
      const list = await app.api('GET', '/api/v1/chart/', { token });
      expect(list.status).toBe(200);
      const row = (list.body.result as { id: number; params: string; form_data: Record<string, unknown> }[]).find((r) => r.id === created.body.id)!;
      // The stored text as it is; the form data without what could not be read.
      expect(row.params).toBe(deep);
      expect(row.form_data).toEqual({ slice_id: created.body.id, viz_type: 'table', datasource: `${datasetId}__table` });
    }
    const shown = await app.api('GET', `/api/v1/chart/${created.body.id}`, { token: alpha });
    expect(shown.status).toBe(200);
    expect(shown.body.result.params).toBe(deep);
  });

  it('answers chart data with deep extras or a deep filter value 400, not 500', async () => {
    const query = { columns: ['name'], metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }], row_limit: 10 };
    const good = { datasource: { id: datasetId, type: 'table' }, queries: [query] };
    expect((await app.api('POST', '/api/v1/chart/data', { body: good })).status).toBe(200);

    const deepExtras = withDeep({ ...good, queries: [{ ...query, extras: { where: '', deep: '@DEEP@' } }] }, 50_000);
    expect(await app.api('POST', '/api/v1/chart/data', { body: deepExtras, token: alpha })).toMatchObject(payloadFormatError());
    const deepFilter = withDeep({ ...good, queries: [{ ...query, filters: [{ col: 'name', op: 'IN', val: '@DEEP@' }] }] }, 50_000);
    expect(await app.api('POST', '/api/v1/chart/data', { body: deepFilter, token: alpha })).toMatchObject(payloadFormatError());
    // Sent again (chart data keeps parsed bodies by their text): the same answer.
    expect((await app.api('POST', '/api/v1/chart/data', { body: deepFilter, token: alpha })).status).toBe(400);
    // Deep enough to pass a shallow check yet over the cap.
    const justOver = { ...good, queries: [{ ...query, filters: [{ col: 'name', op: 'IN', val: nestedValue(MAX_JSON_DEPTH) }] }] };
    expect((await app.api('POST', '/api/v1/chart/data', { body: justOver })).status).toBe(400);
    // Explore's download form posts the query context as a form field holding JSON.
    const form = await fetch(`${app.url}/api/v1/chart/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alpha}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ form_data: deepExtras }).toString(),
    });
    expect(form.status).toBe(400);
    expect(await form.json()).toMatchObject({ errors: [{ error_type: 'INVALID_PAYLOAD_FORMAT_ERROR', extra: { field: 'form_data' } }] });
  });

  it('answers a deep SQL Lab permalink 400, as JSON or as a form field', async () => {
    const state = { dbId: 1, name: 'Deep', sql: 'SELECT 1', templateParams: '@DEEP@' };
    expect(await app.api('POST', '/api/v1/sqllab/permalink', { body: withDeep(state, 50_000), token: alpha })).toMatchObject(payloadFormatError());
    const asText = await app.api('POST', '/api/v1/sqllab/permalink', { body: { ...state, templateParams: nestedText(50_000) }, token: alpha });
    expect(asText).toMatchObject(payloadFormatError('templateParams'));
    const kv = await sendForm(app, 'POST', '/kv/store/', { data: `{"dbId": 1, "x": ${nestedText(50_000)}}` }, { raw: true, token: alpha });
    expect(kv).toMatchObject(payloadFormatError('data'));
    const kvJson = await app.api('POST', '/kv/store/', { body: withDeep({ data: { dbId: 1, x: '@DEEP@' } }, 50_000), token: alpha });
    expect(kvJson).toMatchObject(payloadFormatError());
  });

  it('answers deep rison and deep JSON in the query string 400', async () => {
    const rison = `?q=${'!('.repeat(MAX_JSON_DEPTH + 1)}${')'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(await app.api('GET', `/api/v1/chart/${rison}`)).toMatchObject(payloadFormatError('q'));
    const json = `?form_data=${encodeURIComponent(nestedText(200))}`;
    expect(await app.api('POST', `/superset/explore_json/${json}`)).toMatchObject(payloadFormatError('query.form_data'));
  });

  it('answers a body over the limit 413 in the catalogue shape, before reading it', async () => {
    const big = `{"dashboard_title": "${'x'.repeat(20 * 1024 * 1024)}"}`;
    const res = await app.api('POST', '/api/v1/dashboard/', { body: big });
    expect(res).toMatchObject({
      status: 413,
      body: {
        message: 'Request body is too large (the limit is 20 MB)',
        errors: [{ error_type: 'INVALID_PAYLOAD_FORMAT_ERROR', level: 'error', extra: { max_bytes: 20 * 1024 * 1024 } }],
      },
    });
  });
});
