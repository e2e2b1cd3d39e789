import { textMatches } from '../../metadata-store/textMatch.js';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { DatabaseTable } from '../../metadata-store/schema.js';

export type DatabaseRow = Selectable<DatabaseTable>;
export type DatabaseInsert = Insertable<DatabaseTable>;
export type DatabaseChanges = Updateable<DatabaseTable>;

export interface DatabaseListRow extends DatabaseRow {
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

/** One validated list filter; the service turns FAB's `(col, opr, value)` into these. */
export type DatabaseFilter =
  | { col: 'database_name'; opr: 'ct' | 'eq' | 'sw'; value: string }
  | { col: 'expose_in_sqllab' | 'allow_file_upload'; opr: 'eq'; value: boolean }
  | { col: 'id'; opr: 'in'; value: number[] };

/** Rows a caller may list: everything, or databases granted by id+name and databases named by schema/table grants. */
export type DatabaseScope = 'all' | { databases: { id: number; name: string }[]; names: string[] };

export interface DatabaseListCriteria {
  filters: DatabaseFilter[];
  scope: DatabaseScope;
  orderBy: 'database_name' | 'changed_on' | 'backend' | 'id' | 'allow_run_async' | 'allow_dml';
  direction: 'asc' | 'desc';
  page: number;
  /** -1 lists every row. */
  pageSize: number;
}

/** LIKE pattern with the user's `%`, `_` and `\` taken literally. */

/** The `dbs` table. The only code of this module that touches the metadata store. */
export class DatabasesRepository {
  constructor(private readonly db: MetadataDb) {}

  async findById(id: number): Promise<DatabaseRow | null> {
    return (await this.db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async findByName(name: string): Promise<DatabaseRow | null> {
    return (await this.db.selectFrom('dbs').selectAll().where('database_name', '=', name).executeTakeFirst()) ?? null;
  }

  async findByUuid(uuid: string): Promise<DatabaseRow | null> {
    return (await this.db.selectFrom('dbs').selectAll().where('uuid', '=', uuid).executeTakeFirst()) ?? null;
  }

  async list(criteria: DatabaseListCriteria): Promise<{ rows: DatabaseListRow[]; count: number }> {
    let base = this.db.selectFrom('dbs');
    for (const f of criteria.filters) {
      if (f.col === 'database_name') {
        base =
          f.opr === 'eq'
            ? base.where('dbs.database_name', '=', f.value)
            : base.where(textMatches('dbs.database_name', f.value, f.opr === 'sw' ? 'startsWith' : 'contains'));
      } else if (f.col === 'id') {
        base = f.value.length === 0 ? base.where(sql<boolean>`1 = 0`) : base.where('dbs.id', 'in', f.value);
      } else {
        base = base.where(`dbs.${f.col}`, '=', f.value ? 1 : 0);
      }
    }
    const scope = criteria.scope;
    if (scope !== 'all') {
      base = base.where((eb) =>
        eb.or([
          ...scope.databases.map((d) => eb.and([eb('dbs.id', '=', d.id), eb('dbs.database_name', '=', d.name)])),
          ...(scope.names.length > 0 ? [eb('dbs.database_name', 'in', scope.names)] : []),
          // Keeps `OR ()` valid when nothing is granted; a literal, since SQLite cannot bind booleans.
          sql<boolean>`1 = 0`,
        ]),
      );
    }
    const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    let query = base
      .leftJoin('ab_user as creator', 'creator.id', 'dbs.created_by_fk')
      .leftJoin('ab_user as changer', 'changer.id', 'dbs.changed_by_fk')
      .selectAll('dbs')
      .select([
        'creator.first_name as created_by_first_name',
        'creator.last_name as created_by_last_name',
        'changer.first_name as changed_by_first_name',
        'changer.last_name as changed_by_last_name',
      ])
      .orderBy(`dbs.${criteria.orderBy}`, criteria.direction)
      .orderBy('dbs.id', 'asc');
    if (criteria.pageSize >= 0) query = query.limit(criteria.pageSize).offset(criteria.page * criteria.pageSize);
    return { rows: await query.execute(), count: Number(count) };
  }

  async insert(values: DatabaseInsert): Promise<number> {
    const row = await this.db.insertInto('dbs').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: DatabaseChanges): Promise<void> {
    await this.db.updateTable('dbs').set(changes).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('dbs').where('id', '=', id).execute();
  }
}
