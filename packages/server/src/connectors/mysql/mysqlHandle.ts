import type { Connection as CoreConnection, FieldPacket, QueryError } from 'mysql2';
import mysql, { type Pool, type PoolOptions } from 'mysql2/promise';
import { QueryCancelledError, queryErrors } from '../connectorError.js';
import { buildSelectStar } from '../sql/buildSelectStar.js';
import type { TableExtra } from '../sql/tableExtra.js';
import type { CellValue, Connector, ConnectorHandle, ErrorContext, ExecuteOptions, QueryResult } from '../types.js';
import { genericTypeOf, numericFromText, toCell } from '../values.js';
import { mysqlTableExtra } from './mysqlTableExtra.js';
import { mysqlSchemas, mysqlTableDetails, mysqlTables, type RowQuery } from './mysqlMetadata.js';
import { mysqlTypeName } from './mysqlTypes.js';

/** Numeric columns arrive as strings (bigNumberStrings/decimal): they are parsed exactly per column type. */
function mysqlCell(value: unknown, numeric: boolean): CellValue {
  if (numeric && typeof value === 'string') return numericFromText(value);
  return toCell(value);
}

/** A mysql2 pool; each statement's connection thread id is the key `KILL QUERY` needs. */
export class MysqlHandle implements ConnectorHandle {
  private readonly pool: Pool;
  /** Keys being killed: MariaDB lets some interrupted functions (BENCHMARK, SLEEP) return normally. */
  private readonly killed = new Set<string>();
  private readonly running = new Set<string>();

  constructor(
    readonly connector: Connector,
    private readonly config: PoolOptions,
    private readonly errorContext: ErrorContext,
    /** Opened for a database that allows no writes: every statement runs in a read-only transaction. */
    private readonly readOnly = false,
  ) {
    this.pool = mysql.createPool({ ...config, connectionLimit: 5, maxIdle: 5, idleTimeout: 30_000 });
  }

  private async connection() {
    try {
      return await this.pool.getConnection();
    } catch (err) {
      throw this.connector.mapError(err, this.errorContext);
    }
  }

  private readonly rows: RowQuery = async (sql, params) => {
    const conn = await this.connection();
    try {
      const [rows] = await conn.query(sql, params);
      return rows as Record<string, unknown>[];
    } catch (err) {
      throw this.connector.mapError(err, this.errorContext);
    } finally {
      conn.release();
    }
  };

  async testConnection(): Promise<void> {
    await this.rows('SELECT 1');
  }

  getSchemas() {
    return mysqlSchemas(this.rows);
  }

  getTables(schema: string) {
    return mysqlTables(this.rows, schema);
  }

  getTableMetadata(schema: string, table: string) {
    return mysqlTableDetails(this.rows, schema, table);
  }

  getTableExtra(schema: string, table: string): Promise<TableExtra> {
    return mysqlTableExtra(this.rows, this.connector, schema, table);
  }

  /** MySQL has no catalog of built-in functions; stored functions are what can be listed. */
  async getFunctionNames(): Promise<string[]> {
    const rows = await this.rows(
      "SELECT DISTINCT ROUTINE_NAME AS name FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'FUNCTION' ORDER BY 1",
    );
    return rows.map((r) => String(r.name));
  }

  async selectStar(schema: string, table: string, limit: number): Promise<string> {
    const details = await this.getTableMetadata(schema, table);
    return buildSelectStar(this.connector.capabilities, schema, table, details?.columns.map((c) => c.name) ?? [], limit);
  }

  async execute(sql: string, options: ExecuteOptions = {}): Promise<QueryResult> {
    const { signal, limit = Number.POSITIVE_INFINITY, onCancelKey } = options;
    if (signal?.aborted) throw new QueryCancelledError(this.connector.name);
    const conn = await this.connection();
    const key = String(conn.threadId);
    this.running.add(key);
    this.killed.delete(key);
    let cancelled = false;
    const onAbort = () => {
      cancelled = true;
      void this.cancel(key).catch(() => undefined);
    };
    // The database to switch back to after a `USE` for options.schema; undefined when none was switched.
    let restore: string | null | undefined;
    // The server refuses writes inside it, also those of stored functions a SELECT calls.
    const readOnly = this.readOnly || options.readOnly === true;
    let transaction = false;
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      onCancelKey?.(key);
      if (options.schema) {
        const [found] = await conn.query('SELECT DATABASE() AS db');
        const current = ((found as { db: string | null }[])[0]?.db ?? null) as string | null;
        if (current !== options.schema) {
          restore = current;
          await conn.query(`USE ${this.connector.quoteIdentifier(options.schema)}`).catch((err: unknown) => {
            throw (err as { errno?: number }).errno === 1049 ? queryErrors.schemaMissing(this.errorContext, options.schema!, err) : err;
          });
        }
      }
      if (readOnly) {
        await conn.query('START TRANSACTION READ ONLY');
        transaction = true;
      }
      // The callback connection streams rows as events; rows past the limit are dropped as they arrive.
      const core = conn.connection as unknown as CoreConnection;
      let fields: FieldPacket[] = [];
      const rows: unknown[][] = [];
      let seen = 0;
      let affected: number | null = null;
      await new Promise<void>((resolve, reject) => {
        const query = core.query({ sql, rowsAsArray: true });
        // OK packets (DML) emit 'fields' with no field list.
        query.on('fields', (f: FieldPacket[] | undefined) => {
          fields = f ?? [];
        });
        query.on('result', (row: unknown) => {
          if (Array.isArray(row)) {
            if (seen < limit) rows.push(row);
            seen++;
          } else if (row && typeof row === 'object' && 'affectedRows' in row) {
            affected = Number((row as { affectedRows: number }).affectedRows);
          }
        });
        query.on('error', (err: QueryError) => reject(err));
        query.on('end', () => resolve());
      });
      if (cancelled || this.killed.has(key)) throw new QueryCancelledError(this.connector.name);
      const types = fields.map((f) => mysqlTypeName(f.columnType ?? -1, f.characterSet ?? 0));
      const generic = types.map(genericTypeOf);
      const data: CellValue[][] = fields.map((_, c) => rows.map((r) => mysqlCell(r[c], generic[c] === 'Numeric')));
      return {
        columns: fields.map((f, i) => ({ name: f.name, type: types[i]!, genericType: generic[i]! })),
        data,
        rowCount: rows.length,
        truncated: seen > rows.length,
        rowsAffected: fields.length === 0 ? affected : null,
      };
    } catch (err) {
      if (cancelled || this.killed.has(key)) throw new QueryCancelledError(this.connector.name, { cause: err });
      throw this.connector.mapError(err, this.errorContext);
    } finally {
      this.running.delete(key);
      this.killed.delete(key);
      signal?.removeEventListener('abort', onAbort);
      // MySQL cannot go back to "no database selected": such a connection is dropped instead of pooled.
      let reusable = restore !== null;
      // A ROLLBACK that fails (a late KILL QUERY) may leave the transaction open: that connection is dropped too.
      if (transaction) reusable = (await conn.query('ROLLBACK').then(() => true, () => false)) && reusable;
      if (restore && reusable) reusable = await conn.query(`USE ${this.connector.quoteIdentifier(restore)}`).then(() => true, () => false);
      if (reusable) conn.release();
      else conn.destroy();
    }
  }

  /** `KILL QUERY` from a separate connection: the pool may be exhausted by the query being stopped. */
  async cancel(key: string): Promise<boolean> {
    const threadId = Number(key);
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    let conn: mysql.Connection | null = null;
    if (this.running.has(key)) this.killed.add(key);
    try {
      conn = await mysql.createConnection(this.config);
      await conn.query(`KILL QUERY ${threadId}`);
      return true;
    } catch (err) {
      // 1094: unknown thread, i.e. the statement already finished.
      if ((err as { errno?: number }).errno === 1094) return false;
      throw this.connector.mapError(err, this.errorContext);
    } finally {
      await conn?.end().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
