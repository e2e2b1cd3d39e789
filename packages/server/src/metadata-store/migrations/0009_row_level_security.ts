import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/**
 * Row level security rules (Superset's `row_level_security_filters`) and their links to the roles they name and
 * the datasets (`tables`) they restrict. Links go with the role or dataset they point at; a rule left with no
 * dataset restricts nothing, as in Superset.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('row_level_security_filters'), dialect)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('filter_type', 'varchar(255)', (c) => c.notNull())
    .addColumn('group_key', 'varchar(255)')
    .addColumn('clause', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .execute();
  // The API refuses a duplicate name first; the index holds under concurrent writes.
  await db.schema.createIndex('uq_row_level_security_filters_name').on('row_level_security_filters').column('name').unique().execute();

  await withId(db.schema.createTable('rls_filter_roles'), dialect)
    .addColumn('rls_filter_id', 'integer', (c) => c.notNull().references('row_level_security_filters.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('ab_role.id').onDelete('cascade'))
    .addUniqueConstraint('uq_rls_filter_role', ['rls_filter_id', 'role_id'])
    .execute();

  await withId(db.schema.createTable('rls_filter_tables'), dialect)
    .addColumn('rls_filter_id', 'integer', (c) => c.notNull().references('row_level_security_filters.id').onDelete('cascade'))
    .addColumn('table_id', 'integer', (c) => c.notNull().references('tables.id').onDelete('cascade'))
    .addUniqueConstraint('uq_rls_filter_table', ['rls_filter_id', 'table_id'])
    .execute();
  // Every chart query reads the rules of its dataset.
  await db.schema.createIndex('ix_rls_filter_tables_table').on('rls_filter_tables').column('table_id').execute();
}
