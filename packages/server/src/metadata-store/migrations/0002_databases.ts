import type { Kysely } from 'kysely';
import { notNullDefault, withId, type Dialect } from './helpers.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('dbs'), dialect)
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('database_name', 'varchar(250)', (c) => c.notNull().unique())
    .addColumn('sqlalchemy_uri', 'text', (c) => c.notNull())
    .addColumn('password', 'text')
    .addColumn('encrypted_extra', 'text')
    .addColumn('backend', 'varchar(32)', (c) => c.notNull())
    .addColumn('configuration_method', 'varchar(32)', notNullDefault('sqlalchemy_form'))
    .addColumn('expose_in_sqllab', 'integer', notNullDefault(1))
    .addColumn('allow_run_async', 'integer', notNullDefault(0))
    .addColumn('allow_dml', 'integer', notNullDefault(0))
    .addColumn('allow_ctas', 'integer', notNullDefault(0))
    .addColumn('allow_cvas', 'integer', notNullDefault(0))
    .addColumn('allow_file_upload', 'integer', notNullDefault(0))
    .addColumn('disable_data_preview', 'integer', notNullDefault(0))
    .addColumn('cache_timeout', 'integer')
    .addColumn('force_ctas_schema', 'varchar(250)')
    .addColumn('impersonate_user', 'integer', notNullDefault(0))
    .addColumn('extra', 'text', notNullDefault('{}'))
    .addColumn('server_cert', 'text')
    .addColumn('is_managed_externally', 'integer', notNullDefault(0))
    .addColumn('external_url', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .execute();
}
