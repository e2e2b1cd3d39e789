import type { ErrorLevel, FieldMessages, IssueCode } from '@tessera/core';

/**
 * One entry of `{errors: [...]}` as received from the wire: like core's `ErrorEntry`, but tolerant of
 * error types the catalogue does not know yet and of missing `level`/`extra`.
 */
export interface ClientErrorEntry {
  message: string;
  error_type: string;
  level?: ErrorLevel;
  extra?: { issue_codes?: IssueCode[]; link?: string; [key: string]: unknown } | null;
}

/** The normalised shape of any failure (Superset's ClientErrorObject). `error` is always a user-facing text. */
export interface ClientErrorObject {
  error: string;
  errors?: ClientErrorEntry[];
  link?: string;
  status?: number;
  statusText?: string;
  /** The body's `message` when it was a string. */
  message?: string;
  /**
   * The body's `message` when it was a per-field object: marshmallow's shape, nested by field and list index
   * (read it through getFieldErrors, which flattens it to dotted paths).
   */
  fieldErrors?: FieldMessages;
  description?: string;
  stacktrace?: string;
}
