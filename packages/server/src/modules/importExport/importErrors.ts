import { errorEntry, type BundleResource } from '@tessera/core';
import { ApiError } from '../../app/httpErrors.js';

/**
 * Import failures in the shape Superset's command errors have (`show_command_errors`): `{errors: [{message,
 * error_type: GENERIC_COMMAND_ERROR, level: warning, extra: {<file>: <problem>, issue_codes}}]}`. Its import
 * modal reads `extra` to ask for an overwrite confirmation or for database passwords.
 */

/** Problems by bundle file (`charts/x.yaml`), each a text or per-field messages. */
export type FileErrors = Record<string, unknown>;

export function addFileError(errors: FileErrors, file: string, problem: unknown): void {
  // A file keeps its first problem; the others usually follow from it.
  if (!(file in errors)) errors[file] = problem;
}

/** 422 listing every file's problem (a bad field, an existing object, a missing password). */
export function bundleInvalid(resource: BundleResource, errors: FileErrors): ApiError {
  return new ApiError(422, { errors: [errorEntry('GENERIC_COMMAND_ERROR', `Error importing ${resource}`, errors, 'warning')] });
}

/** 422 for an upload that is not a bundle at all (not a ZIP, no metadata.yaml, another format version). */
export function bundleUnusable(message: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(422, { errors: [errorEntry('GENERIC_COMMAND_ERROR', message, extra, 'warning')] });
}

/** 403: the bundle is fine, but the caller may not create or change one of its objects. */
export function importForbidden(message: string): ApiError {
  return new ApiError(403, { message, errors: [errorEntry('GENERIC_COMMAND_ERROR', message, {}, 'warning')] });
}
