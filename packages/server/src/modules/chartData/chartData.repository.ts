import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';

export interface DatasetVersion {
  id: number;
  table_name: string;
  schema: string | null;
  database_id: number;
  database_name: string;
  changed_on: string;
  database_changed_on: string;
}

export interface QuerySourceRow {
  id: number;
  user_id: number | null;
  database_id: number;
  schema: string | null;
  sql: string;
  executed_sql: string | null;
  template_params: string | null;
  status: string;
  tab_name: string | null;
  changed_on: string;
}

export interface SavedQuerySourceRow {
  id: number;
  user_id: number | null;
  created_by_fk: number | null;
  db_id: number;
  schema: string | null;
  label: string;
  sql: string;
  template_parameters: string | null;
  changed_on: string;
}

/**
 * Read-only lookups the chart data engine needs on every request. Kept to single-row reads: the
 * owning modules (datasets, SQL Lab, saved queries) still do every write and every full read.
 */
export class ChartDataRepository {
  constructor(private readonly db: MetadataDb) {}

  /** Charts drawn from the datasets named `tableName` in the database named `databaseName` (the dataset warm-up). */
  async chartIdsOfTable(databaseName: string, tableName: string): Promise<{ datasets: number; charts: number[] }> {
    const datasets = await this.db
      .selectFrom('tables')
      .innerJoin('dbs', 'dbs.id', 'tables.database_id')
      .select('tables.id')
      .where('dbs.database_name', '=', databaseName)
      .where('tables.table_name', '=', tableName)
      .execute();
    if (datasets.length === 0) return { datasets: 0, charts: [] };
    const charts = await this.db
      .selectFrom('slices')
      .select('id')
      .where('datasource_type', '=', 'table')
      .where(
        'datasource_id',
        'in',
        datasets.map((d) => d.id),
      )
      .orderBy('id')
      .execute();
    return { datasets: datasets.length, charts: charts.map((c) => c.id) };
  }

  /** What tells a cached datasource apart from an edited one, plus what its access check reads. */
  async datasetVersion(id: number): Promise<DatasetVersion | null> {
    const row = await this.db
      .selectFrom('tables')
      .innerJoin('dbs', 'dbs.id', 'tables.database_id')
      .select([
        'tables.id',
        'tables.table_name',
        'tables.schema',
        'tables.database_id',
        'dbs.database_name',
        'tables.changed_on',
        'dbs.changed_on as database_changed_on',
      ])
      .where('tables.id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async queryById(id: number): Promise<QuerySourceRow | null> {
    const row = await this.db
      .selectFrom('query')
      .select(['id', 'user_id', 'database_id', 'schema', 'sql', 'executed_sql', 'template_params', 'status', 'tab_name', 'changed_on'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async savedQueryById(id: number): Promise<SavedQuerySourceRow | null> {
    const row = await this.db
      .selectFrom('saved_query')
      .select(['id', 'user_id', 'created_by_fk', 'db_id', 'schema', 'label', 'sql', 'template_parameters', 'changed_on'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }
}
