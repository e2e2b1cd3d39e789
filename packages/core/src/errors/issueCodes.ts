import type { ErrorType } from './errorTypes.js';

/** Issue codes 1000-1041: stable numbers users can search for, each with one explanation. */
export const ISSUE_CODE_MESSAGES: Readonly<Record<number, string>> = {
  1000: 'The dataset is too large to query.',
  1001: 'The database is under an unusual load.',
  1002: 'The database returned an unexpected error.',
  1003: 'There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.',
  1004: 'The column was deleted or renamed in the database.',
  1005: 'The table was deleted or renamed in the database.',
  1006: 'One or more parameters specified in the query are missing.',
  1007: "The hostname provided can't be resolved.",
  1008: 'The port is closed.',
  1009: "The host might be down, and can't be reached on the provided port.",
  1010: 'Tessera encountered an error while running a command.',
  1011: 'Tessera encountered an unexpected error.',
  1012: 'The username provided when connecting to a database is not valid.',
  1013: 'The password provided when connecting to a database is not valid.',
  1014: 'Either the username or the password is wrong.',
  1015: 'Either the database is spelled incorrectly or does not exist.',
  1016: 'The schema was deleted or renamed in the database.',
  1017: "The user doesn't have the proper permissions.",
  1018: 'One or more parameters needed to configure a database are missing.',
  1019: 'The submitted payload has the incorrect format.',
  1020: 'The submitted payload has the incorrect schema.',
  1021: 'Results backend needed for asynchronous queries is not configured.',
  1022: 'Database does not allow data manipulation.',
  1023: "The CTAS (create table as select) doesn't have a SELECT statement at the end. Please make sure your query has a SELECT as its last statement. Then, try running your query again.",
  1024: 'CVAS (create view as select) query has more than one statement.',
  1025: 'CVAS (create view as select) query is not a SELECT statement.',
  1026: 'Query is too complex and takes too long to run.',
  1027: 'The database is currently running too many queries.',
  1028: 'One or more parameters specified in the query are malformed.',
  1029: 'The object does not exist in the given database.',
  1030: 'The query has a syntax error.',
  1031: 'The results backend no longer has the data from the query.',
  1032: 'The query associated with the results was deleted.',
  1033: 'The results stored in the backend were stored in a different format, and no longer can be deserialized.',
  1034: 'The port number is invalid.',
  1035: 'Failed to start remote query on a worker.',
  1036: 'The database was deleted.',
  1037: 'Custom SQL fields cannot contain sub-queries.',
  1038: 'The submitted payload failed validation.',
  1039: 'The connection to the database timed out.',
  1040: 'The SQL is invalid.',
  1041: 'The result was too large to return.',
};

/** Which issue codes explain each error type (Superset's mapping, extended for the types it leaves blank). */
export const ERROR_TYPE_ISSUE_CODES: Readonly<Record<ErrorType, readonly number[]>> = {
  FRONTEND_CSRF_ERROR: [],
  FRONTEND_NETWORK_ERROR: [],
  FRONTEND_TIMEOUT_ERROR: [1000, 1001],
  GENERIC_DB_ENGINE_ERROR: [1002],
  COLUMN_DOES_NOT_EXIST_ERROR: [1003, 1004],
  TABLE_DOES_NOT_EXIST_ERROR: [1003, 1005],
  SCHEMA_DOES_NOT_EXIST_ERROR: [1003, 1016],
  CONNECTION_INVALID_USERNAME_ERROR: [1012],
  CONNECTION_INVALID_PASSWORD_ERROR: [1013],
  CONNECTION_INVALID_HOSTNAME_ERROR: [1007],
  CONNECTION_PORT_CLOSED_ERROR: [1008],
  CONNECTION_INVALID_PORT_ERROR: [1034],
  CONNECTION_HOST_DOWN_ERROR: [1009],
  CONNECTION_ACCESS_DENIED_ERROR: [1014, 1015],
  CONNECTION_UNKNOWN_DATABASE_ERROR: [1015],
  CONNECTION_DATABASE_PERMISSIONS_ERROR: [1017],
  CONNECTION_MISSING_PARAMETERS_ERROR: [1018],
  CONNECTION_DATABASE_TIMEOUT: [1001, 1009, 1039],
  OBJECT_DOES_NOT_EXIST_ERROR: [1029],
  SYNTAX_ERROR: [1030],
  RESULT_TOO_LARGE_ERROR: [1041],
  VIZ_GET_DF_ERROR: [1011],
  UNKNOWN_DATASOURCE_TYPE_ERROR: [1019],
  FAILED_FETCHING_DATASOURCE_INFO_ERROR: [1011],
  TABLE_SECURITY_ACCESS_ERROR: [1017],
  DATASOURCE_SECURITY_ACCESS_ERROR: [1017],
  DATABASE_SECURITY_ACCESS_ERROR: [1017],
  QUERY_SECURITY_ACCESS_ERROR: [1017],
  DASHBOARD_SECURITY_ACCESS_ERROR: [1017],
  CHART_SECURITY_ACCESS_ERROR: [1017],
  MISSING_OWNERSHIP_ERROR: [1017],
  BACKEND_TIMEOUT_ERROR: [1000, 1001],
  DATABASE_NOT_FOUND_ERROR: [1011, 1036],
  TABLE_NOT_FOUND_ERROR: [1005],
  MISSING_TEMPLATE_PARAMS_ERROR: [1006],
  INVALID_TEMPLATE_PARAMS_ERROR: [1028],
  RESULTS_BACKEND_NOT_CONFIGURED_ERROR: [1021],
  DML_NOT_ALLOWED_ERROR: [1022],
  INVALID_CTAS_QUERY_ERROR: [1023],
  INVALID_CVAS_QUERY_ERROR: [1024, 1025],
  SQLLAB_TIMEOUT_ERROR: [1026, 1027],
  RESULTS_BACKEND_ERROR: [1031, 1032, 1033],
  ASYNC_WORKERS_ERROR: [1035],
  ADHOC_SUBQUERY_NOT_ALLOWED_ERROR: [1037],
  INVALID_SQL_ERROR: [1003, 1040],
  GENERIC_COMMAND_ERROR: [1010],
  GENERIC_BACKEND_ERROR: [1011],
  INVALID_PAYLOAD_FORMAT_ERROR: [1019],
  INVALID_PAYLOAD_SCHEMA_ERROR: [1020],
  MARSHMALLOW_ERROR: [1038],
};

export interface IssueCode {
  code: number;
  message: string;
}

export function issueCode(code: number): IssueCode {
  const text = ISSUE_CODE_MESSAGES[code] ?? 'Unknown issue.';
  return { code, message: `Issue ${code} - ${text}` };
}

export function issueCodesFor(type: ErrorType): IssueCode[] {
  return ERROR_TYPE_ISSUE_CODES[type].map(issueCode);
}
