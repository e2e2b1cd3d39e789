import { canSeeAllQueries, FINISHED_STATES, type ListQuery, type Principal, type QueryDict, type QueryState } from '@tessera/core';
import { sql, type SelectQueryBuilder } from 'kysely';
import { badRequest, notFound } from '../../app/httpErrors.js';
import type { MetadataSchema } from '../../metadata-store/schema.js';
import type { ResultsBackend } from '../../query-engine/resultsBackend.js';
import type { QueryRepository } from '../sqllab/query.repository.js';
import type { QueryRow } from '../sqllab/queryDict.js';
import type { QueryDictService } from '../sqllab/queryDict.service.js';
import type { RunningQueries } from '../sqllab/runningQueries.js';

/**
 * How soon a waiting `updated_since` reads again, for writes by worker processes it cannot hear; each
 * read waits half as long again as the one before (writes in this process wake it at once).
 */
const LONG_POLL_FIRST_READ_MS = 100;

type QueryBuilder = SelectQueryBuilder<MetadataSchema, 'query', object>;

/** Sort keys a client may ask for, mapped to columns. */
const ORDER_COLUMNS: Record<string, 'start_time' | 'changed_on' | 'end_time' | 'rows' | 'status' | 'tab_name' | 'schema' | 'sql'> = {
  start_time: 'start_time',
  changed_on: 'changed_on',
  end_time: 'end_time',
  rows: 'rows',
  status: 'status',
  tab_name: 'tab_name',
  schema: 'schema',
  sql: 'sql',
};

const LIST_COLUMNS = [
  'id', 'changed_on', 'database.database_name', 'executed_sql', 'rows', 'schema', 'sql', 'sql_tables', 'status', 'tab_name',
  'user.first_name', 'user.id', 'user.last_name', 'start_time', 'end_time', 'tmp_table_name', 'tracking_url',
];

/** A time filter value: epoch ms or a date string. */
function epochMs(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.isFinite(Number(value)) ? Number(value) : Date.parse(String(value));
  if (!Number.isFinite(n)) throw badRequest({ start_time: ['Not a valid datetime.'] });
  return n;
}

const relId = (value: unknown): number => Number(typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : value);

/** Query history (Superset's QueryRestApi): users see their own runs unless they hold all_query_access. */
export class QueriesService {
  constructor(
    private readonly repo: QueryRepository,
    private readonly dicts: QueryDictService,
    private readonly running: RunningQueries,
    private readonly results: ResultsBackend,
  ) {}

  private visible(principal: Principal, qb: QueryBuilder): QueryBuilder {
    if (canSeeAllQueries(principal)) return qb;
    return principal.id === null ? qb.where('query.id', '<', 0) : qb.where('query.user_id', '=', principal.id);
  }

  async show(principal: Principal, id: number) {
    const row = await this.visible(principal, this.repo.db.selectFrom('query')).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return {
      id: row.id,
      changed_on: row.changed_on,
      client_id: row.client_id,
      database: { id: row.database_id },
      end_result_backend_time: row.end_result_backend_time,
      end_time: row.end_time,
      error_message: row.error_message,
      executed_sql: row.executed_sql,
      limit: row.limit,
      progress: row.progress,
      results_key: row.results_key,
      rows: row.rows,
      schema: row.schema,
      select_as_cta: row.select_as_cta === 1,
      select_as_cta_used: row.select_as_cta_used === 1,
      select_sql: row.select_sql,
      sql: row.sql,
      sql_editor_id: row.sql_editor_id,
      start_running_time: row.start_running_time,
      start_time: row.start_time,
      status: row.status,
      tab_name: row.tab_name,
      tmp_schema_name: row.tmp_schema_name,
      tmp_table_name: row.tmp_table_name,
      tracking_url: row.tracking_url,
    };
  }

  async list(principal: Principal, q: ListQuery) {
    let qb = this.visible(principal, this.repo.db.selectFrom('query'));
    for (const f of q.filters) {
      if (f.col === 'database' && (f.opr === 'rel_o_m' || f.opr === 'eq')) qb = qb.where('database_id', '=', relId(f.value));
      else if (f.col === 'user' && (f.opr === 'rel_o_m' || f.opr === 'eq')) qb = qb.where('user_id', '=', relId(f.value));
      else if (f.col === 'status' && f.opr === 'eq') qb = qb.where('status', '=', String(f.value));
      else if (f.col === 'sql_editor_id' && f.opr === 'eq') qb = qb.where('sql_editor_id', '=', String(f.value));
      else if (f.col === 'sql' && f.opr === 'ct') {
        const pattern = `%${String(f.value).replace(/[%_\\]/g, '\\$&')}%`;
        // ESCAPE is explicit: SQLite has no default LIKE escape character.
        qb = qb.where(sql<boolean>`${sql.ref('query.sql')} LIKE ${pattern} ESCAPE '\\'`);
      }
      else if (f.col === 'start_time' && (f.opr === 'gt' || f.opr === 'lt')) qb = qb.where('start_time', f.opr === 'gt' ? '>' : '<', epochMs(f.value));
      else throw badRequest({ filters: [`Filter column ${f.col} with operator ${f.opr} is not allowed`] });
    }
    const countRow = await qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const column = ORDER_COLUMNS[q.order_column ?? 'changed_on'];
    if (!column) throw badRequest({ order_column: ['Not a valid choice.'] });
    const direction = q.order_column ? q.order_direction : 'desc';
    let page = qb.selectAll().orderBy(column, direction).orderBy('id', direction);
    if (q.page_size >= 0) page = page.limit(q.page_size).offset(q.page * q.page_size);
    const rows = await page.execute();
    const { dbs, users } = await this.repo.names(
      [...new Set(rows.map((r) => r.database_id))],
      [...new Set(rows.map((r) => r.user_id).filter((u): u is number => u !== null))],
    );
    const result = rows.map((r) => {
      const user = r.user_id === null ? null : users.get(r.user_id);
      return {
        id: r.id,
        changed_on: r.changed_on,
        database: { database_name: dbs.get(r.database_id)?.database_name ?? '' },
        executed_sql: r.executed_sql,
        rows: r.rows,
        schema: r.schema,
        sql: r.sql,
        sql_tables: [],
        status: r.status,
        tab_name: r.tab_name,
        user: user ? { first_name: user.first_name, id: user.id, last_name: user.last_name } : null,
        start_time: r.start_time,
        end_time: r.end_time,
        tmp_table_name: r.tmp_table_name,
        tracking_url: r.tracking_url,
      };
    });
    return { rows: result, count: Number(countRow?.n ?? 0), columns: LIST_COLUMNS, orderColumns: Object.keys(ORDER_COLUMNS) };
  }

  /** The principal's own runs changed after `lastUpdatedMs` (what SQL Lab polls). */
  /**
   * The caller's runs changed after `lastUpdatedMs`. With `wait`, a long poll: the answer waits until one
   * of them changed after `wait.changedAfterMs` (a write in this process wakes it; writes by workers in
   * other processes are seen on the next read, see LONG_POLL_FIRST_READ_MS) or `wait.waitMs` passed.
   */
  async updatedSince(principal: Principal, lastUpdatedMs: number, wait?: { waitMs: number; changedAfterMs: number }): Promise<QueryDict[]> {
    const userId = principal.id;
    if (userId === null) return [];
    const since = new Date(lastUpdatedMs).toISOString();
    const read = () => this.repo.db.selectFrom('query').selectAll().where('user_id', '=', userId).where('changed_on', '>', since).orderBy('changed_on').execute();
    const deadline = Date.now() + (wait?.waitMs ?? 0);
    let rows = await read();
    for (let pause = LONG_POLL_FIRST_READ_MS; wait && Date.now() < deadline && !this.repo.isClosing; pause *= 1.5) {
      if (rows.some((r) => new Date(r.changed_on).getTime() > wait.changedAfterMs)) break;
      await this.repo.nextChange(userId, Math.min(pause, deadline - Date.now()));
      rows = await read();
    }
    return this.dicts.forRows(rows);
  }

  /** Marks the run stopped, cancels it in the engine when it runs here, and drops its results. */
  async stop(principal: Principal, clientId: string): Promise<void> {
    const row = await this.repo.findByClientId(clientId);
    if (!row || (row.user_id !== principal.id && !canSeeAllQueries(principal))) {
      throw notFound(`Query with client_id ${clientId} not found`);
    }
    // Superset leaves finished runs alone (a late stop must not erase a success).
    if (FINISHED_STATES.includes(row.status as QueryState)) return;
    await this.markStopped(row);
    // Runs in other processes (BullMQ workers) see the stored state and cancel themselves.
    await this.running.cancel(clientId);
  }

  private async markStopped(row: QueryRow): Promise<void> {
    await this.repo.update(row.client_id, { status: 'stopped', end_time: Date.now(), results_key: null });
    if (row.results_key) await this.results.delete(row.results_key);
  }
}
