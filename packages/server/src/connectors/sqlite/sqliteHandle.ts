import type { Database } from 'better-sqlite3';
import { ConnectorError, QueryCancelledError } from '../connectorError.js';
import { buildSelectStar } from '../sql/buildSelectStar.js';
import type { TableExtra } from '../sql/tableExtra.js';
import type { CellValue, Connector, ConnectorHandle, ErrorContext, ExecuteOptions, QueryResult } from '../types.js';
import { bytesToHex, exactInteger, genericTypeOf, genericTypeOfValues } from '../values.js';
import { sqliteTableExtra } from './sqliteTableExtra.js';
import { sqliteSchemas, sqliteTableDetails, sqliteTables } from './sqliteMetadata.js';

function sqliteCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return exactInteger(value);
  if (value instanceof Uint8Array) return bytesToHex(value);
  return value as string | number;
}

/**
 * SQLite stores BOOLEAN as 0/1: a column declared BOOLEAN (reported as Boolean) gives true/false, as the
 * other engines do; anything else stored there is left as it is.
 */
function asBooleans(values: CellValue[]): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === 0 || v === 1) values[i] = v === 1;
  }
}

/**
 * One better-sqlite3 connection. The driver is synchronous, so a "pool" would not add concurrency;
 * statements run one at a time on the event loop (capabilities.allowsAsync is false for that reason).
 */
export class SqliteHandle implements ConnectorHandle {
  constructor(
    readonly connector: Connector,
    private readonly db: Database,
    private readonly errorContext: ErrorContext,
  ) {}

  private guard<T>(fn: () => T): Promise<T> {
    try {
      return Promise.resolve(fn());
    } catch (err) {
      return Promise.reject(this.connector.mapError(err, this.errorContext));
    }
  }

  testConnection(): Promise<void> {
    return this.guard(() => {
      this.db.prepare('SELECT 1').get();
    });
  }

  getSchemas() {
    return this.guard(() => sqliteSchemas(this.db));
  }

  getTables(schema: string) {
    return this.guard(() => sqliteTables(this.db, schema));
  }

  getTableMetadata(schema: string, table: string) {
    return this.guard(() => sqliteTableDetails(this.db, schema, table));
  }

  getTableExtra(schema: string, table: string): Promise<TableExtra> {
    return this.guard(() => sqliteTableExtra(this.db, schema, table));
  }

  getFunctionNames() {
    return this.guard(() =>
      (this.db.prepare('SELECT DISTINCT name FROM pragma_function_list ORDER BY name').all() as { name: string }[]).map((r) => r.name),
    );
  }

  async selectStar(schema: string, table: string, limit: number): Promise<string> {
    const details = await this.getTableMetadata(schema, table);
    return buildSelectStar(this.connector.capabilities, schema, table, details?.columns.map((c) => c.name) ?? [], limit);
  }

  /**
   * options.schema is not applied: SQLite's schemas are attached databases, `main` already resolves
   * unqualified names and SQLite has no way to make another one the default.
   */
  execute(sql: string, options: ExecuteOptions = {}): Promise<QueryResult> {
    if (options.signal?.aborted) return Promise.reject(new QueryCancelledError(this.connector.name));
    return this.guard(() => {
      const stmt = this.db.prepare(sql);
      if (options.readOnly && !stmt.readonly) {
        throw new ConnectorError('GENERIC_DB_ENGINE_ERROR', 'SQLite error: this statement writes, and the database allows no writes.', {
          engine_name: this.connector.name,
        });
      }
      if (!stmt.reader) {
        const info = stmt.run();
        this.detachAll();
        return { columns: [], data: [], rowCount: 0, truncated: false, rowsAffected: info.changes };
      }
      stmt.safeIntegers(true).raw(true);
      const meta = stmt.columns();
      const data: CellValue[][] = meta.map(() => []);
      const limit = options.limit ?? Number.POSITIVE_INFINITY;
      let count = 0;
      let truncated = false;
      for (const row of stmt.iterate() as Iterable<unknown[]>) {
        if (count >= limit) {
          truncated = true;
          break;
        }
        row.forEach((v, i) => data[i]!.push(sqliteCell(v)));
        count++;
      }
      const columns = meta.map((c, i) => {
        // Expressions have no declared type in SQLite; their values tell.
        const type = (c.type ?? '').toUpperCase();
        return { name: c.name, type, genericType: type ? genericTypeOf(type) : genericTypeOfValues(data[i]!) };
      });
      columns.forEach((c, i) => c.genericType === 'Boolean' && asBooleans(data[i]!));
      return {
        columns,
        data,
        rowCount: count,
        truncated,
        rowsAffected: null,
      };
    });
  }

  /**
   * ATTACH would let SQL open any file the server can read (its metadata store included), whatever path
   * the database itself was checked for: a database attached by the statement just run is detached at once,
   * before another statement can read it, and the statement is reported as refused.
   */
  private detachAll(): void {
    const attached = (this.db.prepare('PRAGMA database_list').all() as { name: string }[]).map((d) => d.name).filter((n) => n !== 'main' && n !== 'temp');
    if (attached.length === 0) return;
    for (const name of attached) this.db.prepare(`DETACH DATABASE ${this.connector.quoteIdentifier(name)}`).run();
    throw new ConnectorError('DATABASE_SECURITY_ACCESS_ERROR', 'SQLite databases cannot ATTACH other files here: it would let SQL read any file of the server.', {
      engine_name: this.connector.name,
    });
  }

  async cancel(): Promise<boolean> {
    return false;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
