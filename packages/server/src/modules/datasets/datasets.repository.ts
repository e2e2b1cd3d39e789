import { addOwners, existingIds, ownedBy, ownersOf, removeOwners, replaceOwners, type OwnerRow } from '../../metadata-store/ownerLinks.js';
import { pagedList } from '../../metadata-store/pagedList.js';
import { fabColumnMatch, type FabColumnFilter } from '../../metadata-store/fabColumnFilter.js';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { DatasetColumnTable, DatasetMetricTable, DatasetTable } from '../../metadata-store/datasetSchema.js';
import { relatedUsers, type RelatedUser } from '../security/relatedUsers.js';

export type DatasetRow = Selectable<DatasetTable>;
export type DatasetInsert = Insertable<DatasetTable>;
export type ColumnRow = Selectable<DatasetColumnTable>;
export type ColumnInsert = Omit<Insertable<DatasetColumnTable>, 'table_id'>;
export type MetricRow = Selectable<DatasetMetricTable>;
export type MetricInsert = Omit<Insertable<DatasetMetricTable>, 'table_id'>;

/** How a PUT changes a dataset's columns or metrics: rows to add, to edit by id, and ids to remove. */
export interface ChildPlan<I, U> {
  insert: I[];
  update: { id: number; values: U }[];
  remove: number[];
}
export type ColumnPlan = ChildPlan<ColumnInsert, Updateable<DatasetColumnTable>>;
export type MetricPlan = ChildPlan<MetricInsert, Updateable<DatasetMetricTable>>;

export interface DatasetJoinedRow extends DatasetRow {
  database_name: string;
  backend: string;
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

/** Which datasets a caller may list: all, or those in granted databases / schemas / by dataset id. */
export type DatasetScope = 'all' | { databaseIds: number[]; schemas: { database: string; schema: string }[]; datasetIds: number[] };

/** Dataset columns a list filter compares with FAB's plain operators, and the column each one reads. */
export const DATASET_MATCH = {
  table_name: 'tables.table_name',
  schema: 'tables.schema',
  catalog: 'tables.catalog',
  id: 'tables.id',
} as const;
export type DatasetMatchColumn = keyof typeof DATASET_MATCH;

export type DatasetFilter =
  | { col: 'match'; column: DatasetMatchColumn; filter: FabColumnFilter }
  | { col: 'database_id'; value: number }
  | { col: 'virtual'; value: boolean }
  | { col: 'id'; value: number[] }
  | { col: 'owners'; value: number }
  | { col: 'created_by'; value: number }
  | { col: 'changed_by'; value: number }
  /** Superset keeps a dataset's certification in `extra` ({"certification": {...}}). */
  | { col: 'certified'; value: boolean };

export const DATASET_ORDER = {
  table_name: 'tables.table_name',
  changed_on_delta_humanized: 'tables.changed_on',
  changed_on: 'tables.changed_on',
  schema: 'tables.schema',
  'database.database_name': 'dbs.database_name',
  sql: 'tables.sql',
  id: 'tables.id',
  'changed_by.first_name': 'changer.first_name',
} as const;

export interface DatasetCriteria {
  filters: DatasetFilter[];
  scope: DatasetScope;
  orderBy: keyof typeof DATASET_ORDER;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}


/** `tables`, `table_columns`, `sql_metrics` and `dataset_owner`. */
export class DatasetsRepository {
  constructor(private readonly db: MetadataDb) {}

  private joined() {
    return this.db
      .selectFrom('tables')
      .innerJoin('dbs', 'dbs.id', 'tables.database_id')
      .leftJoin('ab_user as creator', 'creator.id', 'tables.created_by_fk')
      .leftJoin('ab_user as changer', 'changer.id', 'tables.changed_by_fk')
      .selectAll('tables')
      .select([
        'dbs.database_name as database_name',
        'dbs.backend as backend',
        'creator.first_name as created_by_first_name',
        'creator.last_name as created_by_last_name',
        'changer.first_name as changed_by_first_name',
        'changer.last_name as changed_by_last_name',
      ]);
  }

  /** Ids of the datasets a scope covers, as a subquery other repositories (charts) filter with. */
  scopedIds(scope: Exclude<DatasetScope, 'all'>) {
    return this.db
      .selectFrom('tables')
      .innerJoin('dbs', 'dbs.id', 'tables.database_id')
      .select('tables.id')
      .where((eb) =>
        eb.or([
          ...(scope.databaseIds.length > 0 ? [eb('tables.database_id', 'in', scope.databaseIds)] : []),
          ...(scope.datasetIds.length > 0 ? [eb('tables.id', 'in', scope.datasetIds)] : []),
          ...scope.schemas.map((s) => eb.and([eb('dbs.database_name', '=', s.database), eb('tables.schema', '=', s.schema)])),
          sql<boolean>`1 = 0`,
        ]),
      );
  }

  async findById(id: number): Promise<DatasetJoinedRow | null> {
    return (await this.joined().where('tables.id', '=', id).executeTakeFirst()) ?? null;
  }

  async findByName(databaseId: number, schema: string | null, tableName: string): Promise<DatasetRow | null> {
    let q = this.db.selectFrom('tables').selectAll().where('database_id', '=', databaseId).where('table_name', '=', tableName);
    q = schema === null ? q.where('schema', 'is', null) : q.where('schema', '=', schema);
    return (await q.executeTakeFirst()) ?? null;
  }

  /** Ids of the datasets of a database named `tableName`, in any schema. */
  async idsByName(databaseId: number, tableName: string): Promise<number[]> {
    const rows = await this.db.selectFrom('tables').select('id').where('database_id', '=', databaseId).where('table_name', '=', tableName).orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  async countByDatabase(databaseId: number): Promise<number> {
    const row = await this.db
      .selectFrom('tables')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('database_id', '=', databaseId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  existingUserIds(ids: number[]): Promise<number[]> {
    return existingIds(this.db, 'ab_user', ids);
  }

  /** Dataset, columns, metrics and owners in one transaction. */
  async insert(values: DatasetInsert, columns: ColumnInsert[], metrics: MetricInsert[], owners: number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('tables').values(values).returning('id').executeTakeFirstOrThrow();
      if (columns.length > 0) await trx.insertInto('table_columns').values(columns.map((c) => ({ ...c, table_id: id }))).execute();
      if (metrics.length > 0) await trx.insertInto('sql_metrics').values(metrics.map((m) => ({ ...m, table_id: id }))).execute();
      await addOwners(trx, 'dataset', id, owners);
      return id;
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('table_columns').where('table_id', '=', id).execute();
      await trx.deleteFrom('sql_metrics').where('table_id', '=', id).execute();
      await removeOwners(trx, 'dataset', [id]);
      await trx.deleteFrom('tables').where('id', '=', id).execute();
    });
  }

  async columnsOf(id: number): Promise<ColumnRow[]> {
    return this.db.selectFrom('table_columns').selectAll().where('table_id', '=', id).orderBy('id').execute();
  }

  async metricsOf(id: number): Promise<MetricRow[]> {
    return this.db.selectFrom('sql_metrics').selectAll().where('table_id', '=', id).orderBy('id').execute();
  }

  ownersOf(ids: number[]): Promise<OwnerRow[]> {
    return ownersOf(this.db, 'dataset', ids);
  }

  async list(c: DatasetCriteria): Promise<{ rows: DatasetJoinedRow[]; count: number }> {
    let base = this.db.selectFrom('tables').innerJoin('dbs', 'dbs.id', 'tables.database_id');
    for (const f of c.filters) {
      if (f.col === 'match') base = base.where(fabColumnMatch(DATASET_MATCH[f.column], f.filter));
      else if (f.col === 'database_id') base = base.where('tables.database_id', '=', f.value);
      else if (f.col === 'id') base = f.value.length === 0 ? base.where(sql<boolean>`1 = 0`) : base.where('tables.id', 'in', f.value);
      else if (f.col === 'owners') base = base.where('tables.id', 'in', ownedBy('dataset', f.value));
      else if (f.col === 'created_by') base = base.where('tables.created_by_fk', '=', f.value);
      else if (f.col === 'changed_by') base = base.where('tables.changed_by_fk', '=', f.value);
      else if (f.col === 'certified') {
        const certified = sql<boolean>`tables.extra LIKE ${'%"certification"%'}`;
        base = f.value ? base.where(certified) : base.where((eb) => eb.or([eb('tables.extra', 'is', null), eb.not(certified)]));
      } else
        base = f.value
          ? base.where((eb) => eb.and([eb('tables.sql', 'is not', null), eb('tables.sql', '!=', '')]))
          : base.where((eb) => eb.or([eb('tables.sql', 'is', null), eb('tables.sql', '=', '')]));
    }
    if (c.scope !== 'all') base = base.where('tables.id', 'in', this.scopedIds(c.scope));
    return pagedList(base, this.joined(), 'tables.id', { ...c, orderRef: DATASET_ORDER[c.orderBy] });
  }

  /** Dataset fields, columns, metrics and owners in one transaction; null parts stay as they are. */
  async update(
    id: number,
    values: Updateable<DatasetTable>,
    parts: { columns: ColumnPlan | null; metrics: MetricPlan | null; owners: number[] | null },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (Object.keys(values).length > 0) await trx.updateTable('tables').set(values).where('id', '=', id).execute();
      const { columns, metrics, owners } = parts;
      if (columns) {
        if (columns.remove.length > 0) await trx.deleteFrom('table_columns').where('table_id', '=', id).where('id', 'in', columns.remove).execute();
        for (const u of columns.update) await trx.updateTable('table_columns').set(u.values).where('table_id', '=', id).where('id', '=', u.id).execute();
        if (columns.insert.length > 0) await trx.insertInto('table_columns').values(columns.insert.map((c) => ({ ...c, table_id: id }))).execute();
      }
      if (metrics) {
        if (metrics.remove.length > 0) await trx.deleteFrom('sql_metrics').where('table_id', '=', id).where('id', 'in', metrics.remove).execute();
        for (const u of metrics.update) await trx.updateTable('sql_metrics').set(u.values).where('table_id', '=', id).where('id', '=', u.id).execute();
        if (metrics.insert.length > 0) await trx.insertInto('sql_metrics').values(metrics.insert.map((m) => ({ ...m, table_id: id }))).execute();
      }
      if (owners) await replaceOwners(trx, 'dataset', id, owners);
    });
  }

  /** Charts built on the dataset and the dashboards showing them. */
  async relatedObjects(id: number) {
    const charts = await this.db
      .selectFrom('slices')
      .select(['id', 'slice_name', 'viz_type'])
      .where('datasource_type', '=', 'table')
      .where('datasource_id', '=', id)
      .orderBy('id')
      .execute();
    const dashboards =
      charts.length === 0
        ? []
        : await this.db
            .selectFrom('dashboards')
            .select(['id', 'json_metadata', 'slug', 'dashboard_title as title'])
            .where('id', 'in', this.db.selectFrom('dashboard_slices').select('dashboard_id').where('slice_id', 'in', charts.map((c) => c.id)))
            .orderBy('id')
            .execute();
    return { charts, dashboards };
  }

  /** The distinct non-empty values of `schema` or `catalog` among the datasets in scope, sorted. */
  async distinctValues(column: 'schema' | 'catalog', scope: DatasetScope): Promise<string[]> {
    const ref = `tables.${column}` as const;
    let q = this.db.selectFrom('tables').select(`${ref} as value`).distinct().where(ref, 'is not', null);
    if (scope !== 'all') q = q.where('tables.id', 'in', this.scopedIds(scope));
    const rows = await q.orderBy(ref).execute();
    return rows.map((r) => r.value).filter((s): s is string => s !== null && s !== '');
  }

  users(filter: string): Promise<RelatedUser[]> {
    return relatedUsers(this.db, filter);
  }
}
