import type { Kysely } from 'kysely';
import { notNullDefault, withId, type Dialect } from './helpers.js';

/**
 * Charts (Superset's `slices`), dashboards, their links, owners and favorites.
 * `slices.datasource_id` is not a foreign key: the datasource type decides which table it names.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('slices'), dialect)
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('slice_name', 'varchar(250)', (c) => c.notNull())
    .addColumn('viz_type', 'varchar(250)', (c) => c.notNull())
    .addColumn('params', 'text')
    .addColumn('query_context', 'text')
    .addColumn('description', 'text')
    .addColumn('cache_timeout', 'integer')
    .addColumn('datasource_id', 'integer', (c) => c.notNull())
    .addColumn('datasource_type', 'varchar(200)', (c) => c.notNull())
    .addColumn('datasource_name', 'varchar(2000)')
    .addColumn('certified_by', 'text')
    .addColumn('certification_details', 'text')
    .addColumn('is_managed_externally', 'integer', notNullDefault(0))
    .addColumn('external_url', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('last_saved_at', 'text')
    .addColumn('last_saved_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('ix_slices_datasource').on('slices').columns(['datasource_type', 'datasource_id']).execute();

  await withId(db.schema.createTable('slice_user'), dialect)
    .addColumn('slice_id', 'integer', (c) => c.notNull().references('slices.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
    .addUniqueConstraint('uq_slice_user', ['slice_id', 'user_id'])
    .execute();

  await withId(db.schema.createTable('dashboards'), dialect)
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('dashboard_title', 'varchar(500)', (c) => c.notNull())
    // Several dashboards may have no slug; PostgreSQL and SQLite both allow many NULLs under a unique constraint.
    .addColumn('slug', 'varchar(255)', (c) => c.unique())
    .addColumn('css', 'text')
    .addColumn('json_metadata', 'text')
    .addColumn('position_json', 'text')
    .addColumn('published', 'integer', notNullDefault(0))
    .addColumn('certified_by', 'text')
    .addColumn('certification_details', 'text')
    .addColumn('is_managed_externally', 'integer', notNullDefault(0))
    .addColumn('external_url', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .execute();

  await withId(db.schema.createTable('dashboard_slices'), dialect)
    .addColumn('dashboard_id', 'integer', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
    .addColumn('slice_id', 'integer', (c) => c.notNull().references('slices.id').onDelete('cascade'))
    .addUniqueConstraint('uq_dashboard_slice', ['dashboard_id', 'slice_id'])
    .execute();

  await withId(db.schema.createTable('dashboard_user'), dialect)
    .addColumn('dashboard_id', 'integer', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
    .addUniqueConstraint('uq_dashboard_user', ['dashboard_id', 'user_id'])
    .execute();

  await withId(db.schema.createTable('dashboard_roles'), dialect)
    .addColumn('dashboard_id', 'integer', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('ab_role.id').onDelete('cascade'))
    .addUniqueConstraint('uq_dashboard_role', ['dashboard_id', 'role_id'])
    .execute();

  // Favorites of any kind of object ('slice', 'Dashboard' as Superset names them); no FK on obj_id for that reason.
  await withId(db.schema.createTable('favstar'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
    .addColumn('class_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('obj_id', 'integer', (c) => c.notNull())
    .addColumn('dttm', 'text', (c) => c.notNull())
    .addUniqueConstraint('uq_favstar', ['user_id', 'class_name', 'obj_id'])
    .execute();
}
