import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;
const LAYERS = '/api/v1/annotation_layer/';

describe('annotation layers API', () => {
  let app: TestApp;
  let alpha: string;
  let gamma: string;

  beforeAll(async () => {
    app = await startTestApp();
    alpha = await createUserWithRole(app, 'alpha', 'Alpha');
    gamma = await createUserWithRole(app, 'gamma', 'Gamma');
  });
  afterAll(async () => app?.close());

  const createLayer = async (body: Record<string, unknown>, token?: string) => app.api('POST', LAYERS, { body, token });
  const annotations = (layerId: number | string) => `${LAYERS}${layerId}/annotation/`;
  const event = (short: string, start: string, end = start, extra: Record<string, unknown> = {}) => ({ short_descr: short, start_dttm: start, end_dttm: end, ...extra });

  it('creates, shows, lists, updates and deletes a layer in FAB shapes', async () => {
    const created = await createLayer({ name: 'Releases', descr: 'product releases' });
    expect(created).toMatchObject({ status: 201, body: { id: expect.any(Number), result: { name: 'Releases', descr: 'product releases' } } });
    const id = created.body.id as number;

    const shown = await app.api('GET', `${LAYERS}${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id, show_title: 'Show Annotation Layer', result: { id, name: 'Releases', descr: 'product releases' } });

    const listed = await app.api('GET', `${LAYERS}${q({ filters: [{ col: 'name', opr: 'eq', value: 'Releases' }] })}`);
    expect(listed.body).toMatchObject({ count: 1, ids: [id], list_title: 'List Annotation Layer' });
    expect(listed.body.result[0]).toMatchObject({
      id,
      name: 'Releases',
      descr: 'product releases',
      created_by: { id: 1, first_name: expect.any(String) },
      changed_by: { id: 1 },
      changed_on_delta_humanized: expect.any(String),
    });

    const put = await app.api('PUT', `${LAYERS}${id}`, { body: { descr: 'all releases' } });
    expect(put).toMatchObject({ status: 200, body: { id, result: { name: 'Releases', descr: 'all releases' } } });
    expect((await app.api('GET', `${LAYERS}${id}`)).body.result.descr).toBe('all releases');

    expect(await app.api('DELETE', `${LAYERS}${id}`)).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await app.api('GET', `${LAYERS}${id}`)).status).toBe(404);
    expect((await app.api('DELETE', `${LAYERS}${id}`)).status).toBe(404);
    expect((await app.api('GET', `${LAYERS}abc`)).status).toBe(404);
  });

  it('refuses a missing name (400) and a duplicate name (422)', async () => {
    expect(await createLayer({ descr: 'x' })).toMatchObject({ status: 400, body: { message: { name: ['Missing data for required field.'] } } });
    expect(await createLayer({ name: '  ' })).toMatchObject({ status: 400, body: { message: { name: expect.any(Array) } } });
    const first = await createLayer({ name: 'Outages' });
    expect(await createLayer({ name: 'Outages' })).toMatchObject({ status: 422, body: { message: { name: ['Name must be unique'] } } });
    const other = await createLayer({ name: 'Holidays' });
    expect(await app.api('PUT', `${LAYERS}${other.body.id}`, { body: { name: 'Outages' } })).toMatchObject({ status: 422, body: { message: { name: ['Name must be unique'] } } });
    // Renaming a layer to its own name is no conflict.
    expect((await app.api('PUT', `${LAYERS}${first.body.id}`, { body: { name: 'Outages' } })).status).toBe(200);
    await app.api('DELETE', `${LAYERS}${q([first.body.id, other.body.id])}`);
  });

  it('lists with search, ordering and paging, and refuses unknown filters', async () => {
    for (const [name, descr] of [
      ['Alpha launches', 'rockets'],
      ['Beta events', 'conference talks'],
      ['Gamma rays', null],
    ]) {
      await createLayer({ name, descr });
    }
    const ordered = await app.api('GET', `${LAYERS}${q({ order_column: 'name', order_direction: 'desc' })}`);
    expect(ordered.body.result.map((r: { name: string }) => r.name)).toEqual(['Gamma rays', 'Beta events', 'Alpha launches']);
    const text = await app.api('GET', `${LAYERS}${q({ filters: [{ col: 'name', opr: 'annotation_layer_all_text', value: 'TALKS' }] })}`);
    expect(text.body.result.map((r: { name: string }) => r.name)).toEqual(['Beta events']);
    const contains = await app.api('GET', `${LAYERS}${q({ filters: [{ col: 'name', opr: 'ct', value: 'a l' }] })}`);
    expect(contains.body.result.map((r: { name: string }) => r.name)).toEqual(['Alpha launches']);
    const paged = await app.api('GET', `${LAYERS}${q({ order_column: 'name', page: 1, page_size: 2 })}`);
    expect(paged.body.count).toBe(3);
    expect(paged.body.result.map((r: { name: string }) => r.name)).toEqual(['Gamma rays']);
    expect((await app.api('GET', `${LAYERS}${q({ filters: [{ col: 'secret', opr: 'eq', value: 'x' }] })}`)).status).toBe(400);
    expect((await app.api('GET', `${LAYERS}${q({ order_column: 'nope' })}`)).status).toBe(400);
    expect((await app.api('GET', `${LAYERS}?q=(((`)).status).toBe(400);

    const ids = ordered.body.ids as number[];
    expect(await app.api('DELETE', `${LAYERS}${q(ids)}`)).toMatchObject({ status: 200, body: { message: 'Deleted 3 annotation layers' } });
    expect((await app.api('DELETE', `${LAYERS}${q(ids)}`)).status).toBe(404);
    expect((await app.api('DELETE', `${LAYERS}?q=nope`)).status).toBe(400);
  });

  it('creates, shows, lists, updates and deletes annotations of a layer', async () => {
    const layer = (await createLayer({ name: 'Deploys' })).body.id as number;
    const created = await app.api('POST', annotations(layer), {
      body: event('v1.0', '2024-01-10T12:00:00', '2024-01-10T12:00:00', { long_descr: 'first release', json_metadata: '{"tag":"major"}' }),
    });
    expect(created).toMatchObject({
      status: 201,
      body: { id: expect.any(Number), result: { short_descr: 'v1.0', long_descr: 'first release', start_dttm: '2024-01-10T12:00:00', end_dttm: '2024-01-10T12:00:00', json_metadata: '{"tag":"major"}' } },
    });
    const id = created.body.id as number;
    // A time with an offset is kept as naive UTC; a date alone is midnight.
    const second = await app.api('POST', annotations(layer), { body: event('v0.9', '2024-01-05T10:00:00+02:00', '2024-01-06') });
    expect(second.body.result).toMatchObject({ start_dttm: '2024-01-05T08:00:00', end_dttm: '2024-01-06T00:00:00' });

    const shown = await app.api('GET', `${annotations(layer)}${id}`);
    expect(shown).toMatchObject({ status: 200, body: { id, show_title: 'Show Annotation', result: { id, short_descr: 'v1.0', layer: { id: layer, name: 'Deploys' } } } });

    const listed = await app.api('GET', annotations(layer));
    expect(listed.body).toMatchObject({ count: 2, list_title: 'List Annotation' });
    expect(listed.body.result.map((r: { short_descr: string }) => r.short_descr)).toEqual(['v0.9', 'v1.0']);
    expect(listed.body.result[1]).toMatchObject({ long_descr: 'first release', created_by: { id: 1 }, changed_on_delta_humanized: expect.any(String) });
    const search = await app.api('GET', `${annotations(layer)}${q({ filters: [{ col: 'short_descr', opr: 'annotation_all_text', value: 'FIRST' }] })}`);
    expect(search.body.ids).toEqual([id]);

    const put = await app.api('PUT', `${annotations(layer)}${id}`, { body: { end_dttm: '2024-01-12T00:00:00', long_descr: null } });
    expect(put).toMatchObject({ status: 200, body: { id, result: { short_descr: 'v1.0', start_dttm: '2024-01-10T12:00:00', end_dttm: '2024-01-12T00:00:00', long_descr: null } } });

    expect(await app.api('DELETE', `${annotations(layer)}${id}`)).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await app.api('GET', `${annotations(layer)}${id}`)).status).toBe(404);
    expect(await app.api('DELETE', `${annotations(layer)}${q([second.body.id])}`)).toMatchObject({ status: 200, body: { message: 'Deleted 1 annotation' } });
    expect((await app.api('GET', annotations(layer))).body.count).toBe(0);
  });

  it('validates annotations: required fields, datetimes, end after start, unique short description', async () => {
    const layer = (await createLayer({ name: 'Checks' })).body.id as number;
    const post = (body: Record<string, unknown>) => app.api('POST', annotations(layer), { body });
    expect(await post({ start_dttm: '2024-01-01', end_dttm: '2024-01-02' })).toMatchObject({ status: 400, body: { message: { short_descr: ['Missing data for required field.'] } } });
    expect(await post({ short_descr: 'x', end_dttm: '2024-01-02' })).toMatchObject({ status: 400, body: { message: { start_dttm: ['Missing data for required field.'] } } });
    expect(await post(event('x', '2024-02-31', '2024-03-01'))).toMatchObject({ status: 400, body: { message: { start_dttm: ['Not a valid datetime.'] } } });
    expect(await post(event('x', 'yesterday', '2024-03-01'))).toMatchObject({ status: 400, body: { message: { start_dttm: ['Not a valid datetime.'] } } });
    expect(await post(event('x', '2024-01-01', '2024-01-01', { json_metadata: '{nope' }))).toMatchObject({ status: 400, body: { message: { json_metadata: ['JSON not valid'] } } });
    expect(await post(event('backwards', '2024-03-02', '2024-03-01'))).toMatchObject({ status: 422, body: { message: { start_dttm: ['End date must be after start date'] } } });

    const ok = await post(event('once', '2024-03-01', '2024-03-02'));
    expect(ok.status).toBe(201);
    expect(await post(event('once', '2024-04-01'))).toMatchObject({ status: 422, body: { message: { short_descr: ['Short description must be unique for this layer'] } } });
    // An update is checked against the stored fields it keeps.
    expect(await app.api('PUT', `${annotations(layer)}${ok.body.id}`, { body: { start_dttm: '2024-03-05' } })).toMatchObject({
      status: 422,
      body: { message: { start_dttm: ['End date must be after start date'] } },
    });

    // A layer that still has annotations is not deleted.
    expect(await app.api('DELETE', `${LAYERS}${layer}`)).toMatchObject({ status: 422, body: { message: 'Annotation layer has associated annotations.' } });
  });

  it('lists the people of its created_by / changed_by filters, narrowed by text, a page at a time', async () => {
    const all = await app.api('GET', `${LAYERS}related/created_by`);
    expect(all.status).toBe(200);
    const names = (all.body.result as { text: string }[]).map((u) => u.text);
    expect(names).toEqual(expect.arrayContaining(['alpha Test', 'gamma Test']));
    expect(all.body.count).toBe(all.body.result.length);
    const narrowed = await app.api('GET', `${LAYERS}related/changed_by${q({ filter: 'gam' })}`);
    expect(narrowed.body).toEqual({ count: 1, result: [{ value: expect.any(Number), text: 'gamma Test', extra: { active: true, email: 'gamma@example.com' } }] });
    const paged = await app.api('GET', `${LAYERS}related/created_by${q({ page: 1, page_size: 1 })}`);
    expect(paged.body.count).toBe(all.body.count);
    expect(paged.body.result).toEqual([all.body.result[1]]);
    expect((await app.api('GET', `${LAYERS}related/descr`)).status).toBe(404);
    expect((await app.api('GET', `${LAYERS}related/created_by${q({ page_size: 5000 })}`)).status).toBe(400);
  });

  it('answers 404 for a missing layer and for an annotation of another layer', async () => {
    const a = (await createLayer({ name: 'Layer A' })).body.id as number;
    const b = (await createLayer({ name: 'Layer B' })).body.id as number;
    const inA = (await app.api('POST', annotations(a), { body: event('only in A', '2024-05-01') })).body.id as number;
    expect((await app.api('GET', `${annotations(b)}${inA}`)).status).toBe(404);
    expect((await app.api('PUT', `${annotations(b)}${inA}`, { body: { short_descr: 'moved?' } })).status).toBe(404);
    expect((await app.api('DELETE', `${annotations(b)}${inA}`)).status).toBe(404);
    expect(await app.api('POST', annotations(99999), { body: event('orphan', '2024-05-01') })).toMatchObject({ status: 404, body: { message: 'Not found' } });
    expect((await app.api('GET', annotations(99999))).status).toBe(404);
    expect((await app.api('GET', `${annotations(a)}nope`)).status).toBe(404);
    expect((await app.api('GET', `${annotations(a)}${inA}`)).status).toBe(200);
  });

  it('lets Gamma read but not write, Alpha write, and anonymous nothing', async () => {
    const layer = (await createLayer({ name: 'Shared' })).body.id as number;
    const note = (await app.api('POST', annotations(layer), { body: event('note', '2024-06-01') })).body.id as number;

    expect((await app.api('GET', LAYERS, { token: gamma })).status).toBe(200);
    expect((await app.api('GET', `${LAYERS}${layer}`, { token: gamma })).status).toBe(200);
    expect((await app.api('GET', annotations(layer), { token: gamma })).body.count).toBe(1);
    expect((await app.api('GET', `${LAYERS}_info`, { token: gamma })).body.permissions).toEqual(['can_read']);
    expect(await createLayer({ name: 'By gamma' }, gamma)).toMatchObject({ status: 403, body: { message: 'Forbidden' } });
    expect((await app.api('PUT', `${LAYERS}${layer}`, { body: { descr: 'x' }, token: gamma })).status).toBe(403);
    expect((await app.api('DELETE', `${LAYERS}${layer}`, { token: gamma })).status).toBe(403);
    expect((await app.api('POST', annotations(layer), { body: event('by gamma', '2024-06-02'), token: gamma })).status).toBe(403);
    expect((await app.api('DELETE', `${annotations(layer)}${note}`, { token: gamma })).status).toBe(403);

    expect((await app.api('GET', `${LAYERS}_info`, { token: alpha })).body.permissions).toEqual(['can_read', 'can_write']);
    const byAlpha = await createLayer({ name: 'By alpha' }, alpha);
    expect(byAlpha.status).toBe(201);
    expect((await app.api('POST', annotations(byAlpha.body.id), { body: event('alpha note', '2024-06-03'), token: alpha })).status).toBe(201);
    // Layers have no owners: Alpha may change the admin's layer too.
    expect((await app.api('PUT', `${LAYERS}${layer}`, { body: { descr: 'edited by alpha' }, token: alpha })).status).toBe(200);

    expect((await app.api('GET', LAYERS, { token: null })).status).toBe(401);
  });
});
