import { DEFAULT_LEX_OPTIONS, type SqlLexOptions } from './tokenize.js';

/**
 * What the SQL safety analysis must know about one engine. Plain data, keyed by the engine name a connector
 * declares (`postgresql`, `mysql`, `sqlite`, `duckdb`); an engine without an entry gets GENERIC_SQL_RULES,
 * which reads the text every way any engine would.
 */
export interface SqlEngineRules {
  /** Every way the engine may read quotes and comments (server settings differ): findings are their union. */
  readings: readonly SqlLexOptions[];
  /**
   * How a written name matches a table: 'fold' lower-cases unquoted names and keeps quoted ones (PostgreSQL),
   * 'insensitive' ignores ASCII case either way (DuckDB, SQLite), 'exact' compares as written (MySQL on Linux).
   */
  identifierCase: 'fold' | 'insensitive' | 'exact';
  /**
   * Functions that read tables, files or other databases, run SQL text, or change what a later name resolves to,
   * wherever they are called. A trailing `*` matches a prefix. Any call in a FROM position counts as well.
   */
  tableFunctions: readonly string[];
  /** Of those, the ones whose string arguments are SQL the engine runs (analysed in turn, or refused when not literal). */
  sqlTextFunctions: readonly string[];
  /** Unqualified names the engine resolves in its system catalogs before (or instead of) the default schema. */
  systemNames: readonly string[];
  /** A string literal in a FROM position names a table (SQLite) or a file the engine reads (DuckDB, others). */
  stringInFrom: 'table' | 'file';
  /** Unquoted DUAL is no table (MySQL). */
  dualTable: boolean;
  /** Reserved words that may come before a FROM item and are no table there (LATERAL, PostgreSQL's ONLY). */
  fromItemKeywords: readonly string[];
  /** Superset's DISALLOWED_SQL_FUNCTIONS for the engine: refused for every user (config can replace them). */
  disallowedFunctions: readonly string[];
}

const reading = (overrides: Partial<SqlLexOptions>): SqlLexOptions => ({ ...DEFAULT_LEX_OPTIONS, asciiWhitespace: true, ...overrides });

/** Each reading twice: a line comment ending at a carriage return, and not, so neither lexer's choice hides text. */
const withLineEnds = (readings: SqlLexOptions[]): SqlLexOptions[] =>
  readings.flatMap((r) => [{ ...r, crEndsLineComment: true }, { ...r, crEndsLineComment: false }]);

const POSTGRES_READING = reading({
  backslashEscapes: false,
  backtickQuotes: false,
  nestedComments: true,
  unicodeEscapes: true,
});

const MYSQL_READING = reading({
  escapeStringPrefix: false,
  doubleQuoteIsString: true,
  dollarQuotes: false,
  mysqlComments: true,
});

const SQLITE_READING = reading({
  backslashEscapes: false,
  escapeStringPrefix: false,
  bracketIdentifiers: true,
  dollarQuotes: false,
});

const DUCKDB_READING = reading({
  backslashEscapes: false,
  backtickQuotes: false,
  nestedComments: true,
});

const SLEEPS = ['pg_sleep', 'pg_sleep_for', 'pg_sleep_until'];

export const POSTGRES_SQL_RULES: SqlEngineRules = {
  // standard_conforming_strings on (the default), and off, where a backslash escapes a quote in '...'.
  readings: withLineEnds([POSTGRES_READING, { ...POSTGRES_READING, backslashEscapes: true }]),
  identifierCase: 'fold',
  tableFunctions: [
    'query_to_xml*', 'cursor_to_xml*', 'table_to_xml*', 'schema_to_xml*', 'database_to_xml*',
    'ts_stat', 'ts_rewrite', 'xpath_table', 'crosstab*', 'connectby', 'dblink*',
    'lo_*', 'pg_read_*', 'pg_ls_*', 'pg_stat_file', 'pg_file_*', 'pg_logdir_ls',
    'pg_get_*', 'pg_stat_get_*', 'set_config', 'currval', 'nextval', 'setval', 'lastval',
  ],
  sqlTextFunctions: [
    'query_to_xml', 'query_to_xml_and_xmlschema', 'query_to_xmlschema', 'ts_stat', 'ts_rewrite', 'xpath_table',
    'crosstab', 'crosstab2', 'crosstab3', 'crosstab4', 'dblink', 'dblink_exec', 'dblink_send_query', 'dblink_open',
  ],
  // pg_catalog is searched first even when the search path does not name it.
  systemNames: ['pg_*'],
  stringInFrom: 'file',
  dualTable: false,
  fromItemKeywords: ['LATERAL', 'ONLY'],
  disallowedFunctions: [
    'version', 'inet_client_addr', 'inet_client_port', 'inet_server_addr', 'inet_server_port', 'current_setting',
    'query_to_xml', 'query_to_xml_and_xmlschema', 'query_to_xmlschema',
    'table_to_xml', 'table_to_xml_and_xmlschema', 'table_to_xmlschema',
    'database_to_xml', 'database_to_xml_and_xmlschema', 'database_to_xmlschema',
    'pg_read_file', 'pg_read_binary_file', 'pg_ls_dir', 'pg_stat_file', 'lo_import', 'lo_export',
    ...SLEEPS, 'pg_terminate_backend', 'pg_cancel_backend', 'pg_reload_conf',
  ],
};

export const MYSQL_SQL_RULES: SqlEngineRules = {
  // sql_mode may hold NO_BACKSLASH_ESCAPES and ANSI_QUOTES: every combination is read.
  readings: withLineEnds([
    MYSQL_READING,
    { ...MYSQL_READING, backslashEscapes: false },
    { ...MYSQL_READING, doubleQuoteIsString: false },
    { ...MYSQL_READING, backslashEscapes: false, doubleQuoteIsString: false },
  ]),
  identifierCase: 'exact',
  tableFunctions: ['load_file', 'sys_exec', 'sys_eval', 'json_table'],
  sqlTextFunctions: [],
  systemNames: [],
  stringInFrom: 'file',
  dualTable: true,
  fromItemKeywords: ['LATERAL'],
  disallowedFunctions: [
    'version', 'connection_id', 'current_user', 'session_user', 'system_user', 'user', 'load_file',
    'sleep', 'benchmark', 'get_lock', 'master_pos_wait', 'source_pos_wait', 'master_gtid_wait',
  ],
};

export const SQLITE_SQL_RULES: SqlEngineRules = {
  readings: withLineEnds([SQLITE_READING]),
  identifierCase: 'insensitive',
  tableFunctions: [
    'load_extension', 'readfile', 'writefile', 'fsdir', 'edit', 'eval', 'sqlite_dbpage', 'pragma_*',
    'fts3_tokenizer', 'zipfile*', 'sqlar_*',
  ],
  sqlTextFunctions: ['eval'],
  systemNames: ['sqlite_*', 'pragma_*'],
  // SQLite reads FROM 'name' as the table `name`.
  stringInFrom: 'table',
  dualTable: false,
  // LATERAL and ONLY are no keywords in SQLite: `FROM lateral` names a table.
  fromItemKeywords: [],
  disallowedFunctions: [
    'load_extension', 'sqlite_version', 'sqlite_source_id', 'sqlite_compileoption_get', 'sqlite_compileoption_used',
    'readfile', 'writefile', 'edit', 'fts3_tokenizer',
  ],
};

export const DUCKDB_SQL_RULES: SqlEngineRules = {
  readings: withLineEnds([DUCKDB_READING]),
  identifierCase: 'insensitive',
  tableFunctions: [
    'query', 'query_table', 'read_*', 'parquet_*', 'sniff_csv', 'glob', 'duckdb_*', 'pragma_*', 'sqlite_*',
    'postgres_*', 'mysql_*', 'iceberg_*', 'delta_*', 'ducklake_*', 'st_read*', 'arrow_scan*', 'json_execute_serialized_sql',
    'which_secret', 'getvariable', 'current_setting', 'checkpoint', 'force_checkpoint', 'load_aws_credentials', 'http_*',
  ],
  sqlTextFunctions: ['query', 'postgres_query', 'postgres_execute', 'mysql_query', 'mysql_execute', 'json_execute_serialized_sql'],
  // DuckDB answers these unqualified from its system catalog (duckdb_tables, sqlite_master, pg_class ...).
  systemNames: ['duckdb_*', 'sqlite_*', 'pg_*', 'pragma_*', 'information_schema'],
  // FROM 'file.csv' scans the file.
  stringInFrom: 'file',
  dualTable: false,
  fromItemKeywords: ['LATERAL'],
  disallowedFunctions: ['pg_sleep', 'sleep_ms', 'version'],
};

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/** For an engine nobody described: every reading and every name any engine has. */
export const GENERIC_SQL_RULES: SqlEngineRules = {
  readings: [POSTGRES_SQL_RULES, MYSQL_SQL_RULES, SQLITE_SQL_RULES, DUCKDB_SQL_RULES].flatMap((r) => r.readings),
  identifierCase: 'exact',
  tableFunctions: unique([POSTGRES_SQL_RULES, MYSQL_SQL_RULES, SQLITE_SQL_RULES, DUCKDB_SQL_RULES].flatMap((r) => r.tableFunctions)),
  sqlTextFunctions: unique([POSTGRES_SQL_RULES, MYSQL_SQL_RULES, SQLITE_SQL_RULES, DUCKDB_SQL_RULES].flatMap((r) => r.sqlTextFunctions)),
  systemNames: unique([POSTGRES_SQL_RULES, SQLITE_SQL_RULES, DUCKDB_SQL_RULES].flatMap((r) => r.systemNames)),
  stringInFrom: 'file',
  dualTable: false,
  // Unknown words are read as tables: at worst a query is refused that the engine would have run.
  fromItemKeywords: [],
  disallowedFunctions: [...SLEEPS, 'sleep', 'benchmark'],
};

const RULES: Readonly<Record<string, SqlEngineRules>> = {
  postgresql: POSTGRES_SQL_RULES,
  mysql: MYSQL_SQL_RULES,
  sqlite: SQLITE_SQL_RULES,
  duckdb: DUCKDB_SQL_RULES,
};

/** The rules of an engine (a connector's `engine`), or GENERIC_SQL_RULES for one without an entry. */
export function sqlEngineRules(engine: string): SqlEngineRules {
  return RULES[engine.toLowerCase()] ?? GENERIC_SQL_RULES;
}

/** Superset's DISALLOWED_SQL_FUNCTIONS defaults, per engine. */
export const DEFAULT_DISALLOWED_SQL_FUNCTIONS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(RULES).map(([engine, rules]) => [engine, rules.disallowedFunctions]),
);

/** True when `name` (lower-case) is in `patterns`: exact names, or prefixes written with a trailing `*`. */
export function matchesName(patterns: readonly string[], name: string): boolean {
  return patterns.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));
}
