import type { GenericType } from '../contracts/sqllab.js';
import type { QueryObject } from '../contracts/chartData.js';
import type { TimeGrain } from '../contracts/database.js';

/**
 * What the compiler needs to know about an engine's SQL. Plain data, declared by each connector's
 * capabilities (server/connectors/*Capabilities.ts), so core never names an engine.
 */
export interface SqlDialect {
  /** Name for messages and tests only; the compiler never branches on it. */
  name: string;
  identifierQuote: '"' | '`';
  /** 'standard': quotes doubled; 'backslash': quotes doubled and backslashes doubled (MySQL/MariaDB default mode). */
  stringEscape: 'standard' | 'backslash';
  limitStyle: 'LIMIT' | 'TOP' | 'FETCH_FIRST';
  /** SQL template per grain over `{col}`. */
  timeGrainExpressions: Readonly<Record<TimeGrain, string>>;
  /** Template turning an ISO text `{value}` ('2024-01-01 00:00:00') into a comparable timestamp literal. */
  timestampLiteral: string;
  /**
   * Template for a midnight compared with a DATE column (`{value}` is 'YYYY-MM-DD'), for engines that keep
   * dates as text and compare them as text (SQLite: '2024-01-01' < '2024-01-01 00:00:00'). Unset: timestampLiteral.
   */
  dateLiteral?: string;
  /** ILIKE exists; otherwise the compiler writes LOWER(x) LIKE LOWER(y). */
  supportsIlike: boolean;
  /** TRUE/FALSE literals exist; otherwise 1/0. */
  supportsBooleanLiterals: boolean;
  /** Subqueries allowed in adhoc SQL expressions (database setting allow_adhoc_subquery, default false). */
  allowAdhocSubquery?: boolean;
  /** Functions custom SQL may not call (Superset's DISALLOWED_SQL_FUNCTIONS for the engine), any case. */
  disallowedFunctions?: readonly string[];
}

export interface DatasourceColumn {
  column_name: string;
  /** Engine type name or null when unknown. */
  type: string | null;
  generic_type: GenericType | null;
  is_dttm: boolean;
  groupby: boolean;
  filterable: boolean;
  /** A calculated column's SQL; null for physical columns. */
  expression: string | null;
  python_date_format?: string | null;
}

export interface DatasourceMetric {
  metric_name: string;
  expression: string;
  d3format?: string | null;
  currency?: string | null;
  verbose_name?: string | null;
}

/** The datasource a query object runs against: a table or a SQL query (virtual dataset / SQL Lab query). */
export interface DatasourceDescriptor {
  /** `{id}__{type}` for cache keys and messages. */
  key: string;
  schema: string | null;
  table_name: string;
  /** Virtual datasource SQL (already rendered); null for a physical table. */
  sql: string | null;
  columns: DatasourceColumn[];
  metrics: DatasourceMetric[];
  main_dttm_col: string | null;
  /** Always apply the main datetime filter (dataset setting). */
  always_filter_main_dttm?: boolean;
}

export interface CompileOptions {
  /** Reference instant for relative time ranges (injected so compiling stays pure). */
  now: Date;
  /** Cap for row_limit (SQL_MAX_ROW; default 100000). */
  maxRowLimit: number;
  /** Default row_limit when the query gives none. */
  defaultRowLimit: number;
  /**
   * Row level security that applies to the caller on this datasource, already rendered: each group's clauses are
   * ORed, the groups ANDed into every WHERE the query has (compile/rowLevelSecurity.ts). Absent: none apply.
   */
  rowLevelSecurity?: RowLevelSecurityGroups;
}

/** Rendered row level security predicates, one inner list per group key (or rule without a key). */
export type RowLevelSecurityGroups = readonly (readonly string[])[];

/** A compiled query object: the SQL and what the answer reports about it. */
export interface CompiledQuery {
  sql: string;
  /** Output column labels in order (columns then metrics, as Superset names them). */
  colnames: string[];
  /** Metric labels among colnames. */
  metricLabels: string[];
  /** Labels of the temporal x-axis / granularity column, if any. */
  temporalLabels: string[];
  appliedFilters: { column: string }[];
  rejectedFilters: { column: string; reason: string }[];
  /** Resolved time range bounds (epoch ms) when a TEMPORAL_RANGE filter applied; null otherwise. */
  fromDttm: number | null;
  toDttm: number | null;
  /** Row limit applied after capping. */
  rowLimit: number | null;
}

/** Thrown for user mistakes found while compiling; the server maps it to a 400 with the catalogue's error type. */
export class QueryCompileError extends Error {
  constructor(
    message: string,
    readonly errorType: 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR' | 'COLUMN_DOES_NOT_EXIST_ERROR' | 'INVALID_PAYLOAD_SCHEMA_ERROR' | 'GENERIC_COMMAND_ERROR' | 'SYNTAX_ERROR',
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'QueryCompileError';
  }
}

export type CompileQueryObject = (query: QueryObject, datasource: DatasourceDescriptor, dialect: SqlDialect, options: CompileOptions) => CompiledQuery;
