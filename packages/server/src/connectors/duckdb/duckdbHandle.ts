import { randomUUID } from 'node:crypto';
import {
  ResultReturnType,
  type DuckDBConnection,
  type DuckDBDataChunk,
  type DuckDBMaterializedResult,
  type DuckDBResultReader,
  DuckDBTypeId,
} from '@duckdb/node-api';
import { QueryCancelledError, queryErrors } from '../connectorError.js';
import { ConnectionClosedError } from '../poolErrors.js';
import { ResourcePool, type PoolLimits, type PoolUser } from '../resourcePool.js';
import { buildSelectStar } from '../sql/buildSelectStar.js';
import type { TableExtra } from '../sql/tableExtra.js';
import type { CellValue, Connector, ConnectorHandle, ErrorContext, ExecuteOptions, QueryResult, ResultColumn, ResultVector } from '../types.js';
import { genericTypeOf } from '../values.js';
import { duringNativeWork } from './duckdbActivity.js';
import type { InstanceLease } from './duckdbInstances.js';
import { duckdbTableExtra } from './duckdbTableExtra.js';
import { duckdbSchemas, duckdbTableDetails, duckdbTables, type RowQuery } from './duckdbMetadata.js';
import { duckdbColumns, readColumn, readerChunks } from './duckdbColumns.js';
import { DuckdbStatements } from './duckdbStatements.js';
import { duckdbVector } from './duckdbVectors.js';

const MAX_CONNECTIONS = 4;

/** A small pool of connections on the process-wide instance of one DuckDB file (and settings). */
export class DuckdbHandle implements ConnectorHandle {
  private readonly pool: ResourcePool<DuckDBConnection>;
  private readonly running = new Map<string, DuckDBConnection>();
  private readonly cancelled = new Set<string>();
  private readonly statements = new DuckdbStatements();
  /** Set by close(): statements it interrupts end with ConnectionClosedError, not as stopped by their caller. */
  private closing = false;

  constructor(
    readonly connector: Connector,
    private readonly lease: InstanceLease,
    private readonly errorContext: ErrorContext,
    /** Opened for a database that allows no writes: every statement is read-only, even on a shared read-write instance. */
    private readonly readOnly = false,
    /** How the pool's connections are shared between users (per-user cap, queue timeout). */
    poolLimits?: PoolLimits,
  ) {
    this.pool = new ResourcePool(
      () => lease.instance.connect(),
      (c) => {
        this.statements.drop(c);
        c.closeSync();
      },
      MAX_CONNECTIONS,
      poolLimits,
    );
  }

  /** A pooled connection for `userId`'s work, counted as native work in flight while it is held (see duckdbActivity). */
  private use<R>(userId: PoolUser, fn: (conn: DuckDBConnection) => Promise<R>): Promise<R> {
    return this.pool.use((conn) => duringNativeWork(conn, () => fn(conn)), userId);
  }

  private readonly rows: RowQuery = async (sql, params) =>
    this.guard(() =>
      this.use(undefined, async (conn) => {
        const reader = await conn.runAndReadAll(sql, params);
        return reader.getRowObjectsJson() as Record<string, unknown>[];
      }),
    );

  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw this.connector.mapError(err, this.errorContext);
    }
  }

  async testConnection(): Promise<void> {
    await this.rows('SELECT 1');
  }

  getSchemas(): Promise<string[]> {
    return duckdbSchemas(this.rows);
  }

  getTables(schema: string) {
    return duckdbTables(this.rows, schema);
  }

  getTableMetadata(schema: string, table: string) {
    return duckdbTableDetails(this.rows, schema, table);
  }

  getTableExtra(schema: string, table: string): Promise<TableExtra> {
    return duckdbTableExtra(this.rows, schema, table);
  }

  async getFunctionNames(): Promise<string[]> {
    const rows = await this.rows('SELECT DISTINCT function_name FROM duckdb_functions() ORDER BY function_name');
    return rows.map((r) => String(r.function_name));
  }

  async selectStar(schema: string, table: string, limit: number): Promise<string> {
    const details = await this.getTableMetadata(schema, table);
    return buildSelectStar(this.connector.capabilities, schema, table, details?.columns.map((c) => c.name) ?? [], limit);
  }

  async execute(sql: string, options: ExecuteOptions = {}): Promise<QueryResult> {
    const { signal, limit, onCancelKey } = options;
    if (signal?.aborted) throw new QueryCancelledError(this.connector.name);
    // A read-only instance refuses writes itself; a shared read-write one needs a read-only transaction.
    const inReadOnlyTransaction = (this.readOnly || options.readOnly === true) && !this.lease.readOnly;
    return this.use(options.userId, async (conn) => {
      const key = randomUUID();
      let cancelled = false;
      const onAbort = () => {
        cancelled = true;
        void this.cancel(key);
      };
      this.running.set(key, conn);
      signal?.addEventListener('abort', onAbort, { once: true });
      // `USE` back to where the pooled connection was, once options.schema was switched to.
      let restore: string | null = null;
      let transaction = false;
      try {
        onCancelKey?.(key);
        if (options.schema) {
          const q = (name: string) => this.connector.quoteIdentifier(name);
          const [at] = (await conn.runAndReadAll('SELECT current_database(), current_schema()')).getRows();
          const [database, current] = [String(at?.[0]), String(at?.[1])];
          if (current !== options.schema) {
            restore = `USE ${q(database)}.${q(current)}`;
            await conn.run(`USE ${q(database)}.${q(options.schema)}`);
          }
        }
        if (inReadOnlyTransaction) {
          // DuckDB runs every statement of a text: a `COMMIT;` ahead of a write would end the transaction.
          if ((await conn.extractStatements(sql)).count > 1) {
            throw queryErrors.generic(this.errorContext, 'This database allows no writes: run one statement at a time.');
          }
          await conn.run('BEGIN TRANSACTION READ ONLY');
          transaction = true;
        }
        if (limit === undefined) {
          // A materialised result: its chunks are read synchronously, with no round trip to the thread pool each.
          const materialized = options.reuse ? await this.statements.run(conn, sql) : await conn.run(sql);
          if (cancelled || this.cancelled.has(key)) throw new QueryCancelledError(this.connector.name);
          return materializedResult(materialized);
        }
        // Streaming stops reading once the limit is passed; the rest of the result is never materialised.
        const reader = await conn.streamAndReadUntil(sql, limit + 1);
        if (cancelled || this.cancelled.has(key)) throw new QueryCancelledError(this.connector.name);
        return toResult(reader, limit);
      } catch (err) {
        if (cancelled || this.cancelled.has(key) || this.isInterrupt(err)) {
          // Stopped by close() (shutdown, database edited) rather than by its caller: a 503 worth retrying.
          if (this.closing && !cancelled) throw new ConnectionClosedError({ cause: err });
          throw new QueryCancelledError(this.connector.name, { cause: err });
        }
        throw this.connector.mapError(err, this.errorContext);
      } finally {
        this.running.delete(key);
        this.cancelled.delete(key);
        signal?.removeEventListener('abort', onAbort);
        // After `running` no longer holds the key, so a repeating cancel cannot interrupt them.
        if (transaction) await conn.run('ROLLBACK').catch(() => undefined);
        if (restore) await conn.run(restore).catch(() => undefined);
      }
    });
  }

  private isInterrupt(err: unknown): boolean {
    return err instanceof Error && /INTERRUPT Error|Interrupted/.test(err.message);
  }

  /**
   * DuckDB clears a pending interrupt when a statement starts, so a cancel that lands just before the
   * statement begins would be lost: keep interrupting until the statement has ended.
   */
  async cancel(key: string): Promise<boolean> {
    const conn = this.running.get(key);
    if (!conn) return false;
    this.cancelled.add(key);
    conn.interrupt();
    const timer = setInterval(() => {
      if (this.running.get(key) === conn) conn.interrupt();
      else clearInterval(timer);
    }, 50);
    timer.unref();
    return true;
  }

  /**
   * Stops running statements and waits for their connections before letting go of the shared instance,
   * so a later open of the same file never overlaps with connections of this one.
   */
  async close(): Promise<void> {
    this.closing = true;
    for (const key of [...this.running.keys()]) void this.cancel(key);
    await this.pool.close();
    this.lease.release();
  }
}

/** Type ids that name their type whole (no width, precision, members or element type). */
const PLAIN_TYPE_IDS: ReadonlySet<DuckDBTypeId> = new Set([
  DuckDBTypeId.BOOLEAN,
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UINTEGER,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
  DuckDBTypeId.FLOAT,
  DuckDBTypeId.DOUBLE,
  DuckDBTypeId.TIMESTAMP,
  DuckDBTypeId.TIMESTAMP_S,
  DuckDBTypeId.TIMESTAMP_MS,
  DuckDBTypeId.TIMESTAMP_NS,
  DuckDBTypeId.TIMESTAMP_TZ,
  DuckDBTypeId.DATE,
  DuckDBTypeId.TIME,
  DuckDBTypeId.TIME_TZ,
  DuckDBTypeId.INTERVAL,
  DuckDBTypeId.VARCHAR,
  DuckDBTypeId.BLOB,
  DuckDBTypeId.UUID,
]);
/** Name and generic type of each plain type id, learnt from the first result that has it. */
const plainTypes = new Map<DuckDBTypeId, { type: string; genericType: ResultColumn['genericType'] }>();

/**
 * Column names and types. A type object costs native calls and a parse of its text per column, which a
 * small chart result (a dozen rows) feels: plain types are read once per process by their id.
 */
function resultColumns(source: DuckDBResultReader | DuckDBMaterializedResult): ResultColumn[] {
  const names = source.columnNames();
  return names.map((name, i) => {
    const id = source.columnTypeId(i);
    let known = plainTypes.get(id);
    if (!known) {
      const type = source.columnType(i).toString().toUpperCase();
      known = { type, genericType: genericTypeOf(type) };
      if (PLAIN_TYPE_IDS.has(id)) plainTypes.set(id, known);
    }
    return { name, ...known };
  });
}

/** Rows an INSERT/UPDATE/DELETE changed; null for statements that answer rows. */
function rowsAffectedOf(source: DuckDBResultReader | DuckDBMaterializedResult): number | null {
  return source.returnType === ResultReturnType.CHANGED_ROWS ? source.rowsChanged : null;
}

function materializedResult(result: DuckDBMaterializedResult): QueryResult {
  const rowsAffected = rowsAffectedOf(result);
  const columns = resultColumns(result);
  const chunks: DuckDBDataChunk[] = [];
  let rows = 0;
  for (let i = 0, n = result.chunkCount; i < n; i++) {
    const chunk = result.getChunk(i);
    rows += chunk.rowCount;
    chunks.push(chunk);
  }
  // Like the reader's columns: no chunk means no columns of cells at all.
  if (chunks.length === 0) return { columns, rowCount: 0, truncated: false, rowsAffected, data: [] };
  const typeIds = columns.map((_column, c) => result.columnTypeId(c));
  return chunkResult(columns, chunks, typeIds, rows, false, rowsAffected);
}

function toResult(reader: DuckDBResultReader, limit: number): QueryResult {
  const rowsAffected = rowsAffectedOf(reader);
  const total = reader.currentRowCount;
  const keep = Math.min(total, limit);
  const columns = resultColumns(reader);
  const chunks = readerChunks(reader);
  if (!chunks || chunks.length === 0) {
    // Reading went to limit + 1 rows when they exist, so more rows than kept means the result was cut.
    return { columns, rowCount: keep, truncated: total > keep, rowsAffected, data: duckdbColumns(reader, keep) };
  }
  const typeIds = columns.map((_column, c) => reader.columnTypeId(c));
  return chunkResult(columns, chunks, typeIds, keep, total > keep, rowsAffected);
}

/**
 * A result over the chunks the reader holds. Cells and typed vectors are both read on first use: an
 * Arrow answer copies vectors and never builds a value per cell; a JSON answer or a chart reads cells.
 */
function chunkResult(
  columns: ResultColumn[],
  chunks: DuckDBDataChunk[],
  typeIds: DuckDBTypeId[],
  keep: number,
  truncated: boolean,
  rowsAffected: number | null,
): QueryResult {
  const result = { columns, rowCount: keep, truncated, rowsAffected } as QueryResult;
  const cellColumns = new Map<number, CellValue[]>();
  const cells = (c: number): CellValue[] => {
    let column = cellColumns.get(c);
    if (!column) {
      column = readColumn(chunks, c, typeIds[c]!, keep);
      cellColumns.set(c, column);
    }
    return column;
  };
  const vectorColumns = new Map<number, ResultVector>();
  const vectorAt = (c: number): ResultVector => {
    let vector = vectorColumns.get(c);
    if (!vector) {
      vector = duckdbVector(chunks, c, typeIds[c]!, keep, cells);
      vectorColumns.set(c, vector);
    }
    return vector;
  };
  lazyProperty(result, 'data', true, () => typeIds.map((_id, c) => cells(c)));
  // Not enumerable: spreads and JSON of a result carry cells only.
  lazyProperty(result, 'vectors', false, () => typeIds.map((_id, c) => vectorAt(c)));
  hiddenProperty(result, 'vectorAt', vectorAt);
  // The head reads only the chunks it needs: a few for the first screens of a million rows.
  hiddenProperty(result, 'head', (rows: number) => {
    const n = Math.max(0, Math.min(rows, keep));
    let needed = 0;
    for (let seen = 0; seen < n && needed < chunks.length; needed++) seen += chunks[needed]!.rowCount;
    return chunkResult(columns, chunks.slice(0, needed), typeIds, n, n < keep || truncated, rowsAffected);
  });
  return result;
}

function hiddenProperty<K extends 'vectorAt' | 'head'>(target: QueryResult, key: K, value: QueryResult[K]): void {
  Object.defineProperty(target, key, { value, enumerable: false, writable: true, configurable: true });
}

/** A property computed once, on first read; a write replaces it. */
function lazyProperty<K extends 'data' | 'vectors'>(target: QueryResult, key: K, enumerable: boolean, compute: () => QueryResult[K]): void {
  const settle = (value: QueryResult[K]) => {
    Object.defineProperty(target, key, { value, enumerable, writable: true, configurable: true });
    return value;
  };
  Object.defineProperty(target, key, { enumerable, configurable: true, get: () => settle(compute()), set: settle });
}
