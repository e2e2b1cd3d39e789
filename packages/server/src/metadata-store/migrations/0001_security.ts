import type { Kysely } from 'kysely';
import { notNullDefault, withId, type Dialect } from './helpers.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('ab_user'), dialect)
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('first_name', 'varchar(64)', notNullDefault(''))
    .addColumn('last_name', 'varchar(64)', notNullDefault(''))
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', notNullDefault(1))
    .addColumn('login_count', 'integer', notNullDefault(0))
    .addColumn('fail_login_count', 'integer', notNullDefault(0))
    .addColumn('last_login', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .execute();
  for (const table of ['ab_role', 'ab_permission', 'ab_view_menu']) {
    await withId(db.schema.createTable(table), dialect)
      .addColumn('name', 'varchar(250)', (c) => c.notNull().unique())
      .execute();
  }
  await withId(db.schema.createTable('ab_permission_view'), dialect)
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('ab_permission.id').onDelete('cascade'))
    .addColumn('view_menu_id', 'integer', (c) => c.notNull().references('ab_view_menu.id').onDelete('cascade'))
    .addUniqueConstraint('uq_permission_view', ['permission_id', 'view_menu_id'])
    .execute();
  await withId(db.schema.createTable('ab_permission_view_role'), dialect)
    .addColumn('permission_view_id', 'integer', (c) =>
      c.notNull().references('ab_permission_view.id').onDelete('cascade'),
    )
    .addColumn('role_id', 'integer', (c) => c.notNull().references('ab_role.id').onDelete('cascade'))
    .addUniqueConstraint('uq_permission_view_role', ['permission_view_id', 'role_id'])
    .execute();
  await withId(db.schema.createTable('ab_user_role'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('ab_role.id').onDelete('cascade'))
    .addUniqueConstraint('uq_user_role', ['user_id', 'role_id'])
    .execute();
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_sessions_user').on('sessions').column('user_id').execute();
}
