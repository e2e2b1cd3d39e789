import { z } from 'zod';
import { ERROR_TYPES, type ErrorLevel, type ErrorType } from './errorTypes.js';
import { issueCodesFor, type IssueCode } from './issueCodes.js';

/** One entry of `{errors: [...]}`, the rich error shape every failure uses. */
export interface ErrorEntry {
  message: string;
  error_type: ErrorType;
  level: ErrorLevel;
  extra: { issue_codes: IssueCode[]; [key: string]: unknown };
}

/**
 * marshmallow's field messages (`ValidationError.messages`): `{field: ["msg"]}`, nested by field name and list
 * index for nested schemas and lists (`{"queries": {"0": {"row_limit": ["..."]}}}`); `_schema` holds the errors
 * of a whole object.
 */
export interface FieldMessages {
  [field: string]: string[] | FieldMessages;
}

export interface ErrorsBody {
  errors: ErrorEntry[];
}

export const errorEntrySchema = z.object({
  message: z.string(),
  error_type: z.enum(ERROR_TYPES),
  level: z.enum(['info', 'warning', 'error']),
  extra: z.looseObject({ issue_codes: z.array(z.object({ code: z.number(), message: z.string() })) }),
});

/** Default message for each error type, used when a more specific one is not known. */
export const DEFAULT_ERROR_MESSAGES: Partial<Record<ErrorType, string>> = {
  GENERIC_DB_ENGINE_ERROR: 'The database returned an unexpected error.',
  DATABASE_NOT_FOUND_ERROR: 'Database not found.',
  BACKEND_TIMEOUT_ERROR: 'The request timed out.',
  SQLLAB_TIMEOUT_ERROR: 'The query exceeded the timeout.',
  DML_NOT_ALLOWED_ERROR: 'This database does not allow for DDL/DML, and the query could not be parsed to confirm it is a read-only query. Please contact your administrator for more assistance.',
  RESULTS_BACKEND_NOT_CONFIGURED_ERROR: 'Results backend is not configured.',
  GENERIC_BACKEND_ERROR: 'An unexpected error occurred.',
  INVALID_PAYLOAD_SCHEMA_ERROR: 'Request is not valid.',
  INVALID_PAYLOAD_FORMAT_ERROR: 'Request is not JSON.',
};

export function errorEntry(
  type: ErrorType,
  message?: string,
  extra: Record<string, unknown> = {},
  level: ErrorLevel = 'error',
): ErrorEntry {
  return {
    message: message ?? DEFAULT_ERROR_MESSAGES[type] ?? type,
    error_type: type,
    level,
    extra: { ...extra, issue_codes: issueCodesFor(type) },
  };
}
