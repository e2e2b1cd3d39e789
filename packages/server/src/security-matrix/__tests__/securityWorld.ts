import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import rison from 'rison';
import type { Principal } from '@tessera/core';
import { prepareExamples } from '../../examples/prepareExamples.js';
import { startTestApp, type TestApp } from '../../test/testApp.js';

/**
 * One app with the examples, the callers of the role matrix, and objects made by others that the suites ask
 * for by id. Each suite file starts its own (files run in parallel forks); generating the examples takes a
 * few seconds, so nothing is cached between files.
 */

export const CALLER_NAMES = ['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public', 'one_dataset'] as const;
export type CallerName = (typeof CALLER_NAMES)[number];

export interface Caller {
  name: CallerName;
  /** null: anonymous, answered with the Public role's permissions. */
  token: string | null;
  id: number | null;
  /** The grants the server holds for the caller, as its permission check reads them. */
  principal: Principal;
}

/** A run by the peer (an Alpha user): what another user's SQL Lab state looks like. */
export interface PeerRun {
  id: number;
  clientId: string;
  resultsKey: string;
}

export interface SecurityWorld {
  app: TestApp;
  callers: Record<CallerName, Caller>;
  examplesDbId: number;
  birthNamesId: number;
  flightsId: number;
  /** Made by the admin: a table chart on birth_names and one on flights (both on `dashboardId`). */
  birthNamesChart: number;
  flightsChart: number;
  dashboardId: number;
  annotationLayerId: number;
  annotationId: number;
  /** The custom role holding datasource_access on birth_names only. */
  birthNamesRoleId: number;
  /** SQL Lab state of the peer (Alpha), all naming flights. */
  peer: {
    token: string;
    run: PeerRun;
    savedQueryId: number;
    tabStateId: number;
    tableSchemaId: number;
    kvId: string;
    sqllabPermalinkKey: string;
  };
  /** The admin's explore state on the flights chart. */
  explorePermalinkKey: string;
  formDataKey: string;
  /** The chart cache key of the admin's flights answer (sync mode). */
  flightsCacheKey: string;
}

type Pair = { id: number; permission_name: string; view_menu_name: string };

/** Names of objects the restricted callers must not learn about. */
export const HIDDEN_NAMES = { flightsChart: 'Flights by route', savedQuery: 'Peer flights', tab: 'Peer tab' } as const;

/** The flights chart's query: airport codes and counts, so an answer that leaks holds flights-only values. */
export const FLIGHTS_QUERY = { columns: ['origin', 'dest', 'carrier'], metrics: ['count'], orderby: [['count', false]], row_limit: 50 };

export function flightsContext(flightsId: number, extra: Record<string, unknown> = {}) {
  return { datasource: { id: flightsId, type: 'table' }, queries: [FLIGHTS_QUERY], form_data: { viz_type: 'table' }, result_type: 'full', result_format: 'json', ...extra };
}

/** A built web app shell (index.html and one asset), so `GET /*` answers as in production. */
export function writeWebShell(dir: string): string {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Tessera</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app")');
  return dir;
}

async function must(res: Promise<{ status: number; body: any }>, expected: number, what: string): Promise<any> {
  const answer = await res;
  if (answer.status !== expected) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function idOf(app: TestApp, path: string, col: string, value: string): Promise<number> {
  const body = await must(app.api('GET', `${path}?q=${rison.encode({ filters: [{ col, opr: 'eq', value }] })}`), 200, `find ${value}`);
  const id = body.result[0]?.id as number | undefined;
  if (!id) throw new Error(`${value} not found at ${path}`);
  return id;
}

/** A user holding the named roles; returns its token and id. */
export async function createUser(app: TestApp, username: string, roleIds: number[]): Promise<{ token: string; id: number }> {
  // Without the username and long enough for the password policy.
  const password = 'matrix suite passphrase';
  const created = await must(
    app.api('POST', '/api/v1/security/users/', { body: { username, first_name: username, last_name: 'Matrix', email: `${username}@example.com`, password, roles: roleIds } }),
    201,
    `create user ${username}`,
  );
  return { token: await app.token(username, password), id: created.id as number };
}

/** A custom role holding exactly the given permission/view pairs (by name). */
export async function createRole(app: TestApp, name: string, pairs: readonly (readonly [string, string])[]): Promise<number> {
  const all = (await must(app.api('GET', '/api/v1/security/permissions-resources/'), 200, 'permissions')).result as Pair[];
  const ids = pairs.map(([perm, view]) => {
    const found = all.find((p) => p.permission_name === perm && p.view_menu_name === view);
    if (!found) throw new Error(`no permission ${perm} on ${view}`);
    return found.id;
  });
  const role = await must(app.api('POST', '/api/v1/security/roles/', { body: { name } }), 201, `create role ${name}`);
  await must(app.api('POST', `/api/v1/security/roles/${role.id}/permissions`, { body: { permission_view_menu_ids: ids } }), 200, `grant ${name}`);
  return role.id as number;
}

export async function roleIdsByName(app: TestApp): Promise<Record<string, number>> {
  const roles = (await must(app.api('GET', '/api/v1/security/roles/?q=(page_size:100)'), 200, 'roles')).result as { id: number; name: string }[];
  return Object.fromEntries(roles.map((r) => [r.name, r.id]));
}

export async function startSecurityWorld(env: Record<string, string> = {}): Promise<SecurityWorld> {
  const app = await startTestApp({ EXAMPLES: 'on', ...env });
  try {
    await prepareExamples(app, app.app.log);
    return await populate(app);
  } catch (err) {
    await app.close();
    throw err;
  }
}

async function populate(app: TestApp): Promise<SecurityWorld> {
  const examplesDbId = await idOf(app, '/api/v1/database/', 'database_name', 'examples');
  const birthNamesId = await idOf(app, '/api/v1/dataset/', 'table_name', 'birth_names');
  const flightsId = await idOf(app, '/api/v1/dataset/', 'table_name', 'flights');

  const roles = await roleIdsByName(app);
  const birthNamesRoleId = await createRole(app, 'birth_names_only', [['datasource_access', `[examples].[birth_names](id:${birthNamesId})`]]);
  const alpha = await createUser(app, 'm_alpha', [roles.Alpha!]);
  const gamma = await createUser(app, 'm_gamma', [roles.Gamma!]);
  const sqlLab = await createUser(app, 'm_sql_lab', [roles.sql_lab!]);
  // Gamma (charts) and sql_lab (SQL Lab) reach every data path; the only data grant is birth_names.
  const oneDataset = await createUser(app, 'm_one_dataset', [roles.Gamma!, roles.sql_lab!, birthNamesRoleId]);
  const principal = async (id: number | null): Promise<Principal> => ({ id, roles: await app.security.grantsFor(id) });
  const caller = async (name: CallerName, token: string | null, id: number | null): Promise<Caller> => ({ name, token, id, principal: await principal(id) });
  const callers: Record<CallerName, Caller> = {
    Admin: await caller('Admin', await app.token(), (await must(app.api('GET', '/api/v1/me/'), 200, 'me')).result.id as number),
    Alpha: await caller('Alpha', alpha.token, alpha.id),
    Gamma: await caller('Gamma', gamma.token, gamma.id),
    sql_lab: await caller('sql_lab', sqlLab.token, sqlLab.id),
    Public: await caller('Public', null, null),
    one_dataset: await caller('one_dataset', oneDataset.token, oneDataset.id),
  };

  const dashboardId = (await must(app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Matrix' } }), 201, 'dashboard')).id as number;
  const chart = async (datasetId: number, name: string, query: Record<string, unknown>) =>
    (
      await must(
        app.api('POST', '/api/v1/chart/', {
          body: {
            slice_name: name,
            viz_type: 'table',
            datasource_id: datasetId,
            datasource_type: 'table',
            params: JSON.stringify({ viz_type: 'table', datasource: `${datasetId}__table`, query_mode: 'aggregate', groupby: query.columns, metrics: query.metrics }),
            query_context: JSON.stringify({ datasource: { id: datasetId, type: 'table' }, queries: [query], form_data: { viz_type: 'table' }, result_type: 'full', result_format: 'json' }),
            dashboards: [dashboardId],
          },
        }),
        201,
        `chart ${name}`,
      )
    ).id as number;
  const birthNamesChart = await chart(birthNamesId, 'Names by state', { columns: ['state'], metrics: ['count'], row_limit: 50 });
  const flightsChart = await chart(flightsId, HIDDEN_NAMES.flightsChart, FLIGHTS_QUERY);

  const annotationLayerId = (await must(app.api('POST', '/api/v1/annotation_layer/', { body: { name: 'Matrix layer' } }), 201, 'layer')).id as number;
  const annotationId = (
    await must(
      app.api('POST', `/api/v1/annotation_layer/${annotationLayerId}/annotation/`, { body: { short_descr: 'launch', start_dttm: '2020-01-01', end_dttm: '2020-01-02' } }),
      201,
      'annotation',
    )
  ).id as number;

  // The peer's SQL Lab state, all of it about flights.
  const peer = alpha.token;
  const flightsSql = 'SELECT origin, dest, carrier FROM flights LIMIT 20';
  const tabStateId = (await must(app.api('POST', '/tabstateview/', { token: peer, body: { queryEditor: { title: HIDDEN_NAMES.tab, dbId: examplesDbId, schema: 'main', sql: flightsSql } } }), 200, 'tab')).id as number;
  const executed = await must(
    app.api('POST', '/api/v1/sqllab/execute/', {
      token: peer,
      body: { database_id: examplesDbId, schema: 'main', sql: flightsSql, client_id: 'peerRun0001', sql_editor_id: String(tabStateId), json: true, runAsync: false },
    }),
    200,
    'peer run',
  );
  const run: PeerRun = { id: executed.query_id as number, clientId: 'peerRun0001', resultsKey: executed.query.resultsKey as string };
  if (!run.resultsKey) throw new Error(`the peer's run kept no results: ${JSON.stringify(executed.query)}`);
  const tableSchemaId = (
    await must(
      app.api('POST', '/tableschemaview/', {
        token: peer,
        body: { table: { queryEditorId: tabStateId, dbId: examplesDbId, catalog: null, schema: 'main', name: 'flights', columns: [{ name: 'origin', type: 'VARCHAR' }], selectStar: 'SELECT *' } },
      }),
      200,
      'table schema',
    )
  ).id as number;
  const savedQueryId = (
    await must(app.api('POST', '/api/v1/saved_query/', { token: peer, body: { db_id: examplesDbId, label: HIDDEN_NAMES.savedQuery, schema: 'main', sql: flightsSql } }), 201, 'saved query')
  ).id as number;
  const shared = { name: 'Peer link', dbId: examplesDbId, schema: 'main', autorun: false, sql: flightsSql, templateParams: '{}' };
  const kvId = (await must(app.api('POST', '/kv/store/', { token: peer, body: { data: shared } }), 200, 'kv')).id as string;
  const sqllabPermalinkKey = (await must(app.api('POST', '/api/v1/sqllab/permalink', { token: peer, body: { ...shared, catalog: null } }), 201, 'sqllab permalink')).key as string;

  // The admin's explore state on the flights chart.
  const explorePermalinkKey = (
    await must(app.api('POST', '/api/v1/explore/permalink', { body: { formData: { datasource: `${flightsId}__table`, viz_type: 'table', slice_id: flightsChart } } }), 201, 'explore permalink')
  ).key as string;
  const formDataKey = (
    await must(
      app.api('POST', '/api/v1/explore/form_data', { body: { datasource_id: flightsId, datasource_type: 'table', chart_id: flightsChart, form_data: JSON.stringify({ viz_type: 'table', groupby: ['origin'] }) } }),
      201,
      'form data',
    )
  ).key as string;

  const cached = await app.api('POST', '/api/v1/chart/data', { body: flightsContext(flightsId) });
  // With GLOBAL_ASYNC_QUERIES a miss answers 202: the suites that turn it on read their own key.
  const flightsCacheKey = cached.status === 200 ? (cached.body.result[0].cache_key as string) : '';

  return {
    app,
    callers,
    examplesDbId,
    birthNamesId,
    flightsId,
    birthNamesChart,
    flightsChart,
    dashboardId,
    annotationLayerId,
    annotationId,
    birthNamesRoleId,
    peer: { token: peer, run, savedQueryId, tabStateId, tableSchemaId, kvId, sqllabPermalinkKey },
    explorePermalinkKey,
    formDataKey,
    flightsCacheKey,
  };
}
