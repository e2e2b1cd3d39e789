import type { Kysely } from 'kysely';
import { notNullDefault, withId, type Dialect } from './helpers.js';

/** SQL Lab runs (Superset's `query` table). Times are epoch milliseconds as doubles, as the client reads them. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('query'), dialect)
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('database_id', 'integer', (c) => c.notNull().references('dbs.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('sql_editor_id', 'varchar(64)')
    .addColumn('tab_name', 'varchar(256)')
    .addColumn('status', 'varchar(16)', notNullDefault('pending'))
    .addColumn('catalog', 'varchar(256)')
    .addColumn('schema', 'varchar(256)')
    .addColumn('sql', 'text', (c) => c.notNull())
    .addColumn('select_sql', 'text')
    .addColumn('executed_sql', 'text')
    .addColumn('template_params', 'text')
    .addColumn('limit', 'integer')
    .addColumn('limiting_factor', 'varchar(32)', notNullDefault('UNKNOWN'))
    .addColumn('select_as_cta', 'integer', notNullDefault(0))
    .addColumn('select_as_cta_used', 'integer', notNullDefault(0))
    .addColumn('ctas_method', 'varchar(16)', notNullDefault('TABLE'))
    .addColumn('tmp_schema_name', 'varchar(256)')
    .addColumn('tmp_table_name', 'varchar(256)')
    .addColumn('run_async', 'integer', notNullDefault(0))
    .addColumn('progress', 'integer', notNullDefault(0))
    .addColumn('rows', 'integer')
    .addColumn('error_message', 'text')
    .addColumn('errors_json', 'text')
    .addColumn('results_key', 'varchar(64)')
    .addColumn('tracking_url', 'text')
    .addColumn('start_time', 'double precision')
    .addColumn('start_running_time', 'double precision')
    .addColumn('end_time', 'double precision')
    .addColumn('end_result_backend_time', 'double precision')
    .addColumn('extra_json', 'text', notNullDefault('{}'))
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_query_user_changed').on('query').columns(['user_id', 'changed_on']).execute();
  await db.schema.createIndex('ix_query_status').on('query').column('status').execute();
  await db.schema.createIndex('ix_query_editor').on('query').column('sql_editor_id').execute();
}
