import { chartCreateSchema, dashboardCreateSchema, dashboardUpdateSchema, listQuerySchema, type Principal } from '@tessera/core';
import type { FastifyBaseLogger } from 'fastify';
import type { BuiltApp } from '../app/buildApp.js';
import { EXAMPLES_DATABASE_NAME } from '../modules/databases/examplesDatabase.js';
import { KeyValueService } from '../modules/keyValue/keyValue.service.js';
import { UsersRepository } from '../modules/security/users.repository.js';
import type { ExampleDashboard } from './exampleObjects/exampleDashboard.js';
import { EXAMPLE_DASHBOARDS } from './exampleObjects/exampleDashboards.js';
import { exampleFilters } from './exampleObjects/exampleFilters.js';
import { exampleLayout, type PlacedChart } from './exampleObjects/exampleLayout.js';
import { exampleQueryContext } from './exampleObjects/exampleQueryContext.js';

/** The metadata store's record of the example dashboards already loaded (key_value, resource `app`). */
const EXAMPLE_OBJECTS_KEY = '5e7a0b1e-e8a3-4d5b-9c1a-0000000000e0';

type Services = Pick<BuiltApp, 'ctx' | 'security' | 'datasets' | 'charts' | 'dashboards' | 'dashboardEdits'>;

interface Done {
  /** Slugs of the example dashboards handled (created, or skipped for good): never created again. */
  dashboards: string[];
}

async function readDone(store: KeyValueService): Promise<Done> {
  const entry = await store.getByUuid('app', EXAMPLE_OBJECTS_KEY);
  try {
    const parsed = entry ? (JSON.parse(entry.value) as Partial<Done>) : {};
    return { dashboards: Array.isArray(parsed.dashboards) ? parsed.dashboards.filter((s): s is string => typeof s === 'string') : [] };
  } catch {
    return { dashboards: [] };
  }
}

/** The id of the examples database's dataset on `table`, or null when there is none (never registered, or deleted). */
async function exampleDatasetId(services: Services, admin: Principal, table: string): Promise<number | null> {
  const q = listQuerySchema.parse({ filters: [{ col: 'table_name', opr: 'eq', value: table }], page_size: 100 });
  const { rows } = await services.datasets.list(admin, q);
  return rows.find((d) => d.database.database_name === EXAMPLES_DATABASE_NAME && !d.sql)?.id ?? null;
}

/** Creates one example: the dashboard first (its slug is the claim), then its charts on it, then layout and filters. */
async function createDashboard(services: Services, admin: Principal, example: ExampleDashboard, datasetId: number): Promise<number> {
  const { id } = await services.dashboards.create(
    admin,
    dashboardCreateSchema.parse({ dashboard_title: example.title, slug: example.slug, published: true, json_metadata: JSON.stringify({ color_scheme: 'supersetColors' }) }),
  );
  const created: number[] = [];
  try {
    const placed = new Map<string, PlacedChart>();
    for (const chart of example.charts) {
      const params = { ...chart.params, datasource: `${datasetId}__table`, viz_type: chart.vizType };
      const input = chartCreateSchema.parse({
        slice_name: chart.name,
        viz_type: chart.vizType,
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify(params),
        query_context: JSON.stringify(exampleQueryContext(chart.vizType, params)),
        dashboards: [id],
      });
      const saved = await services.charts.create(admin, input);
      created.push(saved.id);
      placed.set(chart.key, { id: saved.id, uuid: saved.uuid, name: chart.name });
    }
    const metadata = {
      color_scheme: 'supersetColors',
      native_filter_configuration: exampleFilters(example.filters, datasetId, created),
      cross_filters_enabled: true,
      refresh_frequency: 0,
      timed_refresh_immune_slices: [],
      expanded_slices: {},
      label_colors: {},
      shared_label_colors: [],
    };
    const update = dashboardUpdateSchema.parse({ position_json: JSON.stringify(exampleLayout(example, placed)), json_metadata: JSON.stringify(metadata) });
    await services.dashboardEdits.update(admin, id, update);
    return id;
  } catch (err) {
    // Half an example is worse than none: remove it, so the next start tries again from scratch.
    if (created.length > 0) await services.charts.delete(admin, created).catch(() => undefined);
    await services.dashboards.delete(admin, [id]).catch(() => undefined);
    throw err;
  }
}

/**
 * Superset's `load-examples` for charts and dashboards: on first start (EXAMPLES=on, after the example datasets
 * exist) creates the example dashboards and their charts as ordinary objects owned by the admin. Each is created
 * once: the metadata store records it, so one the user edits or deletes is left as they made it. Failures are
 * logged and never stop the server; an example that failed is tried again at the next start.
 */
export async function loadExampleObjects(services: Services, log: FastifyBaseLogger): Promise<void> {
  const { ctx } = services;
  if (!ctx.config.examples) return;
  const started = Date.now();
  const store = new KeyValueService(ctx.db);
  const done = await readDone(store);
  const pending = EXAMPLE_DASHBOARDS.filter((d) => !done.dashboards.includes(d.slug));
  if (pending.length === 0) return;
  const user = await new UsersRepository(ctx.db).findByUsername(ctx.config.adminUsername);
  if (!user) {
    log.warn({ username: ctx.config.adminUsername }, 'examples: no admin user to own the example dashboards; they are not created');
    return;
  }
  const admin = await services.security.principalFor(user, 'session', null);
  const created: string[] = [];
  for (const example of pending) {
    try {
      const datasetId = await exampleDatasetId(services, admin, example.table);
      if (datasetId === null) {
        log.info({ table: example.table }, `examples: no dataset on ${example.table}; the "${example.title}" dashboard is skipped`);
      } else {
        await createDashboard(services, admin, example, datasetId);
        created.push(example.slug);
      }
      done.dashboards.push(example.slug);
    } catch (err) {
      log.warn({ err, dashboard: example.slug }, `examples: could not create the "${example.title}" dashboard`);
    }
  }
  try {
    await store.upsert('app', EXAMPLE_OBJECTS_KEY, JSON.stringify(done));
  } catch (err) {
    log.warn({ err }, 'examples: could not record the example dashboards as loaded');
  }
  log.info({ dashboards: created, millis: Date.now() - started }, `examples: ${created.length} dashboards created in ${Date.now() - started} ms`);
}
