import type { Insertable, Transaction } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { DashboardTable, SliceTable } from '../../metadata-store/chartSchema.js';
import type { DatasetColumnTable, DatasetMetricTable, DatasetTable } from '../../metadata-store/datasetSchema.js';
import { addOwners, ownersOf, type OwnedKind } from '../../metadata-store/ownerLinks.js';
import type { DatabaseTable, MetadataSchema } from '../../metadata-store/schema.js';

export type DatabaseValues = Omit<Insertable<DatabaseTable>, 'id'>;
export type DatasetValues = Omit<Insertable<DatasetTable>, 'id'>;
export type ChartValues = Omit<Insertable<SliceTable>, 'id'>;
export type DashboardValues = Omit<Insertable<DashboardTable>, 'id'>;
/** A column or metric as a bundle describes it; the dataset and the uuid are the writer's business. */
export type ColumnValues = Omit<Insertable<DatasetColumnTable>, 'id' | 'table_id' | 'uuid' | 'created_on' | 'changed_on'>;
export type MetricValues = Omit<Insertable<DatasetMetricTable>, 'id' | 'table_id' | 'uuid' | 'created_on' | 'changed_on'>;

/**
 * What an overwrite leaves alone: the row's identity, who made it and when, and what a bundle never carries
 * (secrets, settings Superset does not export, the chart's last explicit save).
 */
const KEPT = {
  dbs: ['uuid', 'created_on', 'created_by_fk', 'encrypted_extra', 'server_cert', 'disable_data_preview', 'force_ctas_schema', 'configuration_method'],
  tables: ['uuid', 'created_on', 'created_by_fk', 'is_sqllab_view'],
  slices: ['uuid', 'created_on', 'created_by_fk', 'last_saved_at', 'last_saved_by_fk'],
  dashboards: ['uuid', 'created_on', 'created_by_fk'],
} as const;

function without<T extends object>(values: T, keys: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !keys.includes(key))) as Partial<T>;
}

export interface ExistingDatabase {
  id: number;
  uuid: string;
  database_name: string;
  password: string | null;
}

export interface ExistingDataset {
  id: number;
  uuid: string;
  database_id: number;
  schema: string | null;
  table_name: string;
}

export interface ExistingChart {
  id: number;
  uuid: string;
  slice_name: string;
}

export interface ExistingDashboard {
  id: number;
  uuid: string;
  slug: string | null;
  dashboard_title: string;
}

const DASHBOARD_FIELDS = ['id', 'uuid', 'slug', 'dashboard_title'] as const;

/**
 * What an export reads and an import writes of databases, datasets and charts. Reads are by uuid (bundles
 * name objects by uuid); writes happen in one transaction through an ImportWriter.
 */
export class ImportExportRepository {
  constructor(private readonly db: MetadataDb) {}

  async datasetUuids(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('tables').select(['id', 'uuid']).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((r) => [r.id, r.uuid]));
  }

  async datasetIdsOfDatabase(databaseId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('tables').select('id').where('database_id', '=', databaseId).orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  async databasesByUuid(uuids: readonly string[]): Promise<ExistingDatabase[]> {
    if (uuids.length === 0) return [];
    return this.db.selectFrom('dbs').select(['id', 'uuid', 'database_name', 'password']).where('uuid', 'in', [...uuids]).execute();
  }

  async databasesByName(names: readonly string[]): Promise<ExistingDatabase[]> {
    if (names.length === 0) return [];
    return this.db.selectFrom('dbs').select(['id', 'uuid', 'database_name', 'password']).where('database_name', 'in', [...names]).execute();
  }

  async datasetsByUuid(uuids: readonly string[]): Promise<ExistingDataset[]> {
    if (uuids.length === 0) return [];
    return this.db.selectFrom('tables').select(['id', 'uuid', 'database_id', 'schema', 'table_name']).where('uuid', 'in', [...uuids]).execute();
  }

  /** Datasets of the given databases, to tell a name already taken by another dataset. */
  async datasetsOfDatabases(databaseIds: readonly number[]): Promise<ExistingDataset[]> {
    if (databaseIds.length === 0) return [];
    return this.db
      .selectFrom('tables')
      .select(['id', 'uuid', 'database_id', 'schema', 'table_name'])
      .where('database_id', 'in', [...databaseIds])
      .execute();
  }

  async chartsByUuid(uuids: readonly string[]): Promise<ExistingChart[]> {
    if (uuids.length === 0) return [];
    return this.db.selectFrom('slices').select(['id', 'uuid', 'slice_name']).where('uuid', 'in', [...uuids]).execute();
  }

  async chartsById(ids: readonly number[]): Promise<ExistingChart[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('slices').select(['id', 'uuid', 'slice_name']).where('id', 'in', [...ids]).orderBy('id').execute();
  }

  /** The charts linked to a dashboard (`dashboard_slices`), whatever its layout shows. */
  async dashboardChartIds(dashboardId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', '=', dashboardId).orderBy('slice_id').execute();
    return rows.map((r) => r.slice_id);
  }

  async dashboardsByUuid(uuids: readonly string[]): Promise<ExistingDashboard[]> {
    if (uuids.length === 0) return [];
    return this.db.selectFrom('dashboards').select(DASHBOARD_FIELDS).where('uuid', 'in', [...uuids]).execute();
  }

  /** Dashboards holding any of these slugs, to tell a slug already taken. */
  async dashboardsBySlug(slugs: readonly string[]): Promise<ExistingDashboard[]> {
    if (slugs.length === 0) return [];
    return this.db.selectFrom('dashboards').select(DASHBOARD_FIELDS).where('slug', 'in', [...slugs]).execute();
  }

  async ownerIds(kind: OwnedKind, id: number): Promise<number[]> {
    return (await ownersOf(this.db, kind, [id])).map((o) => o.id);
  }

  /** Runs `work` in one transaction: every write of an import lands, or none does. */
  inTransaction<T>(work: (writer: ImportWriter) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ImportWriter(trx)));
  }
}

/** The writes of one import, inside its transaction. `existingId` null inserts, otherwise updates that row. */
export class ImportWriter {
  constructor(private readonly trx: Transaction<MetadataSchema>) {}

  async saveDatabase(existingId: number | null, values: DatabaseValues): Promise<number> {
    if (existingId === null) {
      return (await this.trx.insertInto('dbs').values(values).returning('id').executeTakeFirstOrThrow()).id;
    }
    await this.trx.updateTable('dbs').set(without(values, KEPT.dbs)).where('id', '=', existingId).execute();
    return existingId;
  }

  /**
   * A dataset with its columns and metrics, matched by name. `sync` (an overwrite) also removes the columns
   * and metrics the bundle no longer has; without it they stay, as Superset's import does.
   */
  async saveDataset(
    existingId: number | null,
    values: DatasetValues,
    parts: { columns: ColumnValues[]; metrics: MetricValues[]; sync: boolean; newUuid: () => string },
  ): Promise<number> {
    const now = values.changed_on;
    let id: number;
    if (existingId === null) {
      id = (await this.trx.insertInto('tables').values(values).returning('id').executeTakeFirstOrThrow()).id;
    } else {
      id = existingId;
      await this.trx.updateTable('tables').set(without(values, KEPT.tables)).where('id', '=', id).execute();
    }
    const columns = await this.trx.selectFrom('table_columns').select(['id', 'column_name']).where('table_id', '=', id).execute();
    const byColumn = new Map(columns.map((c) => [c.column_name, c.id]));
    for (const column of parts.columns) {
      const found = byColumn.get(column.column_name);
      if (found !== undefined) await this.trx.updateTable('table_columns').set({ ...column, changed_on: now }).where('id', '=', found).execute();
      else await this.trx.insertInto('table_columns').values({ ...column, table_id: id, uuid: parts.newUuid(), created_on: now, changed_on: now }).execute();
    }
    const metrics = await this.trx.selectFrom('sql_metrics').select(['id', 'metric_name']).where('table_id', '=', id).execute();
    const byMetric = new Map(metrics.map((m) => [m.metric_name, m.id]));
    for (const metric of parts.metrics) {
      const found = byMetric.get(metric.metric_name);
      if (found !== undefined) await this.trx.updateTable('sql_metrics').set({ ...metric, changed_on: now }).where('id', '=', found).execute();
      else await this.trx.insertInto('sql_metrics').values({ ...metric, table_id: id, uuid: parts.newUuid(), created_on: now, changed_on: now }).execute();
    }
    if (parts.sync) {
      const keepColumns = new Set(parts.columns.map((c) => c.column_name));
      const dropColumns = columns.filter((c) => !keepColumns.has(c.column_name)).map((c) => c.id);
      if (dropColumns.length > 0) await this.trx.deleteFrom('table_columns').where('id', 'in', dropColumns).execute();
      const keepMetrics = new Set(parts.metrics.map((m) => m.metric_name));
      const dropMetrics = metrics.filter((m) => !keepMetrics.has(m.metric_name)).map((m) => m.id);
      if (dropMetrics.length > 0) await this.trx.deleteFrom('sql_metrics').where('id', 'in', dropMetrics).execute();
    }
    return id;
  }

  async saveChart(existingId: number | null, values: ChartValues): Promise<number> {
    if (existingId === null) {
      return (await this.trx.insertInto('slices').values(values).returning('id').executeTakeFirstOrThrow()).id;
    }
    await this.trx.updateTable('slices').set(without(values, KEPT.slices)).where('id', '=', existingId).execute();
    return existingId;
  }

  async saveDashboard(existingId: number | null, values: DashboardValues): Promise<number> {
    if (existingId === null) {
      return (await this.trx.insertInto('dashboards').values(values).returning('id').executeTakeFirstOrThrow()).id;
    }
    await this.trx.updateTable('dashboards').set(without(values, KEPT.dashboards)).where('id', '=', existingId).execute();
    return existingId;
  }

  /**
   * Links the dashboard to the charts its layout shows. `replace` (an overwrite) makes them its only charts,
   * as Superset's import does; otherwise links it already has stay and the missing ones are added.
   */
  async linkDashboardCharts(dashboardId: number, chartIds: readonly number[], replace: boolean): Promise<void> {
    if (replace) await this.trx.deleteFrom('dashboard_slices').where('dashboard_id', '=', dashboardId).execute();
    const current = new Set(
      (await this.trx.selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', '=', dashboardId).execute()).map((r) => r.slice_id),
    );
    const added = [...new Set(chartIds)].filter((id) => !current.has(id));
    if (added.length > 0) await this.trx.insertInto('dashboard_slices').values(added.map((slice_id) => ({ dashboard_id: dashboardId, slice_id }))).execute();
  }

  /** Superset makes the importing user an owner of what it creates or overwrites. */
  async addOwner(kind: OwnedKind, id: number, userId: number | null): Promise<void> {
    if (userId === null) return;
    const current = await ownersOf(this.trx, kind, [id]);
    if (!current.some((o) => o.id === userId)) await addOwners(this.trx, kind, id, [userId]);
  }
}
