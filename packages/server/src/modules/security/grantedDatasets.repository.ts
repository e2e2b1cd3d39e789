import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { GrantedDataset } from './sqlGuard.js';

/** The datasets behind datasource grants, as the SQL guard matches them to the tables a statement names. */
export class GrantedDatasetsRepository {
  constructor(private readonly db: MetadataDb) {}

  async byIds(ids: readonly number[]): Promise<GrantedDataset[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('tables').select(['id', 'database_id', 'schema', 'table_name', 'sql']).where('id', 'in', [...ids]).execute();
  }
}
