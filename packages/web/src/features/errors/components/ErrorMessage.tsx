import type { ClientErrorObject } from '../utils/clientErrorTypes';
import { getClientErrorObject } from '../utils/getClientErrorObject';
import { ErrorEntryAlert } from './ErrorEntryAlert';
import { UnexpectedError } from './UnexpectedError';

/** Already normalised: has a text `error`, and is not a raw base-query error (`{status, data}` or a string status). */
const isClientErrorObject = (value: unknown): value is ClientErrorObject => {
  if (typeof value !== 'object' || value === null || 'data' in value) return false;
  const { error, status } = value as { error?: unknown; status?: unknown };
  return typeof error === 'string' && typeof status !== 'string';
};

function detailsOf(error: ClientErrorObject): string | undefined {
  if (error.stacktrace) return error.stacktrace;
  if (error.description && error.description !== error.error) return error.description;
  if (error.status) return [error.status, error.statusText].filter(Boolean).join(' ');
  return undefined;
}

interface ErrorMessageProps {
  /** Anything that failed: an RTK Query error, an Error, a body, or an already normalised object. */
  error: unknown;
  /** Title shown instead of the error message (the message then moves to the description). */
  title?: string;
}

/** Shows a failure: the rich `{errors: [...]}` entry when there is one, else the 'Unexpected error' box. */
export function ErrorMessage({ error, title }: ErrorMessageProps) {
  const normalised = isClientErrorObject(error) ? error : getClientErrorObject(error);
  const entry = normalised.errors?.[0];
  if (entry && typeof entry.message === 'string' && typeof entry.error_type === 'string') {
    return <ErrorEntryAlert entry={entry} {...(title ? { title } : {})} />;
  }
  return <UnexpectedError message={normalised.error} details={detailsOf(normalised)} {...(title ? { title } : {})} />;
}
