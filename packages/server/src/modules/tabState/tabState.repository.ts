import type { Insertable, Selectable, Updateable } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { TableSchemaTable, TabStateTable } from '../../metadata-store/sqllabSchema.js';
import type { QueryRow } from '../sqllab/queryDict.js';

export type TabStateRow = Selectable<TabStateTable>;
export type TabStateInsert = Insertable<TabStateTable>;
export type TabStateChanges = Updateable<TabStateTable>;
export type TableSchemaRow = Selectable<TableSchemaTable>;
export type TableSchemaInsert = Insertable<TableSchemaTable>;

/** A query row with what Query.to_dict() needs from its database and user. */
export interface QueryWithRefs {
  row: QueryRow;
  database_name: string;
  username: string | null;
}

/** tab_state and table_schema, plus the reads of `query` rows the tabs point at. */
export class TabStateRepository {
  constructor(private readonly db: MetadataDb) {}

  async findTab(id: number): Promise<TabStateRow | null> {
    return (await this.db.selectFrom('tab_state').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async findActiveTab(userId: number): Promise<TabStateRow | null> {
    const row = await this.db
      .selectFrom('tab_state')
      .selectAll()
      .where('user_id', '=', userId)
      .where('active', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ?? null;
  }

  async tabsOf(userId: number): Promise<{ id: number; label: string; latest_query_id: string | null }[]> {
    return this.db
      .selectFrom('tab_state')
      .select(['id', 'label', 'latest_query_id'])
      .where('user_id', '=', userId)
      .orderBy('id', 'asc')
      .execute();
  }

  /** The new tab becomes the user's only active tab, in one transaction. */
  async insertActiveTab(values: TabStateInsert): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('tab_state').set({ active: 0 }).where('user_id', '=', values.user_id).where('active', '=', 1).execute();
      const row = await trx.insertInto('tab_state').values({ ...values, active: 1 }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    });
  }

  async updateTab(id: number, changes: TabStateChanges): Promise<void> {
    await this.db.updateTable('tab_state').set(changes).where('id', '=', id).execute();
  }

  async activate(userId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('tab_state').set({ active: 0 }).where('user_id', '=', userId).where('id', '!=', id).execute();
      await trx.updateTable('tab_state').set({ active: 1 }).where('id', '=', id).execute();
    });
  }

  async deleteTab(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('table_schema').where('tab_state_id', '=', id).execute();
      await trx.deleteFrom('tab_state').where('id', '=', id).execute();
    });
  }

  async tableSchemasOf(tabId: number): Promise<TableSchemaRow[]> {
    return this.db.selectFrom('table_schema').selectAll().where('tab_state_id', '=', tabId).orderBy('id', 'asc').execute();
  }

  async findTableSchema(id: number): Promise<TableSchemaRow | null> {
    return (await this.db.selectFrom('table_schema').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async insertTableSchema(values: TableSchemaInsert): Promise<number> {
    const row = await this.db.insertInto('table_schema').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async setTableSchemaExpanded(id: number, expanded: boolean, changedOn: string): Promise<void> {
    await this.db.updateTable('table_schema').set({ expanded: expanded ? 1 : 0, changed_on: changedOn }).where('id', '=', id).execute();
  }

  async deleteTableSchema(id: number): Promise<void> {
    await this.db.deleteFrom('table_schema').where('id', '=', id).execute();
  }

  private queriesWithRefs() {
    return this.db
      .selectFrom('query')
      .innerJoin('dbs', 'dbs.id', 'query.database_id')
      .leftJoin('ab_user', 'ab_user.id', 'query.user_id')
      .selectAll('query')
      .select(['dbs.database_name as __database_name', 'ab_user.username as __username']);
  }

  private static split(r: QueryRow & { __database_name: string; __username: string | null }): QueryWithRefs {
    const { __database_name, __username, ...row } = r;
    return { row, database_name: __database_name, username: __username };
  }

  async findQuery(clientId: string): Promise<QueryWithRefs | null> {
    const r = await this.queriesWithRefs().where('query.client_id', '=', clientId).executeTakeFirst();
    return r ? TabStateRepository.split(r) : null;
  }

  async findQueries(clientIds: string[]): Promise<QueryWithRefs[]> {
    if (clientIds.length === 0) return [];
    const rows = await this.queriesWithRefs().where('query.client_id', 'in', clientIds).execute();
    return rows.map((r) => TabStateRepository.split(r));
  }

  /** The user's unfinished runs from their editor tabs (the client polls these after a reload). */
  async unfinishedQueries(userId: number, editorIds: string[], states: readonly string[]): Promise<QueryWithRefs[]> {
    if (editorIds.length === 0) return [];
    const rows = await this.queriesWithRefs()
      .where('query.user_id', '=', userId)
      .where('query.sql_editor_id', 'in', editorIds)
      .where('query.status', 'in', [...states])
      .orderBy('query.id', 'desc')
      .limit(100)
      .execute();
    return rows.map((r) => TabStateRepository.split(r));
  }

  async queryExists(clientId: string): Promise<boolean> {
    const row = await this.db.selectFrom('query').select('id').where('client_id', '=', clientId).executeTakeFirst();
    return row !== undefined;
  }

  async savedQueryExists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('saved_query').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  async moveQueryToEditor(clientId: string, editorId: string): Promise<void> {
    await this.db.updateTable('query').set({ sql_editor_id: editorId }).where('client_id', '=', clientId).execute();
  }

  async deleteQuery(clientId: string): Promise<void> {
    await this.db.deleteFrom('query').where('client_id', '=', clientId).execute();
  }

  /** The most recent remaining run of an editor tab, to repoint `latest_query_id` after a delete. */
  async latestQueryOfEditor(editorId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('query')
      .select('client_id')
      .where('sql_editor_id', '=', editorId)
      .orderBy('start_time', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.client_id ?? null;
  }
}
