import type { Insertable, Updateable } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import type { QueryTable } from '../../metadata-store/sqllabSchema.js';
import type { QueryRow } from './queryDict.js';

export type QueryChanges = Omit<Updateable<QueryTable>, 'id' | 'client_id' | 'changed_on'>;

/** Storage of SQL Lab runs (the `query` table). `find*` return null; services decide what is an error. */
export class QueryRepository {
  /** Long polls of this process waiting for the next write (see nextChange). */
  private readonly waiting = new Set<() => void>();

  constructor(readonly db: MetadataDb) {}

  /**
   * Resolves at the next write of a query row by this process, or after `timeoutMs`: writers in other
   * processes (BullMQ workers) are seen by the caller reading again when it times out.
   */
  nextChange(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(0, timeoutMs));
      timer.unref();
      this.waiting.add(wake);
    });
  }

  private changed(): void {
    for (const wake of [...this.waiting]) wake();
  }

  async insert(row: Omit<Insertable<QueryTable>, 'changed_on'>): Promise<QueryRow> {
    const inserted = await this.db
      .insertInto('query')
      .values({ ...row, changed_on: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
    this.changed();
    return inserted;
  }

  async findByClientId(clientId: string): Promise<QueryRow | null> {
    return (await this.db.selectFrom('query').selectAll().where('client_id', '=', clientId).executeTakeFirst()) ?? null;
  }

  async findById(id: number): Promise<QueryRow | null> {
    return (await this.db.selectFrom('query').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async findByResultsKey(key: string): Promise<QueryRow | null> {
    return (await this.db.selectFrom('query').selectAll().where('results_key', '=', key).executeTakeFirst()) ?? null;
  }

  async update(clientId: string, changes: QueryChanges): Promise<void> {
    await this.db.updateTable('query').set({ ...changes, changed_on: nowIso() }).where('client_id', '=', clientId).execute();
    this.changed();
  }

  /**
   * Updates only while the run is not stopped: a finishing run must not overwrite a stop
   * ("a success result does not replace a stopped query"). False when the row was stopped.
   */
  async updateUnlessStopped(clientId: string, changes: QueryChanges): Promise<boolean> {
    const res = await this.db
      .updateTable('query')
      .set({ ...changes, changed_on: nowIso() })
      .where('client_id', '=', clientId)
      .where('status', '!=', 'stopped')
      .executeTakeFirst();
    const updated = Number(res.numUpdatedRows) > 0;
    if (updated) this.changed();
    return updated;
  }

  async status(clientId: string): Promise<string | null> {
    const row = await this.db.selectFrom('query').select('status').where('client_id', '=', clientId).executeTakeFirst();
    return row?.status ?? null;
  }

  /** Runs still pending/running with no progress that started before `before` (epoch ms). */
  async findStale(before: number, runAsync: boolean): Promise<QueryRow[]> {
    return this.db
      .selectFrom('query')
      .selectAll()
      .where('status', 'in', ['pending', 'running'])
      .where('progress', '=', 0)
      .where('run_async', '=', runAsync ? 1 : 0)
      .where('start_time', '<', before)
      .execute();
  }

  /** Names of databases and users for query dicts, in one round trip each. */
  async names(databaseIds: number[], userIds: number[]) {
    const dbs = databaseIds.length
      ? await this.db.selectFrom('dbs').select(['id', 'database_name', 'backend']).where('id', 'in', databaseIds).execute()
      : [];
    const users = userIds.length
      ? await this.db.selectFrom('ab_user').select(['id', 'username', 'first_name', 'last_name']).where('id', 'in', userIds).execute()
      : [];
    return { dbs: new Map(dbs.map((d) => [d.id, d])), users: new Map(users.map((u) => [u.id, u])) };
  }
}
