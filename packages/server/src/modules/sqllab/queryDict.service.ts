import type { QueryDict } from '@tessera/core';
import type { QueryRepository } from './query.repository.js';
import { toQueryDict, type QueryRow } from './queryDict.js';

/** Query dicts need the database name and username: looked up in bulk for lists. */
export class QueryDictService {
  constructor(private readonly repo: QueryRepository) {}

  async forRow(row: QueryRow): Promise<QueryDict> {
    return (await this.forRows([row]))[0]!;
  }

  async forRows(rows: QueryRow[]): Promise<QueryDict[]> {
    const { dbs, users } = await this.repo.names(
      [...new Set(rows.map((r) => r.database_id))],
      [...new Set(rows.map((r) => r.user_id).filter((id): id is number => id !== null))],
    );
    return rows.map((r) =>
      toQueryDict(r, dbs.get(r.database_id) ?? { database_name: '' }, r.user_id === null ? null : (users.get(r.user_id) ?? null)),
    );
  }
}
