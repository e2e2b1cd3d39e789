import type { Kysely } from 'kysely';
import { notNullDefault, withId, type Dialect } from './helpers.js';

/** Saved queries, editor tabs and their table previews, and the key/value store behind shared links. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('saved_query'), dialect)
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('db_id', 'integer', (c) => c.notNull().references('dbs.id').onDelete('cascade'))
    .addColumn('catalog', 'varchar(256)')
    .addColumn('schema', 'varchar(256)')
    .addColumn('label', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', 'text', notNullDefault(''))
    .addColumn('sql', 'text', (c) => c.notNull())
    .addColumn('template_parameters', 'text')
    .addColumn('extra_json', 'text', notNullDefault('{}'))
    .addColumn('rows', 'integer')
    .addColumn('last_run', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .execute();

  await withId(db.schema.createTable('tab_state'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
    .addColumn('label', 'varchar(256)', notNullDefault('Untitled Query 1'))
    .addColumn('active', 'integer', notNullDefault(0))
    .addColumn('database_id', 'integer', (c) => c.references('dbs.id').onDelete('set null'))
    .addColumn('catalog', 'varchar(256)')
    .addColumn('schema', 'varchar(256)')
    .addColumn('sql', 'text', notNullDefault(''))
    .addColumn('query_limit', 'integer')
    .addColumn('latest_query_id', 'varchar(64)')
    .addColumn('autorun', 'integer', notNullDefault(0))
    .addColumn('template_params', 'text')
    .addColumn('hide_left_bar', 'integer', notNullDefault(0))
    .addColumn('saved_query_id', 'integer', (c) => c.references('saved_query.id').onDelete('set null'))
    .addColumn('extra_json', 'text', notNullDefault('{}'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_tab_state_user').on('tab_state').column('user_id').execute();

  await withId(db.schema.createTable('table_schema'), dialect)
    .addColumn('tab_state_id', 'integer', (c) => c.notNull().references('tab_state.id').onDelete('cascade'))
    .addColumn('database_id', 'integer', (c) => c.notNull().references('dbs.id').onDelete('cascade'))
    .addColumn('catalog', 'varchar(256)')
    .addColumn('schema', 'varchar(256)')
    .addColumn('table', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', 'text', notNullDefault('{}'))
    .addColumn('expanded', 'integer', notNullDefault(1))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('key_value'), dialect)
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('resource', 'varchar(32)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('expires_on', 'text')
    .execute();
  await db.schema.createIndex('ix_key_value_resource').on('key_value').column('resource').execute();
}
