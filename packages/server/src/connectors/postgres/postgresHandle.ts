import pg from 'pg';
import { QueryCancelledError, queryErrors } from '../connectorError.js';
import { buildSelectStar } from '../sql/buildSelectStar.js';
import type { TableExtra } from '../sql/tableExtra.js';
import type { CellValue, Connector, ConnectorHandle, ErrorContext, EstimateOptions, ExecuteOptions, QueryResult } from '../types.js';
import { genericTypeOf, toCell } from '../values.js';
import { mapPostgresConnectError } from './errors.js';
import { postgresTableExtra } from './postgresTableExtra.js';
import { postgresSchemas, postgresTableDetails, postgresTables, type RowQuery } from './postgresMetadata.js';

const DML_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);

/** A pg.Pool for one database; each statement runs on a pooled client whose backend pid is the cancel key. */
export class PostgresHandle implements ConnectorHandle {
  private readonly pool: pg.Pool;
  private typeNames: Map<number, string> | null = null;
  private readonly unusable = new WeakSet<pg.PoolClient>();

  constructor(
    readonly connector: Connector,
    /** Includes connectionTimeoutMillis, per-pool type parsers and TLS settings. */
    private readonly config: pg.ClientConfig,
    private readonly errorContext: ErrorContext,
    /** Opened for a database that allows no writes: every statement runs in a read-only transaction. */
    private readonly readOnly = false,
  ) {
    this.pool = new pg.Pool({ ...config, max: 5, idleTimeoutMillis: 30_000 });
    // An idle client losing its server connection must not crash the process; the next checkout reconnects.
    this.pool.on('error', () => undefined);
  }

  private async client(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (err) {
      throw mapPostgresConnectError(err, this.errorContext);
    }
  }

  private readonly rows: RowQuery = async (sql, params) => {
    const client = await this.client();
    try {
      return (await client.query(sql, params)).rows as Record<string, unknown>[];
    } catch (err) {
      throw this.connector.mapError(err, this.errorContext);
    } finally {
      client.release();
    }
  };

  async testConnection(): Promise<void> {
    await this.rows('SELECT 1');
  }

  getSchemas() {
    return postgresSchemas(this.rows);
  }

  getTables(schema: string) {
    return postgresTables(this.rows, schema);
  }

  getTableMetadata(schema: string, table: string) {
    return postgresTableDetails(this.rows, schema, table);
  }

  getTableExtra(schema: string, table: string): Promise<TableExtra> {
    return postgresTableExtra(this.rows, this.connector, schema, table);
  }

  async getFunctionNames(): Promise<string[]> {
    const rows = await this.rows('SELECT DISTINCT proname FROM pg_proc ORDER BY proname');
    return rows.map((r) => String(r.proname));
  }

  async selectStar(schema: string, table: string, limit: number): Promise<string> {
    const details = await this.getTableMetadata(schema, table);
    return buildSelectStar(this.connector.capabilities, schema, table, details?.columns.map((c) => c.name) ?? [], limit);
  }

  async estimateCost(sql: string, options: EstimateOptions = {}): Promise<Record<string, unknown>[]> {
    // The extended protocol takes one statement only: text after a `;` cannot ride along with the EXPLAIN.
    const explain = { text: `EXPLAIN (FORMAT JSON) ${sql}`, queryMode: 'extended' } as pg.QueryConfig;
    let rows: Record<string, unknown>[];
    const client = await this.client();
    let broken: Error | undefined;
    try {
      const run = () => client.query(explain);
      const res = this.readOnly ? await this.inReadOnlyTransaction(client, options.schema, run) : await this.inSchema(client, options.schema, run);
      rows = res.rows as Record<string, unknown>[];
    } catch (err) {
      // search_path may be left unreset after a failure outside a transaction.
      if (options.schema && !this.readOnly) broken = err instanceof Error ? err : new Error(String(err));
      throw this.connector.mapError(err, this.errorContext);
    } finally {
      this.release(client, broken);
    }
    const plan = (rows[0]?.['QUERY PLAN'] as { Plan?: Record<string, unknown> }[] | undefined)?.[0]?.Plan ?? {};
    return [{ 'Start-up cost': plan['Startup Cost'] ?? null, 'Total cost': plan['Total Cost'] ?? null }];
  }

  /**
   * Runs `fn` with `search_path` set to `schema` on this pooled client, then RESETs it to the session's
   * default (the connection's own `options`), so the next checkout sees the client as it was.
   */
  private async inSchema<T>(client: pg.PoolClient, schema: string | null | undefined, fn: () => Promise<T>): Promise<T> {
    if (!schema) return fn();
    await client.query(`SET search_path TO ${this.connector.quoteIdentifier(schema)}`);
    try {
      return await fn();
    } finally {
      await client.query('RESET search_path');
    }
  }

  /**
   * Runs `fn` inside `BEGIN READ ONLY` ... `ROLLBACK`, so PostgreSQL itself refuses any write, also one made by
   * a function (lo_from_bytea, nextval, a user's own). `search_path` is set for the transaction only.
   */
  private async inReadOnlyTransaction<T>(client: pg.PoolClient, schema: string | null | undefined, fn: () => Promise<T>): Promise<T> {
    await client.query('BEGIN READ ONLY');
    try {
      if (schema) await client.query(`SET LOCAL search_path TO ${this.connector.quoteIdentifier(schema)}`);
      const result = await fn();
      // Some functions write despite READ ONLY (large objects, up to PostgreSQL 15): a write gets the transaction
      // an id, so one assigned means the statement wrote. It is rolled back below, and refused.
      const check = await client.query('SELECT txid_current_if_assigned() IS NOT NULL AS wrote');
      if (check.rows[0]?.wrote === true) {
        throw queryErrors.generic(this.errorContext, 'this database allows no writes, and the statement wrote data (it was undone).');
      }
      return result;
    } finally {
      // A ROLLBACK that fails (a late cancel) leaves the session in a transaction: that client is not pooled again.
      await client.query('ROLLBACK').catch(() => this.unusable.add(client));
    }
  }

  /** Releases a client to the pool, or drops it when it failed in a way that may have left session state behind. */
  private release(client: pg.PoolClient, broken: Error | undefined): void {
    const stuck = this.unusable.delete(client);
    client.release(broken ?? (stuck ? new Error('left inside a transaction') : undefined));
  }

  private async loadTypeNames(client: pg.PoolClient): Promise<Map<number, string>> {
    if (!this.typeNames) {
      const res = await client.query('SELECT oid::int AS oid, format_type(oid, NULL) AS name FROM pg_type');
      this.typeNames = new Map(res.rows.map((r: { oid: number; name: string }) => [r.oid, r.name.toUpperCase()]));
    }
    return this.typeNames;
  }

  async execute(sql: string, options: ExecuteOptions = {}): Promise<QueryResult> {
    const { signal, limit = Number.POSITIVE_INFINITY, onCancelKey } = options;
    if (signal?.aborted) throw new QueryCancelledError(this.connector.name);
    const readOnly = this.readOnly || options.readOnly === true;
    const client = await this.client();
    const key = String((client as unknown as { processID: number }).processID);
    let cancelled = false;
    const onAbort = () => {
      cancelled = true;
      void this.cancel(key);
    };
    // A failure with a schema set may have left search_path unreset: such a client is not pooled again.
    let broken: Error | undefined;
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const typeNames = await this.loadTypeNames(client);
      onCancelKey?.(key);
      // Rows arrive as events and beyond the limit are dropped, so memory stays bounded by `limit`.
      // rowMode is honoured by pg.Query at run time; its typings only declare it on QueryArrayConfig.
      // Read-only runs use the extended protocol, which takes one statement: a `COMMIT;` cannot end the
      // read-only transaction ahead of a write in the same text.
      const query = new pg.Query({ text: sql, rowMode: 'array', ...(readOnly ? { queryMode: 'extended' } : {}) } as pg.QueryConfig);
      let current: unknown = null;
      let rows: unknown[][] = [];
      let seen = 0;
      query.on('row', (row: unknown[], result?: unknown) => {
        if (result !== current) {
          // Multi-statement text: only the last statement's rows are kept.
          current = result;
          rows = [];
          seen = 0;
        }
        if (seen < limit) rows.push(row);
        seen++;
      });
      const run = () =>
        new Promise<pg.QueryResult | pg.QueryResult[]>((resolve, reject) => {
          query.on('end', (r: unknown) => resolve(r as pg.QueryResult | pg.QueryResult[]));
          query.on('error', reject);
          client.query(query);
        });
      const results = readOnly ? await this.inReadOnlyTransaction(client, options.schema, run) : await this.inSchema(client, options.schema, run);
      const last = Array.isArray(results) ? results[results.length - 1]! : results;
      if (last !== current) {
        rows = [];
        seen = 0;
      }
      const fields = last.fields ?? [];
      const data: CellValue[][] = fields.map((_, c) => rows.map((r) => toCell(r[c])));
      return {
        columns: fields.map((f) => {
          const type = typeNames.get(f.dataTypeID) ?? String(f.dataTypeID);
          return { name: f.name, type, genericType: genericTypeOf(type) };
        }),
        data,
        rowCount: rows.length,
        truncated: seen > rows.length,
        rowsAffected: DML_COMMANDS.has(last.command) ? last.rowCount : null,
      };
    } catch (err) {
      if (options.schema && !readOnly) broken = err instanceof Error ? err : new Error(String(err));
      if (cancelled) throw new QueryCancelledError(this.connector.name, { cause: err });
      throw this.connector.mapError(err, this.errorContext);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.release(client, broken);
    }
  }

  /** pg_cancel_backend from a fresh connection: the pool may be exhausted by the very query being stopped. */
  async cancel(key: string): Promise<boolean> {
    const pid = Number(key);
    if (!Number.isInteger(pid) || pid <= 0) return false;
    const client = new pg.Client(this.config);
    try {
      await client.connect();
      const res = await client.query('SELECT pg_cancel_backend($1) AS ok', [pid]);
      return res.rows[0]?.ok === true;
    } catch (err) {
      throw this.connector.mapError(err, this.errorContext);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
