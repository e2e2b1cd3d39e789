import { describe, expect, it } from 'vitest';
import { errorEntry, errorEntrySchema } from './errorPayload.js';
import { ERROR_TYPES, isErrorType } from './errorTypes.js';
import { ERROR_TYPE_ISSUE_CODES, ISSUE_CODE_MESSAGES, issueCodesFor } from './issueCodes.js';

// Spec charts-dashboards-reports.md §8 and sql-lab.md §8 name these; every one must be in the catalogue.
const SPEC_TYPES = [
  'FRONTEND_CSRF_ERROR', 'FRONTEND_NETWORK_ERROR', 'FRONTEND_TIMEOUT_ERROR', 'GENERIC_DB_ENGINE_ERROR',
  'COLUMN_DOES_NOT_EXIST_ERROR', 'TABLE_DOES_NOT_EXIST_ERROR', 'SCHEMA_DOES_NOT_EXIST_ERROR',
  'CONNECTION_INVALID_USERNAME_ERROR', 'CONNECTION_INVALID_PASSWORD_ERROR', 'CONNECTION_INVALID_HOSTNAME_ERROR',
  'CONNECTION_PORT_CLOSED_ERROR', 'CONNECTION_INVALID_PORT_ERROR', 'CONNECTION_HOST_DOWN_ERROR',
  'CONNECTION_ACCESS_DENIED_ERROR', 'CONNECTION_UNKNOWN_DATABASE_ERROR', 'CONNECTION_DATABASE_PERMISSIONS_ERROR',
  'CONNECTION_MISSING_PARAMETERS_ERROR', 'OBJECT_DOES_NOT_EXIST_ERROR', 'SYNTAX_ERROR', 'VIZ_GET_DF_ERROR',
  'UNKNOWN_DATASOURCE_TYPE_ERROR', 'FAILED_FETCHING_DATASOURCE_INFO_ERROR', 'TABLE_SECURITY_ACCESS_ERROR',
  'DATASOURCE_SECURITY_ACCESS_ERROR', 'DATABASE_SECURITY_ACCESS_ERROR', 'QUERY_SECURITY_ACCESS_ERROR',
  'DASHBOARD_SECURITY_ACCESS_ERROR', 'MISSING_OWNERSHIP_ERROR', 'BACKEND_TIMEOUT_ERROR', 'DATABASE_NOT_FOUND_ERROR',
  'MISSING_TEMPLATE_PARAMS_ERROR', 'INVALID_TEMPLATE_PARAMS_ERROR', 'RESULTS_BACKEND_NOT_CONFIGURED_ERROR',
  'DML_NOT_ALLOWED_ERROR', 'INVALID_CTAS_QUERY_ERROR', 'INVALID_CVAS_QUERY_ERROR', 'SQLLAB_TIMEOUT_ERROR',
  'RESULTS_BACKEND_ERROR', 'ASYNC_WORKERS_ERROR', 'GENERIC_COMMAND_ERROR', 'GENERIC_BACKEND_ERROR',
  'INVALID_PAYLOAD_FORMAT_ERROR', 'INVALID_PAYLOAD_SCHEMA_ERROR', 'MARSHMALLOW_ERROR',
];

describe('error catalogue', () => {
  it('holds every error type the spec names', () => {
    for (const t of SPEC_TYPES) expect(isErrorType(t), t).toBe(true);
  });

  it('maps every type to issue codes that have messages', () => {
    for (const t of ERROR_TYPES) {
      for (const code of ERROR_TYPE_ISSUE_CODES[t]) expect(ISSUE_CODE_MESSAGES[code], `${t} -> ${code}`).toBeTruthy();
    }
  });

  it('formats issue codes as "Issue NNNN - text", the timeout hints included', () => {
    expect(issueCodesFor('FRONTEND_TIMEOUT_ERROR')).toEqual([
      { code: 1000, message: 'Issue 1000 - The dataset is too large to query.' },
      { code: 1001, message: 'Issue 1001 - The database is under an unusual load.' },
    ]);
  });

  it('builds entries in the {message, error_type, level, extra: {issue_codes}} shape', () => {
    const entry = errorEntry('TABLE_DOES_NOT_EXIST_ERROR', 'Table "nope" does not exist', { table: 'nope' });
    expect(errorEntrySchema.parse(entry)).toEqual(entry);
    expect(entry.extra.issue_codes.map((c) => c.code)).toEqual([1003, 1005]);
    expect(entry.extra.table).toBe('nope');
    expect(entry.level).toBe('error');
  });
});
