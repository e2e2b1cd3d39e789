import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';

/** Superset's favstar class names: charts are 'slice', dashboards 'Dashboard'. */
export type FavoriteClass = 'slice' | 'Dashboard';

/** Stars of charts and dashboards (the `favstar` table), shared by both modules. */
export class FavoritesRepository {
  constructor(private readonly db: MetadataDb) {}

  async starredAmong(userId: number, cls: FavoriteClass, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('favstar')
      .select('obj_id')
      .where('user_id', '=', userId)
      .where('class_name', '=', cls)
      .where('obj_id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.obj_id));
  }

  /** Idempotent, also under concurrent clicks: the unique constraint turns a second star into nothing. */
  async add(userId: number, cls: FavoriteClass, id: number): Promise<void> {
    await this.db
      .insertInto('favstar')
      .values({ user_id: userId, class_name: cls, obj_id: id, dttm: nowIso() })
      .onConflict((oc) => oc.columns(['user_id', 'class_name', 'obj_id']).doNothing())
      .execute();
  }

  async remove(userId: number, cls: FavoriteClass, id: number): Promise<void> {
    await this.db.deleteFrom('favstar').where('user_id', '=', userId).where('class_name', '=', cls).where('obj_id', '=', id).execute();
  }

  /** A subquery of the ids a user starred, for `is_favorite` list filters. */
  starredIds(userId: number, cls: FavoriteClass) {
    return this.db.selectFrom('favstar').select('obj_id').where('user_id', '=', userId).where('class_name', '=', cls);
  }
}
