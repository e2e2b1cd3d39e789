import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareExamples } from '../../examples/prepareExamples.js';
import { startTestApp, type TestApp } from '../../test/testApp.js';

/**
 * Row level security on every path data leaves by (Superset's leak #33346 was one path that skipped it): a Gamma
 * user granted only the examples' birth_names, under a Regular rule `gender = 'girl'` for one of their roles, gets
 * girls only from chart data (every result type, CSV), saved charts, samples, filter values, explore_json, annotation
 * layers read from another chart, and never another user's cached answer; SQL Lab refuses the table to them.
 */

type Row = Record<string, unknown>;
type Pair = { id: number; permission_name: string; view_menu_name: string };

const RLS = '/api/v1/rowlevelsecurity/';
const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'cnt' };
const BY_GENDER = { columns: ['gender'], metrics: [COUNT], orderby: [['gender', true]] };
const ROWS = { columns: ['gender', 'name', 'state'], orderby: [['gender', true]], row_limit: 200 };

describe('row level security on every data path (examples birth_names)', () => {
  let app: TestApp;
  let dbId: number;
  let births: number;
  let energy: number;
  let girlsRole: number;
  let girls: string;
  let girls2: string;
  let plain: string;
  let sqlLab: string;
  let admin: string;
  let girlsRule: number;
  let totals: Record<string, number>;

  async function userWith(username: string, roleIds: number[]): Promise<string> {
    // Test users share one password that names none of them (the password policy refuses one holding the username).
    const password = 'correct-horse-battery-staple';
    const res = await app.api('POST', '/api/v1/security/users/', {
      body: { username, first_name: username, last_name: 'Test', email: `${username.replace(/\W/g, '_')}@example.com`, password, roles: roleIds },
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return app.token(username, password);
  }

  async function roleWith(name: string, pairIds: number[]): Promise<number> {
    const role = await app.api('POST', '/api/v1/security/roles/', { body: { name } });
    await app.api('POST', `/api/v1/security/roles/${role.body.id}/permissions`, { body: { permission_view_menu_ids: pairIds } });
    return role.body.id as number;
  }

  async function datasetId(table: string): Promise<number> {
    const res = await app.api('GET', `/api/v1/dataset/?q=${rison.encode({ filters: [{ col: 'table_name', opr: 'eq', value: table }] })}`);
    return res.body.result[0].id as number;
  }

  const createRule = async (body: Row): Promise<number> => {
    const res = await app.api('POST', RLS, { body: { tables: [births], roles: [girlsRole], description: null, group_key: null, ...body } });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.id as number;
  };
  const deleteRules = (...ids: number[]) => app.api('DELETE', `${RLS}?q=${rison.encode(ids)}`);

  const chartData = (token: string, queries: Row[], extra: Row = {}, datasource: Row = { id: births, type: 'table' }) =>
    app.api('POST', '/api/v1/chart/data', { token, body: { datasource, queries, result_type: 'full', result_format: 'json', force: true, ...extra } });

  /** The rows of one answer, after checking it is a 200. */
  const rowsOf = (res: { status: number; body: any }): Row[] => {
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    return res.body.result[0].data as Row[];
  };
  const genders = (rows: Row[]) => [...new Set(rows.map((r) => r.gender))].sort();
  const countsByGender = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.gender, Number(r.cnt)]));

  beforeAll(async () => {
    app = await startTestApp({ EXAMPLES: 'on' });
    await prepareExamples(app, app.app.log);
    admin = await app.token();
    const list = await app.api('GET', `/api/v1/database/?q=${rison.encode({ filters: [{ col: 'database_name', opr: 'eq', value: 'examples' }] })}`);
    dbId = list.body.result[0].id as number;
    births = await datasetId('birth_names');
    energy = await datasetId('energy_usage');

    const pairs = (await app.api('GET', '/api/v1/security/permissions-resources/?q=(page_size:1000)')).body.result as Pair[];
    const access = (id: number) => pairs.find((p) => p.permission_name === 'datasource_access' && p.view_menu_name.endsWith(`(id:${id})`))!.id;
    const roles = (await app.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).body.result as { id: number; name: string }[];
    const builtin = (name: string) => roles.find((r) => r.name === name)!.id;

    girlsRole = await roleWith('girls_only', [access(births), access(energy)]);
    const readerRole = await roleWith('births_reader', [access(births), access(energy)]);
    girls = await userWith('girly', [builtin('Gamma'), girlsRole]);
    girls2 = await userWith('girly_too', [builtin('Gamma'), girlsRole]);
    plain = await userWith('plain_reader', [builtin('Gamma'), readerRole]);
    sqlLab = await userWith('girly_sql', [builtin('sql_lab'), girlsRole]);

    totals = countsByGender(rowsOf(await chartData(admin, [BY_GENDER])));
    girlsRule = await createRule({ name: 'girls only', filter_type: 'Regular', clause: "gender = 'girl'" });
  }, 300_000);
  afterAll(async () => app?.close());

  it('filters chart data of every result type, and its CSV export, for the rule\'s role only', async () => {
    expect(Object.keys(totals).sort()).toEqual(['boy', 'girl']);
    expect(countsByGender(rowsOf(await chartData(girls, [BY_GENDER])))).toEqual({ girl: totals.girl });
    expect(countsByGender(rowsOf(await chartData(plain, [BY_GENDER])))).toEqual(totals);
    expect(countsByGender(rowsOf(await chartData(admin, [BY_GENDER])))).toEqual(totals);

    expect(genders(rowsOf(await chartData(girls, [ROWS])))).toEqual(['girl']);
    expect(genders(rowsOf(await chartData(admin, [ROWS])))).toEqual(['boy']);
    const samples = rowsOf(await chartData(girls, [{ row_limit: 500 }], { result_type: 'samples' }));
    expect(samples.length).toBeGreaterThan(0);
    expect(genders(samples)).toEqual(['girl']);
    const drill = rowsOf(await chartData(girls, [{ filters: [{ col: 'state', op: '==', val: 'CA' }], row_limit: 500 }], { result_type: 'drill_detail' }));
    expect(drill.length).toBeGreaterThan(0);
    expect(genders(drill)).toEqual(['girl']);
    expect(new Set(drill.map((r) => r.state))).toEqual(new Set(['CA']));
    const processed = await chartData(girls, [BY_GENDER], { result_type: 'post_processed', form_data: { viz_type: 'table' } });
    expect(processed.status, JSON.stringify(processed.body).slice(0, 300)).toBe(200);
    expect(JSON.stringify(processed.body)).not.toContain('boy');

    // The SQL shown is the SQL run: the rule's predicate, parenthesised, in its WHERE.
    const shown = await chartData(girls, [BY_GENDER], { result_type: 'query' });
    expect(shown.status).toBe(200);
    expect(shown.body.result[0].query).toMatch(/WHERE \(gender = 'girl'\)/);
    expect((await chartData(admin, [BY_GENDER], { result_type: 'query' })).body.result[0].query).not.toContain('girl');

    const csv = await chartData(girls, [ROWS], { result_format: 'csv' });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines.length).toBe(201);
    expect(lines.slice(1).every((line) => line.startsWith('girl,'))).toBe(true);
    expect(String((await chartData(admin, [ROWS], { result_format: 'csv' })).body)).toContain('boy,');
  });

  it('filters a saved chart\'s data, its CSV, and what a cache warm-up by someone else stored', async () => {
    const created = await app.api('POST', '/api/v1/chart/', {
      body: {
        slice_name: 'births by gender',
        viz_type: 'table',
        datasource_id: births,
        datasource_type: 'table',
        params: JSON.stringify({ viz_type: 'table', datasource: `${births}__table` }),
        query_context: JSON.stringify({ datasource: { id: births, type: 'table' }, queries: [BY_GENDER], form_data: {}, result_type: 'full', result_format: 'json' }),
      },
    });
    const chartId = created.body.id as number;
    // An admin warms the chart's cache; the girls user then reads the same saved query context.
    expect(await app.api('PUT', '/api/v1/chart/warm_up_cache', { token: admin, body: { chart_id: chartId } })).toMatchObject({ status: 200, body: { result: [{ viz_status: 'success' }] } });
    const warmed = await app.api('GET', `/api/v1/chart/${chartId}/data/`, { token: admin });
    expect(warmed.body.result[0].is_cached).toBe(true);
    const mine = await app.api('GET', `/api/v1/chart/${chartId}/data/`, { token: girls });
    expect(countsByGender(rowsOf(mine))).toEqual({ girl: totals.girl });
    expect(mine.body.result[0].cache_key).not.toBe(warmed.body.result[0].cache_key);
    const csv = await app.api('GET', `/api/v1/chart/${chartId}/data/?format=csv`, { token: girls });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(`girl,${totals.girl}`);
    expect(String(csv.body)).not.toContain('boy');
  });

  it('filters datasource samples, filter values and explore_json', async () => {
    const samples = await app.api('POST', `/datasource/samples?datasource_type=table&datasource_id=${births}&per_page=500`, { token: girls, body: {} });
    expect(samples.status, JSON.stringify(samples.body).slice(0, 300)).toBe(200);
    expect(samples.body.result.total_count).toBe(totals.girl);
    expect(genders(samples.body.result.data)).toEqual(['girl']);

    const values = (token: string) => app.api('GET', `/api/v1/datasource/table/${births}/column/gender/values/`, { token });
    expect(await values(girls)).toMatchObject({ status: 200, body: { result: ['girl'] } });
    expect((await values(admin)).body.result).toEqual(['boy', 'girl']);

    const formData = { datasource: `${births}__table`, viz_type: 'table', groupby: ['gender'], metrics: [COUNT], row_limit: 10 };
    const legacy = await app.api('POST', '/superset/explore_json/', { token: girls, body: { form_data: formData } });
    expect(legacy.status, JSON.stringify(legacy.body).slice(0, 300)).toBe(200);
    expect(countsByGender(legacy.body.data as Row[])).toEqual({ girl: totals.girl });
    const legacyCsv = await app.api('POST', '/superset/explore_json/?csv=true', { token: girls, body: { form_data: formData } });
    expect(legacyCsv.status).toBe(200);
    expect(String(legacyCsv.body)).not.toContain('boy');
    const legacySql = await app.api('POST', '/superset/explore_json/?query=true', { token: girls, body: { form_data: formData } });
    expect(legacySql.body.query).toContain("(gender = 'girl')");
  });

  it('never serves one user\'s cached answer to a user under other rules, and shares it under the same rules', async () => {
    const ask = (token: string, query: Row) => chartData(token, [query], { force: false });
    // Admin first, then the user under the rule, with the very same body.
    const query = { ...BY_GENDER, row_limit: 11 };
    const adminFirst = await ask(admin, query);
    expect(countsByGender(rowsOf(adminFirst))).toEqual(totals);
    const girlsAfter = await ask(girls, query);
    expect(countsByGender(rowsOf(girlsAfter))).toEqual({ girl: totals.girl });
    expect(girlsAfter.body.result[0].is_cached).toBe(false);
    expect(girlsAfter.body.result[0].cache_key).not.toBe(adminFirst.body.result[0].cache_key);
    // Another user under the same rule reads the same entry.
    const same = await ask(girls2, query);
    expect(same.body.result[0]).toMatchObject({ is_cached: true, cache_key: girlsAfter.body.result[0].cache_key });
    expect(countsByGender(rowsOf(same))).toEqual({ girl: totals.girl });

    // And the other way round: the restricted user first.
    const other = { ...BY_GENDER, row_limit: 12 };
    expect(countsByGender(rowsOf(await ask(girls, other)))).toEqual({ girl: totals.girl });
    const adminAfter = await ask(admin, other);
    expect(adminAfter.body.result[0].is_cached).toBe(false);
    expect(countsByGender(rowsOf(adminAfter))).toEqual(totals);
    expect((await ask(admin, other)).body.result[0].is_cached).toBe(true);
    expect(countsByGender(rowsOf(await ask(girls, other)))).toEqual({ girl: totals.girl });
  });

  it('reads an annotation layer\'s source chart under the caller\'s rules, cached or not', async () => {
    const source = await app.api('POST', '/api/v1/chart/', {
      body: {
        slice_name: 'births rows',
        viz_type: 'table',
        datasource_id: births,
        datasource_type: 'table',
        params: JSON.stringify({ viz_type: 'table', datasource: `${births}__table` }),
        query_context: JSON.stringify({ datasource: { id: births, type: 'table' }, queries: [{ columns: ['ds', 'name', 'gender'], orderby: [['gender', true]], row_limit: 5 }], form_data: {} }),
      },
    });
    const layer = { name: 'Births', annotationType: 'EVENT', sourceType: 'table', value: source.body.id, show: true, overrides: {}, timeColumn: 'ds', titleColumn: 'name' };
    // The annotated chart reads another dataset (no rule on it): only the layer's data depends on the rule.
    const queries = [{ columns: [], metrics: [COUNT], annotation_layers: [layer] }];
    const ask = (token: string) => chartData(token, queries, { force: false }, { id: energy, type: 'table' });
    const records = (res: { status: number; body: any }) => {
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      return res.body.result[0].annotation_data.Births.records as Row[];
    };
    expect(genders(records(await ask(admin)))).toEqual(['boy']);
    expect((await ask(admin)).body.result[0].is_cached).toBe(true);
    const mine = await ask(girls);
    expect(genders(records(mine))).toEqual(['girl']);
    expect(genders(records(await chartData(girls, queries, {}, { id: energy, type: 'table' })))).toEqual(['girl']);
  });

  it('applies a Base rule to everyone except its roles', async () => {
    const base = await createRule({ name: 'california unless admin', filter_type: 'Base', clause: "state = 'CA'", roles: [(await roleIds()).Admin!] });
    try {
      const states = async (token: string) => {
        const rows = rowsOf(await chartData(token, [{ columns: ['state', 'gender'], metrics: [COUNT], row_limit: 1000 }]));
        return { states: [...new Set(rows.map((r) => r.state))].sort(), genders: genders(rows) };
      };
      expect(await states(girls)).toEqual({ states: ['CA'], genders: ['girl'] });
      expect(await states(plain)).toEqual({ states: ['CA'], genders: ['boy', 'girl'] });
      const everything = await states(admin);
      expect(everything.states.length).toBeGreaterThan(10);
    } finally {
      await deleteRules(base);
    }
  });

  it('ORs rules that share a group key and ANDs different groups', async () => {
    const ids = [
      await createRule({ name: 'CA', filter_type: 'Regular', clause: "state = 'CA'", group_key: 'state' }),
      await createRule({ name: 'NY', filter_type: 'Regular', clause: "state = 'NY'", group_key: 'state' }),
      await createRule({ name: 'big', filter_type: 'Regular', clause: 'num >= 50', group_key: 'size' }),
    ];
    try {
      const query = { columns: ['state'], metrics: [COUNT, { expressionType: 'SQL', sqlExpression: 'MIN(num)', label: 'least' }, { expressionType: 'SQL', sqlExpression: "SUM(CASE WHEN gender = 'girl' THEN 0 ELSE 1 END)", label: 'not_girls' }], orderby: [['state', true]] };
      const rows = rowsOf(await chartData(girls, [query]));
      // Both states (ORed), only big counts and only girls (ANDed with the other groups and the keyless rule).
      expect(rows.map((r) => r.state)).toEqual(['CA', 'NY']);
      expect(rows.every((r) => Number(r.least) >= 50 && Number(r.not_girls) === 0)).toBe(true);
      const expected = rowsOf(
        await chartData(admin, [
          { ...query, filters: [{ col: 'state', op: 'IN', val: ['CA', 'NY'] }, { col: 'num', op: '>=', val: 50 }, { col: 'gender', op: '==', val: 'girl' }] },
        ]),
      );
      expect(rows).toEqual(expected);
      const sql = (await chartData(girls, [query], { result_type: 'query' })).body.result[0].query as string;
      expect(sql).toMatch(/\(gender = 'girl'\)\s+AND \(\(state = 'CA'\) OR \(state = 'NY'\)\)\s+AND \(num >= 50\)/);
    } finally {
      await deleteRules(...ids);
    }
  });

  it('renders the current user into a clause, and refuses the query when a clause cannot be rendered', async () => {
    const templated = await createRule({ name: 'who', filter_type: 'Regular', clause: "'{{ current_username() }}' <> 'nobody'" });
    try {
      const answer = await chartData(girls, [BY_GENDER], { result_type: 'query' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.result[0].query).toContain("('girly' <> 'nobody')");
      const theirs = (await chartData(girls2, [BY_GENDER], { result_type: 'query' })).body.result[0].query as string;
      expect(theirs).toContain("('girly_too' <> 'nobody')");
    } finally {
      await deleteRules(templated);
    }
    // A user's name is text inside the admin's quotes, never SQL: `x' OR 'a'='a` must not widen the rule.
    const sneaky = await userWith("x' OR 'a'='a", [(await roleIds()).Gamma!, girlsRole]);
    const own = await createRule({ name: 'own name', filter_type: 'Regular', clause: "name = '{{ current_username() }}'" });
    try {
      const answer = await chartData(sneaky, [BY_GENDER]);
      expect(rowsOf(answer)).toEqual([]);
      const shown = (await chartData(sneaky, [BY_GENDER], { result_type: 'query' })).body.result[0].query as string;
      expect(shown).toContain("(name = 'x'' OR ''a''=''a')");
    } finally {
      await deleteRules(own);
    }
    const broken = await createRule({ name: 'broken', filter_type: 'Regular', clause: 'gender = {{ nope(' });
    try {
      const res = await chartData(girls, [BY_GENDER]);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
      expect(JSON.stringify(res.body)).not.toContain('boy');
    } finally {
      await deleteRules(broken);
    }
  });

  it('refuses SQL Lab (and charts over their own SQL) a table with rules for a user without whole-database access', async () => {
    const run = (token: string, sql: string) => app.api('POST', '/api/v1/sqllab/execute/', { token, body: { database_id: dbId, sql, runAsync: false } });
    expect(await run(sqlLab, 'SELECT 1 AS one')).toMatchObject({ status: 200 });
    for (const sql of ['SELECT gender, COUNT(*) FROM birth_names GROUP BY gender', 'SELECT * FROM main.birth_names', 'WITH birth_names AS (SELECT * FROM birth_names) SELECT * FROM birth_names']) {
      const refused = await run(sqlLab, sql);
      expect(refused.status, sql).toBe(403);
      expect(refused.body.errors[0]).toMatchObject({ error_type: 'TABLE_SECURITY_ACCESS_ERROR' });
      expect(refused.body.errors[0].message).toContain('row level security');
      expect(JSON.stringify(refused.body)).not.toContain('boy');
    }
    // Whole-database access reads the table in full, as in Superset.
    const full = await run(admin, 'SELECT DISTINCT gender FROM birth_names ORDER BY 1');
    expect(full.status).toBe(200);
    expect((full.body.data as Row[]).map((r) => r.gender)).toEqual(['boy', 'girl']);

    // A saved query's SQL charted as a datasource is the user's own SQL too.
    const saved = await app.api('POST', '/api/v1/saved_query/', { token: sqlLab, body: { db_id: dbId, label: 'all births', sql: 'SELECT * FROM birth_names' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const charted = await chartData(sqlLab, [BY_GENDER], {}, { id: saved.body.id, type: 'saved_query' });
    expect(charted.status).toBe(403);
    expect(JSON.stringify(charted.body)).not.toContain('boy');

    // Without a rule for them, the same user's grant reads the table.
    await app.api('PUT', `${RLS}${girlsRule}`, { body: { roles: [] } });
    try {
      expect((await run(sqlLab, 'SELECT DISTINCT gender FROM birth_names ORDER BY 1')).status).toBe(200);
    } finally {
      await app.api('PUT', `${RLS}${girlsRule}`, { body: { roles: [girlsRole] } });
    }
  });

  async function roleIds(): Promise<Record<string, number>> {
    const roles = (await app.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).body.result as { id: number; name: string }[];
    return Object.fromEntries(roles.map((r) => [r.name, r.id]));
  }
});
