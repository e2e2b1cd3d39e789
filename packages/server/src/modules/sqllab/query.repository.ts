import type { Insertable, Updateable } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import type { QueryTable } from '../../metadata-store/sqllabSchema.js';
import type { QueryRow } from './queryDict.js';

export type QueryChanges = Omit<Updateable<QueryTable>, 'id' | 'client_id' | 'changed_on'>;

/** Storage of SQL Lab runs (the `query` table). `find*` return null; services decide what is an error. */
export class QueryRepository {
  /** Long polls of this process waiting for the next write of one user's runs (see nextChange). */
  private readonly waiting = new Map<number, Set<() => void>>();
  /** Set when the server is closing: waits end at once so open long polls do not hold the shutdown. */
  private closing = false;

  constructor(readonly db: MetadataDb) {}

  /**
   * Resolves at the next write of one of the user's query rows by this process, or after `timeoutMs`:
   * writers in other processes (BullMQ workers) are seen by the caller reading again when it times out.
   * Only that user's waits wake, so many people polling at once do not all read again on every write.
   */
  nextChange(userId: number, timeoutMs: number): Promise<void> {
    if (this.closing) return Promise.resolve();
    return new Promise((resolve) => {
      let waits = this.waiting.get(userId);
      if (!waits) this.waiting.set(userId, (waits = new Set()));
      const mine = waits;
      const wake = () => {
        clearTimeout(timer);
        mine.delete(wake);
        if (mine.size === 0 && this.waiting.get(userId) === mine) this.waiting.delete(userId);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(0, timeoutMs));
      timer.unref();
      mine.add(wake);
    });
  }

  /** Whether long polls should stop waiting (the server is closing). */
  get isClosing(): boolean {
    return this.closing;
  }

  /** Ends every wait now and every later one at once: called when the server starts closing. */
  endWaits(): void {
    this.closing = true;
    for (const waits of [...this.waiting.values()]) for (const wake of [...waits]) wake();
  }

  private changed(userIds: readonly (number | null)[]): void {
    for (const id of new Set(userIds)) {
      const waits = id === null ? undefined : this.waiting.get(id);
      if (waits) for (const wake of [...waits]) wake();
    }
  }

  async insert(row: Omit<Insertable<QueryTable>, 'changed_on'>): Promise<QueryRow> {
    const inserted = await this.db
      .insertInto('query')
      .values({ ...row, changed_on: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
    this.changed([inserted.user_id]);
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
    const rows = await this.db.updateTable('query').set({ ...changes, changed_on: nowIso() }).where('client_id', '=', clientId).returning('user_id').execute();
    this.changed(rows.map((r) => r.user_id));
  }

  /**
   * Updates only while the run is not stopped: a finishing run must not overwrite a stop
   * ("a success result does not replace a stopped query"). False when the row was stopped.
   */
  async updateUnlessStopped(clientId: string, changes: QueryChanges): Promise<boolean> {
    const rows = await this.db
      .updateTable('query')
      .set({ ...changes, changed_on: nowIso() })
      .where('client_id', '=', clientId)
      .where('status', '!=', 'stopped')
      .returning('user_id')
      .execute();
    this.changed(rows.map((r) => r.user_id));
    return rows.length > 0;
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

  /** Async runs still pending/running that started before `before` (epoch ms), whatever their progress. */
  async findUnfinishedAsync(before: number): Promise<QueryRow[]> {
    return this.db
      .selectFrom('query')
      .selectAll()
      .where('status', 'in', ['pending', 'running'])
      .where('run_async', '=', 1)
      .where('start_time', '<', before)
      .execute();
  }

  /** Updates only while the run is pending or running, so a sweep never overwrites a run that just ended. */
  async updateIfUnfinished(clientId: string, changes: QueryChanges): Promise<boolean> {
    const rows = await this.db
      .updateTable('query')
      .set({ ...changes, changed_on: nowIso() })
      .where('client_id', '=', clientId)
      .where('status', 'in', ['pending', 'running'])
      .returning('user_id')
      .execute();
    this.changed(rows.map((r) => r.user_id));
    return rows.length > 0;
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
