import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { TestApp } from '../../../test/testApp.js';

/** Helpers the embedded dashboard and guest token suites share (tests only). */

export interface EmbeddedWorld {
  people: number;
  secrets: number;
  /** A table chart of people on the embedded dashboard. */
  peopleChart: number;
  /** A chart of people on no dashboard: a guest may not name it. */
  looseChart: number;
  /** A chart of secrets on the other dashboard. */
  secretsChart: number;
  dashboard: number;
  otherDashboard: number;
}

/** A web app "build" of one index.html, so the embedded page has a shell to serve. */
export function webShell(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-embedded-shell-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Tessera</title></head><body><div id="root"></div></body></html>');
  return dir;
}

/** A SQLite warehouse of people in two regions, and a table no guest may read; both as datasets. */
export async function embeddedWorld(app: TestApp): Promise<EmbeddedWorld> {
  const file = path.join(app.filesDir, 'people.sqlite');
  const db = new Database(file);
  db.exec(`
    CREATE TABLE people (id INTEGER PRIMARY KEY, name VARCHAR(40), region VARCHAR(10));
    INSERT INTO people VALUES (1, 'Ann', 'east'), (2, 'Bob', 'east'), (3, 'Cy', 'west'), (4, 'Di', 'west');
    CREATE TABLE secrets (id INTEGER PRIMARY KEY, code VARCHAR(40));
    INSERT INTO secrets VALUES (1, 'top-secret');
  `);
  db.close();
  const database = await app.api('POST', '/api/v1/database/', { body: { database_name: 'people', sqlalchemy_uri: `sqlite:///${file}` } });
  if (database.status !== 201) throw new Error(JSON.stringify(database.body));
  const dataset = async (table: string) => {
    const res = await app.api('POST', '/api/v1/dataset/', { body: { database: database.body.id, schema: 'main', table_name: table } });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.id as number;
  };
  const people = await dataset('people');
  const secrets = await dataset('secrets');
  const dashboard = await createDashboard(app, { dashboard_title: 'Embedded people', slug: 'embedded-people', published: true });
  const otherDashboard = await createDashboard(app, { dashboard_title: 'Secrets', slug: 'secrets', published: true });
  const peopleChart = await createChart(app, people, 'People', [dashboard]);
  const looseChart = await createChart(app, people, 'People elsewhere', []);
  const secretsChart = await createChart(app, secrets, 'Secrets', [otherDashboard]);
  return { people, secrets, peopleChart, looseChart, secretsChart, dashboard, otherDashboard };
}

async function createDashboard(app: TestApp, body: Record<string, unknown>): Promise<number> {
  const res = await app.api('POST', '/api/v1/dashboard/', { body });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.id as number;
}

async function createChart(app: TestApp, datasetId: number, name: string, dashboards: number[]): Promise<number> {
  const params = { viz_type: 'table', query_mode: 'raw', all_columns: ['name', 'region'], row_limit: 100 };
  const queryContext = {
    datasource: { id: datasetId, type: 'table' },
    queries: [{ columns: ['name', 'region'], orderby: [['name', true]], row_limit: 100 }],
    result_type: 'full',
    result_format: 'json',
  };
  const res = await app.api('POST', '/api/v1/chart/', {
    body: {
      slice_name: name,
      viz_type: 'table',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify(params),
      query_context: JSON.stringify(queryContext),
      dashboards,
    },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.id as number;
}

/** Makes the dashboard embeddable from these domains; returns the embedded uuid. */
export async function embed(app: TestApp, dashboardId: number, allowedDomains: string[] = []): Promise<string> {
  const res = await app.api('POST', `/api/v1/dashboard/${dashboardId}/embedded`, { body: { allowed_domains: allowedDomains } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.result.uuid as string;
}

/** A guest token from the API, as a host application's backend asks for one. */
export async function guestToken(app: TestApp, uuid: string, rls: { dataset?: number; clause: string }[] = []): Promise<string> {
  const res = await app.api('POST', '/api/v1/security/guest_token/', {
    body: { user: { username: 'guest', first_name: 'Guest', last_name: 'User' }, resources: [{ type: 'dashboard', id: uuid }], rls },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.token as string;
}
