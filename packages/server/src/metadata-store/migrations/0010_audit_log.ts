import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/**
 * The audit log of security-relevant actions. Rows are only ever added (and pruned by age), so no foreign keys:
 * deleting a user keeps what they did, with the user id and name as they were.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('audit_log'), dialect)
    // ISO-8601 UTC text of fixed width: text order is time order on both engines.
    .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(256)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(64)')
    .addColumn('object_id', 'varchar(64)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(256)')
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('details', 'text')
    .execute();
  // The list reads newest first and retention deletes by age; filters narrow by action or user.
  await db.schema.createIndex('ix_audit_log_created_on').on('audit_log').column('created_on').execute();
  await db.schema.createIndex('ix_audit_log_action').on('audit_log').columns(['action', 'created_on']).execute();
  await db.schema.createIndex('ix_audit_log_username').on('audit_log').columns(['username', 'created_on']).execute();
}
