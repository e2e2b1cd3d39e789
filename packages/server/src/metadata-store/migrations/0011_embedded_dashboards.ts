import type { Kysely } from 'kysely';
import type { Dialect } from './helpers.js';

/**
 * Embedded dashboards (Superset's `embedded_dashboards`): one configuration per dashboard, keyed by a random uuid
 * the host application embeds by. Deleting the dashboard deletes it.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('embedded_dashboards')
    .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('dashboard_id', 'integer', (c) => c.notNull().unique().references('dashboards.id').onDelete('cascade'))
    .addColumn('allowed_domains', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .execute();
}
