import { textMatches } from '../../metadata-store/textMatch.js';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { SavedQueryTable } from '../../metadata-store/sqllabSchema.js';

export type SavedQueryRow = Selectable<SavedQueryTable>;
export type SavedQueryInsert = Insertable<SavedQueryTable>;
export type SavedQueryChanges = Updateable<SavedQueryTable>;

export interface SavedQueryJoinedRow extends SavedQueryRow {
  database_name: string;
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

export type SavedQueryFilter =
  | { col: 'label' | 'description' | 'sql'; opr: 'ct' | 'eq' | 'sw'; value: string }
  | { col: 'all_text'; value: string }
  | { col: 'db_id' | 'created_by_fk'; value: number }
  | { col: 'schema'; value: string }
  | { col: 'id'; value: number[] }
  | { col: 'none' };

export const SAVED_QUERY_ORDER = {
  label: 'saved_query.label',
  changed_on_delta_humanized: 'saved_query.changed_on',
  changed_on: 'saved_query.changed_on',
  schema: 'saved_query.schema',
  'database.database_name': 'dbs.database_name',
  description: 'saved_query.description',
  created_on: 'saved_query.created_on',
  last_run_delta_humanized: 'saved_query.last_run',
  rows: 'saved_query.rows',
  id: 'saved_query.id',
} as const;

export interface SavedQueryCriteria {
  filters: SavedQueryFilter[];
  /** null: every saved query (admins); else only those the user created. */
  ownerId: number | null;
  orderBy: keyof typeof SAVED_QUERY_ORDER;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}


/** The `saved_query` table. */
export class SavedQueriesRepository {
  constructor(private readonly db: MetadataDb) {}

  private joined() {
    return this.db
      .selectFrom('saved_query')
      .innerJoin('dbs', 'dbs.id', 'saved_query.db_id')
      .leftJoin('ab_user as creator', 'creator.id', 'saved_query.created_by_fk')
      .leftJoin('ab_user as changer', 'changer.id', 'saved_query.changed_by_fk')
      .selectAll('saved_query')
      .select([
        'dbs.database_name as database_name',
        'creator.first_name as created_by_first_name',
        'creator.last_name as created_by_last_name',
        'changer.first_name as changed_by_first_name',
        'changer.last_name as changed_by_last_name',
      ]);
  }

  async findById(id: number): Promise<SavedQueryJoinedRow | null> {
    return (await this.joined().where('saved_query.id', '=', id).executeTakeFirst()) ?? null;
  }

  async findByIds(ids: number[]): Promise<SavedQueryRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('saved_query').selectAll().where('id', 'in', ids).execute();
  }

  async list(c: SavedQueryCriteria): Promise<{ rows: SavedQueryJoinedRow[]; count: number }> {
    let base = this.db.selectFrom('saved_query').innerJoin('dbs', 'dbs.id', 'saved_query.db_id');
    if (c.ownerId !== null) base = base.where('saved_query.created_by_fk', '=', c.ownerId);
    for (const f of c.filters) {
      if (f.col === 'none') base = base.where(sql<boolean>`1 = 0`);
      else if (f.col === 'all_text') {
        const text = f.value;
        base = base.where((eb) =>
          eb.or([
            textMatches('saved_query.label', text),
            textMatches('saved_query.description', text),
            textMatches('saved_query.sql', text),
          ]),
        );
      } else if (f.col === 'label' || f.col === 'description' || f.col === 'sql') {
        base =
          f.opr === 'eq'
            ? base.where(`saved_query.${f.col}`, '=', f.value)
            : base.where(textMatches(`saved_query.${f.col}`, f.value, f.opr === 'sw' ? 'startsWith' : 'contains'));
      } else if (f.col === 'id') {
        base = f.value.length === 0 ? base.where(sql<boolean>`1 = 0`) : base.where('saved_query.id', 'in', f.value);
      } else {
        base = base.where(`saved_query.${f.col}`, '=', f.value);
      }
    }
    const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const ids = base.select('saved_query.id');
    let query = this.joined()
      .where('saved_query.id', 'in', ids)
      .orderBy(sql.ref(SAVED_QUERY_ORDER[c.orderBy]), c.direction)
      .orderBy('saved_query.id', 'asc');
    if (c.pageSize >= 0) query = query.limit(c.pageSize).offset(c.page * c.pageSize);
    return { rows: await query.execute(), count: Number(count) };
  }

  async distinctSchemas(ownerId: number | null): Promise<string[]> {
    let q = this.db.selectFrom('saved_query').select('schema').distinct().where('schema', 'is not', null).where('schema', '!=', '');
    if (ownerId !== null) q = q.where('created_by_fk', '=', ownerId);
    const rows = await q.orderBy('schema').execute();
    return rows.map((r) => r.schema!);
  }

  async creators(ownerId: number | null): Promise<{ id: number; first_name: string; last_name: string }[]> {
    let q = this.db
      .selectFrom('saved_query')
      .innerJoin('ab_user', 'ab_user.id', 'saved_query.created_by_fk')
      .select(['ab_user.id', 'ab_user.first_name', 'ab_user.last_name'])
      .distinct();
    if (ownerId !== null) q = q.where('saved_query.created_by_fk', '=', ownerId);
    return q.orderBy('ab_user.first_name').execute();
  }

  async insert(values: SavedQueryInsert): Promise<number> {
    const row = await this.db.insertInto('saved_query').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: SavedQueryChanges): Promise<void> {
    await this.db.updateTable('saved_query').set(changes).where('id', '=', id).execute();
  }

  async delete(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('saved_query').where('id', 'in', ids).execute();
  }
}
