import type { Kysely } from 'kysely';
import { notNullDefault, withId, type Dialect } from './helpers.js';

/** Datasets (Superset's `tables`), their columns and metrics, and owners. Physical when `sql` is null. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('tables'), dialect)
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('table_name', 'varchar(250)', (c) => c.notNull())
    .addColumn('database_id', 'integer', (c) => c.notNull().references('dbs.id'))
    .addColumn('catalog', 'varchar(256)')
    .addColumn('schema', 'varchar(255)')
    .addColumn('sql', 'text')
    .addColumn('description', 'text')
    .addColumn('main_dttm_col', 'varchar(250)')
    .addColumn('filter_select_enabled', 'integer', notNullDefault(1))
    .addColumn('fetch_values_predicate', 'text')
    .addColumn('normalize_columns', 'integer', notNullDefault(0))
    .addColumn('always_filter_main_dttm', 'integer', notNullDefault(0))
    .addColumn('offset', 'integer', notNullDefault(0))
    .addColumn('default_endpoint', 'text')
    .addColumn('cache_timeout', 'integer')
    .addColumn('is_sqllab_view', 'integer', notNullDefault(0))
    .addColumn('template_params', 'text')
    .addColumn('extra', 'text')
    .addColumn('is_managed_externally', 'integer', notNullDefault(0))
    .addColumn('external_url', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .execute();
  // One dataset per (database, catalog, schema, name), as Superset enforces.
  await db.schema.createIndex('uq_tables_name').on('tables').columns(['database_id', 'schema', 'table_name']).unique().execute();

  await withId(db.schema.createTable('table_columns'), dialect)
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('table_id', 'integer', (c) => c.notNull().references('tables.id').onDelete('cascade'))
    .addColumn('column_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(255)')
    .addColumn('is_dttm', 'integer', notNullDefault(0))
    .addColumn('groupby', 'integer', notNullDefault(1))
    .addColumn('filterable', 'integer', notNullDefault(1))
    .addColumn('expression', 'text')
    .addColumn('verbose_name', 'varchar(1024)')
    .addColumn('description', 'text')
    .addColumn('python_date_format', 'varchar(255)')
    .addColumn('advanced_data_type', 'varchar(255)')
    .addColumn('is_active', 'integer', notNullDefault(1))
    .addColumn('extra', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addUniqueConstraint('uq_table_columns_name', ['table_id', 'column_name'])
    .execute();

  await withId(db.schema.createTable('sql_metrics'), dialect)
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('table_id', 'integer', (c) => c.notNull().references('tables.id').onDelete('cascade'))
    .addColumn('metric_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('expression', 'text', (c) => c.notNull())
    .addColumn('metric_type', 'varchar(32)')
    .addColumn('verbose_name', 'varchar(1024)')
    .addColumn('d3format', 'varchar(128)')
    .addColumn('currency', 'text')
    .addColumn('description', 'text')
    .addColumn('warning_text', 'text')
    .addColumn('extra', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addUniqueConstraint('uq_sql_metrics_name', ['table_id', 'metric_name'])
    .execute();

  await withId(db.schema.createTable('dataset_owner'), dialect)
    .addColumn('table_id', 'integer', (c) => c.notNull().references('tables.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
    .addUniqueConstraint('uq_dataset_owner', ['table_id', 'user_id'])
    .execute();
}
