import type { Engine, GenericType, TableExtra, TimeGrain } from '@tessera/core';
import type { ConnectorError } from './connectorError.js';
import type { HostBlockList } from './hostBlockList.js';
import type { PoolLimits } from './resourcePool.js';

/**
 * What an engine can do. Plain data: the query compiler and the services read these flags,
 * never the engine's name (style §c.5).
 */
export interface ConnectorCapabilities {
  /** The driver runs queries off the event loop, so long queries can run in the background. */
  allowsAsync: boolean;
  /** A running query can be stopped (see ConnectorHandle.cancel). */
  supportsCancel: boolean;
  /** ConnectorHandle.estimateCost is implemented. */
  supportsCostEstimate: boolean;
  supportsDml: boolean;
  supportsCtas: boolean;
  supportsCvas: boolean;
  supportsSubqueries: boolean;
  /** Catalog switching (Superset's allow_multi_catalog); no connector implements it yet. */
  supportsCatalogs: boolean;
  supportsFileUpload: boolean;
  identifierQuote: '"' | '`';
  /** How a row limit is written: `LIMIT n` after the query, `TOP n` after SELECT, or `FETCH FIRST n ROWS ONLY`. */
  limitStyle: 'LIMIT' | 'TOP' | 'FETCH_FIRST';
  /** How string literals escape: see core's SqlDialect. */
  stringEscape: 'standard' | 'backslash';
  /** Template over `{value}` (ISO text) giving a timestamp literal. */
  timestampLiteral: string;
  /** Template over `{value}` ('YYYY-MM-DD') for a midnight compared with a DATE column; only for engines comparing dates as text. */
  dateLiteral?: string;
  supportsIlike: boolean;
  supportsBooleanLiterals: boolean;
  /** Schema used when none is given; null means "the database named in the connection" (MySQL). */
  defaultSchema: string | null;
  /** SQL template per grain over `{col}`; every grain of core's TIME_GRAINS is present. */
  timeGrainExpressions: Readonly<Record<TimeGrain, string>>;
}

/** A parsed SQLAlchemy URI (`scheme://user:pass@host:port/database?query`), or a file path for file engines. */
export interface ConnectionSpec {
  engine: Engine;
  /** Scheme as written, e.g. `postgresql+psycopg2`; kept so a stored URI reads back the same. */
  scheme: string;
  driver: string;
  host: string | null;
  port: number | null;
  username: string | null;
  password: string | null;
  /** Network engines: the database name. File engines: the path as written (`:memory:` for memory). */
  database: string | null;
  query: Record<string, string>;
  /** File engines only: the path to open (absolute once resolved against DATA_DIR), or `:memory:`. */
  filePath: string | null;
}

export interface OpenOptions {
  /** Open without write access when the database allows no DML/CTAS/CVAS/upload (lets several processes read one file). */
  readOnly: boolean;
  /** `extra.engine_params.connect_args` (merged with encrypted extra): driver options such as `connect_timeout`. */
  connectArgs: Record<string, unknown>;
  /** CA certificate (PEM) to verify the server's TLS certificate. */
  serverCert: string | null;
  /** Connection attempt timeout; defaults per connector (10 s). */
  connectTimeoutMs?: number;
  /**
   * Folders no SQL may read through this connection, whatever its settings (DATA_DIR: the secret key and the
   * metadata store): file engines refuse settings that would open them.
   */
  protectedDirs?: readonly string[];
  /** Hosts network engines must not dial (cloud metadata, link-local): checked on the resolved addresses. */
  blockedHosts?: HostBlockList | null;
  /** How pooled connections are shared between users (QUERY_MAX_PER_USER, QUERY_QUEUE_TIMEOUT); defaults when absent. */
  poolLimits?: PoolLimits;
}

export interface TableInfo {
  name: string;
  type: 'table' | 'view';
}

export interface ColumnInfo {
  name: string;
  /** Engine type as the engine spells it, upper-cased (e.g. `VARCHAR(10)`, `TIMESTAMP WITHOUT TIME ZONE`). */
  type: string;
  nullable: boolean;
  comment: string | null;
}

export interface ForeignKeyInfo {
  name: string | null;
  columns: string[];
  referredSchema: string | null;
  referredTable: string;
  referredColumns: string[];
  options: Record<string, string>;
}

export interface IndexInfo {
  name: string;
  columns: string[];
  unique: boolean;
}

export interface TableDetails {
  name: string;
  schema: string;
  columns: ColumnInfo[];
  primaryKey: { name: string | null; columns: string[] };
  foreignKeys: ForeignKeyInfo[];
  indexes: IndexInfo[];
  comment: string | null;
}

/** One cell: JSON-like values; integers that do not fit a JS number stay exact as bigint. */
export type CellValue = string | number | boolean | bigint | null | CellValue[] | { [key: string]: CellValue };

export interface ResultColumn {
  name: string;
  /** Engine type name, upper-cased. */
  type: string;
  genericType: GenericType;
}

/**
 * Columnar result: `data[c][r]` is row r of column c. Temporal values are the engine's own text
 * (`2024-03-13 14:37:43`), never shifted through the JS time zone.
 */
export interface QueryResult {
  columns: ResultColumn[];
  data: CellValue[][];
  rowCount: number;
  /** True when the statement produced more rows than `limit`. */
  truncated: boolean;
  /** Rows changed by a DML statement; null for queries. */
  rowsAffected: number | null;
  /**
   * The same columns as typed arrays where the connector could read them without a value per cell
   * (DuckDB), so the Arrow encoding copies memory instead of walking cells. Same rows as `data`.
   */
  vectors?: readonly ResultVector[];
  /** One column of `vectors`, computed on first use, so a long encode can yield between columns. */
  vectorAt?: (column: number) => ResultVector;
  /** The first `rows` rows as a result of their own, read without touching the rest (see headOf). */
  head?: (rows: number) => QueryResult;
}

/** Validity bitmap: bit r of byte r >> 3 set when row r holds a value (Arrow's layout); null: no nulls. */
export type ValidityBits = Uint8Array | null;

/** One typed column of a result (see QueryResult.vectors); `cells` when no typed form applies. */
export type ResultVector =
  | { type: 'int32'; values: Int32Array; valid: ValidityBits }
  | { type: 'int64'; values: BigInt64Array; valid: ValidityBits }
  | { type: 'float64'; values: Float64Array; valid: ValidityBits }
  /** values: one bit per row, like `valid`. */
  | { type: 'bool'; values: Uint8Array; valid: ValidityBits }
  /** Days since 1970-01-01. */
  | { type: 'date_day'; values: Int32Array; valid: ValidityBits }
  /** Wall-clock microseconds since 1970-01-01 00:00:00 (no time zone). */
  | { type: 'timestamp_us'; values: BigInt64Array; valid: ValidityBits }
  | { type: 'dictionary'; indices: Int32Array; dictionary: string[]; valid: ValidityBits }
  | { type: 'cells'; values: CellValue[] };

export interface ExecuteOptions {
  signal?: AbortSignal;
  /** Keep at most this many rows (the rest is read and dropped, or not read at all where the driver streams). */
  limit?: number;
  /** Called once the statement runs, with the key `cancel()` accepts (a backend pid, a thread id, ...). */
  onCancelKey?: (key: string) => void;
  /**
   * Default schema for unqualified names (SQL Lab's schema picker), set on the connection that runs the
   * statement and restored afterwards. Null or absent: the connection's own default.
   */
  schema?: string | null;
  /**
   * The same text will likely run again (chart queries, refreshed and forced): a connector may keep the
   * statement prepared. The answer is the same either way.
   */
  reuse?: boolean;
  /**
   * The statement must not write, not even through a function (PostgreSQL's lo_from_bytea, a MySQL function
   * that inserts): it runs in a read-only transaction. Handles opened read-only (OpenOptions.readOnly) treat
   * every statement so.
   */
  readOnly?: boolean;
  /**
   * The user the statement runs for (null: an anonymous caller). Pooled connections are shared fairly between
   * users (see ResourcePool: a cap per user, round-robin waiters); absent means the server's own work.
   */
  userId?: number | null;
}

export interface EstimateOptions {
  /** As ExecuteOptions.schema. */
  schema?: string | null;
}

/** An open connection pool to one database. One statement per `execute`: splitting scripts is the query engine's job. */
export interface ConnectorHandle {
  readonly connector: Connector;
  testConnection(): Promise<void>;
  getSchemas(): Promise<string[]>;
  /** Tables and views of a schema, sorted by name. */
  getTables(schema: string): Promise<TableInfo[]>;
  /** Null when the table does not exist. */
  getTableMetadata(schema: string, table: string): Promise<TableDetails | null>;
  /** Engine-specific extras (partitions, clustering ...); `{}` when the engine has none. */
  getTableExtra(schema: string, table: string): Promise<TableExtra>;
  getFunctionNames(): Promise<string[]>;
  /** `SELECT <columns> FROM <schema.table> LIMIT n`, columns listed one per line. */
  selectStar(schema: string, table: string, limit: number): Promise<string>;
  execute(sql: string, options?: ExecuteOptions): Promise<QueryResult>;
  /** Optional; present when capabilities.supportsCostEstimate. One entry per plan node summary. */
  estimateCost?(sql: string, options?: EstimateOptions): Promise<Record<string, unknown>[]>;
  /** Stops the statement identified by a key from `onCancelKey`; false when the engine cannot cancel. */
  cancel(key: string): Promise<boolean>;
  close(): Promise<void>;
}

export interface ErrorContext {
  engineName: string;
  host: string | null;
  port: number | null;
  username: string | null;
  database: string | null;
}

/** An engine: its dialect, its capabilities, and how to open it. Stateless; state lives in handles. */
export interface Connector {
  readonly engine: Engine;
  /** Display name (`PostgreSQL`). */
  readonly name: string;
  readonly defaultDriver: string;
  readonly drivers: readonly string[];
  /** URI schemes (without `://`) this connector opens, e.g. `postgresql`, `postgres`, `postgresql+psycopg2`. */
  readonly schemes: readonly string[];
  /** 'network' engines use host/port/user; 'file' engines a path. */
  readonly kind: 'network' | 'file';
  readonly defaultPort: number | null;
  readonly sqlalchemyUriPlaceholder: string;
  /** JSON schema of the dynamic form's `parameters`. */
  readonly parametersSchema: Record<string, unknown>;
  readonly capabilities: ConnectorCapabilities;
  quoteIdentifier(name: string): string;
  quoteLiteral(value: string): string;
  /** Maps any error thrown by the driver to a catalogue error (ConnectorError). */
  mapError(error: unknown, context: ErrorContext): ConnectorError;
  open(spec: ConnectionSpec, options: OpenOptions): Promise<ConnectorHandle>;
}
