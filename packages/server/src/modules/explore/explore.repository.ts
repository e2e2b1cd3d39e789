import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';

/** A SQL Lab query or a saved query opened in the explorer as a datasource. */
export interface QuerySource {
  id: number;
  owner: number | null;
  database_id: number;
  schema: string | null;
  name: string;
  sql: string;
  template_params: string | null;
}

/** Single-row reads of `query` and `saved_query`; their modules own every write. */
export class ExploreRepository {
  constructor(private readonly db: MetadataDb) {}

  async query(id: number): Promise<QuerySource | null> {
    const row = await this.db
      .selectFrom('query')
      .select(['id', 'user_id', 'database_id', 'schema', 'sql', 'tab_name', 'template_params'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      owner: row.user_id,
      database_id: row.database_id,
      schema: row.schema,
      name: row.tab_name ?? `query_${row.id}`,
      // The SQL as written (with its template parameters), not the executed text: that one carries SQL Lab's
      // display limit (+1 row), which would cut the chart's data.
      sql: row.sql,
      template_params: row.template_params,
    };
  }

  async savedQuery(id: number): Promise<QuerySource | null> {
    const row = await this.db
      .selectFrom('saved_query')
      .select(['id', 'user_id', 'created_by_fk', 'db_id', 'schema', 'label', 'sql', 'template_parameters'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      owner: row.user_id ?? row.created_by_fk,
      database_id: row.db_id,
      schema: row.schema,
      name: row.label,
      sql: row.sql,
      template_params: row.template_parameters,
    };
  }
}
