import type { Kysely } from 'kysely';
import { withId, type Dialect } from './helpers.js';

/**
 * Native annotation layers and their annotations (Superset's `annotation_layer` and `annotation`).
 * Annotation times are naive UTC text `YYYY-MM-DDTHH:MM:SS`: fixed width, so text order is time order
 * on both engines and the chart data range filter can compare them directly.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('annotation_layer'), dialect)
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('descr', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .execute();
  // The API refuses a duplicate name with a field message; the index holds under concurrent writes.
  await db.schema.createIndex('uq_annotation_layer_name').on('annotation_layer').column('name').unique().execute();

  // No cascade: a layer with annotations cannot be deleted (Superset's "has associated annotations").
  await withId(db.schema.createTable('annotation'), dialect)
    .addColumn('layer_id', 'integer', (c) => c.notNull().references('annotation_layer.id'))
    .addColumn('start_dttm', 'varchar(19)', (c) => c.notNull())
    .addColumn('end_dttm', 'varchar(19)', (c) => c.notNull())
    .addColumn('short_descr', 'varchar(500)', (c) => c.notNull())
    .addColumn('long_descr', 'text')
    .addColumn('json_metadata', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('changed_on', 'text', (c) => c.notNull())
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('ix_annotation_layer_time').on('annotation').columns(['layer_id', 'start_dttm']).execute();
}
